/* SPDX-License-Identifier: MIT */
/* libsframe_safe_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases) on which fuzz_diff_libsframe_safe lets the drop-in
 * refuse a call the stock libsframe 2.47 answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - overread-fre: stock reads an FRE past its copy of the FRE sub-section
 *    (ASan build of stock: heap-buffer-overflow in sframe_decode_fre);
 *  - overread-fre-start: stock reads the next FRE's start address past its
 *    copy of the FRE sub-section (ASan build of stock: heap-buffer-overflow
 *    in sframe_decode_fre_start_address);
 *  - dump-uninit: the first FRE of an FDE is one stock's
 *    sframe_decoder_get_fre refuses (its sanity check, or its walk past
 *    its copy): dump_sframe ignores the error and prints its row entry
 *    uninitialised, stack leftovers (the previous FDE's last row, or heap
 *    addresses: its text changes under MALLOC_PERTURB_); the drop-in's
 *    dump refuses the section instead;
 * overread-*: shown by replaying the input against stock libsframe built
 * from its own source with -fsanitize=address (the plain library reads
 * heap memory past its copy there without crashing, so its answer depends
 * on the heap).  Each reason is a read of memory stock does not own or
 * never set, where the drop-in refuses instead; nothing else may differ. */
#define SFC_R_OVERREAD_FRE "overread-fre"
#define SFC_R_OVERREAD_FRE_START "overread-fre-start"
#define SFC_R_DUMP_UNINIT "dump-uninit"

SFV_REFUSAL(0x555268a0fee21beeull, SFC_R_DUMP_UNINIT) /* corpus/diff_libsframe/d00f199dcaca11ff77cc362c3d3ada82022453d3 */
SFV_REFUSAL(0x864d3ab3bc7ce7b8ull, SFC_R_DUMP_UNINIT) /* corpus/cli_file/133bc6f1a745921f0a1589aff8afbf771c79550d */
SFV_REFUSAL(0x34cb5dc54e9ecc5cull, SFC_R_DUMP_UNINIT) /* corpus/cli_file/371f0806bfe4acbce9d1ef3a720071b441fd19f0 */
SFV_REFUSAL(0x148ca56368725787ull, SFC_R_DUMP_UNINIT) /* corpus/cli_file/7dd2b3f3e0dadc3363e18a9a36476f8fabe6e64c */
SFV_REFUSAL(0xfd11136c2eeadfcdull, SFC_R_DUMP_UNINIT) /* corpus/diff_libsframe/75060532f16205880309ab3bce55fc466bb92cf7 */
SFV_REFUSAL(0x2bf7a00bb477dc15ull, SFC_R_DUMP_UNINIT) /* corpus/lookup/f336c1245cfeaa64fea95dce08b9d511cf0c744e */
SFV_REFUSAL(0xc1507b95fabb1777ull, SFC_R_DUMP_UNINIT) /* corpus/lookup/f33e066918303459c77d7b5a63d55f26a2a28f4c */
SFV_REFUSAL(0x4c59b8a2f3ed6d7full, SFC_R_DUMP_UNINIT) /* corpus/validate/839b7fb4443b86a3dd0193adc3bc7cd08cc572dc */
SFV_REFUSAL(0xb136976e064caa4eull, SFC_R_DUMP_UNINIT) /* corpus/validate/b3857dec5acb1adfd3fb9c811749a400d85a0149 */
SFV_REFUSAL(0xcda3212d5bc29af5ull, SFC_R_OVERREAD_FRE) /* conformance/cases/invalid-fre-bounds-v2.sframe */
SFV_REFUSAL(0xb71805ecba863755ull, SFC_R_OVERREAD_FRE) /* conformance/cases/invalid-fre-bounds-v3.sframe */
SFV_REFUSAL(0x19cbfe87f9e9391eull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/498fc1e275871475cedd7dabc6c35931f4725d5e */
SFV_REFUSAL(0x0c675405706a6fb4ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/76e09e823420497397d99d6eecead04ac3b409d3 */
SFV_REFUSAL(0x52cf05490a88b057ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/8516d0f7c8ec80558bdd4a19447aa2f01736cb6f */
SFV_REFUSAL(0x80f8b0da18eece34ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/99bedb30fc069f9bb3dfe4fc95f393a7f9b53e1e */
SFV_REFUSAL(0x441dce0e1e73d875ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/cc901ed9d80366785f3b8cba44b99deabcf6303b */
SFV_REFUSAL(0xd365b34e69924fbcull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/d0a1f3c8a690a270c29c220eef698b057e464ffa */
SFV_REFUSAL(0xe9ffa6cf34e747c3ull, SFC_R_OVERREAD_FRE) /* corpus/diff_libsframe/0dc40db2fe52a54f751fbe0ac01a7168217d5b07 */
SFV_REFUSAL(0x68db51b2978a4e25ull, SFC_R_OVERREAD_FRE) /* corpus/diff_libsframe/451092e6ee72f9098c8ecf4ad045a196dfa5ffc3 */
SFV_REFUSAL(0xc274f2548aca0626ull, SFC_R_OVERREAD_FRE) /* corpus/lookup/dc58ce767072b9988aa087ae7fa395cfcb39fbdf */
SFV_REFUSAL(0x647c89aff36ece93ull, SFC_R_OVERREAD_FRE) /* corpus/lookup/f3cff2b1da7ad1c489027267c6dc0d6a3a34f265 */
SFV_REFUSAL(0xfa57b08b02a0fc2bull, SFC_R_OVERREAD_FRE) /* corpus/validate/05c6720ffeb420d7093048016407b4df72d03ad2 */
SFV_REFUSAL(0x35b54fefaeeaa562ull, SFC_R_OVERREAD_FRE) /* corpus/validate/14d0feaa141117743f7c34c2401e0d06853ae8d2 */
SFV_REFUSAL(0x956769d4e1bf071bull, SFC_R_OVERREAD_FRE) /* corpus/validate/253bc34a67345163c439c467b05a2e0721d9c040 */
SFV_REFUSAL(0x728694895146cf5eull, SFC_R_OVERREAD_FRE) /* corpus/validate/a2f3f7df82051b45c36daeaf2f76f4560b273199 */
SFV_REFUSAL(0x830e57630d9062c9ull, SFC_R_OVERREAD_FRE) /* corpus/validate/a495eeec4dd43d3c6adeb44fca778319fa77683c */
SFV_REFUSAL(0x2622cc440ed151afull, SFC_R_OVERREAD_FRE) /* corpus/validate/ae2afdf32545dc4d01d24af6cf3b617311fc670d */
SFV_REFUSAL(0x0b0cdfce28de60abull, SFC_R_OVERREAD_FRE_START) /* conformance/cases/invalid-fde-fre-block-bounds-v2.sframe */
SFV_REFUSAL(0x178225059c22154full, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/30afe38a30648f3144af793d27de2116fa38586d */
SFV_REFUSAL(0x2e41df2151e3e80eull, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/6232f90a4f5243264aa665f1297f6fac18838548 */
SFV_REFUSAL(0x92811293d59e907full, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/e0038caf1ed1d12fd0f47ee5d1b03a7001e6a220 */
SFV_REFUSAL(0x5891ac249f88b510ull, SFC_R_OVERREAD_FRE_START) /* corpus/diff_libsframe/a37001c22b1b156c336298ee1aa8cd3eb55d3f93 */
SFV_REFUSAL(0xb242ab7b768a4b15ull, SFC_R_OVERREAD_FRE_START) /* corpus/diff_libsframe/f5a63aebcccbd9f842a3ac7ff8577153420ad12c */
SFV_REFUSAL(0x51a1ab06150c0f82ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/8ee1cedd2116279ee72114e41e94e4f14972a602 */
SFV_REFUSAL(0x38a4884386a83089ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/b2fec248c853e1876a2666c26a23bede32167617 */
SFV_REFUSAL(0x401b26c376d03829ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/c1c640fd91be640773385d40a0902550e6e608a7 */
SFV_REFUSAL(0xb25a2bd80e6eea81ull, SFC_R_OVERREAD_FRE_START) /* corpus/validate/2dec0062ed15d585c5a524067af8a362ef62338d */
SFV_REFUSAL(0xb5f7da5e721e057dull, SFC_R_OVERREAD_FRE_START) /* corpus/validate/80c5ccbafb09cb2c8de3caefa6efb0535a430d2c */
#undef SFC_R_OVERREAD_FRE
#undef SFC_R_OVERREAD_FRE_START
#undef SFC_R_DUMP_UNINIT

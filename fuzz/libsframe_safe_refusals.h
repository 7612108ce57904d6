/* SPDX-License-Identifier: MIT */
/* libsframe_safe_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases) on which fuzz_diff_libsframe_safe lets the drop-in
 * refuse a call the stock libsframe 2.47 answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - dump-uninit: the first FRE of an FDE is one stock's
 *    sframe_decoder_get_fre refuses (its sanity check, or its walk past
 *    its copy): dump_sframe ignores the error and prints its row entry
 *    uninitialised, stack leftovers (the previous FDE's last row, or heap
 *    addresses); the drop-in's dump refuses the section instead, so the
 *    two differ before the lines where stock's two fills (0x00, 0xff)
 *    disagree.  Whether the fills reach the memory stock reads depends on
 *    what ran in the process before (the full replay runs every harness
 *    first), so such a row is not called stale where the fills exposed
 *    the read, or where stock died (what that memory holds may kill it).
 * Each reason is a read of memory stock never set, where the drop-in
 * refuses instead; nothing else may differ.  A read of stock's past one of
 * its buffers needs no row: its allocations end at guard pages
 * (peer_got.c), so it dies there, and the harness counts it as a crash. */
#define SFC_R_DUMP_UNINIT "dump-uninit"

SFV_REFUSAL(0x34cb5dc54e9ecc5cull, SFC_R_DUMP_UNINIT) /* corpus/cli_file/371f0806bfe4acbce9d1ef3a720071b441fd19f0 */
SFV_REFUSAL(0x148ca56368725787ull, SFC_R_DUMP_UNINIT) /* corpus/cli_file/7dd2b3f3e0dadc3363e18a9a36476f8fabe6e64c */
SFV_REFUSAL(0xaf44acae175f4ce2ull, SFC_R_DUMP_UNINIT) /* corpus/dump/538a5a75b11d3d0239e4a264ce8d8c3601d12270 */
SFV_REFUSAL(0xfd11136c2eeadfcdull, SFC_R_DUMP_UNINIT) /* corpus/diff_libsframe/75060532f16205880309ab3bce55fc466bb92cf7 */
SFV_REFUSAL(0x2bf7a00bb477dc15ull, SFC_R_DUMP_UNINIT) /* corpus/lookup/f336c1245cfeaa64fea95dce08b9d511cf0c744e */
SFV_REFUSAL(0xc1507b95fabb1777ull, SFC_R_DUMP_UNINIT) /* corpus/lookup/f33e066918303459c77d7b5a63d55f26a2a28f4c */
SFV_REFUSAL(0xb136976e064caa4eull, SFC_R_DUMP_UNINIT) /* corpus/validate/b3857dec5acb1adfd3fb9c811749a400d85a0149 */
#undef SFC_R_DUMP_UNINIT

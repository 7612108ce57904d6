/* SPDX-License-Identifier: MIT */
/* libsframe_safe_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases) on which fuzz_diff_libsframe_safe lets the drop-in
 * refuse a call the stock libsframe 2.47 answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - abort-foreign: foreign-endian section: stock decodes, then aborts
 *    (assertion in sframe_decoder_get_fre); the drop-in refuses its byte swap
 *    at sframe_decode;
 *  - dump-fretype: open (src/fmt dump check): an FDE without FREs whose FRE
 *    type is 3 or more; stock never reads an FRE of it and dumps the section;
 *  - dump-stale: open (src/fmt dump): stock prints a stale row for an FRE its
 *    sframe_decoder_get_fre refuses (data-word size code 3, or more data
 *    words than it allows);
 *  - dump-frelen0: open (src/fmt dump check): FRE sub-section offset past the
 *    buffer with fre_len 0; stock copies nothing and dumps the section;
 * open: a deviation of the drop-in still to fix, where it must answer as
 * stock does.  Nothing else may differ.  A read of stock's past one of its
 * buffers needs no row: its allocations end at guard pages (peer_got.c),
 * so it dies there, and the harness counts it as a crash. */
#define SFC_R_ABORT_FOREIGN "abort-foreign"
#define SFC_R_DUMP_FRETYPE "dump-fretype"
#define SFC_R_DUMP_STALE "dump-stale"
#define SFC_R_DUMP_FRELEN0 "dump-frelen0"

SFV_REFUSAL(0xddecd607c9a18494ull, SFC_R_ABORT_FOREIGN) /* corpus/diff_libsframe/e7f7d4462d01c9bc32b20c6f6d864034f9388311 */
SFV_REFUSAL(0xdfd9519091a2ecc1ull, SFC_R_ABORT_FOREIGN) /* corpus/validate/7bb44165a5a05b7df478e8ad399ada3fbe5c39c3 */
SFV_REFUSAL(0xb94ac1f08ad38f59ull, SFC_R_ABORT_FOREIGN) /* corpus/validate/9a487a850fc6787dcc01a4677248192d33eef37d */
SFV_REFUSAL(0xa1000dcf466ec86dull, SFC_R_DUMP_FRELEN0) /* corpus/diff_libsframe/2a3d25aa0971ef8e0c2132af33d08b4329784b7c */
SFV_REFUSAL(0xe02b7e575601d138ull, SFC_R_DUMP_FRELEN0) /* corpus/lookup/e9eb95c67961ddc18048127c71bfc6b98b92ecf2 */
SFV_REFUSAL(0x30922511a8ee9e58ull, SFC_R_DUMP_FRELEN0) /* corpus/regression/diff-libsframe-accepts-auxhdr-bounds-no-fdes.sframe */
SFV_REFUSAL(0xb4428a73491d2785ull, SFC_R_DUMP_FRELEN0) /* corpus/validate/6cadaffc02596a7ab547088001124245eef9d169 */
SFV_REFUSAL(0x9c7ab98dcc64ec43ull, SFC_R_DUMP_STALE) /* corpus/cli_file/c13404eb85d40df6ebcb3888983f58a93259e598 */
SFV_REFUSAL(0xfd11136c2eeadfcdull, SFC_R_DUMP_STALE) /* corpus/diff_libsframe/75060532f16205880309ab3bce55fc466bb92cf7 */
SFV_REFUSAL(0x2bf7a00bb477dc15ull, SFC_R_DUMP_STALE) /* corpus/lookup/f336c1245cfeaa64fea95dce08b9d511cf0c744e */
SFV_REFUSAL(0xc1507b95fabb1777ull, SFC_R_DUMP_STALE) /* corpus/lookup/f33e066918303459c77d7b5a63d55f26a2a28f4c */
SFV_REFUSAL(0xb136976e064caa4eull, SFC_R_DUMP_STALE) /* corpus/validate/b3857dec5acb1adfd3fb9c811749a400d85a0149 */
#undef SFC_R_ABORT_FOREIGN
#undef SFC_R_DUMP_FRETYPE
#undef SFC_R_DUMP_STALE
#undef SFC_R_DUMP_FRELEN0

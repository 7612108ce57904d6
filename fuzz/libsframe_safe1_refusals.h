/* SPDX-License-Identifier: MIT */
/* libsframe_safe1_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe1
 * lets the drop-in's ABI 1 refuse a call the stock libsframe 2.44 answers,
 * or answer it otherwise: one row per input, SFV_REFUSAL(fuzz_hash of its
 * bytes, reason), the path as a comment.  Each reason is one of:
 *  - v1-section: open (src/compat, ABI 1): a v1 section, which 2.44
 *    decodes and whose FDEs it reads (sframe_decoder_get_funcdesc); the
 *    drop-in refuses v1 FDE reads (and a foreign-endian v1 section with
 *    FDEs at sframe_decode);
 *  - dump-stale: open (src/fmt dump check, layout 244): 2.44's dump_sframe
 *    prints a stale row entry, the same text on every run (both fills),
 *    where the drop-in's dump check calls the section undecodable;
 *  - dump-fretype: open (as dump-stale): an FDE whose FRE type is 3 or
 *    more, which 2.44's dump prints the same way on every run.
 * A reason starting "deviation-" (none listed now) lets the transcripts
 * differ from the first call after the header getters on.
 * open: a deviation of the drop-in still to fix, where it must answer as
 * stock does.  Nothing else may differ; a row whose input agrees fails the
 * harness. */
#define SFC_R1_V1_SECTION "v1-section"
#define SFC_R1_DUMP_FRETYPE "dump-fretype"
#define SFC_R1_DUMP_STALE "dump-stale"

SFV_REFUSAL(0x555268a0fee21beeull, SFC_R1_DUMP_FRETYPE) /* corpus/diff_libsframe/d00f199dcaca11ff77cc362c3d3ada82022453d3 */
SFV_REFUSAL(0x15e833e6cadc81eeull, SFC_R1_DUMP_STALE) /* corpus/cli_file/47ade00997bc9884a2674ee2d12c566f6bdfbb7b */
SFV_REFUSAL(0x65e234fcd9df01d1ull, SFC_R1_DUMP_STALE) /* corpus/lookup/843c6864fe634012c67331fe589053dde8a20c63 */
SFV_REFUSAL(0xeca51ea2d624ddfcull, SFC_R1_DUMP_STALE) /* corpus/validate/15b907f6f2e9946d58b9062815d6cabf28e8e3c2 */
SFV_REFUSAL(0x5d2b94a139995a2eull, SFC_R1_DUMP_STALE) /* corpus/validate/b6aacbebdb5ad5f46a38fe1e46aaaebe17e856d6 */
SFV_REFUSAL(0x3377c393fcb37bbfull, SFC_R1_V1_SECTION) /* corpus/diff_libsframe/600927a52638f540a398a9f1e2390aa9f04b8eb5 */
SFV_REFUSAL(0xa9399a34b95c25ffull, SFC_R1_V1_SECTION) /* corpus/dump/b69252ce85f9035d82a79f109f6d1ff9178922fb */
SFV_REFUSAL(0x06db651d1baa60a0ull, SFC_R1_V1_SECTION) /* corpus/lookup/287661bde35f2463ea82131748d3711f511509a3 */
SFV_REFUSAL(0xbf016556310696dfull, SFC_R1_V1_SECTION) /* corpus/lookup/5381b4cf6873efb70546bac2bd6b7d59834d5ac5 */
SFV_REFUSAL(0x78eee180bab8abd3ull, SFC_R1_V1_SECTION) /* corpus/lookup/650abfdebf9a81268dec0b9d201b9e83223d2bcf */
SFV_REFUSAL(0x684b917064f91dd8ull, SFC_R1_V1_SECTION) /* corpus/lookup/b182ed67420ff5b9b366fd44b90d22384abddd65 */
SFV_REFUSAL(0x512f7ff9374385edull, SFC_R1_V1_SECTION) /* corpus/validate/2dbede6bdb9fe41783624618e790a776b937d3ff */
SFV_REFUSAL(0xe58c674f71c72f4eull, SFC_R1_V1_SECTION) /* corpus/validate/59fb5e29d003ed03edbd8f540de32231ecc7556b */
SFV_REFUSAL(0x8e94e6d744f71396ull, SFC_R1_V1_SECTION) /* corpus/validate/6ecd2c0949aa4429cf40b7d18ef979fd3b531466 */
SFV_REFUSAL(0x0afb0c8771074dabull, SFC_R1_V1_SECTION) /* corpus/validate/de84d0e4bf9140f761dfd55ed73338be2a908742 */
SFV_REFUSAL(0x93e6e8362e8f9b34ull, SFC_R1_V1_SECTION) /* corpus/validate/df12bc366f9a31786dc7296b4afd1eff0c59b34f */
#undef SFC_R1_V1_SECTION
#undef SFC_R1_DUMP_FRETYPE
#undef SFC_R1_DUMP_STALE

/* SPDX-License-Identifier: MIT */
/* libsframe_safe1_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe1
 * lets the drop-in's ABI 1 refuse a call the stock libsframe 2.44 answers,
 * or answer it otherwise: one row per input, SFV_REFUSAL(fuzz_hash of its
 * bytes, reason), the path as a comment.  Each reason is one of:
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
#define SFC_R1_DUMP_FRETYPE "dump-fretype"
#define SFC_R1_DUMP_STALE "dump-stale"

SFV_REFUSAL(0x555268a0fee21beeull, SFC_R1_DUMP_FRETYPE) /* corpus/diff_libsframe/d00f199dcaca11ff77cc362c3d3ada82022453d3 */
SFV_REFUSAL(0x15e833e6cadc81eeull, SFC_R1_DUMP_STALE) /* corpus/cli_file/47ade00997bc9884a2674ee2d12c566f6bdfbb7b */
SFV_REFUSAL(0x65e234fcd9df01d1ull, SFC_R1_DUMP_STALE) /* corpus/lookup/843c6864fe634012c67331fe589053dde8a20c63 */
SFV_REFUSAL(0xeca51ea2d624ddfcull, SFC_R1_DUMP_STALE) /* corpus/validate/15b907f6f2e9946d58b9062815d6cabf28e8e3c2 */
SFV_REFUSAL(0x5d2b94a139995a2eull, SFC_R1_DUMP_STALE) /* corpus/validate/b6aacbebdb5ad5f46a38fe1e46aaaebe17e856d6 */
#undef SFC_R1_DUMP_FRETYPE
#undef SFC_R1_DUMP_STALE

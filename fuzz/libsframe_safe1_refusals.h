/* SPDX-License-Identifier: MIT */
/* libsframe_safe1_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe1
 * lets the drop-in's ABI 1 refuse a call the stock libsframe 2.44 answers:
 * one row per input, SFV_REFUSAL(fuzz_hash of its bytes, reason), the
 * path as a comment.  Each reason is one of:
 *  - dump-uninit: the first FRE of an FDE is one stock's
 *    sframe_decoder_get_fre refuses, and no FDE before it had an FRE it
 *    handed out: dump_sframe ignores the error and prints its row entry,
 *    one local that only those calls fill (an earlier function's last row
 *    when there is one: the drop-in prints that), here holding what earlier
 *    calls left on the stack.  In a process of its own that is stack
 *    addresses (api_walk.c: a different text on each run); in the harness,
 *    bytes its earlier calls wrote, the same in both fills (0x00, 0xff),
 *    which reach only memory nothing wrote.  The drop-in's dump refuses the
 *    section instead.
 * Each reason is a read of memory the section does not determine, where
 * the drop-in refuses instead; nothing else may differ, and a row whose
 * input agrees fails the harness.  A read of stock's past one of its
 * buffers needs no row: its allocations end at guard pages (peer_got.c),
 * so it dies there, and the harness counts it as a crash. */
#define SFC_R1_DUMP_UNINIT "dump-uninit"

SFV_REFUSAL(0x555268a0fee21beeull, SFC_R1_DUMP_UNINIT) /* corpus/diff_libsframe/d00f199dcaca11ff77cc362c3d3ada82022453d3 */
SFV_REFUSAL(0x15e833e6cadc81eeull, SFC_R1_DUMP_UNINIT) /* corpus/cli_file/47ade00997bc9884a2674ee2d12c566f6bdfbb7b */
SFV_REFUSAL(0xeca51ea2d624ddfcull, SFC_R1_DUMP_UNINIT) /* corpus/validate/15b907f6f2e9946d58b9062815d6cabf28e8e3c2 */
SFV_REFUSAL(0x5d2b94a139995a2eull, SFC_R1_DUMP_UNINIT) /* corpus/validate/b6aacbebdb5ad5f46a38fe1e46aaaebe17e856d6 */
#undef SFC_R1_DUMP_UNINIT

/* SPDX-License-Identifier: MIT */
/* libsframe_safe0_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe0
 * lets the drop-in's ABI 0 refuse a call the stock libsframe 2.40 (Debian
 * bookworm's libsframe.so.0) answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - dump-uninit: the first FRE of an FDE is one stock's
 *    sframe_decoder_get_fre refuses, and no FDE before it had an FRE it
 *    handed out: 2.40's dump_sframe ignores the error and prints its row
 *    entry, one uninitialised local (`sframe_frame_row_entry fre`) that
 *    only those calls fill (an earlier function's last row when there is
 *    one: the drop-in prints that, as at 2.44), here holding what earlier
 *    calls left on the stack (zeros in the harness, on both fills).  The
 *    drop-in's dump refuses the section instead.
 * Each reason is a read of memory the section does not determine, where
 * the drop-in refuses instead; nothing else may differ, and a row whose
 * input agrees fails the harness. */
#define SFC_R0_DUMP_UNINIT "dump-uninit"

SFV_REFUSAL(0xe423f1d29ff2c4f7ull, SFC_R0_DUMP_UNINIT) /* corpus/dump/0cdbf2e2dbc4afe3f74b3b394e373c6cf6238146 */
SFV_REFUSAL(0x62bf9fc88f2c31daull, SFC_R0_DUMP_UNINIT) /* corpus/lookup/45691f3e530c29b906a0f4f6ebefb6453ba12e38 */
SFV_REFUSAL(0x84ef8d4012cdff0cull, SFC_R0_DUMP_UNINIT) /* corpus/lookup/daa84235403740741671cf1ea6be501824ac7c67 */
#undef SFC_R0_DUMP_UNINIT

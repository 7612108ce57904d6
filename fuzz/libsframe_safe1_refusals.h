/* SPDX-License-Identifier: MIT */
/* libsframe_safe1_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe1
 * lets the drop-in's ABI 1 refuse a call the stock libsframe 2.44 answers,
 * or answer it otherwise: one row per input, SFV_REFUSAL(fuzz_hash of its
 * bytes, reason), the path as a comment.  Each reason is one of:
 *  - deviation-offsets: open (src/compat, ABI 1): 2.44 reads the FDE table
 *    right after the header and the FRE sub-section right after the FDE
 *    table, whatever sfh_fdeoff and sfh_freoff say; the drop-in reads where
 *    they say.  The transcripts may differ from the first call after the
 *    header getters on.
 * open: a deviation of the drop-in still to fix, where it must answer as
 * stock does.  Nothing else may differ; a row whose input agrees fails the
 * harness. */
#define SFC_R1_DEVIATION_OFFSETS "deviation-offsets"

#undef SFC_R1_DEVIATION_OFFSETS

/* SPDX-License-Identifier: MIT */
/* libsframe_safe0_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases, the real sections) on which fuzz_diff_libsframe_safe0
 * lets the drop-in's ABI 0 refuse a call the stock libsframe 2.40 (Debian
 * bookworm's libsframe.so.0) answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - dump-stale: open (src/fmt dump check, layout 240): for an FRE its
 *    sframe_decoder_get_fre refuses, 2.40's dump_sframe prints the row
 *    entry it last read (in an earlier FDE too; zeros before the first),
 *    the same text on every run (both fills), where the drop-in's dump
 *    check calls the section undecodable (ABI 1's dump-stale, layout 244).
 * open: a deviation of the drop-in still to fix, where it must answer as
 * stock does.  Nothing else may differ; a row whose input agrees fails the
 * harness. */
#define SFC_R0_DUMP_STALE "dump-stale"

SFV_REFUSAL(0xfbded5abd1cb7084ull, SFC_R0_DUMP_STALE) /* corpus/cli_file/13ea687635f3836816e809deee8818de6b4994a9 */
SFV_REFUSAL(0xe423f1d29ff2c4f7ull, SFC_R0_DUMP_STALE) /* corpus/dump/0cdbf2e2dbc4afe3f74b3b394e373c6cf6238146 */
SFV_REFUSAL(0xb10323e6b6777b0cull, SFC_R0_DUMP_STALE) /* corpus/lookup/207ff13461702951315eceb76f184470722fe320 */
SFV_REFUSAL(0x62bf9fc88f2c31daull, SFC_R0_DUMP_STALE) /* corpus/lookup/45691f3e530c29b906a0f4f6ebefb6453ba12e38 */
SFV_REFUSAL(0x84ef8d4012cdff0cull, SFC_R0_DUMP_STALE) /* corpus/lookup/daa84235403740741671cf1ea6be501824ac7c67 */
SFV_REFUSAL(0x2338333e81d95b92ull, SFC_R0_DUMP_STALE) /* corpus/validate/dd6b4a2fdf9f591fb451ef1fe2be9210a2eab4fb */
#undef SFC_R0_DUMP_STALE

#!/bin/sh
# SPDX-License-Identifier: MIT
# unwindset.sh N - the --unwindset of the sfv_validate proof for sections
# of up to N bytes: each loop's bound derived from N (docs/PROOFS.md).
# A bound b lets a loop run b - 1 times and asserts (with
# --unwinding-assertions) that it never runs a b-th time; 0 asserts that
# it is never entered.  Any loop not listed gets the run's --unwind 1, so
# a loop missing here fails the proof instead of being cut short.
#   F = (N - 28) / 16  FDE index entries (header 28 bytes, entries >= 16)
#   R = (N - 28) / 2   FREs walked by one loop (an FRE is >= 2 bytes, all
#                      inside the section after the header)
#   T = N - 28         trailing bytes
#   W = min(15, N - 30) data words of one FRE
set -eu
n=$1
pos() { if [ "$1" -lt 0 ]; then echo 0; else echo "$1"; fi; }
b() { if [ "$1" -eq 0 ]; then echo 0; else echo $(($1 + 1)); fi; }
F=$(pos $(((n - 28) / 16)))
R=$(pos $(((n - 28) / 2)))
T=$(pos $((n - 28)))
W=$(pos $((n - 30)))
[ "$W" -gt 15 ] && W=15
F1=$(b "$F") R1=$(b "$R") T1=$(b "$T") W1=$(b "$W")
s="sfv_open_header.0:13"
# loops over FDEs
for l in check_fde_index.0 all_starts_zero.0 sfv_v_clean_pass.0 \
         funcs_refill.0 sfv_v_blocks_ordered.0 \
         sfv_v_blocks_fallback.0 fill_fre_offs.0 sfv_v_sort_spans.0 \
         blocks_tile.0 blocks_tile_bits.0 blocks_tile_bits.1 func_sweep.0 \
         merge_runs.0 merge_runs.1 merge_runs.2; do
  s="$s,$l:$F1"
done
# merge passes and run pairs: at most MERGE_RUNS (4) runs
s="$s,merge_runs.3:3,merge_runs.4:3"
# the radix sort runs only on more than MERGE_RUNS runs: 5 or more FDEs
if [ "$F" -le 4 ]; then
  for l in radix_sort.0 radix_sort.1 radix_sort.2 radix_sort.3 radix_sort.4 \
           histogram.0; do
    s="$s,$l:0"
  done
else
  # digits (<= 8), a digit's 256 counters, the spans, the digits of one
  # histogram group (<= 4), the groups (<= 2)
  s="$s,radix_sort.0:9,radix_sort.1:257,radix_sort.2:$F1,radix_sort.3:5"
  s="$s,radix_sort.4:3,histogram.0:$F1"
fi
# loops over FREs and bytes
s="$s,check_trailing.0:$T1,walk_fres.0:$R1,fast_a.0:$R1,fast_a.1:$R1"
s="$s,fast_a.2:$R1"
# check_fde_index's model (proofs/lib/fde_index_contract.h): its spans
# (<= F), one more than needed, as stats_ok's: at 48.3le.a3 stats_ok.0:4
# failed its unwinding assertion (its loop runs 3 times), not yet
# understood.  The models' findings are one burst each (no loop).
s="$s,fde_index_model.0:$((F + 2))"
# the clean and cross-FDE passes' models (proofs/lib/clean_contract.h,
# cross_contract.h): the span statistics' runs (MERGE_RUNS)
s="$s,stats_ok.0:5,stats_ok\$link1.0:5"
# loops over the data words of one FRE: any FRE's (W), a default FDE's
# once its count is accepted (classify_default: words 1, 2), a flex FDE's
# layout (<= 3)
s="$s,sfv_fre_words_.0:$W1,sfv_fre_words_\$link1.0:$W1"
s="$s,classify_default.0:3,classify_default\$link1.0:3"
for l in sfv_flex_layout.0 'sfv_flex_layout$link1.0'; do
  s="$s,$l:3"
done
# the fast path's, after sfv_v_derive() (its model, proofs/lib/derive_contract.h):
# SFV_V_FAST and SFV_V_FAST8 info bytes have at most 3 words (words_ok
# reads words 1, 2; sfv_v_find_derive's loops over words and its two probe
# values), SFV_V_MEMO ones at most 8 bytes (sfv_v_memo_clean: the 8 bytes, the
# words; classify_raw_rec: the words of either); find_take's and
# find_send's loops clear one of at most 8 lanes of a 64-bit mask each
s="$s,words_ok.0:3,classify_raw_rec.0:9,sfv_v_memo_clean.0:9,sfv_v_memo_clean.1:9"
for i in 0 1 2 3 4; do s="$s,sfv_v_find_derive.$i:4"; done
s="$s,find_take.0:9,find_send.0:9"
# sfv_v_flex_derive (not modelled): flex_roles tries the 0/non-0 patterns of
# words 2.. of at most 8 words (64) and fills at most 8 roles twice;
# regbits 5 and 4; the words; sfv_word_lane's bytes (<= 4)
s="$s,flex_roles.0:65,flex_roles.1:9,flex_roles.2:9"
s="$s,sfv_v_flex_derive.0:3,sfv_v_flex_derive.1:9,sfv_word_lane.0:5"
# the byte loop of sfv_ld (at most 8 bytes), in each of its copies
s="$s,sfv_ld.0:9"
for i in 1 2 3 4 5 6; do s="$s,sfv_ld\$link$i.0:9"; done
echo "$s"

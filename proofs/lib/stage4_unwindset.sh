#!/bin/sh
# SPDX-License-Identifier: MIT
# stage4_unwindset.sh N - the --unwindset of the lemmas of stage 4's passes
# (proofs/sfv_v_clean_pass, sfv_v_func_overlap_filled,
# sfv_v_blocks_ordered, sfv_v_blocks_fallback) for sections of up to N
# bytes, each loop's bound derived from N as proofs/sfv_validate's
# unwindset.sh derives it; any loop not listed gets the run's --unwind 1,
# so a loop missing here fails the proof instead of being cut short.
#   F = (N - 28) / 16  FDEs (header 28 bytes, index entries >= 16)
#   T = N - 28         FRE bytes (the walk model's findings: 3 T + 1)
set -eu
n=$1
pos() { if [ "$1" -lt 0 ]; then echo 0; else echo "$1"; fi; }
b() { if [ "$1" -eq 0 ]; then echo 0; else echo $(($1 + 1)); fi; }
F=$(pos $(((n - 28) / 16)))
T=$(pos $((n - 28)))
F1=$(b "$F")
s="stats_ok.0:4"
# loops over FDEs or spans (the harness's own over the spans: main.0)
for l in main.0 sfv_v_clean_pass.0 funcs_refill.0 blocks_tile.0 \
         sfv_v_blocks_ordered.0 sfv_v_blocks_fallback.0 fill_fre_offs.0 \
         func_sweep.0 merge_runs.0 merge_runs.1 merge_runs.2; do
  s="$s,$l:$F1"
done
# merge passes and run pairs: at most MERGE_RUNS (4) runs
s="$s,merge_runs.3:3,merge_runs.4:3"
# the radix sort and the bitmap of block starts run only on more than
# MERGE_RUNS runs: 5 or more elements
if [ "$F" -le 4 ]; then
  for l in radix_sort.0 radix_sort.1 radix_sort.2 radix_sort.3 radix_sort.4 \
           histogram.0 blocks_tile_bits.0 blocks_tile_bits.1; do
    s="$s,$l:0"
  done
else
  s="$s,radix_sort.0:9,radix_sort.1:257,radix_sort.2:$F1,radix_sort.3:5"
  s="$s,radix_sort.4:3,histogram.0:$F1,blocks_tile_bits.0:$F1"
  s="$s,blocks_tile_bits.1:$F1"
fi
# the models' findings (send_model.h, a copy per model file: $linkN): a
# walk's at most 3 T + 1; the sorted sweep's model (clean pass) at most F
for l in proof_send_findings.0 'proof_send_findings$link1.0' \
         'proof_send_findings$link2.0' 'proof_send_findings$link3.0'; do
  s="$s,$l:$((3 * T + 2))"
done
s="$s,cross_model_func_overlap.0:$F1"
# the FDE classifier's: a flex FDE's layout (<= 3 words)
for l in sfv_flex_layout.0 'sfv_flex_layout$link1.0'; do
  s="$s,$l:3"
done
# the byte loop of sfv_ld (at most 8 bytes), in each of its copies
s="$s,sfv_ld.0:9"
for i in 1 2 3 4 5 6; do s="$s,sfv_ld\$link$i.0:9"; done
echo "$s"

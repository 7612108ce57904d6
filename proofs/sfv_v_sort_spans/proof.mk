# SPDX-License-Identifier: MIT
# The sorts of validate_cross.c (harness.c includes the file: sort_any,
# merge_runs and radix_sort are static) against their contract
# (proofs/lib/cross_contract.h): runs <n>.<kind>, n the most elements.
# Merge runs (at most MERGE_RUNS runs, so any n <= 4): spans through
# sfv_v_sort_filled, blocks, spans through sfv_v_sort_spans.  Radix runs
# (more than MERGE_RUNS runs: n = 5): 5.radix_blocks, 5.radix_spans,
# defined below but not yet in PROOF_VARS: not done in 180 s of CPU
# (docs/PROOFS.md).  4.blocks (16 s of CPU) is in make prove-quick.
PROOF_VARS.sfv_v_sort_spans := 4.spans 4.blocks 4.sort_spans
PROVE_SLOW += sfv_v_sort_spans.4.spans sfv_v_sort_spans.4.sort_spans
PROOF_FLAGS.sfv_v_sort_spans := --unwind 1
PROOF_DEFS.sfv_v_sort_spans.4.spans := -DPROOF_BLK=0
PROOF_DEFS.sfv_v_sort_spans.4.blocks := -DPROOF_BLK=1
PROOF_DEFS.sfv_v_sort_spans.4.sort_spans := -DPROOF_BLK=2
PROOF_DEFS.sfv_v_sort_spans.5.radix_blocks := -DPROOF_BLK=1 -DPROOF_SORT_MIN=5
PROOF_DEFS.sfv_v_sort_spans.5.radix_spans := -DPROOF_BLK=0 -DPROOF_SORT_MIN=5
# Loops: the harness's and the fill's over the n elements, the merges'
# (passes and run pairs: at most 4 runs), the radix sort's (digits <= 8,
# 256 counters, the elements, a histogram group's 4 digits, 2 groups);
# the sort not taken asserted unreachable.
proof_sort_n = main.0:$(1),main.1:$(1),main.2:$(1),main.3:$(1),main.4:$(1),sfv_v_sort_spans.0:$(1),stats_ok.0:4
proof_sort_merge = merge_runs.0:$(1),merge_runs.1:$(1),merge_runs.2:$(1),merge_runs.3:3,merge_runs.4:3,radix_sort.0:0,radix_sort.1:0,radix_sort.2:0,radix_sort.3:0,radix_sort.4:0,histogram.0:0
proof_sort_radix = merge_runs.0:0,merge_runs.1:0,merge_runs.2:0,merge_runs.3:0,merge_runs.4:0,radix_sort.0:9,radix_sort.1:257,radix_sort.2:$(1),radix_sort.3:5,radix_sort.4:3,histogram.0:$(1)
$(foreach k,spans blocks sort_spans,$(eval PROOF_RUN_FLAGS.sfv_v_sort_spans.4.$(k) := \
  --unwindset $(call proof_sort_n,5),$(call proof_sort_merge,5)))
$(foreach k,radix_blocks radix_spans,$(eval PROOF_RUN_FLAGS.sfv_v_sort_spans.5.$(k) := \
  --unwindset $(call proof_sort_n,6),$(call proof_sort_radix,6)))
$(foreach v,$(PROOF_VARS.sfv_v_sort_spans) 5.radix_blocks 5.radix_spans,$(eval $(PROVE_BUILD)/sfv_v_sort_spans.$(v).ok: src/sframe/validate_cross.c))

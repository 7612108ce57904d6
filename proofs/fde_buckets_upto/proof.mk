# SPDX-License-Identifier: MIT
# fill_upto's loop by induction (harness.c) with 4 buckets
# (PROOF_LOOKUP_BUCKETS; run 4) and the shipped 256 (run 256), no loop;
# and the loop as written, unrolled with 4 buckets (run 4.loop: bucket count
# + 2 steps), which checks the loop's shape the induction reads.
PROOF_VARS.fde_buckets_upto := 4 256 4.loop
PROOF_DEFS.fde_buckets_upto.4 := -DPROOF_LOOKUP_BUCKETS=4
PROOF_DEFS.fde_buckets_upto.4.loop := -DPROOF_LOOKUP_BUCKETS=4 -DPROOF_UPTO_LOOP
PROOF_RUN_FLAGS.fde_buckets_upto.4.loop := --unwindset fill_upto.0:6
$(foreach v,$(PROOF_VARS.fde_buckets_upto),$(eval \
  $(PROVE_BUILD)/fde_buckets_upto.$(v).ok: src/sframe/fde_buckets.c))

# SPDX-License-Identifier: MIT
# fill_head (harness.c) with 4 buckets (PROOF_LOOKUP_BUCKETS; run 4) and
# the shipped 256 (run 256); probe_start the model of its lemma
# (proofs/lib/fde_buckets_models.c, goto-instrument --replace-calls).
# Loops: the shift search (fill_head.0) at most 63 steps (65), the
# contract's over the FDEs (3).
PROOF_SRCS.fde_buckets_head := proofs/lib/fde_buckets_models.c \
  src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.fde_buckets_head := --replace-calls probe_start:probe_start_model
PROOF_FLAGS.fde_buckets_head := --unwind 3 --unwindset fill_head.0:65
PROOF_VARS.fde_buckets_head := 4 256
PROOF_DEFS.fde_buckets_head.4 := -DPROOF_LOOKUP_BUCKETS=4
$(foreach v,$(PROOF_VARS.fde_buckets_head),$(eval \
  $(PROVE_BUILD)/fde_buckets_head.$(v).ok: src/sframe/fde_buckets.c))

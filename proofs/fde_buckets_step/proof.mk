# SPDX-License-Identifier: MIT
# One turn of sfv_fde_buckets_fill's FDE loop (harness.c), at most 2 FDEs
# (the order between them), with 4 buckets (PROOF_LOOKUP_BUCKETS; run
# 2.4) and the shipped 256 (run 2.256); and the slices' order (64.mono),
# which the bucket lemmas assume.  probe_start and fill_upto are the
# models of their lemmas (proofs/lib/fde_buckets_models.c, goto-instrument
# --replace-calls).  Loops: the contract's over the FDEs (3).
PROOF_SRCS.fde_buckets_step := proofs/lib/fde_buckets_models.c \
  src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.fde_buckets_step := --replace-calls probe_start:probe_start_model \
  --replace-calls fill_upto:fill_upto_model
PROOF_FLAGS.fde_buckets_step := --unwind 3
PROOF_VARS.fde_buckets_step := 64.mono 2.4 2.256
PROOF_DEFS.fde_buckets_step.64.mono := -DPROOF_MONO
PROOF_DEFS.fde_buckets_step.2.4 := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4
PROOF_DEFS.fde_buckets_step.2.256 := -DPROOF_MAX_FDES=2
$(foreach v,$(PROOF_VARS.fde_buckets_step),$(eval \
  $(PROVE_BUILD)/fde_buckets_step.$(v).ok: src/sframe/fde_buckets.c))
# 64.mono and 2.4: make prove-quick; 2.256 (about 27 s of CPU): make prove.
PROVE_SLOW += fde_buckets_step.2.256

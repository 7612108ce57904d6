# SPDX-License-Identifier: MIT
# sfv_fde_buckets_fill over its parts' models (harness.c), at most 2 FDEs
# (the order between them), with 4 buckets (PROOF_LOOKUP_BUCKETS; run
# 2.4) and the shipped 256 (run 2.256).  goto-cc compiles the run: its -D
# options are the run's (PROOF_DEFS).  Loops: the FDE loop
# (sfv_fde_buckets_fill.0) 2 steps, the contract's over the FDEs (3).
PROOF_SRCS.sfv_fde_buckets_two := proofs/lib/fde_buckets_models.c \
  src/sframe/fde_buckets.c src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.sfv_fde_buckets_two := --replace-calls fill_head:fill_head_model \
  --replace-calls fill_fde:fill_fde_model --replace-calls fill_upto:fill_upto_model
PROOF_FLAGS.sfv_fde_buckets_two := --unwind 3
PROOF_VARS.sfv_fde_buckets_two := 2.4 2.256
PROOF_DEFS.sfv_fde_buckets_two.2.4 := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4
PROOF_DEFS.sfv_fde_buckets_two.2.256 := -DPROOF_MAX_FDES=2
# 35 s and 73 s of CPU (docs/PROOFS.md): make prove.
PROVE_SLOW += $(addprefix sfv_fde_buckets_two.,$(PROOF_VARS.sfv_fde_buckets_two))

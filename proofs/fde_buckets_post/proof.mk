# SPDX-License-Identifier: MIT
# The closed form gives the contract (harness.c), at most 2 FDEs (the
# order between them), with 4 buckets (PROOF_LOOKUP_BUCKETS; run 2.4) and
# the shipped 256 (run 2.256); proof_fde_start a model of any starts,
# fde_slice any function ordered as the starts (goto-instrument
# --replace-calls).  Loops: the harness's and the
# contract's over the FDEs (3; the asserts' 4).
PROOF_SRCS.fde_buckets_post := src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.fde_buckets_post := \
  --replace-calls proof_fde_start:proof_fde_start_model \
  --replace-calls fde_slice:fde_slice_model
PROOF_FLAGS.fde_buckets_post := --unwind 3 --unwindset main.2:4
PROOF_VARS.fde_buckets_post := 2.4 2.256
PROOF_DEFS.fde_buckets_post.2.4 := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4
PROOF_DEFS.fde_buckets_post.2.256 := -DPROOF_MAX_FDES=2

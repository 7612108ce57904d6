# SPDX-License-Identifier: MIT
# sfv_fde_buckets_fill on a model section of at most PROOF_MAX_FDES FDEs,
# one run per version x byte order (the start field's place and width fold
# to constants); N = 80 holds the header and 2 FDEs of any version.  The
# bucket count is shrunk to PROOF_LOOKUP_BUCKETS (src/sfv_decode.h, CBMC
# only; docs/PROOFS.md "Assumptions"): with the shipped 256 the two bucket
# fills unroll 258 steps each inside the FDE loop.
# Loops: the shift search (.0) at most 64 steps with 4 buckets (a span
# below 2^64); the FDE loop (.2) PROOF_MAX_FDES steps; the bucket fills
# (.1, .3) at most PROOF_LOOKUP_BUCKETS + 1 steps each; the harness's FDE
# loop (main.0) as .2.  Not yet within the budget: make prove-one.
PROVE_PENDING += sfv_fde_buckets
PROOF_SRCS.sfv_fde_buckets := src/sframe/fde_buckets.c src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fde_buckets := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4 \
  --unwind 9 \
  --unwindset main.0:3,sfv_fde_buckets_fill.0:65,sfv_fde_buckets_fill.2:3 \
  --unwindset sfv_fde_buckets_fill.1:6,sfv_fde_buckets_fill.3:6
PROOF_VARS.sfv_fde_buckets := $(addsuffix .80,$(PROOF_SPLITS))

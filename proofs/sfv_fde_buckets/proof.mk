# SPDX-License-Identifier: MIT
# sfv_fde_buckets_fill on a model section of at most PROOF_MAX_FDES FDEs,
# one run per version x byte order (the start field's place and width fold
# to constants), N = 48: one FDE of any version.  The bucket count is
# shrunk to PROOF_LOOKUP_BUCKETS (src/sfv_decode.h, CBMC only;
# docs/PROOFS.md "Assumptions"): with the shipped 256 the two bucket fills
# unroll 258 steps each inside the FDE loop.  4-39 s of CPU per run: make
# prove (the budget, docs/PROOFS.md).
# Loops: the shift search (fill_head.0) at most 64 steps with 4 buckets
# (a span below 2^64); the FDE loop (.0) and the harness's (main.0)
# PROOF_MAX_FDES steps; the bucket fills (fill_upto's, inlined twice) at
# most PROOF_LOOKUP_BUCKETS + 1 each.  Two FDEs and 256 buckets:
# proofs/sfv_fde_buckets_two over its parts' lemmas.
PROOF_SRCS.sfv_fde_buckets := src/sframe/fde_buckets.c src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fde_buckets := -DPROOF_LOOKUP_BUCKETS=4 -DPROOF_MAX_FDES=1 \
  --unwind 9 \
  --unwindset main.0:2,fill_head.0:65,sfv_fde_buckets_fill.0:2 \
  --unwindset fill_upto.0:6
PROOF_VARS.sfv_fde_buckets := $(addsuffix .48,$(PROOF_SPLITS))
PROVE_SLOW += $(addprefix sfv_fde_buckets.,$(PROOF_VARS.sfv_fde_buckets))

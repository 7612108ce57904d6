# SPDX-License-Identifier: MIT
# One run per version x byte order at N = 64: at most 2 FDEs (sfv_open.0)
# and (64 - 28) / 2 = 18 FREs per walk (fres_ascending.0: the work budget
# is the FRE sub-section's length, 2 bytes per FRE at least).
# sfv_fde_buckets_fill is the harness's stub of its proved contract, so
# fde_buckets.c is not linked.  Not yet within the budget (docs/PROOFS.md):
# run with make prove-one.
PROVE_PENDING += sfv_open
PROOF_SRCS.sfv_open := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_open := --unwind 9 \
  --unwindset sfv_open_header.0:13,sfv_open.0:3,fres_ascending.0:19
PROOF_VARS.sfv_open := $(addsuffix .64,$(PROOF_SPLITS))

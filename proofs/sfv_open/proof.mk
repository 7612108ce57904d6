# SPDX-License-Identifier: MIT
# Sections up to PROOF_MAX_SIZE bytes: at most (N - 28) / 16 FDEs and
# (N - 28) / 2 FREs; the lookup buckets' loops run SFV_LOOKUP_BUCKETS + 1
# times at most, the bucket-shift loop 57.  Not yet within the budget
# (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_open
PROOF_SRCS.sfv_open := $(PROOF_CORE)
PROOF_FLAGS.sfv_open := -DPROOF_MAX_SIZE=40 --unwind 9 \
  --unwindset sfv_open_header.0:12,sfv_open.0:3,fres_ascending.0:19 \
  --unwindset sfv_fde_buckets_fill.0:58,sfv_fde_buckets_fill.1:258,sfv_fde_buckets_fill.2:3,sfv_fde_buckets_fill.3:258

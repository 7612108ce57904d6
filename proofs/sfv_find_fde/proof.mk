# SPDX-License-Identifier: MIT
# One run per version x byte order at N = 64 (at most 2 FDEs), the lookup
# fields a model (proofs/lib/fde_buckets_contract.h) with 4 buckets
# (PROOF_LOOKUP_BUCKETS, as the sfv_fde_buckets lemma).  Loops: the
# searches over at most 2 FDEs (3), the model's over the buckets (5),
# sfv_ld's bytes (9).  About 60 s of CPU each: make prove.
PROOF_SRCS.sfv_find_fde := src/lookup/lookup.c src/sframe/decode.c \
  src/sframe/layout.c
PROOF_FLAGS.sfv_find_fde := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4 \
  --unwind 3 --unwindset sfv_ld.0:9,fde_buckets_model.1:5
PROOF_VARS.sfv_find_fde := $(addsuffix .64,$(PROOF_SPLITS))
PROVE_SLOW += $(addprefix sfv_find_fde.,$(PROOF_VARS.sfv_find_fde))

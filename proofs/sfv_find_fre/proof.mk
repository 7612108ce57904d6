# SPDX-License-Identifier: MIT
# sfv_find_fde's model (proofs/lib/fde_buckets_contract.h, 4 buckets), one
# run per version x byte order at N = 48: the FRE walks (the sorted one
# and the full one) over at most (48 - 28) / 2 = 10 FREs (12 with the exit
# and the failing step), an FRE's data words (16), sfv_ld's bytes (9).
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_find_fre
PROOF_SRCS.sfv_find_fre := src/lookup/lookup.c src/sframe/decode.c \
  src/sframe/layout.c src/sframe/interp.c src/sframe/classify.c
PROOF_FLAGS.sfv_find_fre := -DPROOF_MAX_FDES=2 -DPROOF_LOOKUP_BUCKETS=4 \
  --unwind 3 --unwindset sfv_ld.0:9,fde_buckets_model.1:5 \
  --unwindset walk_sorted.0:12,find_fre_in.0:12,sfv_fre_words_.0:16 \
  --unwindset classify_default.0:16,sfv_flex_layout.0:16
PROOF_VARS.sfv_find_fre := $(addsuffix .48,$(PROOF_SPLITS))

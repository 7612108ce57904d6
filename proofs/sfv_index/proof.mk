# SPDX-License-Identifier: MIT
# The model section (proof_section_opened), at most PROOF_MAX_FDES FDEs of
# at most PROOF_MAX_FRES FREs each.  Loops: FDEs and FREs by those bounds
# (--unwind 4), the key hash and memcmp over an FRE's info byte and data
# words (at most 61 bytes: 62), the key table's probe (at most as many
# keys as FREs: 6), the bucket shift search (65), the data words (16).
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_index
PROOF_SRCS.sfv_index := src/lookup/index.c src/sframe/decode.c \
  src/sframe/layout.c src/sframe/interp.c src/sframe/classify.c
PROOF_FLAGS.sfv_index := -DPROOF_MAX_FDES=2 -DPROOF_MAX_FRES=2 --unwind 4 \
  --unwindset ix_hash.0:62,memcmp.0:62,ix_rule.0:6,sfv_index_build.2:65 \
  --unwindset sfv_fre_words_.0:16,classify_default.0:16,sfv_flex_layout.0:16,sfv_ld.0:9
PROOF_VARS.sfv_index := $(addsuffix .48,$(PROOF_SPLITS))

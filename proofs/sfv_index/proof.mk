# SPDX-License-Identifier: MIT
# The model section (proof_section_opened), at most PROOF_MAX_FDES FDEs
# (any FRE counts), key table of 4 slots.  sfv_ix_fill_fres is the model of its
# proved contract (proofs/index_fill) and sfv_fre_next of its
# (proofs/sfv_find_fre/models.c), through goto-instrument.  Loops: the FDE
# loops, the sort and the bucket fills over at most 2 FDEs and 2 buckets
# (5), the bucket shift search (65), the model's slots and find's MASK v1
# scan over at most N / 2 slots (33), sfv_ld (9), the FRE model's word
# slots (16).
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_index
PROOF_SRCS.sfv_index := proofs/sfv_find_fre/models.c src/sframe/decode.c \
  src/sframe/layout.c
PROOF_GOTO.sfv_index := --replace-calls sfv_ix_fill_fres:ix_fill_model \
  --replace-calls sfv_fre_next:sfv_fre_next_model
PROOF_FLAGS.sfv_index := --unwind 5 --unwindset \
  sfv_index_build.2:65,ix_fill_model.0:33,sfv_index_find.1:33,proof_fre_model.0:16,fre_decoded.0:16,sfv_ld.0:9
PROOF_VARS.sfv_index := $(addsuffix .64,$(PROOF_SPLITS))
$(foreach v,$(PROOF_VARS.sfv_index),$(eval \
  PROOF_DEFS.sfv_index.$(v) := -DPROOF_MAX_FDES=2 -DPROOF_IX_KEY_SLOTS=4u))
$(foreach v,$(PROOF_VARS.sfv_index),$(eval \
  $(PROVE_BUILD)/sfv_index.$(v).ok: $(wildcard src/lookup/index*.[ch])))

# SPDX-License-Identifier: MIT
# The lookup index's entry points (harness.c) in two parts per version x
# byte order at N = 64 (at most 2 FDEs, any FRE counts), key table of 4
# slots: .build (size and build into caller memory of up to 512 bytes) and
# .find (find and lookup on any index satisfying ix_built_*,
# proofs/lib/index_top_contract.h).  Models
# (goto-instrument): sfv_ix_plan of ix_plan_counts_ok (proofs/index_plan),
# ix_fill_fns of its contract ix_fns_* (proofs/index_fns),
# ix_sort of ix_sort_post at 2 records (proofs/index_sort), sfv_fre_next
# of its contract fre_next_post (.find; proofs/sfv_find_fre/models.c,
# proved by proofs/sfv_fre_next).  Loops: 3 by default (the build's loops over at most
# 2 functions and the model's records), the disjointness check (2), the
# bucket shift search (65), the bucket fills over 2 buckets (4),
# ix_built_frame_ok over at most 4 buckets (6), the .find run's slots and
# find's MASK v1 scan over at most N / 2 slots (33), find's binary search
# over them (6), sfv_ld (9), the FRE model's and fre_next_post's word
# slots (16).
# Proved, every split (make prove; 58-308 s of CPU each).
PROVE_SLOW += $(addprefix sfv_index.,$(foreach s,$(PROOF_SPLITS),\
  $(s).64.build $(s).64.find))
PROOF_SRCS.sfv_index := proofs/sfv_find_fre/models.c src/sframe/decode.c \
  src/sframe/layout.c
PROOF_GOTO.sfv_index := --replace-calls sfv_ix_plan:ix_plan_model \
  --replace-calls ix_fill_fns:ix_fill_fns_model \
  --replace-calls ix_sort:ix_sort_model \
  --replace-calls sfv_fre_next:sfv_fre_next_model
PROOF_FLAGS.sfv_index := --unwind 3 --unwindset \
  sfv_index_build.0:2,sfv_index_build.1:65,sfv_index_build.2:4,sfv_index_build.4:4,ix_lay_out.0:2,ix_built_frame_ok.0:6,main.1:33,sfv_index_find.1:33,sfv_index_find.2:6,sfv_ld.0:9,proof_fre_model.0:16,fre_decoded.0:16
PROOF_VARS.sfv_index := $(foreach s,$(PROOF_SPLITS),$(s).64.build $(s).64.find)
$(foreach s,$(PROOF_SPLITS),$(eval \
  PROOF_DEFS.sfv_index.$(s).64.build := -DPROOF_MAX_FDES=2 -DPROOF_IX_KEY_SLOTS=4u -DPROOF_IX_PART=1)$(eval \
  PROOF_DEFS.sfv_index.$(s).64.find := -DPROOF_MAX_FDES=2 -DPROOF_IX_KEY_SLOTS=4u -DPROOF_IX_PART=2))
$(foreach v,$(PROOF_VARS.sfv_index),$(eval \
  $(PROVE_BUILD)/sfv_index.$(v).ok: $(wildcard src/lookup/index*.[ch])))

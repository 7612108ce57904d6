# SPDX-License-Identifier: MIT
# One run per version x byte order at N = 64, on sfv_find_fde's model
# (proofs/lib/fde_buckets_contract.h, 4 buckets, at most 2 FDEs).  No FRE
# walk and no data-word loop is unrolled: walk_sorted and walk_all
# (lookup.c, static) and sfv_fre_next are replaced by models of their
# proved contracts (models.c; lemmas proofs/find_fre_walks and
# proofs/sfv_fre_next).  Loops: the FDE searches over at most 2 FDEs (3),
# the model's over the buckets (5), sfv_ld's bytes (9), the recovery's
# data words and the FRE model's and fre_next_post's word slots (16).
PROOF_SRCS.sfv_find_fre := proofs/sfv_find_fre/models.c \
  src/lookup/lookup.c src/sframe/decode.c src/sframe/layout.c \
  src/sframe/interp.c src/sframe/classify.c
PROOF_GOTO.sfv_find_fre := --replace-calls walk_sorted:walk_sorted_model \
  --replace-calls walk_all:walk_all_model \
  --replace-calls sfv_fre_next:sfv_fre_next_model
PROOF_FLAGS.sfv_find_fre := --unwind 3 --unwindset \
  sfv_ld.0:9,fde_buckets_model.1:5,proof_fre_model.0:16,fre_decoded.0:16,classify_default.0:16,sfv_flex_layout.0:16
PROOF_VARS.sfv_find_fre := $(addsuffix .64,$(PROOF_SPLITS))
# goto-cc compiles the run: its -D options are the run's (PROOF_DEFS).
$(foreach v,$(PROOF_VARS.sfv_find_fre),$(eval \
  PROOF_DEFS.sfv_find_fre.$(v) := -DPROOF_MAX_FDES=2 \
    -DPROOF_LOOKUP_BUCKETS=4))
# 32-57 s of CPU each (docs/PROOFS.md): make prove.
PROVE_SLOW += $(addprefix sfv_find_fre.,$(PROOF_VARS.sfv_find_fre))

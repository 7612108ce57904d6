# SPDX-License-Identifier: MIT
# sfv_v_clean_pass against proofs/lib/clean_contract.h (the lemma the
# whole-validator proof assumes in its place); the fast path, the quiet
# FRE walk and the sorted sweep are their proved contracts (the models of
# proofs/sfv_validate).  Runs: proofs/lib/stage4.mk.
PROOF_SRCS.sfv_v_clean_pass := proofs/sfv_validate/fast_model.c \
  proofs/sfv_validate/walk_model.c proofs/sfv_validate/cross_model.c \
  src/common/rules.c src/sframe/classify.c src/sframe/decode.c \
  src/sframe/layout.c src/sframe/validate_clean.c \
  src/sframe/validate_cross.c src/sframe/validate_walk.c \
  src/sframe/validate_fast.c src/sframe/validate_derive.c
PROOF_GOTO.sfv_v_clean_pass := \
  --replace-calls sfv_v_fast_fres:fast_model_fres \
  --replace-calls sfv_v_walk_fres_quiet:walk_model_quiet \
  --replace-calls sfv_v_func_overlap_filled:cross_model_func_overlap
include proofs/lib/stage4.mk
# Each run takes over 2 minutes of CPU: prove only.
$(eval $(call stage4_runs,sfv_v_clean_pass,))

# SPDX-License-Identifier: MIT
# One FDE's FRE walk against proofs/lib/walk_contract.h, the lemma the
# whole-validator proof assumes in its place.  Not yet within the budget
# (docs/PROOFS.md): run with make prove-one.  The fast path is its
# contract (proofs/lib/fast_contract.h, the model of proofs/sfv_validate);
# loop bounds as the whole validator's at the same N (unwindset.sh).
PROVE_PENDING += sfv_v_walk_fres
PROOF_SRCS.sfv_v_walk_fres := proofs/sfv_validate/fast_model.c \
  src/common/rules.c src/sframe/classify.c src/sframe/decode.c \
  src/sframe/layout.c src/sframe/validate_walk.c src/sframe/validate_fast.c
PROOF_GOTO.sfv_v_walk_fres := \
  --replace-calls sfv_v_fast_fres:fast_model_fres \
  --replace-calls sfv_v_fast_fres_find:fast_model_find
PROOF_VARS.sfv_v_walk_fres := 32
PROOF_FLAGS.sfv_v_walk_fres := --unwind 1
$(foreach n,$(PROOF_VARS.sfv_v_walk_fres),$(eval \
  PROOF_RUN_FLAGS.sfv_v_walk_fres.$(n) = --unwindset '$$(shell proofs/sfv_validate/unwindset.sh $(n))'))

# SPDX-License-Identifier: MIT
# One FDE's FRE walk against proofs/lib/walk_contract.h, the lemma the
# whole-validator proof assumes in its place.  Not yet within the budget
# (docs/PROOFS.md): run with make prove-one.  The fast path is its
# contract (proofs/lib/fast_contract.h, the model of proofs/sfv_validate);
# loop bounds as the whole validator's at the same N (unwindset.sh).
PROVE_PENDING += sfv_v_walk_fres
PROOF_SRCS.sfv_v_walk_fres := proofs/sfv_validate/fast_model.c \
  src/common/rules.c src/sframe/classify.c src/sframe/decode.c \
  src/sframe/layout.c src/sframe/validate_walk.c src/sframe/validate_fast.c \
  src/sframe/validate_derive.c
PROOF_GOTO.sfv_v_walk_fres := \
  --replace-calls sfv_v_fast_fres:fast_model_fres \
  --replace-calls sfv_v_fast_fres_find:fast_model_find
# Runs N.<version><order>.a<abi>.t<FRE type> (harness.c): every split of
# N = 32 (6 x 5 x 4; t3: every undefined FRE type, whose walk ends at
# sfv_fre_iter_init).
PROOF_VARS.sfv_v_walk_fres := $(foreach s,1le 1be 2le 2be 3le 3be,\
  $(foreach a,0 1 2 3 4,$(foreach t,0 1 2 3,32.$(s).a$(a).t$(t))))
PROOF_FLAGS.sfv_v_walk_fres := --unwind 1 --slice-formula
$(foreach v,$(PROOF_VARS.sfv_v_walk_fres),\
  $(eval PROOF_DEFS.sfv_v_walk_fres.$(v) := \
    -DPROOF_VERSION=$(subst le,,$(subst be,,$(word 2,$(subst ., ,$(v))))) \
    -DPROOF_BE=$(if $(findstring be,$(v)),1,0) \
    -DPROOF_ABI=$(subst a,,$(word 3,$(subst ., ,$(v)))) \
    -DPROOF_FRE_TYPE=$(subst t,,$(word 4,$(subst ., ,$(v))))) \
  $(eval PROOF_RUN_FLAGS.sfv_v_walk_fres.$(v) = --unwindset '$$(shell proofs/sfv_validate/unwindset.sh $(firstword $(subst ., ,$(v))))'))

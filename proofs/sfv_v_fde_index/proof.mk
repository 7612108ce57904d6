# SPDX-License-Identifier: MIT
# check_fde_index by induction (one turn from any state satisfying its
# invariant; the begin and end steps and all_starts_zero) against
# proofs/lib/fde_index_contract.h, the lemma the whole-validator proof
# assumes in their place.  Runs N.<version><order>.<step>: N = 64, each
# version and byte order, step turn or ends (PROOF_STEP 1, 0).
PROOF_SRCS.sfv_v_fde_index := src/common/rules.c src/sframe/classify.c \
  src/sframe/decode.c src/sframe/layout.c src/sframe/validate_walk.c
PROOF_VARS.sfv_v_fde_index := $(foreach s,1le 1be 2le 2be 3le 3be,\
  $(foreach t,turn ends,64.$(s).$(t)))
# sfv_ld's byte loop; all_starts_zero's over at most 2 FDEs (N = 64).
PROOF_FLAGS.sfv_v_fde_index := --unwind 9 --unwindset all_starts_zero.0:3
$(foreach v,$(PROOF_VARS.sfv_v_fde_index),\
  $(eval PROOF_DEFS.sfv_v_fde_index.$(v) := \
    -DPROOF_VERSION=$(subst le,,$(subst be,,$(word 2,$(subst ., ,$(v))))) \
    -DPROOF_BE=$(if $(findstring be,$(v)),1,0) \
    -DPROOF_STEP=$(if $(findstring turn,$(v)),1,0)))
# The harness includes the file that defines the passes.
$(foreach v,$(PROOF_VARS.sfv_v_fde_index),$(eval \
  $(PROVE_BUILD)/sfv_v_fde_index.$(v).ok: src/sframe/validate.c))
# make prove-quick runs the six turns (6-9 s of CPU each); the begin/end runs
# (7-11 s each) are in make prove only (docs/PROOFS.md: the budget).
PROVE_SLOW += $(addprefix sfv_v_fde_index.,$(filter %.ends,$(PROOF_VARS.sfv_v_fde_index)))

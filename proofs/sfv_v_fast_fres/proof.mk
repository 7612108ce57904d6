# SPDX-License-Identifier: MIT
# The FRE fast path against proofs/lib/fast_contract.h (harness.c): a first
# split (default FDE, AMD64/AArch64, sfv_v_derive its model), its loops
# unrolled to the FREs of N bytes.  Not yet within the budget
# (docs/PROOFS.md): make prove-one PROOF=sfv_v_fast_fres.
PROVE_PENDING += sfv_v_fast_fres
PROOF_SRCS.sfv_v_fast_fres := proofs/sfv_validate/derive_model.c \
  src/common/rules.c src/sframe/classify.c src/sframe/layout.c \
  src/sframe/validate_fast.c src/sframe/validate_derive.c
PROOF_GOTO.sfv_v_fast_fres := --replace-calls sfv_v_derive:derive_model
# Runs <version><order>.<N>.t<FRE type>[.find]: v3, each byte order.
PROOF_VARS.sfv_v_fast_fres := 3le.40.t0 3le.40.t0.find
# FRE loops: (40 - 28) / 2 = 6 FREs at most.
PROOF_FLAGS.sfv_v_fast_fres := --unwind 9 \
  --unwindset fast_a.0:7,fast_a.1:7,fast_a.2:7,words_ok.0:3
$(foreach v,$(PROOF_VARS.sfv_v_fast_fres),\
  $(eval PROOF_DEFS.sfv_v_fast_fres.$(v) := \
    -DPROOF_FRE_TYPE=$(subst t,,$(word 3,$(subst ., ,$(v)))) \
    $(if $(findstring find,$(v)),-DPROOF_FIND)))

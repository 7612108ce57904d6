# SPDX-License-Identifier: MIT
# stage4.mk - the runs of the lemmas of stage 4's passes (included by
# their proof.mk).  stage4_runs NAME,FAST gives NAME one run per version
# and byte order at N = 64 (<split>.64: sections of up to 64 bytes, so at
# most 2 FDEs) with the loop bounds proofs/lib/stage4_unwindset.sh
# derives from N, every other loop --unwind 1; every run but those named
# in FAST in PROVE_SLOW.
define stage4_runs
PROOF_VARS.$(1) := $$(addsuffix .64,$$(PROOF_SPLITS))
PROOF_FLAGS.$(1) := --unwind 1
PROVE_SLOW += $$(addprefix $(1).,$$(filter-out $(2),$$(PROOF_VARS.$(1))))
$$(foreach v,$$(PROOF_VARS.$(1)),$$(eval PROOF_RUN_FLAGS.$(1).$$(v) = --unwindset '$$$$(shell proofs/lib/stage4_unwindset.sh $$(lastword $$(subst ., ,$$(v))))'))
endef
# The block passes' sources: validate_cross.c over the decoder, one
# FDE's FRE walk its model (proofs/lib/walk_contract.h).
STAGE4_BLOCK_SRCS := proofs/sfv_validate/walk_model.c src/common/rules.c \
  src/sframe/decode.c src/sframe/layout.c src/sframe/validate_cross.c \
  src/sframe/validate_walk.c

# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
# One run per section size bound N; each loop's bound is derived from N by
# unwindset.sh, every other loop gets --unwind 1 (so a loop missing there
# fails the run).  Only what sfv_validate links: fewer candidate targets
# for each call through a function pointer.
PROVE_PENDING += sfv_validate
PROOF_SRCS.sfv_validate := proofs/sfv_validate/derive_model.c src/common/rules.c src/sframe/classify.c \
  src/sframe/decode.c src/sframe/fde_buckets.c src/sframe/layout.c \
  src/sframe/trailing.c $(wildcard src/sframe/validate*.c)
# derive() (static in validate_fast.c) is replaced by its model, the
# contract proofs/derive proves.
PROOF_GOTO.sfv_validate := --replace-calls derive:derive_model
PROOF_VARS.sfv_validate := 32 40 48 64
PROOF_FLAGS.sfv_validate := --unwind 1
$(foreach n,$(PROOF_VARS.sfv_validate),$(eval \
  PROOF_RUN_FLAGS.sfv_validate.$(n) = --unwindset '$$(shell proofs/sfv_validate/unwindset.sh $(n))'))

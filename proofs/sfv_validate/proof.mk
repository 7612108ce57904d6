# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_validate
PROOF_SRCS.sfv_validate := $(PROOF_CORE)
PROOF_FLAGS.sfv_validate := -DPROOF_MAX_SIZE=64 --unwind 40

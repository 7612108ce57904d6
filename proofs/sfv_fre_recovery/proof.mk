# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_fre_recovery
PROOF_SRCS.sfv_fre_recovery := $(PROOF_CORE)
PROOF_FLAGS.sfv_fre_recovery := -DPROOF_MAX_SIZE=64 --unwind 40

# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_find_fde
PROOF_SRCS.sfv_find_fde := $(PROOF_CORE)
PROOF_FLAGS.sfv_find_fde := -DPROOF_MAX_SIZE=64 --unwind 40

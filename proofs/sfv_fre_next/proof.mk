# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_fre_next
PROOF_SRCS.sfv_fre_next := $(PROOF_CORE)
PROOF_FLAGS.sfv_fre_next := -DPROOF_MAX_SIZE=64 --unwind 40

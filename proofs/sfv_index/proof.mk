# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_index
PROOF_SRCS.sfv_index := $(PROOF_CORE)
PROOF_FLAGS.sfv_index := -DPROOF_MAX_SIZE=64 --unwind 40

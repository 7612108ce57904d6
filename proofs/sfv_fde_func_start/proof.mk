# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
PROVE_PENDING += sfv_fde_func_start
PROOF_SRCS.sfv_fde_func_start := $(PROOF_CORE)
PROOF_FLAGS.sfv_fde_func_start := -DPROOF_MAX_SIZE=64 --unwind 40

# SPDX-License-Identifier: MIT
# sfv_v_func_overlap_filled against proofs/lib/cross_contract.h (the
# lemma the whole-validator proof assumes in its place), the sort itself
# inlined.  Runs: proofs/lib/stage4.mk.
PROOF_SRCS.sfv_v_func_overlap_filled := src/common/rules.c \
  src/sframe/decode.c src/sframe/layout.c src/sframe/validate_cross.c \
  src/sframe/validate_walk.c
include proofs/lib/stage4.mk
# 3le.64 (23 s of CPU) in make prove-quick, the other splits in prove.
$(eval $(call stage4_runs,sfv_v_func_overlap_filled,3le.64))

# SPDX-License-Identifier: MIT
# sfv_v_blocks_ordered against proofs/lib/cross_contract.h (the lemma the
# whole-validator proof assumes in its place).  Runs and sources:
# proofs/lib/stage4.mk (the FRE walk its model); each run takes over a
# minute of CPU: prove only.
include proofs/lib/stage4.mk
PROOF_SRCS.sfv_v_blocks_ordered := $(STAGE4_BLOCK_SRCS)
PROOF_GOTO.sfv_v_blocks_ordered := --replace-calls sfv_v_walk_fres:walk_model_fres
$(eval $(call stage4_runs,sfv_v_blocks_ordered,))

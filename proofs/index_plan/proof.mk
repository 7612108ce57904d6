# SPDX-License-Identifier: MIT
# sfv_ix_plan (harness.c) on the model section of N = 64 bytes, each
# version and byte order, key table of 4 slots; sfv_ix_fill_fres the model
# of its proved contract (proofs/lib/index_models.h, goto-instrument).
# Loops: the plan's FDE loops (at most 2 FDEs at N = 64: 5), sfv_ld (9).
PROOF_SRCS.index_plan := src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.index_plan := --replace-calls sfv_ix_fill_fres:ix_fill_model
PROOF_FLAGS.index_plan := --unwind 5 --unwindset sfv_ld.0:9
PROOF_VARS.index_plan := $(addsuffix .64,$(PROOF_SPLITS))
$(foreach v,$(PROOF_VARS.index_plan),$(eval \
  PROOF_DEFS.index_plan.$(v) := -DPROOF_IX_KEY_SLOTS=4u))
# The harness includes the files that define the plan.
$(foreach v,$(PROOF_VARS.index_plan),$(eval \
  $(PROVE_BUILD)/index_plan.$(v).ok: $(wildcard src/lookup/index*.[ch])))
# Proved, every split (make prove; 14-152 s of CPU each).
PROVE_SLOW += $(addprefix index_plan.,$(addsuffix .64,$(PROOF_SPLITS)))

# SPDX-License-Identifier: MIT
# One FDE's FRE walk against proofs/lib/walk_contract.h, the lemma the
# whole-validator proof assumes in its place, by induction over the walk's
# loop (harness.c): the step (one walk_turn from any state satisfying the
# loop invariant) and the ends (both entry points, the loop its model).
# Lemmas in place of code (models.c, proofs/sfv_validate/fast_model.c): the
# fast path, one sfv_fre_next_i, and (the ends) the loop.  No loop
# depends on the section's size but the models' findings (below).
PROOF_SRCS.sfv_v_walk_fres := proofs/sfv_v_walk_fres/models.c \
  proofs/sfv_validate/fast_model.c src/common/rules.c \
  src/sframe/classify.c src/sframe/layout.c src/sframe/validate_fast.c \
  src/sframe/validate_derive.c
PROOF_GOTO.sfv_v_walk_fres := \
  --replace-calls sfv_v_fast_fres:fast_model_fres \
  --replace-calls sfv_v_fast_fres_find:fast_model_find \
  --replace-calls sfv_fre_next_i:fre_next_model \
  --replace-calls walk_fres:walk_fres_model
PROOF_VARS.sfv_v_walk_fres := 64.step 64.ends
# Over a minute of CPU each (docs/PROOFS.md): make prove.
PROVE_SLOW += sfv_v_walk_fres.64.step sfv_v_walk_fres.64.ends
PROOF_FLAGS.sfv_v_walk_fres := --unwind 16
# The models' findings, sent one by one: the fast path's at most one per
# byte it passes over, the walk's at most 3 per byte and 1, over at most
# N - 28 bytes (the FRE sub-section starts after the 28-byte header):
# N = 64, 36 and 109 (one copy of send_model.h's loop per model file, the
# second named $$link1).
proof_walk_sends = --unwindset 'proof_send_findings.0:$(1),proof_send_findings$$link1.0:$(1)'
PROOF_RUN_FLAGS.sfv_v_walk_fres.64.step := $(call proof_walk_sends,38)
PROOF_RUN_FLAGS.sfv_v_walk_fres.64.ends := $(call proof_walk_sends,111)
PROOF_DEFS.sfv_v_walk_fres.64.step := -DPROOF_STEP=1
PROOF_DEFS.sfv_v_walk_fres.64.ends := -DPROOF_STEP=0
# The harness includes the file that defines walk_turn and walk_fres.
$(foreach v,$(PROOF_VARS.sfv_v_walk_fres),$(eval $(PROVE_BUILD)/sfv_v_walk_fres.$(v).ok: src/sframe/validate_walk.c proofs/sfv_v_walk_fres/models.c))

# SPDX-License-Identifier: MIT
# index_fill.c's FRE walk and packing by induction (harness.c), at N = 64, key
# table of 4 slots (PROOF_IX_KEY_SLOTS): ix_hash (64.hash), one walk turn
# (64.turn), one packing turn (64.pack), sfv_ix_fill_fres with both loops
# their models (64.ends.a, 64.ends.m, 64.ends.ub).  sfv_fre_next, ix_rule, ix_walk_fres and ix_pack
# and sfv_fre_recovery are models of their proved contracts
# (goto-instrument; sfv_fre_next's is proofs/sfv_find_fre/models.c's).
# Loops: the hash over at most the section's bytes (65), ix_keys_inv's
# slots (5), the FRE model's and fre_next_post's word slots (16), sfv_ld (9).
PROOF_SRCS.index_fill := proofs/sfv_find_fre/models.c src/sframe/decode.c \
  src/sframe/layout.c
PROOF_GOTO.index_fill := --replace-calls sfv_fre_next:sfv_fre_next_model \
  --replace-calls ix_rule:ix_rule_model \
  --replace-calls sfv_fre_recovery:sfv_fre_recovery_model \
  --replace-calls ix_walk_fres:ix_walk_model --replace-calls ix_pack:ix_pack_model
PROOF_FLAGS.index_fill := --unwind 5 --unwindset \
  ix_hash.0:65,proof_fre_model.0:16,fre_decoded.0:16,sfv_ld.0:9
PROOF_VARS.index_fill := 64.hash 64.turn 64.pack 64.ends.a 64.ends.m 64.ends.ub
PROOF_DEFS.index_fill.64.hash := -DPROOF_STEP=0 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fill.64.turn := -DPROOF_STEP=1 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fill.64.pack := -DPROOF_STEP=2 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fill.64.ends.a := -DPROOF_STEP=3 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fill.64.ends.m := -DPROOF_STEP=3 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fill.64.ends.ub := -DPROOF_STEP=3 -DPROOF_IX_KEY_SLOTS=4u
# The harness includes the file that defines the loops.
$(foreach v,$(PROOF_VARS.index_fill),$(eval \
  $(PROVE_BUILD)/index_fill.$(v).ok: src/lookup/index_fill.c src/lookup/index.h))
# 64.ends in three runs over the same program, which together check every
# property: .a the contract (step's assertion), .m the models'
# preconditions and malloc's, .ub every other check (--no-assertions keeps
# the assumptions).  Checked in one run, the solver had not answered after
# 150 s and 340 s of CPU; .a and .m in one run took 3.8 s before
# index.c's split and more than 540 s after it (the same program, its
# functions in another order); each of the three takes a few seconds.
INDEX_FILL_MODELS := ix_walk_model ix_pack_model ix_rule_model \
  sfv_fre_next_model sfv_fre_recovery_model walk_all_model walk_sorted_model
PROOF_RUN_FLAGS.index_fill.64.ends.a := --property step.assertion.1
PROOF_RUN_FLAGS.index_fill.64.ends.m := \
  $(foreach f,$(INDEX_FILL_MODELS),--property $(f).assertion.1) \
  --property malloc.assertion.1 --property malloc.assertion.2
PROOF_RUN_FLAGS.index_fill.64.ends.ub := --no-assertions
# 64.turn 47 s and 64.pack 57-70 s of CPU with the slots' fact (docs/PROOFS.md):
# make prove.
PROVE_SLOW += index_fill.64.turn index_fill.64.pack

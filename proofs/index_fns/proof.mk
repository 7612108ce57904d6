# SPDX-License-Identifier: MIT
# index_build.c's FDE loop ix_fill_fns against its contract ix_fns_*
# (proofs/lib/index_top_contract.h) by induction (harness.c), any section,
# any plan of up to 64 records and slots (each array the tail of its own
# object),
# key table of 4 slots (PROOF_IX_KEY_SLOTS), no section byte read (the 64
# only names the runs): one turn of the loop (64.turn),
# ix_fill_fns with the loop the model of that lemma (64.ends).  Models
# (goto-instrument): sfv_ix_fill_fres of its proved contract
# (proofs/lib/index_models.h, proofs/index_fill), sfv_fde_get and
# sfv_fde_func_start any answer.  Loops: ix_keys_inv's slots (5), the key
# table's clearing (memset, 5).
PROOF_GOTO.index_fns := --replace-calls sfv_ix_fill_fres:ix_fill_model \
  --replace-calls sfv_fde_get:ix_fde_get_any \
  --replace-calls sfv_fde_func_start:ix_func_start_any
PROOF_FLAGS.index_fns := --unwind 5
PROOF_VARS.index_fns := 64.turn 64.ends
PROOF_DEFS.index_fns.64.turn := -DPROOF_STEP=1 -DPROOF_IX_KEY_SLOTS=4u
PROOF_DEFS.index_fns.64.ends := -DPROOF_STEP=2 -DPROOF_IX_KEY_SLOTS=4u
PROOF_GOTO_RUN.index_fns.64.ends := --replace-calls+ix_fns_walk:ix_fns_walk_model
# The harness includes the files that define the loop.
$(foreach v,$(PROOF_VARS.index_fns),$(eval \
  $(PROVE_BUILD)/index_fns.$(v).ok: src/lookup/index_fill.c src/lookup/index_build.c \
    src/lookup/index.h))
# 64.turn 87 s of CPU, 1.3 GB (docs/PROOFS.md): make prove.
PROVE_SLOW += index_fns.64.turn

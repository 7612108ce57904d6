# SPDX-License-Identifier: MIT
# ix_rule's probe at the shipped 1024 key slots (harness.c), at N = 64, any
# version and byte order: one probe turn (64.turn), ix_rule with the
# probe the model of that lemma (64.ends); ix_hash its model (lemma
# proofs/index_fill), memcmp a stub (goto-instrument).  No loop over the
# table: the table's invariant is stated at slots the solver picks.
# Loops: the FRE model's words (16), sfv_ld's bytes (9).
PROOF_SRCS.index_probe := src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.index_probe := --replace-calls ix_hash:ix_hash_model \
  --replace-calls memcmp:memcmp_model --replace-calls ix_probe:ix_probe_model
PROOF_FLAGS.index_probe := --unwind 5 --unwindset \
  proof_fre_model.0:16,sfv_ld.0:9
PROOF_VARS.index_probe := 64.turn 64.ends
PROOF_DEFS.index_probe.64.turn := -DPROOF_STEP=1
PROOF_DEFS.index_probe.64.ends := -DPROOF_STEP=2
# The harness includes the file that defines ix_rule.
$(foreach v,$(PROOF_VARS.index_probe),$(eval \
  $(PROVE_BUILD)/index_probe.$(v).ok: src/lookup/index_fill.c src/lookup/index.h))
# 64.ends 179-236 s of CPU, 580-730 MB (docs/PROOFS.md): make prove.
PROVE_SLOW += index_probe.64.ends

# SPDX-License-Identifier: MIT
# ix_rule (harness.c) at N = 64, any version and byte order, with a key
# table of 4 slots (PROOF_IX_KEY_SLOTS; 3 keys at most), ix_hash its
# model (goto-instrument; lemma proofs/index_fill), memcmp a stub.  Loops:
# the probe over the table (5),
# ix_keys_inv's slots (5), the FRE model's words (16), sfv_ld's bytes (9).
PROOF_SRCS.index_rule := src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.index_rule := --replace-calls ix_hash:ix_hash_model \
  --replace-calls memcmp:memcmp_model
PROOF_FLAGS.index_rule := --unwind 5 --unwindset \
  proof_fre_model.0:16,sfv_ld.0:9
PROOF_VARS.index_rule := 64
$(foreach v,$(PROOF_VARS.index_rule),$(eval \
  PROOF_DEFS.index_rule.$(v) := -DPROOF_IX_KEY_SLOTS=4u))
# The harness includes the file that defines ix_rule.
$(foreach v,$(PROOF_VARS.index_rule),$(eval \
  $(PROVE_BUILD)/index_rule.$(v).ok: src/lookup/index_fill.c src/lookup/index.h))

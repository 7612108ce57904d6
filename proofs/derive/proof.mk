# SPDX-License-Identifier: MIT
# sfv_v_derive() against proofs/lib/derive_contract.h: section, FDE and tables
# any values (no size bound), one run per known ABI (PROOF_N: the ABI
# byte; sfv_validate calls it only for those, v->fast).  Loops: an
# FRE's data words (at most 15), derive's own over at most 8 words.
PROOF_SRCS.derive := src/common/rules.c src/sframe/classify.c \
  src/sframe/layout.c
PROOF_VARS.derive := 1 2 3 4
PROOF_FLAGS.derive := --unwind 16
# The harness includes the file that defines sfv_v_derive().
$(foreach v,$(PROOF_VARS.derive),$(eval $(PROVE_BUILD)/derive.$(v).ok: src/sframe/validate_derive.c))

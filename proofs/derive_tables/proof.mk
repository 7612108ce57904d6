# SPDX-License-Identifier: MIT
# The fast path's other table derivations against
# proofs/lib/derive_contract.h (harness.c): sfv_v_flex_derive (flex.<abi>),
# sfv_v_find_derive (find.<abi>, AMD64 and AArch64: the ABIs the fast path
# sends findings on) and sfv_v_memo_clean (memo.4, s390x), one run per
# known ABI (the value's number: the ABI byte); no size bound (they read no
# section byte).  Loops: an FRE's data words (at most 15).
PROOF_SRCS.derive_tables := src/common/rules.c src/sframe/classify.c \
  src/sframe/layout.c
PROOF_VARS.derive_tables := 1.flex 2.flex 3.flex 4.flex 1.find 2.find \
  3.find 4.memo
PROOF_FLAGS.derive_tables := --unwind 16
# flex_roles its contract (harness.c flex_roles_model, proved by
# proofs/flex_roles).
PROOF_GOTO.derive_tables := --replace-calls flex_roles:flex_roles_model
# find: the loops over the info byte's words, at most 3 (derive_post's
# SFV_V_FAST8; at a symbolic info byte they would unroll to 16, each
# turn two classifier calls).
$(foreach v,$(filter %.find,$(PROOF_VARS.derive_tables)),$(eval \
  PROOF_RUN_FLAGS.derive_tables.$(v) := --unwindset \
  sfv_v_find_derive.0:4,sfv_v_find_derive.2:4,sfv_v_find_derive.3:4,sfv_v_find_derive.4:4,sfv_v_find_derive.5:4,classify_raw_rec.0:4,classify_default.0:4))
$(foreach v,$(PROOF_VARS.derive_tables),\
  $(eval PROOF_DEFS.derive_tables.$(v) := -DPROOF_PART=$(if \
    $(findstring flex,$(v)),1,$(if $(findstring find,$(v)),2,3))))
# The harness includes the file that defines the derivations.
$(foreach v,$(PROOF_VARS.derive_tables),$(eval $(PROVE_BUILD)/derive_tables.$(v).ok: src/sframe/validate_derive.c))
# Minutes of CPU each (docs/PROOFS.md): the proved ones make prove,
# the rest pending.
derive_tables_proved := 4.memo
PROVE_SLOW += $(addprefix derive_tables.,$(derive_tables_proved))
PROVE_PENDING_RUNS += $(addprefix derive_tables.,\
  $(filter-out $(derive_tables_proved),$(PROOF_VARS.derive_tables)))

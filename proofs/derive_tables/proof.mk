# SPDX-License-Identifier: MIT
# The fast path's other table derivations against
# proofs/lib/derive_contract.h (harness.c): sfv_v_flex_derive
# (<n>.flex), sfv_v_find_derive (<n>.find) and sfv_v_memo_clean (4.memo,
# s390x); no size bound (they read no section byte).  Loops: an FRE's
# data words (at most 15).
#   <n>.flex, n = 0 .. 15: the info bytes of word count n (the harness
#     builds the byte from n, its other bits any), any known ABI; the 16
#     counts are the 16 classes of the 256 bytes.
#   <n>.find.a<abi>, n = 0 .. 3: the same for one ABI byte, AArch64 BE
#     (1), AArch64 LE (2), AMD64 (3): the ABIs the fast path sends
#     findings on (a run of the three at once: not done after 8 minutes
#     of CPU at n = 3); 4.find: that the precondition (derive_post's
#     SFV_V_FAST8) admits no count above 3, at any byte and ABI.
PROOF_SRCS.derive_tables := src/common/rules.c src/sframe/classify.c \
  src/sframe/layout.c
derive_tables_counts := 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
PROOF_VARS.derive_tables := $(addsuffix .flex,$(derive_tables_counts)) \
  $(foreach n,0 1 2 3,$(foreach a,1 2 3,$(n).find.a$(a))) 4.find 4.memo
PROOF_FLAGS.derive_tables := --unwind 16
# flex_roles its contract (harness.c flex_roles_model, proved by
# proofs/flex_roles).
PROOF_GOTO.derive_tables := --replace-calls flex_roles:flex_roles_model
# find: the loops over the info byte's words, at most 3 (derive_post's
# SFV_V_FAST8; the count, read out of a symbolic byte, does not fold:
# they would unroll to 16, each turn two classifier calls).
derive_tables_find := $(filter %.a1 %.a2 %.a3,$(PROOF_VARS.derive_tables))
$(foreach v,$(derive_tables_find),$(eval \
  PROOF_RUN_FLAGS.derive_tables.$(v) := --unwindset \
  sfv_v_find_derive.0:4,sfv_v_find_derive.2:4,sfv_v_find_derive.3:4,sfv_v_find_derive.4:4,sfv_v_find_derive.5:4,classify_raw_rec.0:4,classify_default.0:4))
$(foreach n,$(derive_tables_counts),$(eval \
  PROOF_DEFS.derive_tables.$(n).flex := -DPROOF_PART=1 -DPROOF_COUNT=$(n)))
$(foreach v,$(derive_tables_find),$(eval \
  PROOF_DEFS.derive_tables.$(v) := -DPROOF_PART=2 \
  -DPROOF_COUNT=$(firstword $(subst ., ,$(v))) -DPROOF_ABI=$(lastword $(subst .a, ,$(v)))))
PROOF_DEFS.derive_tables.4.find := -DPROOF_PART=4
PROOF_DEFS.derive_tables.4.memo := -DPROOF_PART=3 -DPROOF_ABI=4
# The harness includes the file that defines the derivations.
$(foreach v,$(PROOF_VARS.derive_tables),$(eval $(PROVE_BUILD)/derive_tables.$(v).ok: src/sframe/validate_derive.c))
# Minutes of CPU each (docs/PROOFS.md): make prove (every run proves).
derive_tables_proved := $(addsuffix .flex,$(derive_tables_counts)) \
  0.find.a1 0.find.a2 0.find.a3 1.find.a1 1.find.a2 1.find.a3 \
  2.find.a1 2.find.a2 2.find.a3 3.find.a1 3.find.a2 3.find.a3 4.find 4.memo
PROVE_SLOW += $(addprefix derive_tables.,$(derive_tables_proved))
PROVE_PENDING_RUNS += $(addprefix derive_tables.,\
  $(filter-out $(derive_tables_proved),$(PROOF_VARS.derive_tables)))

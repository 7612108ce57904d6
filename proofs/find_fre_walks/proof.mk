# SPDX-License-Identifier: MIT
# lookup.c's two FRE walks by induction (harness.c), at N = 64: the
# sorted walk's entry (64.e), its turn per start address size (64.a1,
# 64.a2, 64.a4), the full walk's turn per FRE type (64.t0 .. 64.t3, 3 for
# every undefined one).  No loop: a turn is one loop body; sfv_ld's bytes
# (9).
PROOF_SRCS.find_fre_walks := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.find_fre_walks := --unwind 9
PROOF_VARS.find_fre_walks := 64.e 64.a1 64.a2 64.a4 64.t0 64.t1 64.t2 64.t3
PROOF_DEFS.find_fre_walks.64.e := -DPROOF_STEP=0
$(foreach a,1 2 4,$(eval \
  PROOF_DEFS.find_fre_walks.64.a$(a) := -DPROOF_STEP=1 -DPROOF_ASZ=$(a)))
$(foreach t,0 1 2 3,$(eval \
  PROOF_DEFS.find_fre_walks.64.t$(t) := -DPROOF_STEP=2 -DPROOF_FRE_TYPE=$(t)))
# The harness includes the file that defines the walks.
$(foreach v,$(PROOF_VARS.find_fre_walks),$(eval \
  $(PROVE_BUILD)/find_fre_walks.$(v).ok: src/lookup/lookup.c))

# SPDX-License-Identifier: MIT
# Induction over the walk, split (harness.c): the init step, and one next
# step per FRE type (0..2, and 3 for every undefined type).  No loop
# depends on N; sfv_fre_words_ decodes at most 15 data words, and
# fre_decoded (fre_next_post) checks the 15 word slots.  Splitting
# the next step further by data-word size code (PROOF_DW_CODE) did not pay:
# type 0 with code 0 and type 2 with code 2 took the same CPU time.
PROOF_SRCS.sfv_fre_next := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fre_next := --unwind 9 \
  --unwindset sfv_fre_words_.0:16,fre_decoded.0:16
PROOF_VARS.sfv_fre_next := 64.init 64.t0 64.t1 64.t2 64.t3
PROOF_DEFS.sfv_fre_next.64.init := -DPROOF_STEP=0
$(foreach t,0 1 2 3,$(eval \
  PROOF_DEFS.sfv_fre_next.64.t$(t) := -DPROOF_STEP=1 -DPROOF_FRE_TYPE=$(t)))

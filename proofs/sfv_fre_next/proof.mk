# SPDX-License-Identifier: MIT
# One step from any iterator satisfying the invariant (induction over the
# walk): no loop depends on N; sfv_fre_words_ decodes at most 15 data
# words.  Not yet within the budget (docs/PROOFS.md): run with make
# prove-one.
PROVE_PENDING += sfv_fre_next
PROOF_SRCS.sfv_fre_next := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fre_next := --unwind 9 --unwindset sfv_fre_words_.0:16
PROOF_VARS.sfv_fre_next := 64

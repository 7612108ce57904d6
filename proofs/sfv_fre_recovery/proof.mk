# SPDX-License-Identifier: MIT
# Section, FDE and FRE are models (proofs/lib/section_proof.h): no size
# bound.  The only loops walk an FRE's data words (at most 15): unwind 16.
PROOF_SRCS.sfv_fre_recovery := src/sframe/classify.c src/sframe/interp.c \
  src/sframe/layout.c
PROOF_FLAGS.sfv_fre_recovery := --unwind 16

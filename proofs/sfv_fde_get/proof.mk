# SPDX-License-Identifier: MIT
# Run value: the section size bound N.  No loop depends on N (the only
# loop is sfv_ld's byte loop, at most 8 bytes): unwind 9.
PROOF_SRCS.sfv_fde_get := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fde_get := --unwind 9
PROOF_VARS.sfv_fde_get := 256

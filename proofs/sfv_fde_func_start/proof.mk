# SPDX-License-Identifier: MIT
# Run value: the section size bound N (the FDE sfv_fde_get decodes from
# it).  No loop depends on N: unwind 9 (sfv_ld's byte loop).
PROOF_SRCS.sfv_fde_func_start := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.sfv_fde_func_start := --unwind 9
PROOF_VARS.sfv_fde_func_start := 64 256
PROVE_SLOW += sfv_fde_func_start.256

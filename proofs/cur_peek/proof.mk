# SPDX-License-Identifier: MIT
# Each load width in its own run; the 8-byte one takes minutes.
PROOF_VARS.cur_peek := 1 2 3 4 5 6 7 8
PROVE_SLOW += cur_peek.8
PROOF_FLAGS.cur_peek := --unwind 9

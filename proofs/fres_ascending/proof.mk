# SPDX-License-Identifier: MIT
# One turn of fres_ascending's loop (harness.c), one run per FRE type
# (0..2, and 3 for every undefined one), at N = 64.  No loop: the step
# decodes no data word.
PROOF_SRCS.fres_ascending := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.fres_ascending := --unwind 9
PROOF_VARS.fres_ascending := 64.t0 64.t1 64.t2 64.t3
$(foreach t,0 1 2 3,$(eval \
  PROOF_DEFS.fres_ascending.64.t$(t) := -DPROOF_FRE_TYPE=$(t)))

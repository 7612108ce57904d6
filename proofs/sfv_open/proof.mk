# SPDX-License-Identifier: MIT
# One run per version x byte order at N = 64: at most 2 FDEs (sfv_open.0),
# 3 steps with the exit.  No FRE walk and no bucket loop is unrolled:
# fres_ascending (static) is replaced by its model through goto-instrument
# (its lemma: proofs/fres_ascending), and sfv_fde_buckets_fill by the
# harness's stub of its contract (its lemma: proofs/sfv_fde_buckets), so
# fde_buckets.c is not linked.
PROOF_SRCS.sfv_open := proofs/sfv_open/fres_ascending_model.c \
  src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.sfv_open := --replace-calls fres_ascending:fres_ascending_model
PROOF_FLAGS.sfv_open := --unwind 9 \
  --unwindset sfv_open_header.0:13,sfv_open.0:3
PROOF_VARS.sfv_open := $(addsuffix .64,$(PROOF_SPLITS))
# 50-100 s of CPU each: make prove (docs/PROOFS.md, the budget).
PROVE_SLOW += $(addprefix sfv_open.,$(PROOF_VARS.sfv_open))

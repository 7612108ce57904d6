# SPDX-License-Identifier: MIT
# probe_start against proof_fde_start (harness.c), one run per version x
# byte order at N = 64 (any counted FDE).  Loops: sfv_ld's bytes (9).
PROOF_SRCS.fde_buckets_probe := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.fde_buckets_probe := --unwind 9
PROOF_VARS.fde_buckets_probe := $(addsuffix .64,$(PROOF_SPLITS))

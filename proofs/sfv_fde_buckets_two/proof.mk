# SPDX-License-Identifier: MIT
# sfv_fde_buckets_fill (proofs/sfv_fde_buckets) on a model section of at
# most PROOF_MAX_FDES = 2 FDEs (the order between them), one run per version x byte order at
# N = 64, with 4 buckets (PROOF_LOOKUP_BUCKETS, src/sfv_decode.h, CBMC
# only; the lookup proofs' count) and with the shipped 256 (.256 runs).
# Its FDE loop's body, fill_fde (static), is replaced by the model of its
# proved step (fill_fde_model.c; the lemma: proofs/fde_buckets_step), so
# no FDE's bucket fill is unrolled.  goto-cc compiles the run: its -D
# options are the run's (PROOF_DEFS).
# Loops: the shift search (.0) at most 64 steps (a span below 2^64); the
# FDE loop (.1) and the harness's (main.0) 2 steps; fill_rest's and the
# invariant's over the buckets (buckets + 2); its over the FDEs (3).
PROOF_SRCS.sfv_fde_buckets_two := proofs/sfv_fde_buckets_two/fill_fde_model.c \
  src/sframe/fde_buckets.c src/sframe/decode.c src/sframe/layout.c
PROOF_GOTO.sfv_fde_buckets_two := --replace-calls fill_fde:fill_fde_model
PROOF_FLAGS.sfv_fde_buckets_two := --unwind 9 --unwindset \
  main.0:3,sfv_fde_buckets_fill.0:65,sfv_fde_buckets_fill.1:3,fill_inv_all.0:3
PROOF_VARS.sfv_fde_buckets_two := $(addsuffix .64,$(PROOF_SPLITS)) \
  $(addsuffix .64.256,$(PROOF_SPLITS))
$(foreach s,$(PROOF_SPLITS),$(eval \
  PROOF_DEFS.sfv_fde_buckets_two.$(s).64 := -DPROOF_MAX_FDES=2 \
    -DPROOF_LOOKUP_BUCKETS=4)$(eval \
  PROOF_DEFS.sfv_fde_buckets_two.$(s).64.256 := -DPROOF_MAX_FDES=2)$(eval \
  PROOF_RUN_FLAGS.sfv_fde_buckets_two.$(s).64 := \
    --unwindset fill_rest.0:6,fill_inv_all.1:6)$(eval \
  PROOF_RUN_FLAGS.sfv_fde_buckets_two.$(s).64.256 := \
    --unwindset fill_rest.0:258,fill_inv_all.1:258))
# Measured (docs/PROOFS.md, "The bucket lemma with two FDEs"): the runs
# that passed go to make prove-all (4-20 min of CPU each); the others are
# written and not yet run to the end (PROVE_PENDING_RUNS; make
# build/prove/sfv_fde_buckets_two.<run>.ok runs one).
fb2_passed := 1le.64 1be.64 3le.64
PROVE_PENDING_RUNS += $(addprefix sfv_fde_buckets_two.,\
  $(filter-out $(fb2_passed),$(PROOF_VARS.sfv_fde_buckets_two)))
PROVE_SLOW += $(addprefix sfv_fde_buckets_two.,$(fb2_passed))

# SPDX-License-Identifier: MIT
# One turn of sfv_fde_buckets_fill's FDE loop (harness.c) at N = 64 with
# at most 2 FDEs (the order between them), one run per version x byte
# order x FDE (PROOF_FDE_I: the turn of FDE 0, the turn of FDE 1), with
# 4 buckets (PROOF_LOOKUP_BUCKETS, the lookup proofs' count; runs
# <split>.64.i<n>) and with the shipped 256 (runs <split>.64.i<n>.256);
# and the slices' order (64.mono), which the turns assume.  Loops: the
# turn's bucket fill and the invariant's over the buckets (buckets + 2),
# the harness's and the invariant's over the FDEs (3), sfv_ld's bytes (9).
PROOF_SRCS.fde_buckets_step := src/sframe/decode.c src/sframe/layout.c
PROOF_FLAGS.fde_buckets_step := -DPROOF_MAX_FDES=2 --unwind 9
fbs_runs4 := $(foreach s,$(PROOF_SPLITS),$(s).64.i0 $(s).64.i1)
fbs_runs256 := $(addsuffix .256,$(fbs_runs4))
PROOF_VARS.fde_buckets_step := 64.mono $(fbs_runs4) $(fbs_runs256)
# The runs that passed (docs/PROOFS.md, "The bucket lemma with two
# FDEs"); the others are written and not yet run within the budget
# (3le.64.i0 not done after 217 s of CPU; 3be and the .256 runs not run):
# PROVE_PENDING_RUNS, which make prove-all skips (make
# build/prove/fde_buckets_step.<run>.ok runs one).
fbs_passed := 1le.64.i0 1le.64.i1 1be.64.i0 1be.64.i1 2le.64.i0 2le.64.i1 \
  2be.64.i0 2be.64.i1 3le.64.i1
PROVE_PENDING_RUNS += $(addprefix fde_buckets_step.,\
  $(filter-out $(fbs_passed),$(fbs_runs4) $(fbs_runs256)))
PROOF_DEFS.fde_buckets_step.64.mono := -DPROOF_MONO
$(foreach v,$(fbs_runs4),$(eval \
  PROOF_DEFS.fde_buckets_step.$(v) := -DPROOF_LOOKUP_BUCKETS=4 \
    -DPROOF_FDE_I=$(subst i,,$(lastword $(subst ., ,$(v)))))$(eval \
  PROOF_RUN_FLAGS.fde_buckets_step.$(v) := \
    --unwindset fill_fde.0:6,fill_inv_all.1:6))
$(foreach v,$(fbs_runs256),$(eval \
  PROOF_DEFS.fde_buckets_step.$(v) := \
    -DPROOF_FDE_I=$(subst i,,$(word 3,$(subst ., ,$(v)))))$(eval \
  PROOF_RUN_FLAGS.fde_buckets_step.$(v) := \
    --unwindset fill_fde.0:258,fill_inv_all.1:258))
# The harness includes the file that defines fill_fde.
$(foreach v,$(PROOF_VARS.fde_buckets_step),$(eval \
  $(PROVE_BUILD)/fde_buckets_step.$(v).ok: src/sframe/fde_buckets.c))
# 4-91 s of CPU each (docs/PROOFS.md): make prove-all.
PROVE_SLOW += $(addprefix fde_buckets_step.,$(fbs_runs4) $(fbs_runs256))

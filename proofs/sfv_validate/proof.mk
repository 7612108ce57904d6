# SPDX-License-Identifier: MIT
# Runs at N = 64 (docs/PROOFS.md, "The whole validator"); each loop's
# bound is derived from N by unwindset.sh, every other loop gets
# --unwind 1 (so a loop missing there fails the run).  Only what
# sfv_validate links: fewer candidate targets for each call through a
# function pointer.
PROOF_SRCS.sfv_validate := proofs/sfv_validate/derive_model.c \
  proofs/sfv_validate/deliver_model.c \
  proofs/sfv_validate/fast_model.c proofs/sfv_validate/walk_model.c \
  proofs/sfv_validate/fde_index_model.c proofs/sfv_validate/clean_model.c \
  proofs/sfv_validate/cross_model.c \
  src/common/rules.c src/sframe/classify.c \
  src/sframe/decode.c src/sframe/fde_buckets.c src/sframe/layout.c \
  src/sframe/trailing.c $(wildcard src/sframe/validate*.c)
# Lemmas in place of code (docs/PROOFS.md): sfv_v_derive() (in
# validate_derive.c), the fast path, the FRE walk and stage 4's FDE-level
# passes are replaced by models of their contracts
# (proofs/lib/*_contract.h).
PROOF_GOTO.sfv_validate := --replace-calls sfv_v_derive:derive_model \
  --replace-calls sfv_v_fast_fres:fast_model_fres \
  --replace-calls sfv_v_fast_fres_find:fast_model_find \
  --replace-calls sfv_v_walk_fres:walk_model_fres \
  --replace-calls sfv_v_walk_fres_quiet:walk_model_quiet \
  --replace-calls check_fde_index:fde_index_model \
  --replace-calls all_starts_zero:starts_zero_model \
  --replace-calls sfv_v_clean_pass:clean_model_pass \
  --replace-calls sfv_v_func_overlap_filled:cross_model_func_overlap \
  --replace-calls sfv_v_blocks_ordered:cross_model_blocks_ordered \
  --replace-calls sfv_v_blocks_fallback:cross_model_blocks_fallback
# Runs N.<split>: the sections the preamble refuses (v0), then each
# version and byte order of the sections that open, each split again by
# the ABI byte (a1 .. a4, a0 every other value; harness.c): one copy of
# each classifier's ABI code per run.  The section and the scratch are
# tails of their allocations (every access at an unsigned offset from
# them) and the unused lookup buckets are 1 (docs/PROOFS.md,
# "Assumptions").  The findings the models send are one burst each
# (PROOF_BURST: proofs/lib/burst_model.h, deliver()'s lemma applied to
# them), and each model's entry checks deliver()'s invariant (the frame)
# and the fast path's tables as sfv_validate zeroed them
# (PROOF_TABLE_FRAME: proofs/lib/table_frame.h).
# Each split is two runs: N.<split> every check but the cap, the counts
# and the frame (PROOF_UB_ONLY), the real deliver(); N.<split>.cap those
# and the harness's and models' other assertions, without the
# undefined-behaviour checks the first run makes, deliver() its proved
# contract (deliver_model.c): with the real deliver() the solver proved
# the counts through chains of additions and took minutes more
# (docs/PROOFS.md).
PROOF_VALIDATE_SPLITS := v0 $(foreach s,1le 1be 2le 2be 3le 3be,\
  $(addprefix $(s).a,0 1 2 3 4))
PROOF_VARS.sfv_validate := $(foreach n,64,$(foreach s,$(PROOF_VALIDATE_SPLITS),$(n).$(s) $(n).$(s).cap))
PROOF_FLAGS.sfv_validate := --unwind 1 --slice-formula
proof_validate_split = $(word 2,$(subst ., ,$(1)))
proof_validate_abi = $(filter a%,$(word 3,$(subst ., ,$(1))))
proof_validate_vo = $(firstword $(subst .a, ,$(call proof_validate_split,$(1))))
$(foreach v,$(PROOF_VARS.sfv_validate),\
  $(eval PROOF_DEFS.sfv_validate.$(v) := -DPROOF_LOOKUP_BUCKETS=1 \
    -DPROOF_SECTION_BUFFER=proof_buffer_tail \
    -DPROOF_SCRATCH_BUFFER=proof_buffer_tail \
    -DPROOF_VERSION=$(subst v,,$(subst le,,$(subst be,,$(call proof_validate_vo,$(v))))) \
    -DPROOF_BE=$(if $(findstring be,$(v)),1,0) \
    -DPROOF_BURST -DPROOF_TABLE_FRAME $(if $(filter %.cap,$(v)),,-DPROOF_UB_ONLY) \
    $(if $(call proof_validate_abi,$(v)),-DPROOF_ABI=$(subst a,,$(call proof_validate_abi,$(v))))) \
  $(if $(filter %.cap,$(v)),$(eval PROOF_CHECKS.sfv_validate.$(v) := --unwinding-assertions) \
    $(eval PROOF_GOTO_RUN.sfv_validate.$(v) := --remove-function-pointers \
      --replace-calls+deliver:deliver_model)) \
  $(eval PROOF_RUN_FLAGS.sfv_validate.$(v) = --unwindset '$$(shell proofs/sfv_validate/unwindset.sh $(firstword $(subst ., ,$(v))))'))
# Every run takes one to three minutes of CPU: make prove, but for
# 64.1le.a1 (about 55 s) in make prove-quick.  The runs measured to prove are
# PROOF_VALIDATE_PROVED; the others are not yet run (PROVE_PENDING_RUNS,
# make prove-one PROOF=sfv_validate runs every one).
PROOF_VALIDATE_PROVED := 64.3le.a3 64.3le.a3.cap 64.1le.a1 64.2le.a3 \
  64.3be.a4 64.1be.a2 64.2be.a0 64.3le.a0 64.3le.a1 64.3le.a2 64.3le.a4 \
  64.1le.a0 64.1le.a2 64.1le.a3 64.1le.a4 64.1be.a0 64.1be.a1 64.1be.a3 \
  64.1be.a4 64.2le.a0 64.2le.a1 64.2le.a2 64.2le.a4 64.2be.a1 64.2be.a2 \
  64.2be.a3 64.2be.a4 64.3be.a0 64.3be.a1 64.3be.a2 64.3be.a3 64.v0 \
  64.2le.a3.cap 64.1le.a1.cap 64.1be.a2.cap 64.3be.a4.cap 64.2be.a0.cap 64.3le.a0.cap \
  64.1le.a0.cap 64.2le.a1.cap 64.1be.a0.cap 64.3be.a0.cap 64.2be.a1.cap \
  64.v0.cap 64.2le.a0.cap 64.1le.a2.cap 64.3le.a1.cap 64.3be.a1.cap \
  64.1le.a3.cap 64.1le.a4.cap 64.1be.a1.cap 64.1be.a3.cap 64.1be.a4.cap \
  64.2le.a2.cap 64.2le.a4.cap 64.2be.a2.cap 64.2be.a3.cap 64.2be.a4.cap \
  64.3le.a2.cap 64.3le.a4.cap 64.3be.a2.cap 64.3be.a3.cap
PROVE_SLOW += $(addprefix sfv_validate.,$(filter-out 64.1le.a1,$(PROOF_VARS.sfv_validate)))
PROVE_PENDING_RUNS += $(addprefix sfv_validate.,\
  $(filter-out $(PROOF_VALIDATE_PROVED),$(PROOF_VARS.sfv_validate)))

# SPDX-License-Identifier: MIT
# Not yet within the budget (docs/PROOFS.md): run with make prove-one.
# One run per section size bound N; each loop's bound is derived from N by
# unwindset.sh, every other loop gets --unwind 1 (so a loop missing there
# fails the run).  Only what sfv_validate links: fewer candidate targets
# for each call through a function pointer.
PROVE_PENDING += sfv_validate
PROOF_SRCS.sfv_validate := proofs/sfv_validate/derive_model.c \
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
# "Assumptions").  Above N = 32 the runs check no undefined behaviour and
# the callback's diagnostics, not the cap and counts (PROOF_UB_ONLY:
# proofs/sfv_v_deliver proves those for any state).
PROOF_VALIDATE_SPLITS := v0 $(foreach s,1le 1be 2le 2be 3le 3be,\
  $(addprefix $(s).a,0 1 2 3 4))
PROOF_VARS.sfv_validate := $(foreach n,32 40 48 64,$(addprefix $(n).,$(PROOF_VALIDATE_SPLITS)))
PROOF_FLAGS.sfv_validate := --unwind 1 --slice-formula
proof_validate_split = $(word 2,$(subst ., ,$(1)))
proof_validate_vo = $(firstword $(subst .a, ,$(call proof_validate_split,$(1))))
$(foreach v,$(PROOF_VARS.sfv_validate),\
  $(eval PROOF_DEFS.sfv_validate.$(v) := -DPROOF_LOOKUP_BUCKETS=1 \
    -DPROOF_SECTION_BUFFER=proof_buffer_tail \
    -DPROOF_SCRATCH_BUFFER=proof_buffer_tail \
    -DPROOF_VERSION=$(subst v,,$(subst le,,$(subst be,,$(call proof_validate_vo,$(v))))) \
    -DPROOF_BE=$(if $(findstring be,$(v)),1,0) \
    $(if $(filter 32,$(firstword $(subst ., ,$(v)))),,-DPROOF_UB_ONLY) \
    $(if $(findstring .a,$(v)),-DPROOF_ABI=$(lastword $(subst .a, ,$(v))))) \
  $(eval PROOF_RUN_FLAGS.sfv_validate.$(v) = --unwindset '$$(shell proofs/sfv_validate/unwindset.sh $(firstword $(subst ., ,$(v))))'))

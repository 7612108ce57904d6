# SPDX-License-Identifier: MIT
# The FRE fast path against proofs/lib/fast_contract.h (harness.c), by
# induction over fast_a's loops: the masked loops' turns (clean, find) and
# one turn of fast_loop (turn0, turn1: find 0 and 1), each at any start
# size (1, 2, 4) and byte order (the turns take both as arguments; each
# fast_a copy passes constants), and the ends (ends0, ends1: both entry
# points, every copy).  Lemmas in place of code (models.c,
# proofs/sfv_validate/derive_model.c, the loops' models in harness.c).
# Sections of up to N = 64 bytes: nothing but the loops' models' findings
# (at most one per byte) depends on N.  One lookup bucket
# (PROOF_LOOKUP_BUCKETS: the fast path never reads them).
PROOF_SRCS.sfv_v_fast_fres := proofs/sfv_v_fast_fres/models.c \
  proofs/sfv_validate/derive_model.c
PROOF_GOTO.sfv_v_fast_fres := \
  --replace-calls sfv_v_derive:derive_model \
  --replace-calls sfv_v_flex_derive:flex_derive_model \
  --replace-calls sfv_v_find_derive:find_derive_model \
  --replace-calls sfv_v_memo_clean:memo_clean_model \
  --replace-calls fast_clean_run:fast_clean_run_model \
  --replace-calls fast_find_run:fast_find_run_model \
  --replace-calls fast_loop:fast_loop_model
PROOF_VARS.sfv_v_fast_fres := 64.clean 64.find 64.turn0 64.turn1 64.ends0 \
  64.ends1
# sfv_ld's byte loop (8), find_send's words (3), the template check (8).
PROOF_FLAGS.sfv_v_fast_fres := --unwind 9
# parts: clean 1, find 2, turn 3, ends 4 (harness.c); a value's third
# word a<asz><le|be> would fix the start size and byte order (a run of one
# copy; none is listed: the runs above cover every copy).
fast_part = $(if $(findstring clean,$(1)),1,$(if $(findstring find,$(1)),2,$(if $(findstring turn,$(1)),3,4)))
$(foreach v,$(PROOF_VARS.sfv_v_fast_fres),\
  $(eval PROOF_DEFS.sfv_v_fast_fres.$(v) := \
    -DPROOF_PART=$(call fast_part,$(v)) -DPROOF_LOOKUP_BUCKETS=1 \
    $(if $(filter turn1 ends1,$(word 2,$(subst ., ,$(v)))),-DPROOF_FIND=1) \
    $(if $(word 3,$(subst ., ,$(v))),\
      -DPROOF_ASZ=$(subst a,,$(subst le,,$(subst be,,$(word 3,$(subst ., ,$(v)))))) \
      -DPROOF_BE=$(if $(findstring be,$(word 3,$(subst ., ,$(v)))),1,0))))
# The harness includes the file that defines the turns.
$(foreach v,$(PROOF_VARS.sfv_v_fast_fres),$(eval $(PROVE_BUILD)/sfv_v_fast_fres.$(v).ok: src/sframe/validate_fast.c proofs/sfv_v_fast_fres/models.c))
# Over half a minute of CPU each (57-256 s, docs/PROOFS.md): make
# prove.
PROVE_SLOW += $(addprefix sfv_v_fast_fres.,$(PROOF_VARS.sfv_v_fast_fres))

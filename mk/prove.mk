# SPDX-License-Identifier: MIT
# mk/prove.mk - CBMC proofs of libsfv (proofs/, docs/PROOFS.md).
#
#   make prove        every harness and every variant (PROVE_ALL): hours of
#                     CPU (docs/PROOFS.md, "Running the proofs")
#   make prove-quick  the runs of PROVE_QUICK, every run not in PROVE_SLOW
#                     (make test runs it; under 10 minutes on 2 cores,
#                     docs/PROOFS.md)
#   make prove-one PROOF=cur_un   one harness, all its variants
#   make prove-status / prove-stale / prove-ledger   the proof ledger
#                     (proofs/ledger.tsv: which runs passed on the inputs
#                     they have now; below)
# make -j2 runs two proofs at once.
#
# A harness is proofs/<name>/harness.c; proofs/<name>/proof.mk may set
#   PROOF_SRCS.<name>   library sources it needs (default: none, the
#                       harness includes the headers it proves)
#   PROOF_FLAGS.<name>  more cbmc options (--unwind, --unwindset, -D...)
#   PROOF_VARS.<name>   values of PROOF_N, one cbmc run each (default: one
#                       run without PROOF_N); a value of PROOF_SPLITS (1le
#                       ... 3be) defines PROOF_VERSION and PROOF_BE
#                       instead (proofs/lib/section_proof.h), a value
#                       <split>.<n> also PROOF_MAX_SIZE=<n>
#                       (any other value <n> or <n>.<tag>: PROOF_N=<n>;
#                       the tag only names the run)
#   PROOF_DEFS.<name>.<value>  more -D options for that run's compilation
#   PROOF_RUN_FLAGS.<name>.<value>  more cbmc options for that run only
#                       (expanded when the run starts: bounds derived from
#                       PROOF_N by a script of the harness)
#   PROOF_CHECKS.<name>.<value>  the checks of that run in place of
#                       CBMC_CHECKS (a run that proves the harness's
#                       assertions only, beside one that makes the checks)
#   PROOF_GOTO.<name>   goto-instrument options (e.g. --replace-calls f:g,
#                       the one way to put a model in place of a static
#                       function): the run then compiles the harness and
#                       sources with goto-cc, applies them, and runs cbmc
#                       on the result
#   PROOF_GOTO_RUN.<name>.<value>  more goto-instrument passes for that
#                       run only, each a word, its options joined by +
#                       (e.g. --remove-function-pointers, then
#                       --replace-calls+f:g for a function only reached
#                       through a pointer)
# and add runs (name or name.value) that take minutes to PROVE_SLOW, which
# only make prove runs (not make prove-quick), and harnesses that do not yet prove within the
# budget to PROVE_PENDING, which neither runs (make prove-one runs them;
# docs/PROOFS.md lists them with what was measured); single runs (name.value)
# of a harness that otherwise proves go to PROVE_PENDING_RUNS.
# Each run writes build/prove/<name>[.<value>].log; a run passes only when
# cbmc says VERIFICATION SUCCESSFUL (every property, unwinding assertions
# included).  CBMC is trixie's, private under .deps/cbmc/
# (scripts/install-deps.sh cbmc).

CBMC_ENV := .deps/cbmc/cbmc.env
CBMC_PROG := .deps/cbmc/bin/cbmc
PROVE_BUILD := $(BUILD)/prove
# The checks (docs/PROOFS.md says which others were left out and why).
CBMC_CHECKS := --bounds-check --pointer-check --pointer-overflow-check \
               --signed-overflow-check --undefined-shift-check \
               --div-by-zero-check --unwinding-assertions \
               --pointer-primitive-check --enum-range-check
CBMC_CPPFLAGS := -I src -I proofs/lib -D_DEFAULT_SOURCE
CBMC_CFLAGS := $(CBMC_CPPFLAGS) --object-bits 12
GOTO_CC := .deps/cbmc/bin/goto-cc
GOTO_INSTRUMENT := .deps/cbmc/bin/goto-instrument
PROOF_CORE := src/common/rules.c $(wildcard src/sframe/*.c src/lookup/*.c)

# Version x byte order: the six runs that cover every section that opens.
PROOF_SPLITS := 1le 1be 2le 2be 3le 3be
# cbmc options of run value $(2) of harness $(1)
proof_split_defs = -DPROOF_VERSION=$(subst le,,$(subst be,,$(1))) \
  -DPROOF_BE=$(if $(findstring be,$(1)),1,0)
proof_defs = $(if $(filter $(PROOF_SPLITS),$(firstword $(subst ., ,$(2)))),\
  $(call proof_split_defs,$(firstword $(subst ., ,$(2)))) \
  $(if $(word 2,$(subst ., ,$(2))),-DPROOF_MAX_SIZE=$(word 2,$(subst ., ,$(2)))),\
  -DPROOF_N=$(firstword $(subst ., ,$(2)))) $(PROOF_DEFS.$(1).$(2))

PROVE_SLOW :=
PROVE_PENDING :=
PROVE_PENDING_RUNS :=
PROOFS := $(sort $(patsubst proofs/%/harness.c,%,$(wildcard proofs/*/harness.c)))
-include $(wildcard proofs/*/proof.mk)

# name or name.value for every run of a harness
proof_runs = $(if $(PROOF_VARS.$(1)),$(addprefix $(1).,$(PROOF_VARS.$(1))),$(1))
PROVE_ALL := $(filter-out $(PROVE_PENDING_RUNS),\
  $(foreach p,$(filter-out $(PROVE_PENDING),$(PROOFS)),$(call proof_runs,$(p))))
PROVE_QUICK := $(filter-out $(PROVE_SLOW),$(PROVE_ALL))

$(CBMC_ENV):
	scripts/install-deps.sh cbmc

# A run depends on its harness, proof.mk, scripts and sources, on every
# file the preprocessor reads for it (build/prove/<run>.d, written by
# gcc -MM with the run's own defines before each run), and on its command
# (build/prove/<run>.cmd, rewritten only when it changes): a change to one
# header, or to one run's options, redoes only the runs it touches.
PROOF_DEPS := $(CBMC_ENV)

# proof_cbmc NAME RUN DEFINES: the commands of one run (cbmc on the
# sources, or on the goto program goto-cc and goto-instrument made;
# goto-cc is told __CPROVER__, which cbmc's own front end defines, so
# both routes compile the same code: src/sfv_decode.h's proof bucket count).
proof_cbmc = $(if $(PROOF_GOTO.$(1)),\
  $(GOTO_CC) $(CBMC_CPPFLAGS) -D__CPROVER__=1 $(3) proofs/$(1)/harness.c $(PROOF_SRCS.$(1)) \
    -o $(PROVE_BUILD)/$(2).gb && \
  $(GOTO_INSTRUMENT) $(PROOF_GOTO.$(1)) $(PROVE_BUILD)/$(2).gb $(PROVE_BUILD)/$(2).gb && \
  $(foreach o,$(PROOF_GOTO_RUN.$(2)),$(GOTO_INSTRUMENT) $(subst +, ,$(o)) $(PROVE_BUILD)/$(2).gb $(PROVE_BUILD)/$(2).gb &&) \
  $(CBMC_PROG) --object-bits 12 $(PROVE_BUILD)/$(2).gb,\
  $(CBMC_PROG) $(CBMC_CFLAGS) $(3) proofs/$(1)/harness.c $(PROOF_SRCS.$(1)))

# proof_cmd NAME RUN DEFINES: the whole command of one run.
# PROVE_EXTRA: more cbmc options for every run (make prove-mutants passes
# --stop-on-fail); empty, the command is as before.
proof_cmd = $(call proof_cbmc,$(1),$(2),$(3)) \
  $(or $(PROOF_CHECKS.$(2)),$(CBMC_CHECKS)) $(PROOF_FLAGS.$(1))$(if $(PROVE_EXTRA), $(PROVE_EXTRA))

# proof_deps NAME RUN DEFINES: build/prove/RUN.d, the files the
# preprocessor reads for the run's harness and sources (its include
# closure), as make rules for RUN.ok.
proof_deps = for f in proofs/$(1)/harness.c $(PROOF_SRCS.$(1)); do \
	   $(CC) -MM -MP -MT $(PROVE_BUILD)/$(2).ok $(CBMC_CPPFLAGS) -D__CPROVER__=1 $(3) $$$$f || exit 1; \
	 done >$(PROVE_BUILD)/$(2).d

# proof_rule NAME RUN DEFINES: build/prove/RUN.ok from one cbmc run, and
# RUN.cmd, its command (the run flags expanded), rewritten when it changes.
define proof_rule
$(PROVE_BUILD)/$(2).cmd: FORCE | $(PROVE_BUILD)
	@$$(file >$$@.new,$(call proof_cmd,$(1),$(2),$(3)) $$(PROOF_RUN_FLAGS.$(2)))
	@cmp -s $$@.new $$@ && rm -f $$@.new || mv $$@.new $$@
# RUN.in (never a file: make prove-inputs) writes RUN.cmd and RUN.d
# without running cbmc, for the ledger's hash.
$(PROVE_BUILD)/$(2).in: $(PROVE_BUILD)/$(2).cmd FORCE
	@$(call proof_deps,$(1),$(2),$(3))
$(PROVE_BUILD)/$(2).ok: proofs/$(1)/harness.c $(wildcard proofs/$(1)/proof.mk proofs/$(1)/*.sh) $(PROOF_SRCS.$(1)) $(PROOF_DEPS) $(PROVE_BUILD)/$(2).cmd
	@mkdir -p $(PROVE_BUILD); rm -f $$@
	@$(call proof_deps,$(1),$(2),$(3))
	@s=$$$$(date +%s); \
	 if { $(call proof_cmd,$(1),$(2),$(3)) $$(PROOF_RUN_FLAGS.$(2)); } >$(PROVE_BUILD)/$(2).log 2>&1 \
	    && grep -q '^VERIFICATION SUCCESSFUL' $(PROVE_BUILD)/$(2).log; then \
	   t=$$$$(( $$$$(date +%s) - s )); echo "prove: $(2) ok ($$$$t s)"; echo "$$$$t" >$$@; \
	 else \
	   echo "prove: $(2) FAILED ($(PROVE_BUILD)/$(2).log):"; \
	   grep -E 'FAILURE|^VERIFICATION|error|CONVERSION' $(PROVE_BUILD)/$(2).log | head -20; exit 1; \
	 fi
endef
$(foreach p,$(PROOFS),$(if $(PROOF_VARS.$(p)),\
  $(foreach v,$(PROOF_VARS.$(p)),$(eval $(call proof_rule,$(p),$(p).$(v),$(call proof_defs,$(p),$(v))))),\
  $(eval $(call proof_rule,$(p),$(p),))))

-include $(wildcard $(PROVE_BUILD)/*.d)
.PHONY: FORCE
FORCE:
# (made before a .cmd's recipe is expanded: its $(file) needs it)
$(PROVE_BUILD):
	@mkdir -p $@

.PHONY: prove prove-quick prove-one
prove-quick: $(addprefix $(PROVE_BUILD)/,$(addsuffix .ok,$(PROVE_QUICK)))
	@echo "make prove-quick: $(words $(PROVE_QUICK)) proof runs passed"
prove: $(addprefix $(PROVE_BUILD)/,$(addsuffix .ok,$(PROVE_ALL)))
	@echo "make prove: $(words $(PROVE_ALL)) proof runs passed"
	@$(PROVE_LEDGER) record $(PROVE_ALL)
prove-one: $(addprefix $(PROVE_BUILD)/,$(addsuffix .ok,$(call proof_runs,$(PROOF))))

# The proof ledger (proofs/ledger.tsv, scripts/prove-ledger.py): every run
# that passed, with the hash of its inputs (its command, its include
# closure, its proof.mk and scripts, the CBMC version).  A run whose
# inputs hash as recorded is proved for the tree as it is.
#   make prove-status   how many of make prove's runs the ledger covers
#                       for the tree as it is, and which it does not
#   make prove-stale    run only those, then record what passed (a
#                       campaign goes on across clones: commit the ledger)
#   make prove-ledger   record every run of build/prove that passed on
#                       the inputs it has now (make prove does at its end)
PROVE_LEDGER := $(PYTHON) scripts/prove-ledger.py --build $(PROVE_BUILD) \
  --ledger proofs/ledger.tsv --cbmc-env $(CBMC_ENV)
.PHONY: prove-inputs prove-status prove-stale prove-ledger
prove-inputs: $(CBMC_ENV) $(addprefix $(PROVE_BUILD)/,$(addsuffix .in,$(PROVE_ALL)))
prove-status: prove-inputs
	@$(PROVE_LEDGER) status $(PROVE_ALL)
prove-stale: prove-inputs
	@runs=$$($(PROVE_LEDGER) stale $(PROVE_ALL)); st=0; \
	 [ -z "$$runs" ] || $(MAKE) --no-print-directory -k \
	   $$(for r in $$runs; do echo $(PROVE_BUILD)/$$r.ok; done) || st=$$?; \
	 $(PROVE_LEDGER) record $(PROVE_ALL) && $(PROVE_LEDGER) status $(PROVE_ALL) && exit $$st
prove-ledger:
	@$(PROVE_LEDGER) record $(PROVE_ALL)

# make test runs make prove-quick two runs at a time, one per core (its loop
# passes no -j; each run is one single-threaded cbmc of at most ~1.3 GB).
.PHONY: prove-test
prove-test:
	@$(MAKE) --no-print-directory -j2 prove-quick
TEST_TARGETS += prove-test

# The fast path's tables (vctx's ft, vfast, find_n) are named only by the
# fast path, its derivations and sfv_validate's zeroing: the proofs' check
# of the tables' invariant rests on it (proofs/lib/table_frame.h).
.PHONY: check-fast-tables
check-fast-tables:
	@if grep -rnE '\b(ft|vfast|find_n)\b' src --include=*.c --include=*.h | \
	    grep -vE '^src/sframe/(validate\.c|validate\.h|validate_fast\.c|validate_derive\.c):'; then \
	  echo "check-fast-tables: the fast path's tables named outside validate_fast.c/validate_derive.c/validate.c" >&2; \
	  exit 1; fi
	@echo "check-fast-tables: only the fast path and sfv_validate's zeroing name the tables"
TEST_TARGETS += check-fast-tables

# Planted bugs the proofs must catch (proofs/mutants.txt,
# scripts/prove-mutants.py): each in a copy of the tree under
# build/mutants/, its proof run then expected to fail on the property it
# names.  A proof that cannot fail proves nothing.
#   make prove-mutants        every mutant (an hour of CPU and more)
#   make prove-mutants-quick  the quick tier (make test)
#   make check-mutants        every mutant still plants, in a run of make
#                             prove (no CBMC; make test)
PROVE_MUTANTS := $(PYTHON) scripts/prove-mutants.py --catalogue proofs/mutants.txt
.PHONY: prove-mutants prove-mutants-quick check-mutants
prove-mutants: $(CBMC_ENV)
	@MAKE=$(MAKE) $(PROVE_MUTANTS) --jobs 2
prove-mutants-quick: $(CBMC_ENV)
	@MAKE=$(MAKE) $(PROVE_MUTANTS) --tier quick --jobs 2
check-mutants:
	@$(PROVE_MUTANTS) --check "$(PROVE_ALL)"
TEST_TARGETS += check-mutants prove-mutants-quick

# SPDX-License-Identifier: MIT
# mk/coverage.mk - what the command's code is run by (docs/FUZZING.md,
# "Coverage of the command").
#
#   make coverage-cli   clang-19 source-based line/branch coverage of src/
#                       (library, src/fmt, src/cli) from (1) the CLI tests
#                       (COV_CLI_PYTESTS: mk/cli.mk's, dump, lookup, cfi,
#                       tests/hostile) against a CLI built with
#                       -fprofile-instr-generate -fcoverage-mapping, -j
#                       workers included (tests/tools/cov_exit.c), with the
#                       failure-injection shim (mk/fault.mk) for the sweep
#                       of tests/hostile/test_fault_sweep.py, and (2)
#                       the replay of corpus/ (COV_CLI_CORPORA) through
#                       every harness, the CLI's three included; a table
#                       per folder for each and both (tests/tools/cov_table.py),
#                       annotated sources in build/cov-cli/coverage.txt.
#                       Both sets are read through the CLI's binary: the
#                       replay's counts land on the same functions (same
#                       sources, same profile hashes).

COV_CLI_DIR := $(BUILD)/cov-cli
COV_CLI_PYTESTS ?= $(CLI_PYTESTS) tests/py/test_dump.py tests/py/test_lookup.py \
                   tests/py/test_cfi_cli.py tests/hostile
COV_CLI_CORPORA ?= corpus
COV_CLI_SRCS = $(LIB_SRCS) $(FMT_SRCS) $(CLI_SRCS)
COV_CLI_BIN := $(COV_CLI_DIR)/sframe-validate

.PHONY: coverage-cli

COV_CLI_FLAGS := -O0 -g -fprofile-instr-generate -fcoverage-mapping
$(COV_CLI_BIN): $(LIB_SRCS) $(FMT_SRCS) $(CLI_SRCS) $(LIB_HDRS) $(CLI_HDRS) tests/tools/cov_exit.c \
                tests/tools/fault.c
	$(MAKE) --no-print-directory BUILD=$(COV_CLI_DIR) CC=$(CLANG) CFLAGS="$(COV_CLI_FLAGS)" \
	  $(CLI_SRCS:src/%.c=$(COV_CLI_DIR)/obj/%.o) $(COV_CLI_DIR)/libsfvfmt.a $(COV_CLI_DIR)/libsfv.a
	$(CLANG) $(CSTD) $(WARN) -O0 -g -c tests/tools/fault.c -o $(COV_CLI_DIR)/fault.o
	$(CLANG) $(CSTD) $(WARN) $(COV_CLI_FLAGS) -Wl,--wrap=_exit $(FAULT_WRAPS) -o $@ \
	  $(CLI_SRCS:src/%.c=$(COV_CLI_DIR)/obj/%.o) $(COV_CLI_DIR)/fault.o \
	  tests/tools/cov_exit.c $(COV_CLI_DIR)/libsfvfmt.a $(COV_CLI_DIR)/libsfv.a

# The tests' profile is remade only when the CLI or the tests change.
# (mk/hostile.mk's HOSTILE_TOOL and BASELINE_PROBES, read after this file.)
$(COV_CLI_DIR)/tests.profdata: $(COV_CLI_BIN) $(COV_CLI_PYTESTS) $(SARIF_SCHEMA) \
                               $(BUILD)/hostile/workcount $(BUILD)/hostile/baseline_probes
	rm -rf $(COV_CLI_DIR)/prof/tests && mkdir -p $(COV_CLI_DIR)/prof/tests
	@# Tests run the CLI as nobody too (its profiles must be writable).
	chmod 1777 $(COV_CLI_DIR)/prof/tests
	-LLVM_PROFILE_FILE=$(CURDIR)/$(COV_CLI_DIR)/prof/tests/%p.profraw \
	  SFV_BIN=$(abspath $(COV_CLI_BIN)) SFV_FAULT_BIN=$(abspath $(COV_CLI_BIN)) \
	  SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) \
	  SFV_BASELINE_PROBES=$(abspath $(BASELINE_PROBES)) $(PYTHON) -m pytest -q -p no:cacheprovider $(COV_CLI_PYTESTS)
	$(LLVM_PROFDATA) merge -sparse -failure-mode=all -o $@ $(COV_CLI_DIR)/prof/tests/*.profraw

coverage-cli:
	scripts/install-deps.sh base clang
	$(MAKE) --no-print-directory $(COV_CLI_DIR)/tests.profdata $(FUZZ_COV_DIR)/sfv-fuzz-replay
	rm -rf $(COV_CLI_DIR)/prof/replay && mkdir -p $(COV_CLI_DIR)/prof/replay
	LLVM_PROFILE_FILE=$(COV_CLI_DIR)/prof/replay/%p.profraw SFV_LIBSFRAME_CRASH_DIR= \
	  SFV_FUZZ_TOLERATE='*' $(FUZZ_COV_DIR)/sfv-fuzz-replay $(COV_CLI_CORPORA)
	$(LLVM_PROFDATA) merge -sparse -failure-mode=all -o $(COV_CLI_DIR)/replay.profdata $(COV_CLI_DIR)/prof/replay/*.profraw
	$(LLVM_PROFDATA) merge -sparse -failure-mode=all -o $(COV_CLI_DIR)/all.profdata $(COV_CLI_DIR)/tests.profdata \
	  $(COV_CLI_DIR)/replay.profdata
	@for p in tests replay all; do \
	  $(LLVM_COV) export -summary-only -format=text $(COV_CLI_BIN) \
	    -instr-profile=$(COV_CLI_DIR)/$$p.profdata $(COV_CLI_SRCS) > $(COV_CLI_DIR)/$$p.json || exit 1; done
	$(LLVM_COV) show $(COV_CLI_BIN) \
	  -instr-profile=$(COV_CLI_DIR)/all.profdata -show-branches=count -format=text \
	  $(COV_CLI_SRCS) > $(COV_CLI_DIR)/coverage.txt
	@$(PYTHON) tests/tools/cov_table.py . "CLI tests=$(COV_CLI_DIR)/tests.json" \
	  "corpus replay=$(COV_CLI_DIR)/replay.json" "both=$(COV_CLI_DIR)/all.json"
	@echo "coverage-cli: annotated sources in $(COV_CLI_DIR)/coverage.txt"

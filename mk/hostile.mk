# SPDX-License-Identifier: MIT
# mk/hostile.mk - hostile files and environments (tests/hostile/): FIFOs,
# sockets, devices, directories, symlink loops, procfs/sysfs files, a file
# truncated while it is read, aliased relocation tables at doubling sizes
# (a work counter, never a timer), a sparse multi-GiB file under RLIMIT_AS,
# ar archives (GNU, BSD, thin, nested, hostile headers), baselines whose
# keys collide under an unkeyed hash (a probe counter), closed standard
# descriptors, untrusted text in every output format, the work of every
# mode on inputs of doubling size (build/probe/sframe-validate: the CLI
# built with -finstrument-functions, its function calls counted by
# tests/hostile/probe.c), each allocation and system call failed in turn
# (tests/hostile/test_fault_sweep.py, mk/fault.mk).
#
#   make test-hostile        the suite against build/sframe-validate
#   make test-hostile-asan   the same against the ASan+UBSan CLI of
#                            test-cli-asan (memory-limit cases skip there)

HOSTILE_TOOL := $(BUILD)/hostile/workcount
PROBE_BUILD := $(BUILD)/probe
PROBE_BIN := $(PROBE_BUILD)/sframe-validate
PROBE_CLI_OBJS := $(CLI_SRCS:src/%.c=$(PROBE_BUILD)/obj/%.o)
# The baseline tables' work counter: the CLI's objects but main.o.
BASELINE_PROBES := $(BUILD)/hostile/baseline_probes
CLI_LIB_OBJS = $(filter-out %/main.o,$(CLI_OBJS))

.PHONY: test-hostile test-hostile-asan

$(HOSTILE_TOOL): tests/hostile/workcount.c $(BUILD)/libsfv.a $(LIB_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libsfv.a

# The probe build's own objects (BUILD=$(PROBE_BUILD)), linked here with
# the counter instead of by the sframe-validate rule.
$(PROBE_BIN): tests/hostile/probe.c $(LIB_SRCS) $(LIB_HDRS) $(CLI_SRCS) $(CLI_HDRS) $(FMT_SRCS)
	$(MAKE) --no-print-directory BUILD=$(PROBE_BUILD) CFLAGS="-O1 -g -finstrument-functions" \
	  $(PROBE_BUILD)/libsfv.a $(PROBE_BUILD)/libsfvfmt.a $(PROBE_CLI_OBJS)
	$(CC) -O1 -o $@ $(PROBE_CLI_OBJS) tests/hostile/probe.c \
	  $(PROBE_BUILD)/libsfvfmt.a $(PROBE_BUILD)/libsfv.a

# The fuzz harnesses' sandbox (fuzz/fuzz_sandbox.h) alone.
SANDBOX_PROBE := $(BUILD)/hostile/sandbox_probe
$(SANDBOX_PROBE): tests/hostile/sandbox_probe.c fuzz/fuzz_sandbox.h fuzz/fuzz_helpers.h $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Ifuzz -o $@ $< $(BUILD)/libsfv.a

$(BASELINE_PROBES): tests/hostile/baseline_probes.c $(CLI_LIB_OBJS) $(BUILD)/libsfvfmt.a \
                    $(BUILD)/libsfv.a $(CLI_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(CLI_LIB_OBJS) $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

test-hostile: all $(HOSTILE_TOOL) $(BASELINE_PROBES) $(PROBE_BIN) $(FAULT_BIN) $(SANDBOX_PROBE)
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) \
	  SFV_FAULT_BIN=$(abspath $(FAULT_BIN)) SFV_SANDBOX_PROBE=$(abspath $(SANDBOX_PROBE)) \
	  SFV_BASELINE_PROBES=$(abspath $(BASELINE_PROBES)) SFV_PROBE=$(abspath $(PROBE_BIN)) \
	  $(PYTHON) -m pytest -q tests/hostile

test-hostile-asan: $(HOSTILE_TOOL) $(BASELINE_PROBES) $(PROBE_BIN) $(SANDBOX_PROBE)
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan-cli CC=$(CLANG) \
	  CFLAGS="-O1 -g $(SAN_CLI)" $(BUILD)/asan-cli/sframe-validate
	ASAN_OPTIONS=detect_leaks=0 SFV_BIN=$(abspath $(BUILD)/asan-cli/sframe-validate) \
	  SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) SFV_SANITIZED=1 \
	  SFV_SANDBOX_PROBE=$(abspath $(SANDBOX_PROBE)) \
	  SFV_BASELINE_PROBES=$(abspath $(BASELINE_PROBES)) SFV_PROBE=$(abspath $(PROBE_BIN)) \
	  $(PYTHON) -m pytest -q tests/hostile

TEST_TARGETS += test-hostile

# One relocation reader: only src/elf/elf_reloc.c (sfv_reloc_iter) names a
# relocation table type or decodes r_info; elf_internal.h defines the
# constants.
.PHONY: check-one-reloc-reader
check-one-reloc-reader:
	@if grep -rnE '\bSHT_RELA?\b|r_info' src --include=*.c --include=*.h | \
	    grep -vE '^src/elf/(elf_reloc\.c|elf_internal\.h):'; then \
	  echo "check-one-reloc-reader: relocations read outside src/elf/elf_reloc.c (use sfv_reloc_iter)" >&2; \
	  exit 1; fi
	@echo "check-one-reloc-reader: only src/elf/elf_reloc.c reads relocations"
TEST_TARGETS += check-one-reloc-reader

# mk/hostile.mk - hostile files and environments (tests/hostile/): FIFOs,
# sockets, devices, directories, symlink loops, procfs/sysfs files, a file
# truncated while it is read, aliased relocation tables at doubling sizes
# (a work counter, never a timer), a sparse multi-GiB file under RLIMIT_AS,
# ar archives (GNU, BSD, thin, nested, hostile headers), baselines whose
# keys collide under an unkeyed hash (a probe counter), closed standard
# descriptors, untrusted text in every output format.
#
#   make test-hostile        the suite against build/sframe-validate
#   make test-hostile-asan   the same against the ASan+UBSan CLI of
#                            test-cli-asan (memory-limit cases skip there)

HOSTILE_TOOL := $(BUILD)/hostile/workcount
# The baseline tables' work counter: the CLI's objects but main.o.
BASELINE_PROBES := $(BUILD)/hostile/baseline_probes
CLI_LIB_OBJS = $(filter-out %/main.o,$(CLI_OBJS))

.PHONY: test-hostile test-hostile-asan

$(HOSTILE_TOOL): tests/hostile/workcount.c $(BUILD)/libsfv.a $(LIB_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libsfv.a

$(BASELINE_PROBES): tests/hostile/baseline_probes.c $(CLI_LIB_OBJS) $(BUILD)/libsfvfmt.a \
                    $(BUILD)/libsfv.a $(CLI_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(CLI_LIB_OBJS) $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

test-hostile: all $(HOSTILE_TOOL) $(BASELINE_PROBES)
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) \
	  SFV_BASELINE_PROBES=$(abspath $(BASELINE_PROBES)) $(PYTHON) -m pytest -q tests/hostile

test-hostile-asan: $(HOSTILE_TOOL) $(BASELINE_PROBES)
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan-cli CC=$(CLANG) \
	  CFLAGS="-O1 -g $(SAN_CLI)" $(BUILD)/asan-cli/sframe-validate
	ASAN_OPTIONS=detect_leaks=0 SFV_BIN=$(abspath $(BUILD)/asan-cli/sframe-validate) \
	  SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) SFV_SANITIZED=1 \
	  SFV_BASELINE_PROBES=$(abspath $(BASELINE_PROBES)) \
	  $(PYTHON) -m pytest -q tests/hostile

TEST_TARGETS += test-hostile

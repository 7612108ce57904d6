# SPDX-License-Identifier: MIT
# mk/fault.mk - failure injection for the command (tests/tools/fault.c):
# build/fault/sframe-validate is the CLI's objects relinked with
# -Wl,--wrap for each function the shim can fail, so that SFV_FAULT=NAME:N:ERRNO
# makes the Nth call of NAME fail (malloc, open, read, pipe, fork, poll,
# readdir, fflush, getrandom, ...: FAULT_WRAPS).  Without SFV_FAULT it is
# the plain CLI.  make coverage-cli links the same shim into its CLI.
#
#   make test-fault   tests/hostile/test_fault_sweep.py: representative
#                     command lines with each call of each function failed
#                     in turn (also in make test-hostile; make check: 6
#                     command lines, the first 2 calls of each function)

FAULT_BIN := $(BUILD)/fault/sframe-validate
FAULT_FUNCS := malloc calloc realloc open openat read pread write fstat fstatat \
               stat fstatfs lseek fcntl dup dup2 pipe fork poll waitpid kill \
               ftruncate memfd_create fdopendir readdir open_memstream fflush \
               fclose getrandom
FAULT_WRAPS := -Wl,--wrap=main $(FAULT_FUNCS:%=-Wl,--wrap=%)

.PHONY: test-fault

$(BUILD)/fault/fault.o: tests/tools/fault.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -c $< -o $@

$(FAULT_BIN): $(CLI_OBJS) $(BUILD)/fault/fault.o $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	$(CC) $(CFLAGS) $(FAULT_WRAPS) -o $@ $(CLI_OBJS) $(BUILD)/fault/fault.o \
	  $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

test-fault: all $(FAULT_BIN)
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_FAULT_BIN=$(abspath $(FAULT_BIN)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider tests/hostile/test_fault_sweep.py

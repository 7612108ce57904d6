# SPDX-License-Identifier: MIT
# mk/cfi.mk - the DWARF CFI reader/interpreter and the .sframe vs .eh_frame
# comparison (issue 12): test programs built against elfutils' libdw/libelf.
#
#   make cfi-tools   build/cfi/libdw_diff   libsfv's CFI rows vs libdw's, per row
#                    build/cfi/cfi_corpus   sfv_cfi_compare on ELF files
# Both run on the whole real corpus from tests/py/test_cfi_realworld.py (in
# make test, through test-py); scripts/install-deps.sh libdw installs
# libdw-dev/libelf-dev.

.PHONY: cfi-tools

CFI_TOOL_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror -Isrc -Itests/cfi

$(BUILD)/cfi/libdw_diff: tests/cfi/libdw_diff.c tests/cfi/elf_sections.h $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(CFI_TOOL_CFLAGS) -o $@ $< $(BUILD)/libsfv.a -ldw -lelf

$(BUILD)/cfi/cfi_corpus: tests/cfi/cfi_corpus.c tests/cfi/elf_sections.h $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(CFI_TOOL_CFLAGS) -o $@ $< $(BUILD)/libsfv.a -lelf

cfi-tools:
	@scripts/install-deps.sh libdw
	@$(MAKE) --no-print-directory $(BUILD)/cfi/libdw_diff $(BUILD)/cfi/cfi_corpus

# SPDX-License-Identifier: MIT
# --dump / --lookup (src/fmt/dump.c, src/fmt/lookup.c): test driver,
# GNU libsframe peer programs and the test-dump target.
#
#   make dump-peers   build/peers/: sfv_driver (fmt_dump_section and
#                     fmt_lookup of libsfvfmt.a on raw .sframe files), dump_ref_{sid,trixie,
#                     bookworm} (libsframe's own dump_sframe), find_ref (sid
#                     sframe_find_fre), find_ref_v1 (bookworm libsframe.so.0)
#   make test-dump    tests/py/test_dump.py, test_lookup.py, test_dump_objdump.py
#                     (the last builds odd files with each toolchain and
#                     compares --dump with that toolchain's objdump)
#
# sid/trixie libsframe are linked statically (never their lib dir on the
# library path); bookworm's libsframe.so.0 (package libbinutils) by path.

DUMP_PEERS := $(BUILD)/peers
BOOKWORM_LIBSFRAME := /usr/lib/x86_64-linux-gnu/libsframe.so.0

.PHONY: dump-peers test-dump

$(DUMP_PEERS)/sfv_driver: tests/peers/sfv_driver.c $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

dump-peers: $(DUMP_PEERS)/sfv_driver
	@scripts/install-deps.sh base peers
	@set -e; . .deps/peers/peers.env; d=$(DUMP_PEERS); \
	  $(CC) -O1 -o $$d/dump_ref_sid tests/peers/dump_ref.c "$$SID_LIBSFRAME_A"; \
	  $(CC) -O1 -o $$d/dump_ref_trixie tests/peers/dump_ref.c "$$TRIXIE_LIBSFRAME_A"; \
	  $(CC) -O1 -o $$d/find_ref -I"$$SID_SFRAME_INCLUDE" tests/peers/find_ref.c "$$SID_LIBSFRAME_A"; \
	  if [ -e $(BOOKWORM_LIBSFRAME) ]; then \
	    $(CC) -O1 -o $$d/dump_ref_bookworm tests/peers/dump_ref.c $(BOOKWORM_LIBSFRAME); \
	    $(CC) -O1 -o $$d/find_ref_v1 tests/peers/find_ref_v1.c $(BOOKWORM_LIBSFRAME); \
	  else echo "dump-peers: $(BOOKWORM_LIBSFRAME) missing (package libbinutils): no v1 peers" >&2; fi

test-dump: all dump-peers
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_PEERS=$(abspath $(DUMP_PEERS)) \
	  $(PYTHON) -m pytest -q tests/py/test_dump.py tests/py/test_lookup.py \
	  tests/py/test_dump_objdump.py

# Not in TEST_TARGETS: `make test-py` already runs these pytest files
# (they build the peer programs through `make dump-peers` themselves).

# The printers depend on libsfv, never the reverse: no core source includes
# src/fmt or src/cli, and libsfv.a references no fmt_/cli_ symbol.
.PHONY: check-fmt-layering
check-fmt-layering: $(BUILD)/libsfv.a
	@if grep -nE '#\s*include\s*"(fmt/|cli|fmt\.h|fmt_)' $(LIB_SRCS) $(LIB_HDRS); then \
	  echo "check-fmt-layering: the core includes a printer or CLI header" >&2; exit 1; fi
	@if nm -u $(BUILD)/libsfv.a | grep -E '\b(fmt|cli)_'; then \
	  echo "check-fmt-layering: libsfv.a references the printers or the CLI" >&2; exit 1; fi
	@echo "check-fmt-layering: libsfv includes and references no printer"
TEST_TARGETS += check-fmt-layering

# SPDX-License-Identifier: MIT
# sframe-validate / libsfv
#
#   make              build/libsfv.a, build/libsfv.so, build/sframe-validate
#   make check       the fast tier for daily work (< 3 min on 2 cores): build,
#                     unit tests, the layering and API checks, conformance,
#                     the CLI and hostile-input tests that need no peer
#   make test         every test (installs the Debian packages it needs): the
#                     full gate CI runs
#   make rules-doc    regenerate docs/RULES.md and conformance/rules.json from src/sfv_rules.def
#
# Variables: CC (default cc), PYTHON (default /usr/bin/python3: the one that
# has Debian's pytest/hypothesis), PREFIX, DESTDIR, CFLAGS, CPPFLAGS and
# LDFLAGS (a distribution's build flags: debian/rules passes dpkg-buildflags').

CC ?= cc
PYTHON ?= /usr/bin/python3
CLANG ?= clang-19
PREFIX ?= /usr/local
DESTDIR ?=

BUILD := build
# -Werror in the project's own builds (developers, make test, .ci/run);
# `make install` and WERROR=0 build without it, so a newer compiler's new
# warning does not stop someone building a release.
WERROR ?= 1
WARN = -Wall -Wextra -Wconversion -Wshadow -Wvla -Wstrict-prototypes \
       -Wmissing-prototypes -Wpointer-arith -Wcast-qual \
       $(if $(filter 1,$(WERROR)),-Werror)
CSTD := -std=c11 -D_DEFAULT_SOURCE
CFLAGS ?= -O2 -g
ALL_CFLAGS = $(CSTD) $(WARN) $(CPPFLAGS) $(CFLAGS) -Isrc
# libsfv exports only what its faces declare SFV_API (make check-exports).
LIB_CFLAGS = $(ALL_CFLAGS) -fvisibility=hidden
# Header dependencies from the compiler (-MMD), included below.
DEPFLAGS = -MMD -MP

# libsfv's public faces (sfv.h is their umbrella) and its folders, bottom
# layer first (docs/ARCHITECTURE.md).
SFV_FACES := $(wildcard src/sfv_*.h)
LIB_DIRS := common sframe lookup cfi elf
LIB_SRCS := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
LIB_HDRS := $(wildcard src/*.h src/*.def) \
            $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.h src/$(d)/*.def))
CLI_SRCS := $(wildcard src/cli/*.c)
CLI_HDRS := $(wildcard src/cli/*.h) $(wildcard src/fmt/*.h)
# The printers (src/fmt): build/libsfvfmt.a, linked by the CLI, the
# conformance adapter, the peer driver and the fuzzers.
FMT_SRCS := $(wildcard src/fmt/*.c)
FMT_OBJS := $(FMT_SRCS:src/%.c=$(BUILD)/obj/%.o)

LIB_OBJS := $(LIB_SRCS:src/%.c=$(BUILD)/obj/%.o)
LIB_PIC_OBJS := $(LIB_SRCS:src/%.c=$(BUILD)/pic/%.o)
CLI_OBJS := $(CLI_SRCS:src/%.c=$(BUILD)/obj/%.o)

.PHONY: all clean deps-base check check-spdx check-py check-layers check-faces test test-unit test-asan test-clang test-py check-alloc \
        check-callgraph check-rules-doc check-report-types check-exports \
        check-private rules-doc deps

all: $(BUILD)/libsfv.a $(BUILD)/libsfv.so $(BUILD)/libsfvfmt.a $(BUILD)/sframe-validate

$(BUILD)/obj/cli/%.o: src/cli/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/obj/fmt/%.o: src/fmt/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/pic/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -fPIC -c $< -o $@

-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/pic/*/*.d)

$(BUILD)/libsfv.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libsfv.so: $(LIB_PIC_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libsfv.so.0 -o $@ $^

$(BUILD)/libsfvfmt.a: $(FMT_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/sframe-validate: $(CLI_OBJS) $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

# ---------------------------------------------------------------- tests

# Each tests/unit/test_*.c is one binary; tests/unit/support_*.c are linked
# into every one of them, with the printers (support_memo.c checks the batch
# lookup's lines).
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_SUPPORT := $(wildcard tests/unit/support_*.c)
UNIT_HDRS := $(wildcard tests/unit/*.h)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

# The support files are compiled once, into one archive every test links.
UNIT_SUPPORT_OBJS := $(UNIT_SUPPORT:tests/unit/%.c=$(BUILD)/tests/support/%.o)
$(BUILD)/tests/support/%.o: tests/unit/%.c $(UNIT_HDRS) $(LIB_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c $< -o $@
$(BUILD)/tests/libsupport.a: $(UNIT_SUPPORT_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/tests/libsupport.a $(UNIT_HDRS) $(LIB_HDRS) \
                 $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/tests/libsupport.a \
	  $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

deps:
	scripts/install-deps.sh base clang

deps-base:
	scripts/install-deps.sh base

# Area makefiles (mk/*.mk) add their test targets to TEST_TARGETS.
TEST_TARGETS := check-spdx check-layers check-faces check-symbols \
                check-alloc check-callgraph check-rules-doc check-report-types \
                check-exports check-private test-unit test-clang test-asan test-py
-include $(sort $(wildcard mk/*.mk))

test: deps all
	@set -e; for t in $(TEST_TARGETS); do \
	  echo "==== make $$t"; $(MAKE) --no-print-directory $$t; done
	@echo "make test: all passed"

# The fast tier: what a change can break in seconds to minutes, nothing
# that builds the real corpus or installs a peer toolchain: pytest tests
# using the corpus fixtures are marked `corpus` and deselected; those that
# ask for a peer program are skipped with a reason (SFV_FAST_TIER=1, the
# summary lists them, -rs).  make test runs all of them.
CHECK_TARGETS := check-spdx check-layers check-faces check-untrusted-print check-fuzz-harnesses \
                 check-one-reloc-reader check-alloc check-callgraph \
                 check-rules-doc check-report-types check-exports check-symbols check-private \
                 check-fmt-layering test-unit gen-check conformance check-py
check: deps-base all
	@set -e; for t in $(CHECK_TARGETS); do \
	  echo "==== make $$t"; $(MAKE) --no-print-directory $$t; done
	@echo "make check: all passed (make test is the full gate)"

check-py: all $(HOSTILE_TOOL) $(SARIF_SCHEMA) $(FAULT_BIN)
	SFV_FAST_TIER=1 SFV_BIN=$(abspath $(BUILD)/sframe-validate) \
	  SFV_WORKCOUNT=$(abspath $(HOSTILE_TOOL)) SFV_FAULT_BIN=$(abspath $(FAULT_BIN)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider -m "not corpus" -rs tests/py tests/hostile

# Every tracked source file carries SPDX-License-Identifier: MIT.
check-spdx:
	@tests/tools/check_spdx.sh

# The layers of src/ (docs/ARCHITECTURE.md): includes and calls between
# files go down or sideways, no circle, fmt and cli on the public faces.
check-layers: all
	$(PYTHON) tests/tools/check_layers.py $(BUILD)/obj

# Each public face compiles alone, in C and in C++.
check-faces:
	@set -e; for f in $(notdir $(SFV_FACES)) sfv.h; do \
	  printf '#include "%s"\nint sfv_face_probe;\n' $$f > $(BUILD)/face_probe.c; \
	  $(CC) $(CSTD) $(WARN) -Isrc -fsyntax-only $(BUILD)/face_probe.c; \
	  if command -v c++ >/dev/null; then \
	    c++ -x c++ -Wall -Wextra -Werror -Isrc -fsyntax-only $(BUILD)/face_probe.c; fi; \
	done
	@echo "check-faces: $(words $(SFV_FACES)) faces and sfv.h compile alone (C11$$(command -v c++ >/dev/null && echo ', C++'))"

test-unit: $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; $$t; done

# The library must not reference any allocator.
check-alloc: $(BUILD)/libsfv.a
	@if nm -u $(BUILD)/libsfv.a | grep -E '\b(malloc|calloc|realloc|free|mmap|munmap|alloca|reallocarray|aligned_alloc|posix_memalign|strdup|strndup)\b'; then \
	  echo "check-alloc: libsfv references an allocator" >&2; exit 1; fi
	@echo "check-alloc: libsfv.a references no allocator"

# No recursion and no dynamic stack (VLA/alloca) in libsfv, read from gcc's
# own call graph and stack-usage reports.
check-callgraph:
	$(PYTHON) tests/tools/check_callgraph.py $(BUILD)/callgraph $(LIB_SRCS)

# libsfv.so exports exactly the functions its public faces declare (SFV_API);
# DECLARED_API prints them, the one list check-exports and check-symbols use.
DECLARED_API = sed -n 's/^SFV_API .*[ *]\(sfv_[a-z0-9_]*\)(.*/\1/p' $(SFV_FACES) | sort
check-exports: $(BUILD)/libsfv.so
	@nm -D --defined-only $(BUILD)/libsfv.so | awk '$$2 == "T" {print $$3}' | sort > $(BUILD)/exports.txt
	@$(DECLARED_API) > $(BUILD)/declared.txt
	@if ! cmp -s $(BUILD)/exports.txt $(BUILD)/declared.txt; then \
	  echo "check-exports: libsfv.so exports (<) vs the faces declare (>):" >&2; \
	  diff $(BUILD)/exports.txt $(BUILD)/declared.txt >&2; exit 1; fi
	@echo "check-exports: libsfv.so exports the $$(wc -l < $(BUILD)/declared.txt) functions the faces ($(notdir $(SFV_FACES))) declare, nothing else"

# sfv_section.priv is libsfv's own: nothing outside src/*.c may name it.
check-private:
	@if grep -rnE '(\.|->)priv\b' src/cli src/fmt fuzz tests conformance/adapters 2>/dev/null; then \
	  echo "check-private: code outside libsfv reads sfv_section.priv (use the accessors in sfv.h)" >&2; exit 1; fi
	@echo "check-private: only libsfv reads sfv_section.priv"

# The typed reporters (src/common/report.h): a report with unnamed values or a slot
# its rule does not have must not compile; the named form must.
check-report-types:
	@$(CC) $(ALL_CFLAGS) -fsyntax-only tests/compile_fail/ok_named.c
	@for f in positional_slots wrong_slot elf_wrong_slot cfi_wrong_slot; do \
	  if $(CC) $(ALL_CFLAGS) -fsyntax-only tests/compile_fail/$$f.c 2>/dev/null; then \
	    echo "check-report-types: tests/compile_fail/$$f.c compiled" >&2; exit 1; fi; done
	@echo "check-report-types: misused reporters do not compile"

check-rules-doc: $(BUILD)/sframe-validate
	@$(BUILD)/sframe-validate --list-rules --format=markdown > $(BUILD)/RULES.md
	@if ! cmp -s $(BUILD)/RULES.md docs/RULES.md; then \
	  echo "docs/RULES.md is stale: run 'make rules-doc'" >&2; \
	  diff -u docs/RULES.md $(BUILD)/RULES.md | head -40 >&2; exit 1; fi
	@$(BUILD)/sframe-validate --list-rules --format=json | $(PYTHON) conformance/make-rules > $(BUILD)/rules.json
	@if ! cmp -s $(BUILD)/rules.json conformance/rules.json; then \
	  echo "conformance/rules.json is stale: run 'make rules-doc'" >&2; \
	  diff -u conformance/rules.json $(BUILD)/rules.json | head -40 >&2; exit 1; fi
	@echo "check-rules-doc: docs/RULES.md and conformance/rules.json match the rule table"

rules-doc: $(BUILD)/sframe-validate
	$(BUILD)/sframe-validate --list-rules --format=markdown > docs/RULES.md
	$(BUILD)/sframe-validate --list-rules --format=json | $(PYTHON) conformance/make-rules > conformance/rules.json

# Same sources, clang-19, warnings as errors (a second compiler's view).
test-clang:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/clang CC=$(CLANG) all test-unit

# Whole unit suite under ASan + UBSan (incl. integer), no recovery.
SAN := -fsanitize=address,undefined,integer,implicit-conversion -fno-sanitize-recover=all -fno-omit-frame-pointer
test-asan:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan CC=$(CLANG) \
	  CFLAGS="-O1 -g $(SAN)" test-unit

test-py: all
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) $(PYTHON) -m pytest -q tests/py

clean:
	rm -rf $(BUILD)

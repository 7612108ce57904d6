# SPDX-License-Identifier: MIT
# mk/consumers.mk - measured consumer harnesses (tests/consumers/,
# docs/CONSUMERS.md): real SFrame readers built at test time from Debian
# packages and run out of process on the conformance suite.
#
#   make consumer-harnesses   build them (scripts/install-deps.sh consumers
#                             fetches what they need into .deps/)
#   make test-consumers       the consumers column of src/sfv_rules.def and
#                             the reader facts of src/cli/profile.c against
#                             what every harness does on every conformance
#                             case; the matrix lands in build/consumers/
#                             (in make test; 4-6 minutes on 2 shared
#                             cores, most of it llvm-readobj 22 and 23
#                             start-up)
#   make consumers-matrix     print the measured accept/reject matrix
#
# Harnesses:
#   glibc-harness           glibc 2.43 sysdeps/generic/sframe-read.c +
#                           sframe.c (backtrace step), extracted from sid's
#                           source package, with tests/consumers/glibc-shim
#   libsframe-2.47 / -2.44  conformance/adapters/libsframe_adapter.c linked
#                           with sid's / trixie's libsframe.a whose
#                           allocator is renamed to fuzz/peer_alloc.c's
#                           guard-page one (over-reads fault: counted as
#                           crashes, not silently read)
#   llvm-22, llvm-23        conformance/adapters/llvm_readobj_adapter.py
#                           with sid's llvm-readobj-22 and -23

CONS_BUILD := $(BUILD)/consumers
CONSUMERS_ENV := .deps/consumers/consumers.env
CONS_GLIBC := $(CONS_BUILD)/glibc-harness
CONS_LS47 := $(CONS_BUILD)/libsframe-2.47
CONS_LS44 := $(CONS_BUILD)/libsframe-2.44
CONS_HARNESSES := $(CONS_GLIBC) $(CONS_LS47) $(CONS_LS44)

$(CONSUMERS_ENV):
	scripts/install-deps.sh consumers

# glibc's files are compiled as they are (-w: not our code, not our warnings).
$(CONS_GLIBC): tests/consumers/glibc_harness.c $(wildcard tests/consumers/glibc-shim/*.h) $(CONSUMERS_ENV)
	@mkdir -p $(dir $@)
	. ./$(CONSUMERS_ENV) && $(CC) -std=gnu11 -O1 -g -w -Itests/consumers/glibc-shim \
	  -include tests/consumers/glibc-shim/glibc_shim.h -I"$$GLIBC_SFRAME_SRC" -o $@ $<

$(CONS_BUILD)/libsframe-%-guarded.a: $(CONSUMERS_ENV)
	@mkdir -p $(dir $@)
	. ./.deps/peers/peers.env && a=$$( [ $* = 2.47 ] && echo "$$SID_LIBSFRAME_A" || echo "$$TRIXIE_LIBSFRAME_A") && \
	objcopy --redefine-sym malloc=sfv_peer_malloc --redefine-sym calloc=sfv_peer_calloc \
	  --redefine-sym realloc=sfv_peer_realloc --redefine-sym free=sfv_peer_free "$$a" $@

$(CONS_BUILD)/libsframe-%: conformance/adapters/libsframe_adapter.c fuzz/peer_alloc.c fuzz/peer_alloc.h $(CONS_BUILD)/libsframe-%-guarded.a
	. ./.deps/peers/peers.env && inc=$$( [ $* = 2.47 ] && echo "$$SID_SFRAME_INCLUDE" || echo "$$TRIXIE_SFRAME_INCLUDE") && \
	$(CC) -std=gnu11 -O1 -g -I"$$inc" -o $@ conformance/adapters/libsframe_adapter.c \
	  fuzz/peer_alloc.c $(CONS_BUILD)/libsframe-$*-guarded.a

.PHONY: consumer-harnesses test-consumers consumers-matrix

consumer-harnesses: $(CONS_HARNESSES) $(BUILD)/sframe-validate

test-consumers: consumer-harnesses
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_BUILD=$(abspath $(BUILD)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider tests/consumers

consumers-matrix: consumer-harnesses
	$(PYTHON) tests/consumers/measure.py --build $(BUILD) --markdown

TEST_TARGETS += test-consumers

# SPDX-License-Identifier: MIT
# mk/fuzz.mk - fuzzing (docs/FUZZING.md).
#
#   make fuzz              every harness: libFuzzer+ASan+UBSan, libFuzzer+MSan,
#                          AFL++ (afl-clang-fast) + CMPLOG, the AFL++ custom
#                          mutator, the replay driver
#   make fuzz-smoke        builds, then runs each harness ~20 s (AFL++ too)
#   make check-fuzz-harnesses  (in make test) every fuzz/fuzz_*.c harness is
#                          built by OSS-Fuzz's build.sh, make and the replay driver
#   make test-fuzz-replay  (in make test) replays corpus/, conformance/ and
#                          build/realworld/**/*.sframe through every harness
#                          under ASan+UBSan; also compiles fuzz/ with gcc
#   make coverage          llvm-cov-19 line/branch coverage of src/ from the corpus
#   make oss-fuzz-check    fuzz/oss-fuzz/build.sh with OSS-Fuzz's variables for
#                          address, undefined, memory; runs each target briefly
#   make fuzz-run FUZZ_TARGET=validate FUZZ_SECONDS=600   one libFuzzer campaign
#   make fuzz-afl-run FUZZ_TARGET=elf FUZZ_SECONDS=600    one AFL++ campaign
#   make fuzz-corpus-update  merge a campaign's findings into corpus/<harness>/

TEST_TARGETS += check-fuzz-harnesses test-fuzz-replay

FUZZ_HARNESSES := validate lookup dump cli_file cfi baseline archive
FUZZ_OUT := $(BUILD)/fuzz
# The libsframe drop-in's exports renamed sfc_dropin_* for the fuzz builds,
# where a stock libsframe may be linked too (generated from the ABI 3 map).
# The older ABIs' harnesses (fuzz_diff_libsframe_safe<N>.c, N in
# FUZZ_OLD_ABIS) rename by their own maps, into gen<N>/.
FUZZ_OLD_ABIS := 1 0
FUZZ_DROPIN_NAMES := $(FUZZ_OUT)/gen/sfc_dropin_names.h
fuzz_dropin_names = $(FUZZ_OUT)/gen$(1)/sfc_dropin_names.h
FUZZ_HDRS := $(wildcard fuzz/*.h) $(LIB_HDRS) $(CLI_HDRS) $(wildcard src/compat/*.h) \
  $(FUZZ_DROPIN_NAMES) $(foreach a,$(FUZZ_OLD_ABIS),$(call fuzz_dropin_names,$(a)))
# The library, the printers (src/fmt, what libsfvfmt.a holds) and the
# CLI's file handling (src/cli but main.c: fuzz_cli_file).
FUZZ_CLI_SRCS := $(filter-out src/cli/main.c,$(CLI_SRCS))
FUZZ_LIB_SRCS := $(LIB_SRCS) $(FMT_SRCS) $(FUZZ_CLI_SRCS)
FUZZ_WARN := $(CSTD) $(WARN) -Isrc -Ifuzz -I$(FUZZ_OUT)/gen
FUZZ_SECONDS ?= 600
FUZZ_TARGET ?= validate
AFL_CC ?= afl-clang-fast
LLVM_PROFDATA ?= llvm-profdata-19
LLVM_COV ?= llvm-cov-19

# GNU libsframe (sid, v2/v3) for diff_libsframe: from scripts/install-deps.sh peers.
PEERS_ENV := .deps/peers/peers.env
SID_LIBSFRAME_A := $(shell sed -n 's/^SID_LIBSFRAME_A=//p' $(PEERS_ENV) 2>/dev/null)
SID_SFRAME_INCLUDE := $(shell sed -n 's/^SID_SFRAME_INCLUDE=//p' $(PEERS_ENV) 2>/dev/null)
ifneq ($(wildcard $(SID_LIBSFRAME_A)),)
FUZZ_HAVE_LIBSFRAME := 1
FUZZ_HARNESSES += diff_libsframe
endif
# The ELF container harness (fuzz/fuzz_elf.c).
FUZZ_HARNESSES += elf
# The libsframe drop-in against the stock libsframe.so.3 (dlopen in a
# forked child, $SFV_LIBSFRAME_STOCK; without it the drop-in runs alone).
FUZZ_HARNESSES += diff_libsframe_safe
SID_LIBSFRAME_SO := $(shell sed -n 's/^SID_LIBSFRAME_SO=//p' $(PEERS_ENV) 2>/dev/null)
export SFV_LIBSFRAME_STOCK ?= $(SID_LIBSFRAME_SO)

# Extra sources per harness (besides the library and the printers).
FUZZ_EXTRA_diff_libsframe := libsframe_child peer_alloc
FUZZ_EXTRA_elf :=
FUZZ_EXTRA_baseline := sframe_model
FUZZ_EXTRA_diff_libsframe_safe := libsframe_api libsframe_transcript peer_alloc peer_got
# src/compat sources per harness (ABI 3, exports renamed).
FUZZ_COMPAT_diff_libsframe_safe := $(patsubst src/compat/%.c,%,$(wildcard src/compat/*.c))
FUZZ_COMPAT_FLAGS = -DSFV_COMPAT_ABI=3 -include $(FUZZ_DROPIN_NAMES)

# The same harness at ABI 1 (fuzz_diff_libsframe_safe1.c: the drop-in's
# libsframe.so.1 against stock libsframe.so.1, trixie 2.44,
# $SFV_LIBSFRAME1_STOCK) and at ABI 0 (fuzz_diff_libsframe_safe0.c: its
# libsframe.so.0 against bookworm's 2.40, the system's libbinutils one,
# $SFV_LIBSFRAME0_STOCK).  Harness N's objects (h-abiN/) and src/compat
# objects (lib/compat-abiN/) are built with -DSFV_COMPAT_ABI=N; they define
# the same symbols as the ABI 3 ones, so the replay runs each through a
# driver binary of its own (FUZZ_OWN_REPLAY: sfv-fuzz-replay-abiN).
TRIXIE_LIBSFRAME_SO := $(shell sed -n 's/^TRIXIE_LIBSFRAME_SO=//p' $(PEERS_ENV) 2>/dev/null)
export SFV_LIBSFRAME1_STOCK ?= $(TRIXIE_LIBSFRAME_SO)
export SFV_LIBSFRAME0_STOCK ?= $(BOOKWORM_LIBSFRAME)
define fuzz_old_abi
FUZZ_HARNESSES += diff_libsframe_safe$(1)
FUZZ_EXTRA_diff_libsframe_safe$(1) := $$(FUZZ_EXTRA_diff_libsframe_safe)
FUZZ_COMPAT_diff_libsframe_safe$(1) := $$(FUZZ_COMPAT_diff_libsframe_safe)
FUZZ_HDIR_diff_libsframe_safe$(1) := h-abi$(1)
FUZZ_CDIR_diff_libsframe_safe$(1) := compat-abi$(1)
FUZZ_COMPAT$(1)_FLAGS = -DSFV_COMPAT_ABI=$(1) -include $(call fuzz_dropin_names,$(1))
FUZZ_ABI$(1)_H = -I$(FUZZ_OUT)/gen$(1) -DSFV_COMPAT_ABI=$(1)
FUZZ_OWN_REPLAY += diff_libsframe_safe$(1)
$(call fuzz_dropin_names,$(1)): src/compat/libsframe$(1).map
	@mkdir -p $$(dir $$@)
	sed -n 's/^ *\([a-z_0-9]*\);$$$$/#define \1 sfc_dropin_\1/p' $$< > $$@
endef
FUZZ_OWN_REPLAY :=
$(foreach a,$(FUZZ_OLD_ABIS),$(eval $(call fuzz_old_abi,$(a))))

$(FUZZ_DROPIN_NAMES): src/compat/libsframe3.map
	@mkdir -p $(dir $@)
	sed -n 's/^ *\([a-z_0-9]*\);$$/#define \1 sfc_dropin_\1/p' $< > $@

# Sanitizers: the library gets the whole set the unit tests use (incl.
# integer and implicit-conversion); harness code gets ASan+UBSan (its
# hashes and PRNG wrap on purpose).
FUZZ_SAN_LIB := -fsanitize=address,undefined,integer,implicit-conversion
FUZZ_SAN_H := -fsanitize=address,undefined
# The printers (src/fmt) get the library's set too; override
# (FUZZ_SAN_CLI=-fsanitize=address,undefined) to fuzz past a CLI finding.
FUZZ_SAN_CLI ?= $(FUZZ_SAN_LIB)
FUZZ_SAN_COMMON := -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1

.PHONY: fuzz fuzz-libfuzzer fuzz-msan fuzz-afl fuzz-replay fuzz-deps fuzz-smoke \
        test-fuzz-replay check-fuzz-harnesses coverage oss-fuzz-check fuzz-run fuzz-seeds fuzz-seeds-cli \
        fuzz-corpus-update fuzz-gcc-check fuzz-afl-run

fuzz-deps:
	scripts/install-deps.sh fuzz peers

fuzz: fuzz-deps
	$(MAKE) --no-print-directory fuzz-libfuzzer fuzz-msan fuzz-afl fuzz-replay
	@echo "fuzz: built $(FUZZ_HARNESSES) in $(FUZZ_OUT)/{libfuzzer,msan,afl,afl-cmplog} + replay"

# ------------------------------------------------------------ object rules
# $(call fuzz_objs,CONFIG,CC,LIBFLAGS,HARNESSFLAGS): compile rules for one
# configuration under $(FUZZ_OUT)/CONFIG/{lib,h}/.
define fuzz_objs
$(FUZZ_OUT)/$(1)/lib/%.o: src/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(3) -c $$< -o $$@
$(FUZZ_OUT)/$(1)/lib/fmt/%.o: src/fmt/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(3)) -c $$< -o $$@
$(FUZZ_OUT)/$(1)/lib/cli/%.o: src/cli/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(3)) -c $$< -o $$@
$(FUZZ_OUT)/$(1)/lib/compat/%.o: src/compat/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(FUZZ_COMPAT_FLAGS) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(3)) -c $$< -o $$@
$(FUZZ_OUT)/$(1)/h/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(4) -c $$< -o $$@
endef
# $(call fuzz_abi_objs,CONFIG,CC,LIBFLAGS,HARNESSFLAGS,ABI): the rules of
# an older ABI's objects (FUZZ_OLD_ABIS) under $(FUZZ_OUT)/CONFIG/;
# $(call fuzz_config,CONFIG,CC,LIBFLAGS,HARNESSFLAGS) defines both kinds.
define fuzz_abi_objs
$(FUZZ_OUT)/$(1)/lib/compat-abi$(5)/%.o: src/compat/%.c $(FUZZ_HDRS)
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_WARN) $(FUZZ_COMPAT$(5)_FLAGS) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(3)) -c $$< -o $$@
$(FUZZ_OUT)/$(1)/h-abi$(5)/%.o: fuzz/%.c $(FUZZ_HDRS) fuzz/fuzz_diff_libsframe_safe.c
	@mkdir -p $$(dir $$@)
	$(2) $(FUZZ_ABI$(5)_H) $(FUZZ_WARN) $(4) -c $$< -o $$@
endef
fuzz_config = $(eval $(call fuzz_objs,$(1),$(2),$(3),$(4)))$(foreach a,$(FUZZ_OLD_ABIS),$(eval \
  $(call fuzz_abi_objs,$(1),$(2),$(3),$(4),$(a))))

fuzz_libobjs = $(FUZZ_LIB_SRCS:src/%.c=$(FUZZ_OUT)/$(1)/lib/%.o)
fuzz_hobjs = $(foreach f,$(sort fuzz_$(2) $(FUZZ_EXTRA_$(2)) $(3)),$(FUZZ_OUT)/$(1)/$(or $(FUZZ_HDIR_$(2)),h)/$(f).o) \
  $(FUZZ_COMPAT_$(2):%=$(FUZZ_OUT)/$(1)/lib/$(or $(FUZZ_CDIR_$(2)),compat)/%.o)

# libsframe with its allocator renamed to the guard-page one (peer_alloc.c).
$(FUZZ_OUT)/libsframe-guarded.a: $(SID_LIBSFRAME_A)
	@mkdir -p $(dir $@)
	objcopy --redefine-sym malloc=sfv_peer_malloc --redefine-sym calloc=sfv_peer_calloc \
	  --redefine-sym realloc=sfv_peer_realloc --redefine-sym free=sfv_peer_free $< $@
FUZZ_LIBS_diff_libsframe := $(FUZZ_OUT)/libsframe-guarded.a
FUZZ_INC := $(if $(FUZZ_HAVE_LIBSFRAME),-I$(SID_SFRAME_INCLUDE))

# ------------------------------------------------------------ libFuzzer + ASan/UBSan
$(call fuzz_config,libfuzzer,$(CLANG),-fsanitize=fuzzer-no-link $(FUZZ_SAN_LIB) $(FUZZ_SAN_COMMON),-fsanitize=fuzzer-no-link $(FUZZ_SAN_H) $(FUZZ_SAN_COMMON) $(FUZZ_INC))
define fuzz_lf_bin
$(FUZZ_OUT)/libfuzzer/fuzz_$(1): $(call fuzz_hobjs,libfuzzer,$(1),mutator_libfuzzer sframe_model) $(call fuzz_libobjs,libfuzzer) $(FUZZ_LIBS_$(1))
	$(CLANG) -fsanitize=fuzzer $(FUZZ_SAN_LIB) $(FUZZ_SAN_COMMON) -o $$@ $$^
endef
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_lf_bin,$(h))))
fuzz-libfuzzer: $(FUZZ_HARNESSES:%=$(FUZZ_OUT)/libfuzzer/fuzz_%)

# ------------------------------------------------------------ libFuzzer + MSan
# diff_libsframe(_safe, _safe1, _safe0) are not built with MSan: GNU
# libsframe is not instrumented.
FUZZ_MSAN := -fsanitize=memory -fsanitize-memory-track-origins $(FUZZ_SAN_COMMON)
FUZZ_MSAN_HARNESSES := $(filter-out diff_libsframe diff_libsframe_safe%,$(FUZZ_HARNESSES))
$(call fuzz_config,msan,$(CLANG),-fsanitize=fuzzer-no-link $(FUZZ_MSAN),-fsanitize=fuzzer-no-link $(FUZZ_MSAN))
define fuzz_msan_bin
$(FUZZ_OUT)/msan/fuzz_$(1): $(call fuzz_hobjs,msan,$(1),mutator_libfuzzer sframe_model) $(call fuzz_libobjs,msan)
	$(CLANG) -fsanitize=fuzzer $(FUZZ_MSAN) -o $$@ $$^
endef
$(foreach h,$(FUZZ_MSAN_HARNESSES),$(eval $(call fuzz_msan_bin,$(h))))
fuzz-msan: $(FUZZ_MSAN_HARNESSES:%=$(FUZZ_OUT)/msan/fuzz_%)

# ------------------------------------------------------------ AFL++
# afl-clang-fast (clang-14 plugins) with -fsanitize=fuzzer links AFL++'s
# libFuzzer-compatible driver.  The structure-aware mutator is loaded as
# AFL_CUSTOM_MUTATOR_LIBRARY=$(FUZZ_OUT)/afl/sfv-mutator.so.
FUZZ_AFL_FLAGS := -g -O2
$(call fuzz_config,afl,$(AFL_CC),$(FUZZ_AFL_FLAGS),$(FUZZ_AFL_FLAGS) $(FUZZ_INC))
$(call fuzz_config,afl-cmplog,AFL_LLVM_CMPLOG=1 $(AFL_CC),$(FUZZ_AFL_FLAGS),$(FUZZ_AFL_FLAGS) $(FUZZ_INC))
define fuzz_afl_bin
$(FUZZ_OUT)/$(2)/fuzz_$(1): $(call fuzz_hobjs,$(2),$(1),) $(call fuzz_libobjs,$(2)) $(FUZZ_LIBS_$(1))
	$(3) $(AFL_CC) -fsanitize=fuzzer $(FUZZ_AFL_FLAGS) -o $$@ $$^
endef
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_afl_bin,$(h),afl,)))
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_afl_bin,$(h),afl-cmplog,AFL_LLVM_CMPLOG=1)))
$(FUZZ_OUT)/afl/sfv-mutator.so: fuzz/mutator_afl.c fuzz/sframe_model.c $(FUZZ_HDRS) $(LIB_SRCS)
	@mkdir -p $(dir $@)
	$(CC) $(FUZZ_WARN) -O2 -g -fPIC -shared -o $@ fuzz/mutator_afl.c fuzz/sframe_model.c $(LIB_SRCS)
fuzz-afl: $(FUZZ_HARNESSES:%=$(FUZZ_OUT)/afl/fuzz_%) \
          $(FUZZ_HARNESSES:%=$(FUZZ_OUT)/afl-cmplog/fuzz_%) $(FUZZ_OUT)/afl/sfv-mutator.so

# ------------------------------------------------------------ replay driver
# One binary, every harness linked in (entry points renamed), no engine.
FUZZ_REPLAY_CC ?= $(CLANG)
FUZZ_REPLAY_SAN ?= $(FUZZ_SAN_LIB) $(FUZZ_SAN_COMMON)
FUZZ_REPLAY_HSAN ?= $(FUZZ_SAN_H) $(FUZZ_SAN_COMMON)
FUZZ_REPLAY_DIR := $(FUZZ_OUT)/replay
$(FUZZ_REPLAY_DIR)/lib/%.o: src/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(FUZZ_REPLAY_SAN) -c $< -o $@
$(FUZZ_REPLAY_DIR)/lib/fmt/%.o: src/fmt/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(FUZZ_REPLAY_SAN)) -c $< -o $@
$(FUZZ_REPLAY_DIR)/lib/cli/%.o: src/cli/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(FUZZ_REPLAY_SAN)) -c $< -o $@
$(FUZZ_REPLAY_DIR)/lib/compat/%.o: src/compat/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(FUZZ_COMPAT_FLAGS) $(subst $(FUZZ_SAN_LIB),$(FUZZ_SAN_CLI),$(FUZZ_REPLAY_SAN)) -c $< -o $@
$(FUZZ_REPLAY_DIR)/h/fuzz_%.o: fuzz/fuzz_%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(FUZZ_REPLAY_HSAN) $(FUZZ_INC) \
	  -DLLVMFuzzerTestOneInput=sfv_fuzz_$* -c $< -o $@
$(FUZZ_REPLAY_DIR)/h/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_REPLAY_CC) $(FUZZ_WARN) $(FUZZ_REPLAY_HSAN) $(FUZZ_INC) -DSFV_REPLAY_ALL -c $< -o $@
FUZZ_REPLAY_ALL := $(filter-out $(FUZZ_OWN_REPLAY),$(FUZZ_HARNESSES))
FUZZ_REPLAY_OBJS := $(FUZZ_REPLAY_ALL:%=$(FUZZ_REPLAY_DIR)/h/fuzz_%.o) \
  $(foreach h,$(FUZZ_REPLAY_ALL),$(FUZZ_EXTRA_$(h):%=$(FUZZ_REPLAY_DIR)/h/%.o)) \
  $(foreach h,$(FUZZ_REPLAY_ALL),$(FUZZ_COMPAT_$(h):%=$(FUZZ_REPLAY_DIR)/lib/compat/%.o)) \
  $(FUZZ_REPLAY_DIR)/h/regression_driver.o $(FUZZ_LIB_SRCS:src/%.c=$(FUZZ_REPLAY_DIR)/lib/%.o)
$(FUZZ_REPLAY_DIR)/sfv-fuzz-replay: $(sort $(FUZZ_REPLAY_OBJS)) $(foreach h,$(FUZZ_REPLAY_ALL),$(FUZZ_LIBS_$(h)))
	$(FUZZ_REPLAY_CC) $(FUZZ_REPLAY_SAN) -o $@ $^
# The older ABIs' harnesses' own drivers (regression_driver.c calling
# their LLVMFuzzerTestOneInput), same sanitizers.
FUZZ_REPLAY_OWN := $(FUZZ_OLD_ABIS:%=$(FUZZ_REPLAY_DIR)/sfv-fuzz-replay-abi%)
$(foreach a,$(FUZZ_OLD_ABIS),$(eval \
  $(call fuzz_abi_objs,replay,$(FUZZ_REPLAY_CC),$(FUZZ_REPLAY_SAN),$(FUZZ_REPLAY_HSAN),$(a))))
define fuzz_abi_replay
$(FUZZ_REPLAY_DIR)/sfv-fuzz-replay-abi$(1): $(call fuzz_hobjs,replay,diff_libsframe_safe$(1),regression_driver) \
    $(FUZZ_LIB_SRCS:src/%.c=$(FUZZ_REPLAY_DIR)/lib/%.o)
	$(FUZZ_REPLAY_CC) $(FUZZ_REPLAY_SAN) -o $$@ $$^
endef
$(foreach a,$(FUZZ_OLD_ABIS),$(eval $(call fuzz_abi_replay,$(a))))
fuzz-replay: $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay $(FUZZ_REPLAY_OWN)

# Every fuzz/*.c through gcc with the project's warnings (no sanitizers).
fuzz-gcc-check: $(FUZZ_DROPIN_NAMES) $(foreach a,$(FUZZ_OLD_ABIS),$(call fuzz_dropin_names,$(a)))
	@set -e; for f in $(filter-out fuzz/libsframe_child.c fuzz/fuzz_diff_libsframe.c,$(wildcard fuzz/*.c)) \
	  $(if $(FUZZ_HAVE_LIBSFRAME),fuzz/libsframe_child.c fuzz/fuzz_diff_libsframe.c); do \
	  gcc $(FUZZ_WARN) -O2 $(FUZZ_INC) -c -o /dev/null $$f; done
	@set -e; for a in $(FUZZ_OLD_ABIS); do for f in fuzz/libsframe_api.c fuzz/libsframe_transcript.c; do \
	  gcc -I$(FUZZ_OUT)/gen$$a -DSFV_COMPAT_ABI=$$a $(FUZZ_WARN) -O2 -c -o /dev/null $$f; done; done
	@echo "fuzz-gcc-check: fuzz/*.c clean under gcc $(WARN)"

# corpus/ whole; conformance/ and build/realworld/: their *.sframe files.
FUZZ_REPLAY_SECTIONS = $(wildcard conformance $(BUILD)/realworld)
test-fuzz-replay: fuzz-gcc-check $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay $(FUZZ_REPLAY_OWN)
	@$(if $(FUZZ_HAVE_LIBSFRAME),,echo "test-fuzz-replay: NOTE diff_libsframe not linked: GNU libsframe (scripts/install-deps.sh peers) is not installed")
	@$(if $(wildcard $(BUILD)/realworld),,echo "test-fuzz-replay: NOTE $(BUILD)/realworld absent (tests/realworld/build-corpus.sh): real sections not replayed")
	@$(if $(wildcard $(SFV_LIBSFRAME1_STOCK)),,echo "test-fuzz-replay: NOTE stock libsframe.so.1 absent (scripts/install-deps.sh peers): diff_libsframe_safe1 runs the drop-in alone")
	@$(if $(wildcard $(SFV_LIBSFRAME0_STOCK)),,echo "test-fuzz-replay: NOTE stock libsframe.so.0 absent (package libbinutils): diff_libsframe_safe0 runs the drop-in alone")
	SFV_LIBSFRAME_CRASH_DIR= $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay corpus
	$(if $(FUZZ_REPLAY_SECTIONS),SFV_LIBSFRAME_CRASH_DIR= $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay --suffix=.sframe $(FUZZ_REPLAY_SECTIONS))
	@set -e; for a in $(FUZZ_OLD_ABIS); do case "$$SFV_REPLAY_ONLY" in ""|diff_libsframe_safe$$a) \
	  set -x; $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay-abi$$a corpus $(if $(FUZZ_REPLAY_SECTIONS),; \
	  $(FUZZ_REPLAY_DIR)/sfv-fuzz-replay-abi$$a --suffix=.sframe $(FUZZ_REPLAY_SECTIONS)); set +x;; esac; done

# ------------------------------------------------------------ seeds
$(FUZZ_OUT)/gen_seeds: fuzz/gen_seeds.c fuzz/sframe_model.c $(FUZZ_HDRS) $(LIB_SRCS)
	@mkdir -p $(dir $@)
	$(CC) $(FUZZ_WARN) -O1 -g -o $@ fuzz/gen_seeds.c fuzz/sframe_model.c $(LIB_SRCS)
fuzz-seeds: $(FUZZ_OUT)/gen_seeds
	rm -rf corpus/seeds && mkdir -p corpus/seeds
	$(FUZZ_OUT)/gen_seeds corpus/seeds

# Seeds of the CLI harnesses, generated into $(FUZZ_OUT)/seeds/<harness>/
# (campaigns start from them; corpus/<harness>/ keeps what -merge=1 keeps):
# baseline: the harness's own reports of its sandbox files and edits of
# them; archive: fuzz/gen_ar_seeds.py.
fuzz-seeds-cli: $(FUZZ_OUT)/libfuzzer/fuzz_baseline
	rm -rf $(FUZZ_OUT)/seeds/baseline $(FUZZ_OUT)/seeds/archive
	mkdir -p $(FUZZ_OUT)/seeds/baseline && : > $(FUZZ_OUT)/seeds/empty
	SFV_FUZZ_WRITE_SEEDS=$(FUZZ_OUT)/seeds/baseline $< $(FUZZ_OUT)/seeds/empty 2>/dev/null
	$(PYTHON) fuzz/gen_ar_seeds.py $(FUZZ_OUT)/seeds/archive

# ------------------------------------------------------------ running
FUZZ_CRASH_DIR := $(FUZZ_OUT)/crashes
FUZZ_RUN_DIR := $(FUZZ_OUT)/run
# Seed inputs every harness starts from (the harness's own corpus first).
fuzz_seed_dirs = $(wildcard corpus/$(1)) corpus/seeds $(wildcard corpus/regression $(FUZZ_OUT)/seeds/$(1))
# The harness's dictionary (corpus/<harness>.options), else sframe.dict.
fuzz_dict = corpus/$(or $(shell sed -n 's/^dict *= *//p' corpus/$(1).options 2>/dev/null),sframe.dict)
fuzz_opts = $(shell sed -n 's/^\([a-z_]*\) *= *\(.*\)/-\1=\2/p' corpus/$(1).options 2>/dev/null | sed 's|^-dict=|-dict=corpus/|')

fuzz-run: $(FUZZ_OUT)/libfuzzer/fuzz_$(FUZZ_TARGET)
	@mkdir -p $(FUZZ_RUN_DIR)/$(FUZZ_TARGET) $(FUZZ_CRASH_DIR)/$(FUZZ_TARGET)
	SFV_LIBSFRAME_CRASH_DIR=$(FUZZ_OUT)/libsframe-crashes \
	$(FUZZ_OUT)/libfuzzer/fuzz_$(FUZZ_TARGET) $(call fuzz_opts,$(FUZZ_TARGET)) \
	  -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_CRASH_DIR)/$(FUZZ_TARGET)/ \
	  $(FUZZ_RUN_DIR)/$(FUZZ_TARGET) $(call fuzz_seed_dirs,$(FUZZ_TARGET))

# One AFL++ campaign (custom mutator, CMPLOG, dictionary) on one core; seeds:
# up to 300 files < 16 KiB of the harness corpus and corpus/seeds; output in
# $(FUZZ_OUT)/afl-run/<harness>/ (queue, crashes, fuzzer_stats).
FUZZ_AFL_RUN_DIR := $(FUZZ_OUT)/afl-run
fuzz-afl-run: $(FUZZ_OUT)/afl/fuzz_$(FUZZ_TARGET) $(FUZZ_OUT)/afl-cmplog/fuzz_$(FUZZ_TARGET) $(FUZZ_OUT)/afl/sfv-mutator.so
	rm -rf $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET) $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET)-in
	mkdir -p $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET)-in
	find $(filter-out corpus/regression,$(call fuzz_seed_dirs,$(FUZZ_TARGET))) -type f -size -16k \
	  ! -name '*.dict' ! -name '*.options' | sort | head -300 | \
	  while read f; do cp "$$f" $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET)-in/$$(echo "$$f" | tr / _); done
	AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
	  AFL_CUSTOM_MUTATOR_LIBRARY=$(CURDIR)/$(FUZZ_OUT)/afl/sfv-mutator.so \
	  SFV_LIBSFRAME_CRASH_DIR=$(FUZZ_OUT)/libsframe-crashes \
	  afl-fuzz -V $(FUZZ_SECONDS) -i $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET)-in -o $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET) \
	  -x $(call fuzz_dict,$(FUZZ_TARGET)) -c $(FUZZ_OUT)/afl-cmplog/fuzz_$(FUZZ_TARGET) -- $(FUZZ_OUT)/afl/fuzz_$(FUZZ_TARGET)
	@sed -n 's/^\(execs_done\|execs_per_sec\|corpus_count\|edges_found\|saved_crashes\) *: */  \1 /p' \
	  $(FUZZ_AFL_RUN_DIR)/$(FUZZ_TARGET)/default/fuzzer_stats

# Minimise a campaign's queue back into corpus/<harness>/ (set merge).
fuzz-corpus-update: $(FUZZ_OUT)/libfuzzer/fuzz_$(FUZZ_TARGET)
	@mkdir -p corpus/$(FUZZ_TARGET)
	SFV_LIBSFRAME_CRASH_DIR= SFV_FUZZ_TOLERATE='*' $(FUZZ_OUT)/libfuzzer/fuzz_$(FUZZ_TARGET) \
	  $(call fuzz_opts,$(FUZZ_TARGET)) -merge=1 corpus/$(FUZZ_TARGET) $(FUZZ_RUN_DIR)/$(FUZZ_TARGET) \
	  $(filter-out corpus/$(FUZZ_TARGET) corpus/regression,$(call fuzz_seed_dirs,$(FUZZ_TARGET)))

FUZZ_SMOKE_SECONDS ?= 20
fuzz-smoke: fuzz
	FUZZ_OUT=$(FUZZ_OUT) FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS) \
	  fuzz/smoke.sh $(FUZZ_HARNESSES)

# ------------------------------------------------------------ coverage
# Measures, does not judge: known findings (corpus/regression) are tolerated
# here and fail in test-fuzz-replay instead.
FUZZ_COV_DIR := $(FUZZ_OUT)/cov
FUZZ_COV_FLAGS := -fprofile-instr-generate -fcoverage-mapping -O0 -g
$(FUZZ_COV_DIR)/lib/%.o: src/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_WARN) $(FUZZ_COV_FLAGS) -c $< -o $@
$(FUZZ_COV_DIR)/lib/compat/%.o: src/compat/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_WARN) $(FUZZ_COMPAT_FLAGS) $(FUZZ_COV_FLAGS) -c $< -o $@
$(FUZZ_COV_DIR)/h/fuzz_%.o: fuzz/fuzz_%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_WARN) -O0 -g $(FUZZ_INC) -DLLVMFuzzerTestOneInput=sfv_fuzz_$* -c $< -o $@
$(FUZZ_COV_DIR)/h/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_WARN) -O0 -g $(FUZZ_INC) -DSFV_REPLAY_ALL -c $< -o $@
FUZZ_COV_OBJS := $(subst $(FUZZ_REPLAY_DIR)/,$(FUZZ_COV_DIR)/,$(FUZZ_REPLAY_OBJS))
$(FUZZ_COV_DIR)/sfv-fuzz-replay: $(sort $(FUZZ_COV_OBJS)) $(foreach h,$(FUZZ_HARNESSES),$(FUZZ_LIBS_$(h)))
	$(CLANG) -fprofile-instr-generate -o $@ $^
FUZZ_COV_INPUTS ?= corpus $(wildcard $(FUZZ_RUN_DIR))
coverage: $(FUZZ_COV_DIR)/sfv-fuzz-replay
	rm -f $(FUZZ_COV_DIR)/*.profraw
	LLVM_PROFILE_FILE=$(FUZZ_COV_DIR)/replay-%p.profraw SFV_LIBSFRAME_CRASH_DIR= \
	  SFV_FUZZ_TOLERATE='*' $(FUZZ_COV_DIR)/sfv-fuzz-replay $(FUZZ_COV_INPUTS)
	$(if $(FUZZ_REPLAY_SECTIONS),LLVM_PROFILE_FILE=$(FUZZ_COV_DIR)/real-%p.profraw SFV_LIBSFRAME_CRASH_DIR= \
	  SFV_FUZZ_TOLERATE='*' $(FUZZ_COV_DIR)/sfv-fuzz-replay --suffix=.sframe $(FUZZ_REPLAY_SECTIONS))
	$(LLVM_PROFDATA) merge -sparse -o $(FUZZ_COV_DIR)/all.profdata $(FUZZ_COV_DIR)/*.profraw
	$(LLVM_COV) report $(FUZZ_COV_DIR)/sfv-fuzz-replay -instr-profile=$(FUZZ_COV_DIR)/all.profdata \
	  -show-region-summary=false $(LIB_SRCS)
	$(LLVM_COV) show $(FUZZ_COV_DIR)/sfv-fuzz-replay -instr-profile=$(FUZZ_COV_DIR)/all.profdata \
	  -show-branches=count -format=text $(LIB_SRCS) > $(FUZZ_COV_DIR)/coverage.txt
	@echo "coverage: annotated sources in $(FUZZ_COV_DIR)/coverage.txt"

# ------------------------------------------------------------ OSS-Fuzz / ClusterFuzzLite
check-fuzz-harnesses:
	$(PYTHON) tests/tools/check_fuzz_harnesses.py '$(FUZZ_HARNESSES)' '$(FUZZ_HAVE_LIBSFRAME)' '$(FUZZ_OWN_REPLAY)'

oss-fuzz-check: fuzz-deps
	fuzz/oss-fuzz/check.sh $(BUILD)/oss-fuzz

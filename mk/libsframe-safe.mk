# SPDX-License-Identifier: MIT
# mk/libsframe-safe.mk - the libsframe drop-in (src/compat): GNU
# libsframe's ABI over libsfv, one library per ABI, so that stock objdump,
# readelf and ld read SFrame through libsfv when it is first on their
# library path (README, "libsframe-safe").
#
#   make libsframe-safe        build/libsframe-safe/abi3/libsframe.so.3
#                              (LIBSFRAME_3.0, binutils 2.47) and
#                              build/libsframe-safe/abi1/libsframe.so.1
#                              (LIBSFRAME_1.0, binutils 2.44),
#                              build/libsframe-safe/abi0/libsframe.so.0
#                              (unversioned, binutils 2.40: SFrame v1)
#   make libsframe-safe-asan   the same under ASan+UBSan (clang-19), in
#                              build/libsframe-safe-asan/libsframe-safe/
#   make test-libsframe-safe   (in make test) tests/libsframe_safe/: symbol
#                              tables, LD_BIND_NOW, stock objdump/readelf
#                              byte-identical on the corpus, upstream-crash
#                              inputs under ASan, API checks against stock,
#                              the upstream libsframe testsuites (sid 168,
#                              trixie 57, bookworm 23; ~50 s), 2.40 on
#                              single-byte corruptions of the v1 cases
#                              (~1.5 min), 2.44 on v1 sections and their
#                              corruptions (~15 s), stock ld links
#                              byte-identical (~3 min).  48 tests: 27 min
#                              measured on 2 shared cores with make check
#                              running beside it (42 tests then).
#
# One source set, compiled once per ABI (-DSFV_COMPAT_ABI=3 / =1 / =0); libsfv
# and the printers are linked in as -fPIC objects with hidden visibility,
# and the version script exports exactly the ABI's symbols.

.PHONY: libsframe-safe libsframe-safe-asan test-libsframe-safe

SFC_SRCS := $(wildcard src/compat/*.c)
SFC_HDRS := $(wildcard src/compat/*.h) $(LIB_HDRS) $(wildcard src/fmt/*.h)
SFC_DIR := $(BUILD)/libsframe-safe
# ABI 3 objects are the ones check-layers reads (build/obj/compat).
SFC_OBJS3 := $(SFC_SRCS:src/compat/%.c=$(BUILD)/obj/compat/%.o)
SFC_OBJS1 := $(SFC_SRCS:src/compat/%.c=$(BUILD)/obj/compat-abi1/%.o)
SFC_OBJS0 := $(SFC_SRCS:src/compat/%.c=$(BUILD)/obj/compat-abi0/%.o)
SFC_CORE := $(LIB_PIC_OBJS) $(FMT_SRCS:src/%.c=$(BUILD)/pic/%.o)
SFC_CFLAGS = $(ALL_CFLAGS) -fPIC -fvisibility=hidden
# Unresolved symbols are a link error (the sanitizer build resolves its
# runtime at load time instead).
SFC_LDFLAGS ?= -Wl,--no-undefined

$(BUILD)/obj/compat/%.o: src/compat/%.c $(SFC_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SFC_CFLAGS) -DSFV_COMPAT_ABI=3 -c $< -o $@

$(BUILD)/obj/compat-abi1/%.o: src/compat/%.c $(SFC_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SFC_CFLAGS) -DSFV_COMPAT_ABI=1 -c $< -o $@

$(BUILD)/obj/compat-abi0/%.o: src/compat/%.c $(SFC_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SFC_CFLAGS) -DSFV_COMPAT_ABI=0 -c $< -o $@

$(SFC_DIR)/abi3/libsframe.so.3: $(SFC_OBJS3) $(SFC_CORE) src/compat/libsframe3.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $(SFC_LDFLAGS) -shared -Wl,-soname,libsframe.so.3 \
	  -Wl,--version-script=src/compat/libsframe3.map -o $@ $(SFC_OBJS3) $(SFC_CORE)

$(SFC_DIR)/abi1/libsframe.so.1: $(SFC_OBJS1) $(SFC_CORE) src/compat/libsframe1.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $(SFC_LDFLAGS) -shared -Wl,-soname,libsframe.so.1 \
	  -Wl,--version-script=src/compat/libsframe1.map -o $@ $(SFC_OBJS1) $(SFC_CORE)

$(SFC_DIR)/abi0/libsframe.so.0: $(SFC_OBJS0) $(SFC_CORE) src/compat/libsframe0.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $(SFC_LDFLAGS) -shared -Wl,-soname,libsframe.so.0 \
	  -Wl,--version-script=src/compat/libsframe0.map -o $@ $(SFC_OBJS0) $(SFC_CORE)

libsframe-safe: $(SFC_DIR)/abi3/libsframe.so.3 $(SFC_DIR)/abi1/libsframe.so.1 \
  $(SFC_DIR)/abi0/libsframe.so.0

libsframe-safe-asan:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/libsframe-safe-asan CC=$(CLANG) \
	  CFLAGS="-O1 -g $(SAN)" SFC_LDFLAGS= libsframe-safe

check-layers: $(SFC_OBJS3)

# tests/libsframe_safe/api_walk.c against each library: stock sid/trixie
# (static, by their installed headers) and bookworm (the system's
# libsframe.so.0, by trixie's header with -DWALK_ABI0), the drop-in, the
# ASan drop-in.
SFC_WALK := $(SFC_DIR)/walk
SFC_ASAN_DIR := $(BUILD)/libsframe-safe-asan/libsframe-safe
.PHONY: libsframe-safe-walkers
libsframe-safe-walkers: libsframe-safe libsframe-safe-asan
	@scripts/install-deps.sh base peers
	@set -e; . .deps/peers/peers.env; w=$(SFC_WALK); s=tests/libsframe_safe/api_walk.c; \
	  mkdir -p $$w; \
	  $(CC) -O1 -g -I"$$SID_SFRAME_INCLUDE" -o $$w/walk_stock3 $$s "$$SID_LIBSFRAME_A"; \
	  $(CC) -O1 -g -I"$$TRIXIE_SFRAME_INCLUDE" -o $$w/walk_stock1 $$s "$$TRIXIE_LIBSFRAME_A"; \
	  $(CC) -O1 -g -DWALK_ABI0 -I"$$TRIXIE_SFRAME_INCLUDE" -o $$w/walk_stock0 $$s $(BOOKWORM_LIBSFRAME); \
	  for a in 3:SID: 1:TRIXIE: 0:TRIXIE:-DWALK_ABI0; do n=$${a%%:*}; t=$${a#*:}; f=$${t#*:}; \
	    inc=$$(eval echo \$$$${t%%:*}_SFRAME_INCLUDE); \
	    $(CC) -O1 -g $$f -I"$$inc" -o $$w/walk_safe$$n $$s $(SFC_DIR)/abi$$n/libsframe.so.$$n \
	      -Wl,-rpath,$(abspath $(SFC_DIR))/abi$$n; \
	    $(CLANG) -O1 -g $(SAN) $$f -I"$$inc" -o $$w/walk_asan$$n $$s \
	      $(SFC_ASAN_DIR)/abi$$n/libsframe.so.$$n -Wl,-rpath,$(abspath $(SFC_ASAN_DIR))/abi$$n; \
	  done

# tests/libsframe_safe/swap_agree.c per ABI, linked with that ABI's
# compat objects: the byte swap's two users agree (test_swap_model.py).
define sfc_swap_agree
$(SFC_WALK)/swap_agree$(1): tests/libsframe_safe/swap_agree.c tests/peers/peer_read.h \
    $$(SFC_OBJS$(1)) $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) -DSFV_COMPAT_ABI=$(1) -o $$@ $$< $$(SFC_OBJS$(1)) \
	  $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
endef
$(foreach a,3 1 0,$(eval $(call sfc_swap_agree,$(a))))
.PHONY: libsframe-safe-swap-agree
libsframe-safe-swap-agree: $(foreach a,3 1 0,$(SFC_WALK)/swap_agree$(a))

test-libsframe-safe: all libsframe-safe libsframe-safe-asan libsframe-safe-walkers libsframe-safe-swap-agree
	scripts/install-deps.sh base peers binutils-src
	SFV_LIBSFRAME_SAFE=$(abspath $(SFC_DIR)) \
	  SFV_LIBSFRAME_SAFE_ASAN=$(abspath $(SFC_ASAN_DIR)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/libsframe_safe

TEST_TARGETS += test-libsframe-safe

# make install-libsframe-safe [DESTDIR=] [LIBDIR=]: the three drop-ins under
# the file names Debian's libsframe3, libsframe1 and (bookworm) libbinutils
# use (real file libsframe.so.N.0.0, soname link libsframe.so.N), so that a
# package diverting those two paths replaces exactly them (debian/, README
# "libsframe-safe").  Not part of make install: installing them in LIBDIR
# without the divert would shadow, or be shadowed by, the system's.
.PHONY: install-libsframe-safe
install-libsframe-safe: libsframe-safe
	install -d $(DESTDIR)$(LIBDIR)
	set -e; for n in 3 1 0; do \
	  install -m 644 $(SFC_DIR)/abi$$n/libsframe.so.$$n $(DESTDIR)$(LIBDIR)/libsframe.so.$$n.0.0; \
	  ln -sf libsframe.so.$$n.0.0 $(DESTDIR)$(LIBDIR)/libsframe.so.$$n; \
	done

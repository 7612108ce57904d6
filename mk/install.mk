# SPDX-License-Identifier: MIT
# make install [PREFIX=/usr/local] [DESTDIR=]
#
# Installs the command, libsfv (static and shared, soname libsfv.so.0),
# the public headers (the umbrella sfv.h, its faces sfv_*.h and the rule
# catalogue sfv_validate.h includes, sfv_rules.def), the pkg-config file sfv.pc and the man page.
# tests/py/test_cli_install.py installs into a temporary prefix and builds
# a program against it through pkg-config.

BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
SFV_SO_VERSION := 0.1.0

.PHONY: install uninstall

# A release build does not fail on warnings (see WERROR in the Makefile);
# target-specific, so it reaches every object built for install.
install: WERROR = 0

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BUILD)/sframe-validate $(DESTDIR)$(BINDIR)/sframe-validate
	install -m 644 $(BUILD)/libsfv.a $(DESTDIR)$(LIBDIR)/libsfv.a
	install -m 755 $(BUILD)/libsfv.so $(DESTDIR)$(LIBDIR)/libsfv.so.$(SFV_SO_VERSION)
	ln -sf libsfv.so.$(SFV_SO_VERSION) $(DESTDIR)$(LIBDIR)/libsfv.so.0
	ln -sf libsfv.so.0 $(DESTDIR)$(LIBDIR)/libsfv.so
	install -m 644 src/sfv.h $(SFV_FACES) src/sfv_rules.def $(DESTDIR)$(INCLUDEDIR)/
	printf '%s\n' \
	  'prefix=$(PREFIX)' \
	  'libdir=$(LIBDIR)' \
	  'includedir=$(INCLUDEDIR)' \
	  '' \
	  'Name: sfv' \
	  'Description: strict, zero-allocation SFrame (v1, v2, v3) decoder and validator' \
	  'Version: $(SFV_SO_VERSION)' \
	  'Libs: -L$${libdir} -lsfv' \
	  'Cflags: -I$${includedir}' > $(DESTDIR)$(PKGCONFIGDIR)/sfv.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/sfv.pc
	install -m 644 docs/sframe-validate.1 $(DESTDIR)$(MANDIR)/man1/sframe-validate.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sframe-validate $(DESTDIR)$(LIBDIR)/libsfv.a \
	  $(DESTDIR)$(LIBDIR)/libsfv.so.$(SFV_SO_VERSION) $(DESTDIR)$(LIBDIR)/libsfv.so.0 \
	  $(DESTDIR)$(LIBDIR)/libsfv.so $(DESTDIR)$(INCLUDEDIR)/sfv.h \
	  $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(SFV_FACES))) \
	  $(DESTDIR)$(INCLUDEDIR)/sfv_rules.def $(DESTDIR)$(PKGCONFIGDIR)/sfv.pc \
	  $(DESTDIR)$(MANDIR)/man1/sframe-validate.1

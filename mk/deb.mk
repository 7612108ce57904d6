# SPDX-License-Identifier: MIT
# mk/deb.mk - the Debian packages (debian/).
#
#   make deb           dpkg-buildpackage -us -uc -b on a copy of the tree in
#                      build/deb/sframe-validate/; the eight .debs, .changes and
#                      .buildinfo land in build/deb/; lintian on the .changes
#                      must report no error and no warning (the overrides
#                      in debian/*.lintian-overrides say why each is right)
#   make test-deb      the autopkgtest (debian/tests/control) against the
#                      built packages, unpacked into build/deb/root (never
#                      installed on the machine): --gsframe program,
#                      conformance runner, pkg-config build against libsfv,
#                      and the two dh_sframe_validate test packages; the
#                      sframe-conformance package = the dist-conformance
#                      tarball (tests/deb/check-suite-pin); then
#                      tests/deb/test-divert: libsframe3-safe,
#                      libsframe1-safe and libsframe0-safe installed with
#                      dpkg --root into scratch roots next to sid's,
#                      trixie's and bookworm's stock binutils (bookworm's
#                      downloaded by install-deps.sh bookworm; its round is
#                      skipped, loudly, when the archive cannot be reached):
#                      divert, ldconfig, the libsframe-safe autopkgtest,
#                      a Debian revision accepted, Breaks, Depends,
#                      reinstall, purge; ~20 s).
#                      About 10 min in all on 2 cores (20 at load 14), most
#                      of it the package build.
#   make test-rpm      rpm/sframe-validate.spec built by Debian's rpmbuild
#                      (tests/rpm/test-spec: each package's file list), then
#                      the RPM hook as the sframe-validate-rpm-macros package
#                      ships it (brp-sframe-validate through
#                      macros.sframe-validate) on two tiny RPMs
#                      (tests/rpm/test-hook); 5 min here at load 20
#   make check-symbols debian/libsfv0.symbols lists exactly the API the faces
#                      declare (make check)
#
# Both build targets install their tools (scripts/install-deps.sh deb).

DEB_BUILD := $(BUILD)/deb
DEB_SRC := $(DEB_BUILD)/sframe-validate
DEB_ROOT := $(DEB_BUILD)/root

.PHONY: deb test-deb test-rpm check-symbols deps-deb

deps-deb:
	scripts/install-deps.sh deb

# The tree as git sees it (tracked and new, not ignored files), so build/
# and .deps/ stay out of the package build.
deb: deps-deb
	rm -rf $(DEB_BUILD) && mkdir -p $(DEB_SRC)
	git ls-files -z --cached --others --exclude-standard \
	  | tar --null -T - --ignore-failed-read -cf - | tar -xf - -C $(DEB_SRC)
	cd $(DEB_SRC) && dpkg-buildpackage -us -uc -b
	lintian --fail-on error,warning --info $(DEB_BUILD)/sframe-validate_*.changes
	@echo "deb: $$(ls $(DEB_BUILD)/*.deb | grep -vc -- -dbgsym_) packages (and their -dbgsym) in $(DEB_BUILD), lintian clean"

test-deb: deb
	scripts/install-deps.sh base peers
	tests/deb/check-suite-pin $(DEB_BUILD) $(DEB_BUILD)/pin $(DEB_SRC)
	tests/deb/run-installed $(DEB_BUILD) $(DEB_ROOT)
	tests/deb/test-divert $(DEB_BUILD) $(DEB_BUILD)/divert

test-rpm: deps-deb
	tests/rpm/test-spec $(BUILD)/rpm

check-symbols:
	@mkdir -p $(BUILD)
	@$(DECLARED_API) > $(BUILD)/declared.txt
	@sed -n 's/^ \(sfv_[a-z0-9_]*\)@Base .*/\1/p' debian/libsfv0.symbols | sort > $(BUILD)/symbols.txt
	@if ! cmp -s $(BUILD)/symbols.txt $(BUILD)/declared.txt; then \
	  echo "check-symbols: debian/libsfv0.symbols (<) vs the faces declare (>):" >&2; \
	  diff $(BUILD)/symbols.txt $(BUILD)/declared.txt >&2; exit 1; fi
	@echo "check-symbols: debian/libsfv0.symbols lists the $$(wc -l < $(BUILD)/declared.txt) functions the faces declare"

TEST_TARGETS += test-deb test-rpm

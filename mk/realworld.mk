# Real toolchain output (issue 8): GNU binutils' own SFrame tests, LLVM 22 as
# a second producer, and link/compile shapes beyond gcc -O2 C.
#
#   make test-realworld   the representative subset (also part of `make test`
#                         through test-py): tests/py/test_realworld_{binutils,
#                         producers}.py; about 3-5 minutes on 2 busy cores,
#                         built files cached under build/rw-*-subset
#   make realworld-full   everything (binutils tests x sid/trixie/bookworm,
#                         ~100 producer configurations): 20-40 minutes the
#                         first time, then cached per tool version; writes
#                         build/REALWORLD.md
#   make realworld-doc    realworld-full, then docs/REALWORLD.md from it
#
# Toolchains come from scripts/install-deps.sh (groups base cross peers llvm
# mold binutils-src), which the drivers call themselves when something is missing.

RW_PYTESTS := tests/py/test_realworld_binutils.py tests/py/test_realworld_producers.py

.PHONY: test-realworld realworld-full realworld-doc realworld-deps

realworld-deps:
	scripts/install-deps.sh base cross peers llvm mold binutils-src

test-realworld: all realworld-deps
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) $(PYTHON) -m pytest -q $(RW_PYTESTS)

realworld-full: all realworld-deps
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_REALWORLD_FULL=1 \
	  $(PYTHON) -m pytest -q -s $(RW_PYTESTS) || touch $(BUILD)/.realworld-failed
	@test -f $(BUILD)/realworld/MANIFEST.tsv || tests/realworld/build-corpus.sh $(BUILD)/realworld
	$(PYTHON) tests/realworld/base_corpus.py --out $(BUILD)/rw-base $(BUILD)/realworld
	$(PYTHON) tests/realworld/report.py $(BUILD)/REALWORLD.md $(BUILD)/rw-base/results.json \
	  $(BUILD)/rw-binutils/results.json $(BUILD)/rw-producers/results.json
	@if [ -f $(BUILD)/.realworld-failed ]; then rm -f $(BUILD)/.realworld-failed; \
	  echo "realworld-full: some tests failed (see above); $(BUILD)/REALWORLD.md written anyway" >&2; exit 1; fi

realworld-doc:
	-$(MAKE) --no-print-directory realworld-full
	cp $(BUILD)/REALWORLD.md docs/REALWORLD.md

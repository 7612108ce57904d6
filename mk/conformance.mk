# SPDX-License-Identifier: MIT
# mk/conformance.mk - the conformance suite (gen/, conformance/).
#
#   make conformance         every case through our adapter (in make test)
#   make gen-check           regenerate into a temp dir; fail on any byte diff, or
#                            when an invalid case cites a sentence README.md lists
#                            as non-normative (gen/check_citations.py), a README
#                            pin is stale (make-dist --check-readme), a failure in
#                            conformance/peers/measured.json has no class in
#                            classified.json or a class names a passing case, or
#                            docs/CONFORMANCE.md is stale (conformance-doc --check)
#   make test-gen            generator/suite pytest + property tests only (they
#                            also run in make test-py, which collects tests/py)
#   make conformance-peers   table for every reader built from Debian packages
#                            (GNU libsframe 2.47/2.44, llvm-readobj 22/23, glibc
#                            2.43's reader); writes conformance/peers/measured.json
#                            and fails when a failure there is unclassified in
#                            conformance/peers/classified.json, or a
#                            classification names a case that passes (NOT in
#                            make test; installs the peers itself; ~6 min)
#   make dist-conformance    build/dist/sframe-conformance-X.Y.Z.tar.gz (+ .sha256):
#                            runner + cases + manifest + schema, stdlib only
#   make conformance-doc     regenerate docs/CONFORMANCE.md (counts from the
#                            manifest, peer rows from conformance/peers/measured.json,
#                            each failure's class from conformance/peers/classified.json)

CONF_BUILD := $(BUILD)/conformance
SFV_CANONICAL := $(CONF_BUILD)/sfv-canonical

$(SFV_CANONICAL): conformance/adapters/sfv_canonical.c $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ conformance/adapters/sfv_canonical.c $(BUILD)/libsfvfmt.a $(BUILD)/libsfv.a

.PHONY: conformance gen-check test-gen conformance-peers conformance-adapters \
	dist-conformance conformance-doc

# Our adapter must pass every case and name the right rule and offset in
# each rejection; conformance/known-failures/sfv-canonical.txt lists the
# cases it is known to fail (each with its reason and owner).
conformance: $(SFV_CANONICAL)
	$(PYTHON) conformance/run -q --check-reasons \
	  --known-failures conformance/known-failures/sfv-canonical.txt \
	  --junit $(CONF_BUILD)/junit-sfv.xml $(abspath $(SFV_CANONICAL))

dist-conformance:
	$(PYTHON) conformance/make-dist --out $(BUILD)/dist

gen-check:
	@rm -rf $(CONF_BUILD)/gen-check && mkdir -p $(CONF_BUILD)/gen-check
	@$(PYTHON) gen/generate.py --out $(CONF_BUILD)/gen-check >/dev/null
	@for d in cases expect; do \
	  if ! diff -r -q conformance/$$d $(CONF_BUILD)/gen-check/$$d; then \
	    echo "gen-check: conformance/$$d differs from gen/ output: run 'python3 gen/generate.py --out conformance/'" >&2; exit 1; fi; done
	@if ! cmp -s conformance/manifest.json $(CONF_BUILD)/gen-check/manifest.json; then \
	  echo "gen-check: conformance/manifest.json is stale" >&2; \
	  diff -u conformance/manifest.json $(CONF_BUILD)/gen-check/manifest.json | head -20 >&2; exit 1; fi
	@$(PYTHON) gen/check_citations.py conformance/README.md conformance/manifest.json
	@$(PYTHON) conformance/make-dist --check-readme
	@$(PYTHON) conformance/conformance-doc --check
	@echo "gen-check: committed suite matches gen/ byte for byte; no invalid case cites a non-normative sentence; every measured reader failure is classified"

test-gen: $(SFV_CANONICAL) $(BUILD)/sframe-validate
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_CANONICAL=$(abspath $(SFV_CANONICAL)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider tests/py/test_gen_*.py \
	  tests/py/test_conformance_runner.py tests/py/test_properties.py

# ---- peers (GNU libsframe, llvm-readobj): out-of-process adapters
PEERS_ENV := .deps/peers/peers.env
LIBSFRAME_ADAPTER_SRC := conformance/adapters/libsframe_adapter.c

$(CONF_BUILD)/libsframe-sid: $(LIBSFRAME_ADAPTER_SRC) $(PEERS_ENV)
	@mkdir -p $(dir $@)
	. ./$(PEERS_ENV) && $(CC) -std=gnu11 -O1 -g -I"$$SID_SFRAME_INCLUDE" -o $@ $< "$$SID_LIBSFRAME_A"

$(CONF_BUILD)/libsframe-trixie: $(LIBSFRAME_ADAPTER_SRC) $(PEERS_ENV)
	@mkdir -p $(dir $@)
	. ./$(PEERS_ENV) && $(CC) -std=gnu11 -O1 -g -I"$$TRIXIE_SFRAME_INCLUDE" -o $@ $< "$$TRIXIE_LIBSFRAME_A"

$(PEERS_ENV):
	scripts/install-deps.sh peers

conformance-adapters: $(SFV_CANONICAL) $(CONF_BUILD)/libsframe-sid $(CONF_BUILD)/libsframe-trixie

conformance-peers: conformance-adapters $(BUILD)/consumers/glibc-harness
	$(PYTHON) conformance/peers-table --build $(BUILD) --json conformance/peers/measured.json
	$(PYTHON) conformance/conformance-doc >/dev/null

conformance-doc:
	@mkdir -p $(CONF_BUILD)
	$(PYTHON) conformance/conformance-doc > $(CONF_BUILD)/CONFORMANCE.md.new
	mv $(CONF_BUILD)/CONFORMANCE.md.new docs/CONFORMANCE.md

TEST_TARGETS += gen-check conformance

# SPDX-License-Identifier: MIT
# Linkers as readers of hostile input (docs/CONSUMERS.md, "Linkers"): every
# conformance case wrapped as an ET_REL input (tests/linkers/wrap_case.py)
# and linked by GNU ld 2.44 and 2.47.50, ld.lld 22 and mold 3.0
# (tests/linkers/measure_links.py); a crash, a refusal, a dropped section or our
# verdict on the linked output, per case and linker.
#
#   make test-linkers        the subset of tests/linkers/test_linkers.py
#                            against the committed table (in make test;
#                            about a minute)
#   make test-linkers-full   every case against the committed table
#                            (about 7 minutes on 2 busy cores: lld 22 takes
#                            about 2 s to start)
#   make linkers-doc         measure every case and rewrite the section
#
# Linkers come from scripts/install-deps.sh (groups peers llvm mold).

LINKERS_PYTEST := $(PYTHON) -m pytest -q -p no:cacheprovider -s tests/linkers

.PHONY: linkers-deps test-linkers test-linkers-full linkers-doc

linkers-deps:
	scripts/install-deps.sh base peers llvm mold

test-linkers: all linkers-deps
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) $(LINKERS_PYTEST)

test-linkers-full: all linkers-deps
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) SFV_LINKERS_FULL=1 $(LINKERS_PYTEST)

linkers-doc: all linkers-deps
	@mkdir -p $(BUILD)/linkers
	$(PYTHON) tests/linkers/measure_links.py --sfv $(BUILD)/sframe-validate \
	  --json $(BUILD)/linkers/linkers.json --update docs/CONSUMERS.md

TEST_TARGETS += test-linkers

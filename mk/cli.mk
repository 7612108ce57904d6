# SPDX-License-Identifier: MIT
# The sframe-validate command and the ELF container (src/cli/*, src/elf/*).
#
#   make sarif-schema   build/sarif/sarif-schema-2.1.0.json: the SARIF 2.1.0
#                       JSON schema (OASIS 2.1.0 RTM.5), taken offline-able
#                       from the npm package @microsoft/jest-sarif
#   make test-cli       tests/py/test_cli_*.py, test_elf_*.py,
#                       test_realworld_validate.py (the plain CLI)
#   make check-untrusted-print  names reach output only through the printers
#   make test-cli-asan  the same CLI tests against a CLI built with clang-19
#                       ASan + UBSan (integer, implicit-conversion), no
#                       recovery: the ELF code on truncated/corrupted ELFs
#
# The pytest files also run in `make test-py`; test-cli-asan is the one
# added to `make test`.

SARIF_NPM_PKG := @microsoft/jest-sarif@1.0.0-beta.0
SARIF_SCHEMA := $(BUILD)/sarif/sarif-schema-2.1.0.json
CLI_PYTESTS = $(wildcard tests/py/test_cli_*.py tests/py/test_elf_*.py) \
              $(wildcard tests/py/test_realworld_validate.py)

.PHONY: sarif-schema test-cli test-cli-asan check-untrusted-print

# Untrusted text (names, baseline contents) is printed only by the printers
# (fmt_text_str, fmt_json_str, fmt_json_path): every other string a printf,
# fputs or fwrite of src/cli and src/fmt writes is a literal, one of the
# tool's own tables, or reviewed in the script.
check-untrusted-print:
	$(PYTHON) tests/tools/check_untrusted_print.py

TEST_TARGETS += check-untrusted-print

sarif-schema: $(SARIF_SCHEMA)

$(SARIF_SCHEMA):
	@mkdir -p $(BUILD)/sarif/pkg
	@command -v npm >/dev/null 2>&1 || { \
	  echo "sarif-schema: installing npm (Debian)"; \
	  apt-get install -y -q --no-install-recommends npm >/dev/null || \
	  { apt-get update -q >/dev/null; apt-get install -y -q --no-install-recommends npm >/dev/null; }; }
	cd $(BUILD)/sarif && rm -f *.tgz && npm pack --silent $(SARIF_NPM_PKG) >/dev/null
	tar -xzf $(BUILD)/sarif/*.tgz -C $(BUILD)/sarif/pkg
	cp $(BUILD)/sarif/pkg/package/lib/schemas/sarif-2.1.0-rtm.5.json $@

test-cli: all $(SARIF_SCHEMA)
	SFV_BIN=$(abspath $(BUILD)/sframe-validate) $(PYTHON) -m pytest -q $(CLI_PYTESTS)

SAN_CLI := -fsanitize=address,undefined,integer,implicit-conversion \
           -fno-sanitize-recover=all -fno-omit-frame-pointer
test-cli-asan: $(SARIF_SCHEMA)
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan-cli CC=$(CLANG) \
	  CFLAGS="-O1 -g $(SAN_CLI)" $(BUILD)/asan-cli/sframe-validate
	ASAN_OPTIONS=detect_leaks=0 SFV_BIN=$(abspath $(BUILD)/asan-cli/sframe-validate) \
	  SFV_SANITIZED=1 $(PYTHON) -m pytest -q $(CLI_PYTESTS)

TEST_TARGETS += test-cli-asan

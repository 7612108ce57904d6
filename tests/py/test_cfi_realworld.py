# SPDX-License-Identifier: MIT
"""The DWARF CFI interpreter and the .sframe vs .eh_frame comparison on the
whole real-toolchain corpus (issue 12).

* libdw differential: every row libsfv's interpreter produces for every
  .eh_frame FDE of every ELF file (relocatable ones relocated in memory)
  agrees with elfutils' libdw (dwarf_cfi_addrframe at the row's first PC:
  row range, CFA, and the rules of the RA column, FP, SP and callee-saved
  registers).
* comparison: sfv_cfi_compare finds zero errors (no CFA/RA/FP mismatch) in
  GNU as/ld output of every version and architecture, and compares
  functions in every configuration.
Counts are printed (-s) for docs/FINDINGS.md."""
import collections
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


@pytest.fixture(scope="module")
def cfi_tools():
    subprocess.run(["make", "-C", str(ROOT), "--no-print-directory", "cfi-tools"],
                   check=True, stdout=subprocess.DEVNULL)
    return BUILD / "cfi" / "libdw_diff", BUILD / "cfi" / "cfi_corpus"


def summary(text):
    line = text.strip().splitlines()[-1]
    words = line.split()
    return {words[i]: int(words[i + 1]) for i in range(0, len(words) - 1, 2)}


def test_libdw_agrees_on_every_row(cfi_tools, realworld):
    libdw_diff, _ = cfi_tools
    paths = "\n".join(r["path"] for r in realworld) + "\n"
    r = subprocess.run([str(libdw_diff), "-"], input=paths, capture_output=True, text=True)
    s = summary(r.stdout)
    print("\nlibdw differential:", r.stdout.strip())
    assert r.returncode == 0, r.stderr[-4000:]
    assert s["files"] == len(realworld)
    assert s["mismatches"] == 0 and s["errors"] == 0
    assert s["rows"] == s["agreed"] and s["rows"] > 10000
    # pac-ret builds exercise DW_CFA_AARCH64_negate_ra_state
    assert s["ra_signed_rows"] > 0


def test_sframe_agrees_with_eh_frame(cfi_tools, realworld):
    _, cfi_corpus = cfi_tools
    groups = collections.defaultdict(list)
    for row in realworld:
        groups[(row["toolchain"], row["arch"], row["version"])].append(row["path"])
    rules = collections.Counter()
    total = collections.Counter()
    errors = []
    for key, paths in sorted(groups.items()):
        r = subprocess.run([str(cfi_corpus), *paths], capture_output=True, text=True)
        s = summary(r.stdout)
        for line in r.stdout.splitlines()[:-1]:
            m = re.match(r"(.*?): (error|warning|note) ([a-z0-9-]+): ", line)
            assert m, line
            rules[m.group(3)] += 1
            if m.group(2) == "error":
                errors.append(line)
        assert s["read_errors"] == 0, (key, r.stderr[-2000:])
        assert s["functions"] > 0 and s["intervals"] > 0, key
        total.update(s)
    print("\ncomparison totals:", dict(total))
    print("diagnostics per rule:", dict(sorted(rules.items())))
    assert not errors, "\n".join(errors[:40])

# SPDX-License-Identifier: MIT
"""GNU binutils' own SFrame tests (gas cfi-sframe, ld-sframe, ld-x86-64,
ld-aarch64, ld-s390, libsframe's test data), built with sid 2.47.50, trixie
2.44 and bookworm 2.40 binutils by tests/realworld/binutils_suite.py: every
file they make validates with zero errors and dumps as objdump does, except
what tests/realworld/known-false.tsv lists (fixes in progress, issue 8).

`make test` runs a subset (binutils_suite.SUBSET); SFV_REALWORLD_FULL=1
(`make realworld-full`) runs every test."""
import collections
import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
import rwlib

# Builds real toolchains' output (module fixtures): left to make test.
pytestmark = pytest.mark.corpus

FULL = bool(os.environ.get("SFV_REALWORLD_FULL"))

# .d expectations that fail with Debian's tools for reasons outside SFrame:
# test -> reason.  Anything else failing is a test failure.
DEXP_KNOWN = {
    "ld-s390/sframe-simple-1": "addresses: Debian's s390x ld lays out sections differently "
                               "from the upstream testsuite's ld (0x1f0 vs 0x1e8)",
    "ld-s390/sframe-plt-1": "addresses: as ld-s390/sframe-simple-1",
}


@pytest.fixture(scope="module")
def results(sfv_bin):
    out = ROOT / "build" / ("rw-binutils" if FULL else "rw-binutils-subset")
    cmd = [sys.executable, str(ROOT / "tests/realworld/binutils_suite.py"), "--out", str(out),
           "--sfv", sfv_bin] + ([] if FULL else ["--subset"])
    subprocess.run(cmd, check=True)
    return json.loads((out / "results.json").read_text())


def test_every_file_validates_and_dumps_like_objdump(results):
    rwlib.assert_no_unexpected(results["files"])


def test_every_toolchain_built_tests(results):
    built = collections.Counter(t["toolchain"] for t in results["tests"] if t["status"] == "built")
    assert built["sid"] > 0 and built["trixie"] > 0 and built["bookworm"] > 0, built
    assert {f["version"] for f in results["files"] if f["version"]} >= {1, 2, 3}


def test_sid_runs_every_test_as_written(results):
    """sid's binutils is the version the tests were written for: it must
    build every one of them (or fail exactly as a #error test says)."""
    bad = [(t["test"], t["arch"], t["status"], t["detail"][:200]) for t in results["tests"]
           if t["toolchain"] == "sid" and t["status"] not in ("built", "expected-error")]
    assert not bad, bad


def test_d_expectations_hold_with_sid(results):
    bad = [(t["test"], t["arch"], t["dexp"]) for t in results["tests"]
           if t["toolchain"] == "sid" and t["dexp"].startswith("fail")
           and t["test"] not in DEXP_KNOWN]
    assert not bad, bad
    n = sum(t["dexp"] == "pass" for t in results["tests"])
    assert n >= (80 if FULL else 10), n


def test_older_tools_only_refuse(results):
    """trixie/bookworm may refuse newer options; they never leave a half
    result unrecorded (every run has one of the known statuses)."""
    ok = {"built", "as-refused", "ld-refused", "cc-refused", "objcopy-refused", "as-crashed",
          "ld-crashed", "no-toolchain", "expected-error", "skipped", "warning-missing"}
    odd = [(t["test"], t["toolchain"], t["status"]) for t in results["tests"]
           if t["status"] not in ok]
    assert not odd, odd


def test_libsframe_test_data_is_checked(results):
    names = {f["test"] for f in results["files"] if f["kind"] == "raw"}
    assert any("DATA-BE" in n for n in names) and any("DATA2" in n for n in names), names

# SPDX-License-Identifier: MIT
"""The upstream libsframe testsuite of each ABI (sid 2.47.50: 168 checks,
trixie 2.44: 57 checks) passes whole against the drop-in, with the same
test names as the libsframe.sum Debian ships.  The same run against the
stock library checks the runner itself: it too must give every name of
Debian's .sum, all PASS."""
import gzip
import lzma
import pathlib

import pytest

import rwlib
import safe_support as ss
import upstream_suite

# suite: (ABI, testsuite tree, headers, stock library, Debian's .sum, checks)
SUITES = {
    "sid": (3, "BINUTILS_SRC_DIR", "SID_SFRAME_INCLUDE", "SID_LIBSFRAME_SO",
            "usr/share/doc/binutils/test-summary-amd64.gz", 168),
    "trixie": (1, "BINUTILS_SRC_TRIXIE_DIR", "TRIXIE_SFRAME_INCLUDE", "TRIXIE_LIBSFRAME_SO",
               "usr/share/doc/binutils/tests/libsframe.sum.xz", 57),
}


def debian_sum(env, suite):
    root = env["SID_ROOT" if suite == "sid" else "TRIXIE_ROOT"]
    path = pathlib.Path(root) / SUITES[suite][4]
    opener = gzip.open if path.suffix == ".gz" else lzma.open
    with opener(path, "rt") as f:
        return upstream_suite.expected_names(f.read())


@pytest.mark.parametrize("which", ["stock", "drop-in"])
@pytest.mark.parametrize("suite", sorted(SUITES))
def test_upstream_testsuite(peers_env, suite, which, tmp_path):
    suite_env = {**peers_env, **rwlib.load_env("binutils-src")}
    abi, src, inc, stock, _, count = SUITES[suite]
    if which == "stock":
        lib = pathlib.Path(suite_env[stock])
    else:
        ss.ensure_built()
        lib = ss.dropin(abi)
    testsuite = pathlib.Path(suite_env[src]) / "libsframe" / "testsuite"
    got = upstream_suite.run_suite(testsuite, suite_env[inc], lib, tmp_path)
    want = debian_sum(peers_env, suite)
    assert len(want) == count and all(w.startswith("PASS: ") for w in want)
    assert [g for g in got if not g.startswith("PASS: ")] == []
    assert got == want

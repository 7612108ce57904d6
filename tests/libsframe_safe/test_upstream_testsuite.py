# SPDX-License-Identifier: MIT
"""The upstream libsframe testsuite of each ABI (sid 2.47.50: 168 checks,
trixie 2.44: 57 checks, bookworm 2.40: 23 checks) passes whole against the
drop-in, with the same test names as the libsframe.sum Debian ships.  The
same run against the stock library checks the runner itself: it too must
give every name of Debian's .sum, all PASS.  bookworm's binutils ships no
libsframe.sum: there the stock library's own run gives the names."""
import gzip
import lzma
import pathlib

import pytest

import rwlib
import safe_support as ss
import upstream_suite

# bookworm's (the system's) libsframe.so.0, package libbinutils
BOOKWORM_LIBSFRAME = "/usr/lib/x86_64-linux-gnu/libsframe.so.0"

# suite: (ABI, testsuite tree, headers, stock library, Debian's .sum, checks)
SUITES = {
    "bookworm": (0, "BINUTILS_SRC_BOOKWORM_DIR", None, None, None, 23),
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
    tree = pathlib.Path(suite_env[src])
    # 2.40's headers come with its testsuite (no Debian package of bookworm
    # installs them)
    include = suite_env[inc] if inc else tree / "include"
    stock_lib = pathlib.Path(suite_env[stock] if stock else BOOKWORM_LIBSFRAME)
    if which == "stock":
        lib = stock_lib
    else:
        ss.ensure_built()
        lib = ss.dropin(abi)
    testsuite = tree / "libsframe" / "testsuite"
    got = upstream_suite.run_suite(testsuite, include, lib, tmp_path / "t")
    if SUITES[suite][4] is not None:
        want = debian_sum(peers_env, suite)
    else:
        want = upstream_suite.run_suite(testsuite, include, stock_lib, tmp_path / "s")
    assert len(want) == count and all(w.startswith("PASS: ") for w in want)
    assert [g for g in got if not g.startswith("PASS: ")] == []
    assert got == want

# SPDX-License-Identifier: MIT
"""The upstream libsframe testsuite of each ABI (sid 2.47.50: 168 checks,
trixie 2.44: 57 checks) passes whole against the drop-in, with the same
test names as the libsframe.sum Debian ships.  The same run against the
stock library checks the runner itself: it too must give every name of
Debian's .sum, all PASS."""
import gzip
import lzma
import pathlib
import subprocess

import pytest

import rwlib
import upstream_suite

ROOT = pathlib.Path(__file__).resolve().parents[2]

# suite: (testsuite tree, headers, stock library, drop-in, Debian's .sum, checks)
SUITES = {
    "sid": ("BINUTILS_SRC_DIR", "SID_SFRAME_INCLUDE", "SID_LIBSFRAME_SO",
            "abi3/libsframe.so.3", "usr/share/doc/binutils/test-summary-amd64.gz", 168),
    "trixie": ("BINUTILS_SRC_TRIXIE_DIR", "TRIXIE_SFRAME_INCLUDE", "TRIXIE_LIBSFRAME_SO",
               "abi1/libsframe.so.1", "usr/share/doc/binutils/tests/libsframe.sum.xz", 57),
}


@pytest.fixture(scope="module")
def peers_env():
    return rwlib.load_env("peers", "binutils-src")


@pytest.fixture(scope="module")
def dropin_dir():
    d = ROOT / "build" / "libsframe-safe"
    subprocess.run(["make", "-C", str(ROOT), "-s", "libsframe-safe"], check=True)
    return d


def debian_sum(env, suite):
    root = env["SID_ROOT" if suite == "sid" else "TRIXIE_ROOT"]
    path = pathlib.Path(root) / SUITES[suite][4]
    opener = gzip.open if path.suffix == ".gz" else lzma.open
    with opener(path, "rt") as f:
        return upstream_suite.expected_names(f.read())


@pytest.mark.parametrize("which", ["stock", "drop-in"])
@pytest.mark.parametrize("suite", sorted(SUITES))
def test_upstream_testsuite(peers_env, suite, which, request, tmp_path):
    src, inc, stock, dropin, _, count = SUITES[suite]
    lib = (pathlib.Path(peers_env[stock]) if which == "stock"
           else request.getfixturevalue("dropin_dir") / dropin)
    testsuite = pathlib.Path(peers_env[src]) / "libsframe" / "testsuite"
    got = upstream_suite.run_suite(testsuite, peers_env[inc], lib, tmp_path)
    want = debian_sum(peers_env, suite)
    assert len(want) == count and all(w.startswith("PASS: ") for w in want)
    assert [g for g in got if not g.startswith("PASS: ")] == []
    assert got == want

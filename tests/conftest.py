# SPDX-License-Identifier: MIT
"""The one place test helpers become importable, for every suite under
tests/ (py, hostile): the SFrame model/encoder (gen/), the peer helpers and
raw-section builder (tests/peers), the ELF builder (tests/elf), the
real-world corpus library (tests/realworld), the hostile-suite helpers
(tests/hostile), the consumer harness driver (tests/consumers).  Test
files import them by name and never edit sys.path.
Also the fixtures every suite shares: the CLI under test, the peers'
environment and the real-toolchain corpus (built once per session by
tests/realworld/build-corpus.sh into build/realworld)."""
import csv
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
for _d in ("gen", "tests/peers", "tests/elf", "tests/realworld", "tests/hostile",
           "tests/consumers", "tests/linkers"):
    _p = str(ROOT / _d)
    if _p not in sys.path:
        sys.path.insert(0, _p)

import peers_support  # noqa: E402  (importable from here on)


# Fixtures that build or install something large on first use: the real
# corpus (tests/realworld/build-corpus.sh), the private peer toolchains and
# the instrumented build of the work-scaling tests (tests/hostile: probe).
# A test that uses one, directly or through another fixture, is marked
# `corpus`; `make check` deselects those (-m "not corpus") and `make test`
# runs everything.
CORPUS_FIXTURES = {"realworld", "peers_env", "probe"}


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "corpus: needs the real corpus or the peer toolchains "
        "(left to make test; make check deselects it)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if CORPUS_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.corpus)


@pytest.fixture(scope="session")
def sfv_bin():
    path = pathlib.Path(os.environ.get("SFV_BIN", BUILD / "sframe-validate"))
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "-s", "all"], check=True)
    return str(path)


@pytest.fixture(scope="session")
def peers_env():
    """KEY=VALUE pairs of .deps/peers/peers.env (installs peers if needed)."""
    return peers_support.peers_env()


@pytest.fixture(scope="session")
def realworld():
    """Rows of build/realworld/MANIFEST.tsv as dicts: path, toolchain, arch,
    kind, version, flags (paths absolute)."""
    out = BUILD / "realworld"
    manifest = out / "MANIFEST.tsv"
    if os.environ.get("SFV_REBUILD_CORPUS") or not manifest.exists():
        subprocess.run([str(ROOT / "tests" / "realworld" / "build-corpus.sh"), str(out)],
                       check=True)
    rows = []
    with open(manifest, newline="") as fh:
        for rec in csv.reader(fh, delimiter="\t"):
            if not rec or rec[0].startswith("#") or rec[0] == "path":
                continue
            path, tc, arch, kind, version, flags = rec[:6]
            p = pathlib.Path(path)
            if not p.is_absolute():
                p = out / p
            rows.append(dict(path=str(p), toolchain=tc, arch=arch, kind=kind,
                             version=int(version), flags=int(flags, 16)))
    assert rows, "the real-toolchain corpus is empty"
    return rows

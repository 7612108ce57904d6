# SPDX-License-Identifier: MIT
"""The one place test helpers become importable, for every suite under
tests/ (py, hostile): the SFrame model/encoder (gen/), the peer helpers and
raw-section builder (tests/peers), the ELF builder (tests/elf), the
real-world corpus library (tests/realworld), the hostile-suite helpers
(tests/hostile), the consumer harness driver (tests/consumers).  Test
files import them by name and never edit sys.path.
Also the fixture every suite shares: the CLI under test."""
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

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
           "tests/consumers"):
    _p = str(ROOT / _d)
    if _p not in sys.path:
        sys.path.insert(0, _p)


@pytest.fixture(scope="session")
def sfv_bin():
    path = pathlib.Path(os.environ.get("SFV_BIN", BUILD / "sframe-validate"))
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "-s", "all"], check=True)
    return str(path)

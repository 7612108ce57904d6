# SPDX-License-Identifier: MIT
"""Fixtures of the hostile suite: the CLI under test and the work counters
(helpers: hostile_lib.py; sfv_bin: tests/conftest.py)."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


@pytest.fixture(scope="session")
def workcount():
    path = pathlib.Path(os.environ.get("SFV_WORKCOUNT", BUILD / "hostile" / "workcount"))
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "-s", "build/hostile/workcount"], check=True)
    return str(path)


@pytest.fixture(scope="session")
def probe():
    """The CLI built with -finstrument-functions and tests/hostile/probe.c:
    counts its function calls (mk/hostile.mk).  Brought up to date with the
    sources unless SFV_PROBE names one (make test-hostile builds it)."""
    if "SFV_PROBE" in os.environ:
        return os.environ["SFV_PROBE"]
    subprocess.run(["make", "-C", str(ROOT), "-s", "build/probe/sframe-validate"],
                   check=True)
    return str(BUILD / "probe" / "sframe-validate")


@pytest.fixture(scope="session")
def sandbox_probe():
    path = pathlib.Path(os.environ.get("SFV_SANDBOX_PROBE", BUILD / "hostile" / "sandbox_probe"))
    if "SFV_SANDBOX_PROBE" not in os.environ:
        subprocess.run(["make", "-C", str(ROOT), "-s", "build/hostile/sandbox_probe"], check=True)
    return str(path)


@pytest.fixture(scope="session")
def baseline_probes():
    path = pathlib.Path(os.environ.get("SFV_BASELINE_PROBES",
                                       BUILD / "hostile" / "baseline_probes"))
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "-s", "build/hostile/baseline_probes"],
                       check=True)
    return str(path)

# SPDX-License-Identifier: MIT
"""Fixtures of the consumer tests: the built CLI, the harnesses (built by
`make consumer-harnesses`, which installs what they need through
scripts/install-deps.sh consumers) and the measured matrix, computed once
per session (tests/consumers/measure.py; written to build/consumers/)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]

import measure  # tests/conftest.py puts tests/consumers and gen/ on sys.path


@pytest.fixture(scope="session")
def build():
    b = pathlib.Path(os.environ.get("SFV_BUILD", ROOT / "build"))
    subprocess.run(["make", "-C", str(ROOT), "--no-print-directory", "consumer-harnesses",
                    f"BUILD={b}"], check=True, stdout=subprocess.DEVNULL)
    return b


@pytest.fixture(scope="session")
def sfv_bin(build):
    return str(pathlib.Path(os.environ.get("SFV_BIN", build / "sframe-validate")))


@pytest.fixture(scope="session")
def harnesses(build):
    h = measure.harnesses(str(build))
    missing = [n for n, (argv, _, _) in h.items() if not os.path.exists(argv[0])]
    assert not missing, f"harnesses not built: {missing}"
    assert "llvm-22" in h, "llvm-readobj-22 missing from .deps/peers/peers.env"
    if "llvm-23" not in h:
        print("tests/consumers: NOTE: sid has no llvm-23: llvm-readobj-23 not measured",
              file=sys.stderr)
    return h


@pytest.fixture(scope="session")
def matrix(build, harnesses):
    # SFV_CONSUMERS_MATRIX=FILE reuses a matrix measured before (development
    # only: make test-consumers always measures afresh)
    reuse = os.environ.get("SFV_CONSUMERS_MATRIX")
    if reuse:
        return json.loads(pathlib.Path(reuse).read_text())
    m = measure.measure(str(build))
    out = build / "consumers"
    out.mkdir(parents=True, exist_ok=True)
    (out / "matrix.json").write_text(json.dumps(m, indent=1))
    (out / "matrix.md").write_text(measure.markdown(m) + "\n")
    return m


def profile_verdicts(sfv_bin, profile, files):
    """path -> (reasons of the profile-P errors, reasons of profile-P-rows
    warnings, no error at all) from sframe-validate --profile=P (reason
    codes: the aux values, src/sfv_rules.def); files that are no SFrame at
    all: ({0}, set(), False)."""
    out = {}
    rule = "profile-" + profile.replace(".", "-")   # rule ids are [a-z0-9-]
    for k in range(0, len(files), 200):
        chunk = files[k:k + 200]
        p = subprocess.run([sfv_bin, f"--profile={profile}", "--format=json", "--max-diags=100000"]
                           + chunk, capture_output=True, text=True)
        assert p.returncode in (0, 1, 2), p.stderr
        doc = json.loads(p.stdout)
        for f in doc["files"]:
            ds = f["diagnostics"]
            out[f["path"]] = ({d["aux"] for d in ds if d["rule"] == rule},
                              {d["aux"] for d in ds if d["rule"] == rule + "-rows"},
                              not any(d["severity"] == "error" and
                                      not d["rule"].startswith("profile-") for d in ds))
        for e in doc.get("errors", []):
            out[e["path"]] = ({0}, set(), False)
    return out

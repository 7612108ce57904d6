# SPDX-License-Identifier: MIT
"""--profile=libsframe-2.47/-2.44 refuse a PC-mask FRE that starts past
(2.44: at or past) its function's size: spec-valid (starts are matched
against PC % rep_size), but libsframe's sframe_decoder_get_fre asserts
start <= size (2.44: start < size) whatever the PC type and aborts
(docs/FINDINGS.md F9, measured with conformance/adapters/libsframe_adapter.c).
Reason 18 of docs/CONSUMERS.md."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
REPRO = ROOT / "tests" / "findings" / "libsframe-abort-mask-fre-past-size.sframe"
REASON = 18


def refusals(sfv_bin, path, profile):
    p = subprocess.run([sfv_bin, "--format=json", f"--profile={profile}", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode in (0, 1), p.stderr
    f = json.loads(p.stdout)["files"][0]
    rule = "profile-" + profile.replace(".", "-")
    return [d for d in f["diagnostics"] if d["rule"] == rule], f["errors"], p.returncode


@pytest.mark.parametrize("path,profile,refused", [
    (REPRO, "libsframe-2.47", True),
    (CASES / "valid-mask-fre-past-size-v3.sframe", "libsframe-2.47", True),
    (CASES / "valid-mask-fre-past-size-v2.sframe", "libsframe-2.47", True),
    (CASES / "valid-mask-fre-past-size-v2.sframe", "libsframe-2.44", True),
    (CASES / "valid-mask-fre-at-size-v2.sframe", "libsframe-2.44", True),
    (CASES / "valid-mask-fre-at-size-v2.sframe", "libsframe-2.47", False),  # reads it
    (CASES / "valid-plt-mask-v3.sframe", "libsframe-2.47", False),
    (CASES / "valid-plt-mask-v2.sframe", "libsframe-2.44", False),
], ids=lambda x: getattr(x, "stem", str(x)))
def test_mask_start_past_size(sfv_bin, path, profile, refused):
    got, errors, rc = refusals(sfv_bin, path, profile)
    mask = [d for d in got if d["aux"] == REASON]
    assert bool(mask) == refused, got
    assert errors == len(got) and rc == (1 if got else 0)  # the section itself is valid
    if refused:
        assert mask[0]["fre"] == 1 and mask[0]["found"] > 0, mask

# SPDX-License-Identifier: MIT
"""--lookup on a section the validator rejects: the lenient answer, then
the verdict (exit 1, text "section INVALID: ...", JSON "valid": false with
the error count and the first error), on every case of the conformance
suite; a valid section keeps its answer and says "valid": true."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "conformance" / "manifest.json").read_text())


def cases(verdict):
    return [c for c in MANIFEST["cases"] if c["verdict"] == verdict]


def run(sfv_bin, *args):
    return subprocess.run([sfv_bin, "--input=raw", *args], capture_output=True, text=True)


def validation_errors(sfv_bin, path, *flags):
    p = run(sfv_bin, "--format=json", *flags, str(path))
    doc = json.loads(p.stdout)
    return p.returncode, [d for d in doc["files"][0]["diagnostics"]
                          if d["severity"] == "error"]


def test_every_invalid_case_says_invalid(sfv_bin):
    checked = 0
    for c in cases("invalid"):
        path = ROOT / "conformance" / c["file"]
        v_rc, errors = validation_errors(sfv_bin, path)
        assert v_rc == 1, c["id"]
        pc = "0x1000"
        text = run(sfv_bin, f"--lookup={pc}", str(path))
        assert text.returncode == 1, (c["id"], text.stdout, text.stderr)
        if "undecodable" not in text.stdout and "cannot decode" not in text.stderr:
            assert "section INVALID:" in text.stdout, (c["id"], text.stdout)
            assert f"first: {errors[0]['rule']} at " in text.stdout, (c["id"], text.stdout)
        j = run(sfv_bin, f"--lookup={pc}", "--format=json", str(path))
        assert j.returncode == 1, c["id"]
        obj = json.loads(j.stdout)["lookups"][0]
        if obj.get("reason") == "undecodable":
            continue  # the header itself does not open: nothing to answer
        assert obj["valid"] is False, (c["id"], obj)
        assert obj["errors"] == len(errors), (c["id"], obj, errors)
        assert obj["first_error"]["rule"] == errors[0]["rule"], (c["id"], obj)
        assert obj["first_error"]["offset"] == errors[0]["offset"], (c["id"], obj)
        checked += 1
    assert checked >= 55, checked


def test_valid_cases_keep_their_answer(sfv_bin):
    for c in cases("valid"):
        path = ROOT / "conformance" / c["file"]
        j = run(sfv_bin, "--lookup=0x1000", "--format=json", str(path))
        obj = json.loads(j.stdout)["lookups"][0]
        assert obj["valid"] is True, (c["id"], obj)
        assert "first_error" not in obj
        t = run(sfv_bin, "--lookup=0x1000", str(path))
        assert "INVALID" not in t.stdout, c["id"]
        # the exit status is the answer's alone: found with valid rules or not
        want = 0 if obj["found"] and obj.get("rules_status") == "ok" else 1
        assert j.returncode == t.returncode == want, (c["id"], obj)


def test_warnings_count_only_with_werror(sfv_bin):
    """A section with warnings and no error: the answer stands (exit as
    the answer says); --Werror makes the warnings errors, as validation
    does."""
    seen = 0
    for c in cases("valid") + cases("implementation-defined"):
        path = ROOT / "conformance" / c["file"]
        p = run(sfv_bin, "--format=json", str(path))
        diags = json.loads(p.stdout)["files"][0]["diagnostics"]
        if p.returncode != 0 or not any(d["severity"] == "warning" for d in diags):
            continue
        seen += 1
        plain = json.loads(run(sfv_bin, "--lookup=0x1000", "--format=json",
                               str(path)).stdout)["lookups"][0]
        assert plain["valid"] is True, (c["id"], plain)
        w = run(sfv_bin, "--lookup=0x1000", "--format=json", "--Werror", str(path))
        obj = json.loads(w.stdout)["lookups"][0]
        assert w.returncode == 1, c["id"]
        assert obj["valid"] is False and obj["errors"] >= 1, (c["id"], obj)
        assert run(sfv_bin, "--Werror", str(path)).returncode == 1, c["id"]
    if seen == 0:
        pytest.fail("no case of the suite draws a warning without an error")

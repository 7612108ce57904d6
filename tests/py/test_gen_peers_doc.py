# SPDX-License-Identifier: MIT
"""conformance/conformance-doc --check: every failure of a measured reader
has a class (a bug with its spec sentence, or the reader's side of an open
decision), and no class names a case that passes."""
import copy
import importlib.machinery
import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONF = ROOT / "conformance"


def load(name, path):
    sys.dont_write_bytecode = True
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    mod = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def doc():
    return load("conformance_doc", CONF / "conformance-doc")


@pytest.fixture(scope="module")
def manifest():
    return json.loads((CONF / "manifest.json").read_text())


def world(manifest):
    """One reader, three failures: an invalid case accepted, a crash, a
    decision; classified completely."""
    inv = next(c["id"] for c in manifest["cases"] if c["verdict"] == "invalid")
    val = next(c["id"] for c in manifest["cases"] if c["verdict"] == "valid")
    dep = next(c["id"] for c in manifest["cases"] if c.get("expect_sides"))
    dec, side = next(iter(next(c for c in manifest["cases"]
                               if c.get("expect_sides"))["expect_sides"][0]["sides"].items()))
    measured = {"measured": "2026-01-01", "suite_version": manifest["suite_version"],
                "suite_sha256": "0" * 64, "rows": [
                    {"reader": "r", "implementation": "R 1.0", "versions": "v2",
                     "run": 3, "failures": [
                         {"id": inv, "outcome": "wrongly-accepted", "detail": ""},
                         {"id": val, "outcome": "crashed", "detail": "signal 11"},
                         {"id": dep, "outcome": "decision-mismatch", "detail": ""}]}]}
    classified = {"grounds": {
        "lax": {"class": "bug", "cites": "case", "why": "checks nothing"},
        "crash": {"class": "bug", "section": "2.1.3 SFrame Flags", "ground": "must",
                  "quote": "Bits corresponding to the currently undefined flags must be "
                           "set to zero.", "why": "dies"},
        "side": {"class": "decision", "decision": dec, "side": side, "why": "its reading"}},
        "readers": {"r": {inv: "lax", val: "crash", dep: "side"}}}
    return measured, classified, (inv, val, dep)


def test_a_complete_classification_passes(doc, manifest):
    measured, classified, _ = world(manifest)
    assert doc.problems(measured, classified, manifest) == []


def test_an_unclassified_failure_fails(doc, manifest):
    measured, classified, (inv, _, _) = world(manifest)
    del classified["readers"]["r"][inv]
    bad = doc.problems(measured, classified, manifest)
    assert any(f"{inv} fails (wrongly-accepted) and has no classification" in b for b in bad)


def test_a_classification_of_a_passing_case_fails(doc, manifest):
    measured, classified, (_, val, _) = world(manifest)
    measured["rows"][0]["failures"] = [f for f in measured["rows"][0]["failures"]
                                       if f["id"] != val]
    bad = doc.problems(measured, classified, manifest)
    assert any(f"{val} is classified (crash) but it does not fail" in b for b in bad)


def test_an_unused_ground_fails(doc, manifest):
    measured, classified, _ = world(manifest)
    classified["grounds"]["spare"] = dict(classified["grounds"]["lax"])
    assert any("ground spare: no case uses it" in b
               for b in doc.problems(measured, classified, manifest))


@pytest.mark.parametrize("ground,change,msg", [
    ("crash", {"quote": "The magic number for SFrame section: 0xdee2."},
     "says neither must nor shall"),
    ("crash", {"section": ""}, "bug without section"),
    ("side", {"side": "no-such-side"}, "has no side"),
    ("side", {"decision": "no-such-decision"}, "no decision"),
])
def test_malformed_grounds_fail(doc, manifest, ground, change, msg):
    measured, classified, _ = world(manifest)
    classified["grounds"][ground].update(change)
    assert any(msg in b for b in doc.problems(measured, classified, manifest))


def test_citing_the_case_holds_only_for_an_accepted_invalid_case(doc, manifest):
    measured, classified, (_, val, _) = world(manifest)
    classified["readers"]["r"][val] = "lax"
    del classified["grounds"]["crash"]
    assert any("cites the case" in b for b in doc.problems(measured, classified, manifest))


def test_the_committed_classification_matches_the_committed_measurement():
    """What make gen-check runs: conformance/peers/ and docs/CONFORMANCE.md agree."""
    p = subprocess.run([sys.executable, str(CONF / "conformance-doc"), "--check"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr

"""The conformance suite (gen/, conformance/) against the rule catalogue and
our validator: every rule has a case, every case breaks exactly what its
manifest entry says, the matrix is complete, the runner reports honestly."""
import itertools
import json
import os
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONF = ROOT / "conformance"
# The suite is about raw SFrame sections: rules of the ELF container (spec
# field not an SFrame spec section) are out of scope, and so are diagnostics
# that depend on how the validator is run, not on the section's bytes:
RUN_LEVEL_RULES = {
    "checks-skipped",           # --unrelocated / no scratch / work budget
    "required-version",         # --require-version policy
    "require-sorted",           # --require-sorted policy
    "fre-blocks-inconsistent",  # only without scratch; with it: fde-fre-block-overlap
}


def section_rules(catalogue):
    return {i for i, r in catalogue.items()
            if r["spec"][:1].isdigit() and not i.startswith("elf-")}


@pytest.fixture(scope="module")
def manifest():
    with open(CONF / "manifest.json") as fh:
        return json.load(fh)


@pytest.fixture(scope="module")
def catalogue(sfv_bin):
    out = subprocess.run([sfv_bin, "--list-rules", "--format=json"], check=True,
                         capture_output=True, text=True).stdout
    return {r["id"]: r for r in json.loads(out)}


@pytest.fixture(scope="module")
def diagnostics(sfv_bin, manifest):
    """case id -> diagnostics of sframe-validate --format=json."""
    files = [str(CONF / c["file"]) for c in manifest["cases"]]
    out = subprocess.run([sfv_bin, "--format=json"] + files, capture_output=True, text=True)
    assert out.returncode in (0, 1, 2), out.stderr
    # A file whose first bytes are no SFrame magic is "neither ELF nor SFrame"
    # to the CLI (a file-level error, no diagnostics): None below.
    doc = json.loads(out.stdout)
    by_path = {f["path"]: f["diagnostics"] for f in doc["files"]}
    by_path.update({e["path"]: None for e in doc.get("errors", [])})
    return {c["id"]: by_path[str(CONF / c["file"])] for c in manifest["cases"]}


def test_every_catalogue_rule_has_a_case(manifest, catalogue):
    assert RUN_LEVEL_RULES <= set(catalogue), "stale exclusion list"
    covered = {c["rule"] for c in manifest["cases"] if c["rule"]}
    missing = sorted(section_rules(catalogue) - covered - RUN_LEVEL_RULES)
    assert not missing, f"catalogue rules without a conformance case: {missing}"
    unknown = sorted(covered - set(catalogue))
    assert not unknown, f"cases name rules the catalogue lacks: {unknown}"


def test_verdicts_follow_severity_and_decisions(manifest, catalogue):
    for c in manifest["cases"]:
        if not c["rule"]:
            assert c["verdict"] == "valid", c["id"]
            continue
        r = catalogue[c["rule"]]
        impl = r["summary"].startswith("Implementation-defined:")
        if impl:
            assert c["verdict"] == "implementation-defined", c["id"]
            assert c.get("note"), f"{c['id']}: implementation-defined case needs a note"
            want = "reject" if r["severity"] == "error" else "accept"
            assert c["decision"] == want, c["id"]
        elif r["severity"] == "error":
            assert c["verdict"] == "invalid", c["id"]
        else:
            assert c["verdict"] == "valid", c["id"]
        if c["verdict"] != "invalid":
            assert c["expect"], f"{c['id']}: acceptable case without expect"


def test_each_case_breaks_exactly_its_rule(manifest, catalogue, diagnostics):
    problems = []
    for c in manifest["cases"]:
        diags = diagnostics[c["id"]]
        if diags is None:
            # Only a broken magic may make the CLI refuse to treat the file
            # as SFrame at all; the adapter test checks that libsfv rejects it.
            if c["rule"] != "magic":
                problems.append(f"{c['id']}: CLI did not take it as an SFrame section")
            continue
        errs = {d["rule"] for d in diags if d["severity"] == "error"}
        others = {d["rule"] for d in diags if d["severity"] != "error"}
        want_err = set(c.get("also", []))
        if c["rule"] and catalogue[c["rule"]]["severity"] == "error":
            want_err.add(c["rule"])
        if errs != want_err or others != set(c.get("warnings", [])):
            problems.append(f"{c['id']}: errors {sorted(errs)} (want {sorted(want_err)}), "
                            f"warnings/notes {sorted(others)} (want {c.get('warnings', [])})")
        if c["rule"] and c["offset"] is not None and not any(
                d["rule"] == c["rule"] and d["offset"] == c["offset"] for d in diags):
            got = [(d["rule"], d["offset"]) for d in diags]
            problems.append(f"{c['id']}: no {c['rule']} at offset {c['offset']}: {got}")
    assert not problems, "\n".join(problems)


def test_matrix_is_complete(manifest):
    seen = set()
    for c in manifest["cases"]:
        if c["verdict"] != "valid" or not c["expect"]:
            continue
        with open(CONF / c["expect"]) as fh:
            e = json.load(fh)
        v, abi = e["header"]["version"], e["header"]["abi_arch"]
        for f in e["fdes"]:
            for r in f["fres"]:
                seen.add((v, abi, f["fde_type"], f["pc_type"], f["fre_type"], r["dataword_size"]))
    want = set()
    for v in (1, 2, 3):
        abis = (1, 2, 3) if v == 1 else (1, 2, 3, 4)
        fdes = (0, 1) if v == 3 else (0,)
        want |= set(itertools.product([v], abis, fdes, (0, 1), (0, 1, 2), (1, 2, 4)))
    assert not want - seen, f"matrix combinations missing: {sorted(want - seen)[:10]}"


def test_generator_is_independent_of_our_code():
    """gen/ is standard library only and never runs or reads our C code."""
    allowed = {"argparse", "copy", "dataclasses", "json", "os", "shutil", "sys", "typing",
               "model", "encoder", "canonical", "matrix", "mutations", "writer"}
    for p in (ROOT / "gen").glob("*.py"):
        src = p.read_text()
        mods = {a or b for a, b in re.findall(
            r"^\s*(?:from\s+([A-Za-z_]+)[\w.]*\s+import\b|import\s+([A-Za-z_]+))", src, re.M)}
        assert mods <= allowed, f"{p.name} imports {sorted(mods - allowed)}"
        for bad in ("subprocess", "ctypes", "sframe-validate", "libsfv", "build/"):
            assert bad not in src, f"{p.name} mentions {bad}"


def _adapter(tmp_path, name, body):
    p = tmp_path / name
    p.write_text(f"#!{sys.executable}\nimport json, os, sys\n{body}\n")
    p.chmod(0o755)
    return str(p)


def _run(adapter, *extra):
    return subprocess.run([sys.executable, str(CONF / "run"), "-q", *extra, adapter],
                          capture_output=True, text=True)


def test_runner_passes_an_oracle_and_writes_junit(tmp_path, manifest):
    # Answers from the manifest itself: must pass everything.
    oracle = _adapter(tmp_path, "oracle", f"""
m = json.load(open({str(CONF / 'manifest.json')!r}))
c = [c for c in m['cases'] if os.path.basename(c['file']) == os.path.basename(sys.argv[1])][0]
if c['verdict'] == 'invalid' or c.get('decision') == 'reject':
    sys.exit(1)
print(open(os.path.join({str(CONF)!r}, c['expect'])).read())""")
    junit = tmp_path / "j.xml"
    p = _run(oracle, "--junit", str(junit))
    assert p.returncode == 0, p.stdout[-2000:]
    suites = ET.parse(junit).getroot().findall("testsuite")
    assert suites and int(suites[0].get("tests")) == len(manifest["cases"])
    assert suites[0].get("failures") == "0" and suites[0].get("errors") == "0"


def test_runner_flags_wrong_answers(tmp_path, manifest):
    n_valid = sum(c["verdict"] == "valid" for c in manifest["cases"])
    n_invalid = sum(c["verdict"] == "invalid" for c in manifest["cases"])
    lax = _run(_adapter(tmp_path, "lax", "print('{}')"), "--summary-json",
               str(tmp_path / "s.json"))
    assert lax.returncode == 1
    s = json.load(open(tmp_path / "s.json"))["lax"]
    assert s["wrongly-accepted"] == n_invalid
    assert s["decoded-differently"] >= n_valid
    strict = _run(_adapter(tmp_path, "strict", "sys.exit(1)"), "--summary-json",
                  str(tmp_path / "s.json"))
    assert strict.returncode == 1
    assert json.load(open(tmp_path / "s.json"))["strict"]["wrongly-rejected"] == n_valid
    crash = _run(_adapter(tmp_path, "crash", "os.abort()"), "--summary-json",
                 str(tmp_path / "s.json"), "--filter", "^valid-matrix")
    assert json.load(open(tmp_path / "s.json"))["crash"]["crashed"] == 11


def test_runner_names_the_differing_json_path(tmp_path):
    case = "valid-matrix-v2-amd64"
    body = f"""
e = json.load(open({str(CONF / 'expect' / (case + '.json'))!r}))
e['fdes'][2]['fres'][1]['cfa']['offset'] += 8
print(json.dumps(e))"""
    p = _run(_adapter(tmp_path, "off", body), "--filter", f"^{case}$")
    assert p.returncode == 1
    assert "$.fdes[2].fres[1].cfa.offset: expected" in p.stdout


def test_our_adapter_passes_everything():
    exe = os.environ.get("SFV_CANONICAL", str(ROOT / "build" / "conformance" / "sfv-canonical"))
    if not os.path.exists(exe):
        subprocess.run(["make", "-C", str(ROOT), "build/conformance/sfv-canonical"],
                       check=True, stdout=subprocess.DEVNULL)
    p = _run(exe)
    assert p.returncode == 0, p.stdout[-3000:]


def test_expect_files_match_the_schema(manifest):
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema (install-deps base)")
    with open(CONF / "schema" / "canonical.schema.json") as fh:
        schema = json.load(fh)
    for c in manifest["cases"]:
        if c["expect"]:
            with open(CONF / c["expect"]) as fh:
                jsonschema.validate(json.load(fh), schema)

# SPDX-License-Identifier: MIT
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

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONF = ROOT / "conformance"
# The suite is about raw SFrame sections: rules of the ELF container (spec
# field not an SFrame spec section, or elf-*) and of the comparison with the
# ELF file's .eh_frame (cfi-*: tests/unit/test_cfi_compare.c,
# tests/py/test_cfi_*.py) are out of scope, and so are diagnostics
# that depend on how the validator is run, not on the section's bytes:
RUN_LEVEL_RULES = {
    "checks-skipped",           # --unrelocated / no scratch / work budget
    "required-version",         # --require-version policy
    "require-sorted",           # --require-sorted policy
    "fre-blocks-inconsistent",  # only without scratch; with it: fde-fre-block-overlap
    "empty-section",            # a 0-byte file read with --input=raw (the CLI's note)
}


def section_rules(catalogue):
    return {i for i, r in catalogue.items()
            if r["spec"][:1].isdigit() and not i.startswith(("elf-", "cfi-"))}


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


# Implementation-defined cases whose decision is not their rule's severity:
# the rule fires only on the other reading (gen/spec.py DECISIONS).
READING_DECISIONS = {"sorted-by-resolved-start", "s390x-fixed-ra-offset",
                     "aarch64-two-datawords"}


def test_verdicts_follow_severity_and_decisions(manifest, catalogue):
    for c in manifest["cases"]:
        prefix = {"valid": "valid-", "invalid": "invalid-",
                  "implementation-defined": "impldef-"}[c["verdict"]]
        assert c["id"].startswith(prefix), c["id"]
        if c["verdict"] == "implementation-defined":
            assert c.get("note"), f"{c['id']}: implementation-defined case needs a note"
            assert c.get("flags") and set(c["flags"]) <= set(manifest["decisions"]), c["id"]
        if not c["rule"]:
            assert c["verdict"] == "valid", c["id"]
            continue
        r = catalogue[c["rule"]]
        impl = r["summary"].startswith("Implementation-defined:")
        if set(c.get("flags", [])) & READING_DECISIONS:
            assert c["verdict"] == "implementation-defined" and c["decision"] == "accept"
        elif impl:
            assert c["verdict"] == "implementation-defined", c["id"]
            assert c["rule"] in c["flags"], c["id"]
            want = "reject" if r["severity"] == "error" else "accept"
            assert c["decision"] == want, c["id"]
        elif r["severity"] == "error":
            assert c["verdict"] == "invalid", c["id"]
        else:
            assert c["verdict"] == "valid", c["id"]
        if c["verdict"] != "invalid" and c.get("decision") != "reject":
            assert c["expect"] or c["rule"] == "fre-s390x-regnum", \
                f"{c['id']}: acceptable case without expect"


def test_invalid_verdicts_rest_on_errors_and_impldef_on_summaries(manifest, catalogue):
    """An invalid case's rule is an error that is not implementation-defined;
    a rule whose summary says implementation-defined has no invalid case."""
    for c in manifest["cases"]:
        if c["verdict"] == "invalid":
            r = catalogue[c["rule"]]
            assert r["severity"] == "error", c["id"]
            assert not r["summary"].startswith("Implementation-defined:"), c["id"]


SPEC_FILES = {"v3": "sframe-spec-v3.info", "v2h": "sframe-v2-header.h.txt",
              "v1": "sframe-spec-v1.texi.txt"}


def _spec_text(doc):
    d = pathlib.Path(os.environ.get("SFRAME_SPEC_DIR", "/work/shared/spec"))
    p = d / SPEC_FILES[doc]
    if not p.exists():
        pytest.skip(f"spec text {p} not on this machine (set SFRAME_SPEC_DIR)")
    return " ".join(p.read_text(errors="replace").split())


def test_every_case_quotes_the_spec(manifest):
    texts = {}
    missing = []
    for c in manifest["cases"]:
        s = c["spec"]
        if s["doc"] not in texts:
            texts[s["doc"]] = _spec_text(s["doc"])
        if " ".join(s["quote"].split()) not in texts[s["doc"]]:
            missing.append(f"{c['id']}: {s['doc']} {s['section']}: {s['quote']!r}")
    assert not missing, "quotes not found in the spec:\n" + "\n".join(missing)


def test_one_offset_kind_per_rule(manifest):
    kinds = {}
    for c in manifest["cases"]:
        if c["rule"] and c["offset"] is not None:
            kinds.setdefault(c["rule"], set()).add(c["offset_kind"])
    mixed = {r: k for r, k in kinds.items() if len(k) > 1}
    # section-too-small points at byte 0, which is also the magic field.
    assert not mixed, mixed


def test_manifest_matches_its_schema(manifest):
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema (install-deps base)")
    with open(CONF / "schema" / "manifest.schema.json") as fh:
        jsonschema.validate(manifest, json.load(fh))


def test_conformance_doc_counts_come_from_the_manifest(manifest):
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("conformance_doc", str(CONF / "conformance-doc"))
    spec = importlib.util.spec_from_loader("conformance_doc", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    doc = (ROOT / "docs" / "CONFORMANCE.md").read_text()
    assert mod.counts_sentence(manifest) in doc, "run make conformance-peers conformance-doc"


def test_aliases_are_unique_old_ids(manifest):
    ids = {c["id"] for c in manifest["cases"]}
    aliases = [a for c in manifest["cases"] for a in c.get("aliases", [])]
    assert len(aliases) == len(set(aliases)) and not set(aliases) & ids


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
        if c["rule"] and catalogue[c["rule"]]["severity"] == "error" and \
                not set(c.get("flags", [])) & READING_DECISIONS:
            want_err.add(c["rule"])
        if errs != want_err or others != set(c.get("warnings", [])):
            problems.append(f"{c['id']}: errors {sorted(errs)} (want {sorted(want_err)}), "
                            f"warnings/notes {sorted(others)} (want {c.get('warnings', [])})")
        reported = want_err | set(c.get("warnings", []))
        if c["rule"] in reported and c["offset"] is not None and not any(
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
    allowed = {"argparse", "copy", "dataclasses", "json", "os", "re", "shutil", "sys",
               "typing", "model", "encoder", "canonical", "matrix", "mutations", "writer",
               "spec", "decisions", "gaps", "kernel_cases"}
    for p in (ROOT / "gen").glob("*.py"):
        src = p.read_text()
        mods = {a or b for a, b in re.findall(
            r"^\s*(?:from\s+([A-Za-z_]+)[\w.]*\s+import\b|import\s+([A-Za-z_]+))", src, re.M)}
        assert mods <= allowed, f"{p.name} imports {sorted(mods - allowed)}"
        for bad in ("subprocess", "ctypes", "sframe-validate", "libsfv", "build/"):
            assert bad not in src, f"{p.name} mentions {bad}"


def test_our_adapter_passes_everything():
    exe = os.environ.get("SFV_CANONICAL", str(ROOT / "build" / "conformance" / "sfv-canonical"))
    if not os.path.exists(exe):
        subprocess.run(["make", "-C", str(ROOT), "build/conformance/sfv-canonical"],
                       check=True, stdout=subprocess.DEVNULL)
    p = subprocess.run([sys.executable, str(CONF / "run"), "-q", "--check-reasons",
                        "--known-failures", str(CONF / "known-failures" / "sfv-canonical.txt"),
                        exe], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr


def test_expect_files_match_the_schema(manifest):
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema (install-deps base)")
    with open(CONF / "schema" / "canonical.schema.json") as fh:
        schema = json.load(fh)
    for c in manifest["cases"]:
        if c["expect"]:
            with open(CONF / c["expect"]) as fh:
                jsonschema.validate(json.load(fh), schema)


def test_findings_reference_cases_instead_of_copying_them():
    cases = {p.read_bytes(): p.name for p in (CONF / "cases").glob("*.sframe")}
    copies = [f"{p.name} = conformance/cases/{cases[p.read_bytes()]}"
              for p in (ROOT / "tests" / "findings").glob("*.sframe")
              if p.read_bytes() in cases]
    assert not copies, f"tests/findings copies of suite cases: {copies}"


def test_readme_states_the_suite_version_and_size(manifest):
    text = (ROOT / "README.md").read_text()
    want = (f"(suite {manifest['suite_version']}) holds {len(manifest['cases'])} "
            "committed SFrame sections")
    assert want in " ".join(text.split()), "update README.md's conformance section"

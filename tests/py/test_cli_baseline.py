# SPDX-License-Identifier: MIT
"""--baseline=OLD.json: only diagnostics that are new against a previous
run's --format=json report fail the run (exit 1 for a new error); fixed
ones are listed; text, JSON ("baseline" object, per-diagnostic state) and
SARIF (baselineState new/unchanged/absent); an unreadable or malformed
OLD.json is exit 2 with one line on stderr, never a crash."""
import json
import os
import pathlib
import random
import shutil
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
BAD1 = CASES / "invalid-abi-5.sframe"               # one error (abi-unknown)
BAD2 = CASES / "invalid-fde-sorted-v2.sframe"       # an FDE-located error
GOOD = CASES / "valid-empty-v2.sframe"


def run(sfv_bin, *args, cwd):
    r = subprocess.run([sfv_bin, *map(str, args)], capture_output=True, text=True, cwd=cwd)
    assert r.returncode in (0, 1, 2) and "Sanitizer" not in r.stderr, r
    return r


@pytest.fixture
def tree(tmp_path):
    shutil.copy(BAD1, tmp_path / "a.sframe")
    shutil.copy(GOOD, tmp_path / "b.sframe")
    return tmp_path


def baseline(sfv_bin, tree, *files):
    r = run(sfv_bin, "--format=json", *files, cwd=tree)
    (tree / "old.json").write_text(r.stdout)
    return json.loads(r.stdout)


def test_unchanged_errors_pass(sfv_bin, tree):
    old = baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    assert old["files"][0]["errors"] >= 1
    r = run(sfv_bin, "--baseline=old.json", "a.sframe", "b.sframe", cwd=tree)
    assert r.returncode == 0, r.stdout
    n = sum(len(f["diagnostics"]) for f in old["files"])
    assert f"baseline old.json: 0 new (0 errors), {n} unchanged, 0 fixed" in r.stdout
    # Without the baseline the same run fails.
    assert run(sfv_bin, "a.sframe", cwd=tree).returncode == 1


def test_new_error_fails_and_is_listed(sfv_bin, tree):
    baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    shutil.copy(BAD2, tree / "b.sframe")
    r = run(sfv_bin, "--baseline=old.json", "a.sframe", "b.sframe", cwd=tree)
    assert r.returncode == 1
    new = [l for l in r.stdout.splitlines() if l.startswith("new: b.sframe: error: ")]
    assert new and "fde-sorted" in "".join(new)
    r = run(sfv_bin, "--format=json", "--baseline=old.json", "a.sframe", "b.sframe",
            cwd=tree)
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, json.loads((ROOT / "docs" / "json-output.schema.json")
                                        .read_text()))
    b = doc["baseline"]
    assert r.returncode == 1 and b["file"] == "old.json" and b["fixed"] == 0
    assert b["new_errors"] >= 1 and b["new"] == len(b["new_diagnostics"])
    assert {d["path"] for d in b["new_diagnostics"]} == {"b.sframe"}
    states = {f["path"]: {d["baseline"] for d in f["diagnostics"]} for f in doc["files"]}
    assert states == {"a.sframe": {"unchanged"}, "b.sframe": {"new"}}


def test_fixed_is_listed_and_passes(sfv_bin, tree):
    old = baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    shutil.copy(GOOD, tree / "a.sframe")
    r = run(sfv_bin, "--baseline=old.json", "a.sframe", "b.sframe", cwd=tree)
    n = len(old["files"][0]["diagnostics"])
    assert r.returncode == 0 and f"0 new (0 errors), 0 unchanged, {n} fixed" in r.stdout
    assert "fixed: a.sframe: error: abi-unknown" in r.stdout
    r = run(sfv_bin, "--format=sarif", "--baseline=old.json", "a.sframe", cwd=tree)
    res = json.loads(r.stdout)["runs"][0]["results"]
    assert [x["baselineState"] for x in res] == ["absent"] * n
    assert res[0]["ruleId"] == "abi-unknown"
    assert res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["index"] == 0


def test_files_not_in_the_run_are_ignored(sfv_bin, tree):
    baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    r = run(sfv_bin, "--format=json", "--baseline=old.json", "b.sframe", cwd=tree)
    b = json.loads(r.stdout)["baseline"]
    assert r.returncode == 0 and b["fixed"] == 0 and b["new"] == 0


@pytest.fixture(scope="module")
def sarif_schema():
    path = ROOT / "build" / "sarif" / "sarif-schema-2.1.0.json"
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "sarif-schema"], check=True)
    return json.loads(path.read_text())


def test_sarif_states(sfv_bin, tree, sarif_schema):
    baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    shutil.copy(BAD2, tree / "b.sframe")
    shutil.copy(GOOD, tree / "a.sframe")
    shutil.copy(BAD1, tree / "c.sframe")
    r = run(sfv_bin, "--format=sarif", "--baseline=old.json", "a.sframe", "b.sframe",
            "c.sframe", cwd=tree)
    doc = json.loads(r.stdout)
    jsonschema.Draft4Validator(sarif_schema).validate(doc)
    res = doc["runs"][0]["results"]
    by = {}
    for x in res:
        uri = x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        by.setdefault(uri, set()).add(x["baselineState"])
    assert r.returncode == 1
    assert by == {"a.sframe": {"absent"}, "b.sframe": {"new"}, "c.sframe": {"new"}}
    # the same key in a file the baseline did not check is new, not unchanged
    assert [x["ruleId"] for x in res if x["baselineState"] == "absent"] == ["abi-unknown"]


def test_key_is_a_multiset_without_offsets(sfv_bin, tree):
    """Same (path, rule, fde, fre) twice in the baseline, once now: one fixed;
    offsets and messages do not take part."""
    old = baseline(sfv_bin, tree, "a.sframe")
    d = old["files"][0]["diagnostics"][0]
    d2 = dict(d, offset=d["offset"] + 1000, message="moved")
    old["files"][0]["diagnostics"] = [d2, dict(d)]
    (tree / "old.json").write_text(json.dumps(old))
    n = len(json.loads(run(sfv_bin, "--format=json", "a.sframe", cwd=tree).stdout)
            ["files"][0]["diagnostics"])
    r = run(sfv_bin, "--format=json", "--baseline=old.json", "a.sframe", cwd=tree)
    b = json.loads(r.stdout)["baseline"]
    assert (b["unchanged"], b["fixed"], b["new"]) == (1, 1, n - 1)


def test_path_bytes(sfv_bin, tmp_path):
    name = b"caf\xe9.sframe"                   # not UTF-8: "path_bytes" keeps it
    p = os.path.join(os.fsencode(tmp_path), name)
    shutil.copy(BAD1, p)
    out = subprocess.run([sfv_bin, "--format=json", name], capture_output=True,
                         cwd=tmp_path).stdout
    assert b"path_bytes" in out
    (tmp_path / "old.json").write_bytes(out)
    r = subprocess.run([sfv_bin, "--baseline=old.json", name], capture_output=True,
                       cwd=tmp_path)
    assert r.returncode == 0 and b" 0 new (0 errors)" in r.stdout and b"0 fixed" in r.stdout


MALFORMED = {
    "empty": b"",
    "not-json": b"hello",
    "array": b"[]",
    "no-files": b'{"errors":[]}',
    "files-not-array": b'{"files":{}}',
    "truncated": b'{"files":[{"path":"a","diagnostics":[{"rule":"magic"',
    "trailing": b'{"files":[]} x',
    "deep": b'{"x":' + b"[" * 100000 + b"]" * 100000 + b',"files":[]}',
    "bad-escape": b'{"files":[{"path":"\\q","diagnostics":[]}]}',
    "lone-surrogate": b'{"files":[{"path":"\\ud800","diagnostics":[]}]}',
    "nul": b'{"files":[{"path":"a\\u0000b","diagnostics":[]}]}',
    "control": b'{"files":[{"path":"a\nb","diagnostics":[]}]}',
    "bad-utf8": b'{"files":[{"path":"\xff","diagnostics":[]}]}',
    "fde-negative": b'{"files":[{"path":"a","diagnostics":[{"rule":"magic","fde":-1}]}]}',
    "fde-huge": b'{"files":[{"path":"a","diagnostics":[{"rule":"magic","fde":1e400}]}]}',
    "fde-overflow": b'{"files":[{"path":"a","diagnostics":[{"rule":"magic","fde":99999999999999999999}]}]}',
    "rule-missing": b'{"files":[{"path":"a","diagnostics":[{"fde":1}]}]}',
    "path-missing": b'{"files":[{"diagnostics":[]}]}',
    "bad-number": b'{"files":[],"n":01}',
    "bad-path-bytes": b'{"files":[{"path":"a","path_bytes":"zz","diagnostics":[]}]}',
    "unknown-rule": b'{"files":[{"path":"a","diagnostics":[{"rule":"no-such-rule"}]}]}',
    "rule-not-string": b'{"files":[{"path":"a","diagnostics":[{"rule":7}]}]}',
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_baseline_is_exit_2(sfv_bin, tree, name):
    (tree / "old.json").write_bytes(MALFORMED[name])
    r = run(sfv_bin, "--baseline=old.json", "b.sframe", cwd=tree)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("sframe-validate: old.json: --baseline: ")
    assert len(r.stderr.splitlines()) == 1


def test_long_strings_load(sfv_bin, tree):
    """The reader has no string limit of its own (strings are decoded in
    place): a 100,000-byte path, as the writer prints for an input it could
    not open, loads."""
    doc = b'{"files":[{"path":"' + b"a" * 100000 + b'","diagnostics":[]}],"errors":[]}'
    (tree / "old.json").write_bytes(doc)
    r = run(sfv_bin, "--baseline=old.json", "b.sframe", cwd=tree)
    assert r.returncode == 0 and "0 fixed" in r.stdout, r.stderr


@pytest.mark.parametrize("arg", ["missing.json", ".", ""])
def test_unreadable_baseline_is_exit_2(sfv_bin, tree, arg):
    r = run(sfv_bin, f"--baseline={arg}", "b.sframe", cwd=tree)
    assert r.returncode == 2 and r.stdout == ""


def test_mutated_documents_never_crash(sfv_bin, tree):
    """Random byte edits of a real report: exit 0/1/2, never a signal."""
    baseline(sfv_bin, tree, "a.sframe", "b.sframe")
    good = (tree / "old.json").read_bytes()
    rng = random.Random(16)
    for i in range(150):
        b = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(b))
            b[k] = rng.choice(b'{}[]",:\\0123456789-eE.tfn \x00\xff')
        (tree / "m.json").write_bytes(bytes(b))
        r = subprocess.run([sfv_bin, "--baseline=m.json", "a.sframe", "b.sframe"],
                           capture_output=True, cwd=tree)
        assert r.returncode in (0, 1, 2) and b"Sanitizer" not in r.stderr, \
            (i, r.returncode, bytes(b), r.stderr[-2000:])


def test_baseline_is_for_validation(sfv_bin, tree):
    baseline(sfv_bin, tree, "a.sframe")
    for extra in (["--dump"], ["--lookup=0"], ["--format=canonical"]):
        r = run(sfv_bin, "--baseline=old.json", *extra, "a.sframe", cwd=tree)
        assert r.returncode == 2


def test_large_baseline(sfv_bin, tree):
    """Many files (the file table grows) and many entries of one key (one
    chain): matching stays one-to-one."""
    old = baseline(sfv_bin, tree, "a.sframe")
    f = old["files"][0]
    d = f["diagnostics"][0]
    f["diagnostics"] = [dict(d) for _ in range(20000)]
    old["files"] += [{"path": f"x{i}", "diagnostics": [dict(d)]} for i in range(5000)]
    (tree / "old.json").write_text(json.dumps(old))
    r = run(sfv_bin, "--format=json", "--baseline=old.json", "a.sframe", cwd=tree)
    b = json.loads(r.stdout)["baseline"]
    assert r.returncode == 0 and b["unchanged"] == 1 and b["fixed"] == 19999

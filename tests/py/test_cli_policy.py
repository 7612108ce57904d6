# SPDX-License-Identifier: MIT
"""--min-coverage=PCT on files the system toolchain builds at test time
(gcc + GNU as --gsframe): the error min-coverage below the threshold
(exact integer comparison), the note min-coverage-unknown where coverage
cannot be measured, bad values refused."""
import json
import shutil
import subprocess

import pytest

SRC = r"""
int helper(int x) { return x * 3 + 1; }
__attribute__((noinline)) int twice(int x) { return helper(x) + helper(x + 1); }
int main(int argc, char **argv) { (void)argv; return twice(argc) & 1; }
"""
# Two functions without CFI: covered by no FDE.
ASM = (".text\n.globl naked\n.type naked,@function\nnaked:\n ret\n.size naked,.-naked\n"
       ".globl naked2\n.type naked2,@function\nnaked2:\n ret\n.size naked2,.-naked2\n")


def sh(*cmd, cwd):
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("policy")
    (d / "a.c").write_text(SRC)
    (d / "n.s").write_text(ASM)
    sh("gcc", "-O2", "-Wa,--gsframe", "-c", "a.c", "-o", "a.o", cwd=d)
    sh("gcc", "-c", "n.s", "-o", "n.o", cwd=d)
    sh("gcc", "-Wa,--gsframe", "a.o", "n.o", "-o", "exe", cwd=d)
    sh("gcc", "-O2", "a.c", "n.o", "-o", "exe-nosframe", cwd=d)
    shutil.copy(d / "exe", d / "exe-stripped")
    sh("strip", "exe-stripped", cwd=d)
    return d


def run(sfv_bin, *args):
    r = subprocess.run([sfv_bin, "--format=json", *map(str, args)],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1), r
    return r.returncode, json.loads(r.stdout)


def diags(doc, rule):
    return [d for f in doc["files"] for d in f["diagnostics"] if d["rule"] == rule]


def coverage(sfv_bin, path):
    _, doc = run(sfv_bin, path)
    c = doc["files"][0]["coverage"]
    assert c is not None and c["functions"] > 0
    return c["covered"], c["functions"]


def test_below_threshold_is_an_error(sfv_bin, built):
    cov, total = coverage(sfv_bin, built / "exe")
    assert 0 < cov < total          # naked, naked2 are not covered
    rc, doc = run(sfv_bin, "--min-coverage=100", built / "exe")
    [d] = diags(doc, "min-coverage")
    assert rc == 1 and d["severity"] == "error"
    assert d["values"] == {"covered_functions": cov, "required_percent": 100,
                           "functions": total}
    assert f"{cov} of {total} functions" in d["message"]
    assert doc["files"][0]["valid"] is False


def test_threshold_is_exact(sfv_bin, built):
    cov, total = coverage(sfv_bin, built / "exe")
    at = cov * 100 // total         # covered*100 >= at*total holds
    rc, doc = run(sfv_bin, f"--min-coverage={at}", built / "exe")
    assert rc == 0 and diags(doc, "min-coverage") == []
    rc, doc = run(sfv_bin, f"--min-coverage={at + 1}", built / "exe")
    assert rc == 1 and len(diags(doc, "min-coverage")) == 1
    rc, doc = run(sfv_bin, "--min-coverage=0", built / "exe")
    assert rc == 0 and diags(doc, "min-coverage") == []


def test_no_sframe_covers_nothing(sfv_bin, built):
    rc, doc = run(sfv_bin, "--min-coverage=1", built / "exe-nosframe")
    [d] = diags(doc, "min-coverage")
    assert rc == 1 and d["values"]["covered_functions"] == 0
    assert doc["files"][0]["coverage"]["covered"] == 0
    # Without the policy the missing section stays a note.
    rc, doc = run(sfv_bin, built / "exe-nosframe")
    assert rc == 0 and diags(doc, "min-coverage") == []


@pytest.mark.parametrize("name,reason", [("a.o", "not-linked"),
                                         ("exe-stripped", "no-function-symbols")])
def test_unknown_coverage_is_a_note(sfv_bin, built, name, reason):
    # --no-cfi: no measure over .eh_frame either (test_min_coverage_eh_frame.py)
    rc, doc = run(sfv_bin, "--min-coverage=90", "--no-cfi", built / name)
    [d] = diags(doc, "min-coverage-unknown")
    assert rc == 0 and d["severity"] == "note"
    assert d["values"] == {"required_percent": 90, "reason": reason}
    assert diags(doc, "min-coverage") == []


def test_text_and_sarif(sfv_bin, built):
    r = subprocess.run([sfv_bin, "--min-coverage=100", str(built / "exe")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "[min-coverage]" in r.stdout
    r = subprocess.run([sfv_bin, "--format=sarif", "--min-coverage=100",
                        str(built / "exe")], capture_output=True, text=True)
    assert r.returncode == 1
    res = json.loads(r.stdout)["runs"][0]["results"]
    # crt1.o and libc_nonshared code have .eh_frame CFI but no SFrame
    assert sorted(x["ruleId"] for x in res if x["ruleId"].startswith("min-")) == [
        "min-coverage", "min-coverage-eh-frame"]


@pytest.mark.parametrize("val", ["101", "-1", "x", "", "50%"])
def test_bad_value(sfv_bin, built, val):
    r = subprocess.run([sfv_bin, f"--min-coverage={val}", str(built / "exe")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--min-coverage" in r.stderr

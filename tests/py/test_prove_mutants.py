# SPDX-License-Identifier: MIT
"""The planted-bug runner (scripts/prove-mutants.py, make prove-mutants,
check-mutants): a catalogue entry that no longer plants, names no run, or
leaves a harness without a mutant must fail the check; cbmc's verdicts are
read from both of its report forms.  (Running the mutants needs CBMC:
make prove-mutants-quick, in make test.)"""
import importlib.util
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "scripts" / "prove-mutants.py"

ENTRY = """[m1]
run: h1.64
file: src/a.c
find: return n <= end;\\n}
replace: return n <= end + 1;\\n}
expect: the contract
tier: quick
"""


def tree(tmp_path, catalogue, source="int f(int n, int end) {\n  return n <= end;\n}\n"):
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "a.c").write_text(source)
    (tmp_path / "proofs" / "h1").mkdir(parents=True)
    (tmp_path / "proofs" / "h1" / "harness.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "proofs" / "lib").mkdir()  # no harness: needs no mutant
    (tmp_path / "proofs" / "mutants.txt").write_text(catalogue)
    return tmp_path


def check(root, runs="h1.64 h1.32"):
    return subprocess.run([sys.executable, str(TOOL), "--catalogue", "proofs/mutants.txt",
                           "--check", runs], cwd=root, capture_output=True, text=True)


def test_a_catalogue_that_plants_passes(tmp_path):
    r = check(tree(tmp_path, ENTRY))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 mutants, 1 plant in the tree as it is; 0 harnesses" in r.stdout


def test_a_fragment_that_moved_fails(tmp_path):
    r = check(tree(tmp_path, ENTRY, source="int f(int n, int end) { return n < end; }\n"))
    assert r.returncode == 1 and "occurs 0 times in src/a.c" in r.stdout


def test_a_fragment_twice_fails(tmp_path):
    src = "int f(int n, int end) {\n  return n <= end;\n}\nint g(int n, int end) {\n  return n <= end;\n}\n"
    r = check(tree(tmp_path, ENTRY, source=src))
    assert r.returncode == 1 and "occurs 2 times" in r.stdout


def test_a_run_make_prove_does_not_have_fails(tmp_path):
    r = check(tree(tmp_path, ENTRY), runs="h1.32")
    assert r.returncode == 1 and "run h1.64 is not a run of make prove" in r.stdout


def test_a_harness_without_a_mutant_fails(tmp_path):
    root = tree(tmp_path, ENTRY)
    (root / "proofs" / "h2").mkdir()
    (root / "proofs" / "h2" / "harness.c").write_text("int main(void) { return 0; }\n")
    r = check(root)
    assert r.returncode == 1 and "harness h2 has no mutant" in r.stdout


def test_a_malformed_entry_is_refused(tmp_path):
    r = check(tree(tmp_path, ENTRY.replace("expect: the contract\n", "")))
    assert r.returncode != 0 and "has no expect" in r.stderr
    r = check(tree(tmp_path / "b", ENTRY.replace("return n <= end + 1;", "return n <= end;")))
    assert r.returncode != 0 and "changes nothing" in r.stderr


def load_tool():
    spec = importlib.util.spec_from_file_location("prove_mutants", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_failed_properties_in_both_report_forms():
    mod = load_tool()
    summary = ("[main.assertion.1] line 11 cur_has: n bytes are left: FAILURE\n"
               "[main.assertion.2] line 12 cur_left: SUCCESS\n")
    trace = ("State 1\nViolated property:\n  file h.c function main line 11 thread 0\n"
             "  plan: its counts\n  x == y\n\nVERIFICATION FAILED\n")
    assert mod.failed_properties(summary) == ["[main.assertion.1] line 11 cur_has: n bytes are left"]
    got = mod.failed_properties(trace)
    assert len(got) == 1 and "plan: its counts" in got[0]
    assert mod.failed_properties("** 0 of 9 failed\nVERIFICATION SUCCESSFUL\n") == []


def test_a_file_that_is_gone_fails(tmp_path):
    r = check(tree(tmp_path, ENTRY.replace("file: src/a.c", "file: src/gone.c")))
    assert r.returncode == 1 and "src/gone.c: no such file" in r.stdout

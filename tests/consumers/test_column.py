"""The consumers column of src/sfv_rules.def against what the readers do:
every measured harness runs on every conformance case, and the test fails
when a bit disagrees with a conclusive measurement (column.py says what
conclusive means); the kernel, which no Debian package ships, is the cited
model tests/consumers/kernel_model.py."""
import subprocess
import sys

import column
from conftest import HERE, ROOT
from kernel_cases import KERNEL


def test_consumers_column_matches_the_readers(matrix):
    problems = column.disagreements(matrix, (ROOT / "src" / "sfv_rules.def").read_text())
    assert not problems, ("consumers column disagrees with the measured readers "
                          "(build/consumers/matrix.md):\n" + "\n".join(problems))


def test_every_reader_is_measured_on_many_rules(matrix):
    per = {}
    for (rule, name) in column.conclusive(matrix):
        per.setdefault(name, set()).add(rule)
    for name in matrix["harnesses"]:
        assert len(per.get(name, ())) >= 15, f"{name}: conclusive on {sorted(per.get(name, ()))}"


def test_harness_crashes_are_counted_apart(matrix):
    """A crash is never a verdict: the matrix keeps it as such, and the
    known crashing readers (libsframe, glibc: no bounds checks) do crash on
    the bounds cases, which proves the guard pages work."""
    crashes = {(c["id"], n) for c in matrix["cases"] for n, r in c["readers"].items()
               if r["verdict"] == "crash"}
    assert ("invalid-fre-bounds-v2", "glibc-2.43") in crashes
    assert ("invalid-fre-bounds-v2", "libsframe-2.47") in crashes
    assert not {n for _, n in crashes} & {"llvm-22"}, "llvm-readobj crashed"


def test_every_kernel_fact_has_a_case():
    facts = {f for _, f in KERNEL.values()}
    assert facts == {f"K{i}" for i in range(1, 16)}, sorted(facts)


def test_kernel_model_follows_the_cited_facts():
    bad = []
    for cid, (want, fact) in KERNEL.items():
        p = subprocess.run([sys.executable, str(HERE / "kernel_model.py"),
                            str(ROOT / "conformance" / "cases" / f"{cid}.sframe")],
                           capture_output=True, text=True)
        got = {0: "accept", 1: "reject", 3: "oops"}.get(p.returncode, f"exit {p.returncode}")
        if got != want:
            bad.append(f"{cid} ({fact}): the kernel should {want}, the model says {got}: "
                       f"{p.stderr.strip()}")
    assert not bad, "\n".join(bad)

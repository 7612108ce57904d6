# SPDX-License-Identifier: MIT
"""The consumers column of src/sfv_rules.def against what the readers do:
every measured harness runs on every conformance case, and the test fails
when a bit disagrees with a conclusive measurement (column.py says what
conclusive means); the kernel, which no Debian package ships, is the cited
model tests/consumers/kernel_model.py."""
import json
import subprocess
import sys

import column
from conftest import HERE, ROOT
from kernel_cases import KERNEL


def test_consumers_column_matches_the_readers(matrix):
    problems = column.disagreements(matrix, (ROOT / "src" / "sfv_rules.def").read_text())
    assert not problems, ("consumers column disagrees with the measured readers "
                          "(build/consumers/matrix.md):\n" + "\n".join(problems))


def test_every_bit_is_measured_or_listed(matrix):
    """Every (rule, reader) pair where the rule has a conformance case and
    applies to a version the reader reads is measured by a conclusive case,
    or listed in column.UNMEASURED with the reason: a new rule, case or
    reader cannot leave a bit silently unmeasured, and a pair that becomes
    measurable leaves the list."""
    with open(ROOT / "conformance" / "manifest.json") as fh:
        rules = {c["rule"] for c in json.load(fh)["cases"] if c["rule"]}
    got = column.unmeasured(matrix, (ROOT / "src" / "sfv_rules.def").read_text(), rules)
    listed = set(column.UNMEASURED)
    assert not got - listed, f"unmeasured and not in column.UNMEASURED: {sorted(got - listed)}"
    assert not listed - got, f"measured now, drop from column.UNMEASURED: {sorted(listed - got)}"


def test_every_harness_ran_on_every_case(matrix):
    with open(ROOT / "conformance" / "manifest.json") as fh:
        ids = [c["id"] for c in json.load(fh)["cases"]]
    assert [c["id"] for c in matrix["cases"]] == ids
    for c in matrix["cases"]:
        assert set(c["readers"]) == set(matrix["harnesses"]), c["id"]


def test_readers_take_only_the_versions_they_claim(matrix):
    """The versions each harness claims (measure.harnesses, --profile's
    reason 1) are measured: no reader accepts a case of another version."""
    bad = [(c["id"], n) for c in matrix["cases"] for n, r in c["readers"].items()
           if r["verdict"] == "accept" and c["version"] not in matrix["harnesses"][n]["versions"]]
    assert not bad, bad


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
    """K16 (what a fault does to the section) is behaviour, not a format
    property: no case."""
    facts = {f for *_, f in KERNEL.values()}
    assert facts == {f"K{i}" for i in range(1, 19)} - {"K16"}, sorted(facts)


def test_revisions_differ_on_cases():
    """Each fact on which the cited revisions differ has a case."""
    differ = {f for s1, s4, f in KERNEL.values() if s1 != s4}
    assert differ >= {"K11", "K14", "K15", "K17", "K18"}, sorted(differ)


def model(cid, *opts):
    p = subprocess.run([sys.executable, str(HERE / "kernel_model.py"), *opts,
                        str(ROOT / "conformance" / "cases" / f"{cid}.sframe")],
                       capture_output=True, text=True)
    return {0: "accept", 1: "reject", 3: "oops"}.get(p.returncode,
                                                     f"exit {p.returncode}"), p.stderr.strip()


def test_kernel_model_follows_the_cited_facts():
    """Per revision as recorded, and without --revision the worst of them
    (oops over reject over accept): what the harness reports."""
    bad = []
    rank = {"accept": 0, "reject": 1, "oops": 3}
    for cid, (s1, s4, fact) in KERNEL.items():
        for opts, want in ((["--revision=S1"], s1), (["--revision=S4"], s4),
                           ([], max(s1, s4, key=rank.get))):
            got, why = model(cid, *opts)
            if got != want:
                bad.append(f"{cid} ({fact}) {opts}: the kernel should {want}, the model "
                           f"says {got}: {why}")
    assert not bad, "\n".join(bad)

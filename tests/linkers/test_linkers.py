# SPDX-License-Identifier: MIT
"""Linkers as readers of hostile input (docs/CONSUMERS.md, "Linkers";
docs/FINDINGS.md L1-L13).

test_linkers_table: the rows the linkers give today for SUBSET (every case
under SFV_LINKERS_FULL=1) equal the committed table, so a change in any
linker's behaviour or in our verdicts on its output fails here.
test_crash_reproducers: each tests/findings/linker-*.o is what the wrapper
makes of its case and still kills its linker with the recorded signal.
test_every_crash_has_a_finding: every crash in the committed table is one
of the findings' cases."""
import os
import re
import subprocess
import sys

import pytest

import measure_links as links

pytestmark = pytest.mark.corpus

DOC = os.path.join(links.ROOT, "docs", "CONSUMERS.md")
FINDINGS = os.path.join(links.ROOT, "tests", "findings")
SID, TRIXIE, MOLD = "GNU ld 2.47.50", "GNU ld 2.44", "mold 3.0"

# One case per ABI and version, one per outcome each linker gives, every
# crash-finding case, and the extras.
SUBSET = [
    "valid-matrix-v1-amd64", "valid-matrix-v2-amd64", "valid-matrix-v3-amd64",
    "valid-matrix-v3-aarch64-le", "valid-matrix-v3-aarch64-be", "valid-matrix-v3-s390x",
    "valid-matrix-v2-s390x", "valid-pcrel-starts-v2", "valid-secrel-starts-v3",
    "valid-empty-v3", "invalid-fre-subsection-bounds", "invalid-num-fres-mismatch-v3",
    "impldef-fre-unused-bytes",
]

# reproducer -> (finding, linker, case, signal)
REPRODUCERS = {
    "linker-L1-fre-len-0x7fffffff-v3.o": ("L1", SID, "extra-fre-len-0x7fffffff-v3", "SIGSEGV"),
    "linker-L1-fre-len-0x7fffffff-v2.o": ("L1", TRIXIE, "extra-fre-len-0x7fffffff-v2", "SIGSEGV"),
    "linker-L2-abi-endian-aarch64be-little.o":
        ("L2", SID, "impldef-abi-endian-aarch64be-little", "SIGSEGV"),
    "linker-L3-fde-fre-type-15-v3.o": ("L3", SID, "invalid-fde-fre-type-15-v3", "SIGABRT"),
    "linker-L3-fde-fre-type-3-v2.o": ("L3", TRIXIE, "invalid-fde-fre-type-3-v2", "SIGABRT"),
    "linker-L4-flex-count-7.o": ("L4", SID, "invalid-flex-count-7", "SIGABRT"),
    "linker-L4-fre-dataword-size-3-v3.o":
        ("L4", SID, "invalid-kernel-fre-dataword-size-3-v3", "SIGABRT"),
    "linker-L5-fre-start-range-v3.o": ("L5", SID, "impldef-kernel-fre-start-range-v3", "SIGABRT"),
    "linker-L6-auxhdr-bounds.o": ("L6", TRIXIE, "invalid-auxhdr-bounds", "SIGSEGV"),
    "linker-L7-abi-s390x-in-v1.o": ("L7", TRIXIE, "invalid-abi-s390x-in-v1", "SIGSEGV"),
    "linker-L8-fde-subsection-align.o": ("L8", TRIXIE, "impldef-fde-subsection-align", "SIGABRT"),
    "linker-L8-fdeoff-gap.o": ("L8", TRIXIE, "impldef-fdeoff-gap", "SIGABRT"),
    "linker-L8-fre-start-at-end.o": ("L8", TRIXIE, "impldef-fre-start-at-end", "SIGABRT"),
    "linker-L12-mold-fde-fre-block-bounds-v3.o":
        ("L12", MOLD, "invalid-fde-fre-block-bounds-v3", "SIGABRT"),
    "linker-L12-mold-fde-fre-type-15-v3.o": ("L12", MOLD, "invalid-fde-fre-type-15-v3", "SIGABRT"),
    "linker-L12-mold-fre-bounds-v3.o": ("L12", MOLD, "invalid-fre-bounds-v3", "SIGABRT"),
    "linker-L13-mask-fre-past-size-v3.o": ("L13", SID, "valid-mask-fre-past-size-v3", "SIGABRT"),
    "linker-L13-mask-fre-at-size-v2.o": ("L13", TRIXIE, "valid-mask-fre-at-size-v2", "SIGABRT"),
}

# Crashes of the table that a reproducer above stands for (same linker,
# same fault).
ALSO = {
    (TRIXIE, "impldef-abi-endian-amd64-big"): "L6",
    (TRIXIE, "valid-matrix-v1-aarch64-be"): "L7",
    (TRIXIE, "valid-pauth-v1-aarch64-be"): "L7",
    (TRIXIE, "impldef-fre-start-range"): "L8",
    (TRIXIE, "invalid-fde-fre-block-bounds-v2"): "L8",
    (MOLD, "invalid-kernel-fre-dataword-size-3-v3"): "L12",
    (TRIXIE, "valid-mask-fre-past-size-v2"): "L13",
}


@pytest.fixture(scope="module")
def linkers():
    peers = os.path.join(links.ROOT, ".deps", "peers")
    if not all(os.path.exists(os.path.join(peers, e)) for e in ("llvm.env", "mold.env")):
        subprocess.run([os.path.join(links.ROOT, "scripts", "install-deps.sh"), "peers",
                        "llvm", "mold"], check=True)
    lk = links.linkers()
    for name, (_, argv) in lk.items():
        if not isinstance(argv, dict):
            print("\nLINKERS: %s NOT MEASURED: %s" % (name, argv), file=sys.stderr)
    return lk


def test_linkers_table(sfv_bin, linkers):
    args = [sys.executable, os.path.join(links.HERE, "measure_links.py"), "--sfv", sfv_bin,
            "--check", DOC]
    if os.environ.get("SFV_LINKERS_FULL") != "1":
        args += ["--cases", ",".join(SUBSET + sorted({c for _, _, c, _ in REPRODUCERS.values()}))]
    p = subprocess.run(args, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr + p.stdout


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_crash_reproducers(name, sfv_bin, linkers):
    _, linker, cid, sig = REPRODUCERS[name]
    case = {c["id"]: c for c in links.all_cases()}[cid]
    with open(os.path.join(FINDINGS, name), "rb") as fh:
        assert fh.read() == links.wrapped(case), "%s is not the wrapper's %s" % (name, cid)
    got = links.link_one(case, linker, linkers[linker][1][case["abi"]], sfv_bin)
    assert (got["outcome"], got.get("detail")) == ("crash", sig), got


def test_every_crash_has_a_finding():
    _, rows = links.doc_rows(DOC)
    head = [ln for ln in open(DOC).read().splitlines() if ln.startswith("| case | verdict |")]
    names = [c.strip() for c in head[0].strip("|").split("|")][2:]
    known = {(v[1], v[2]) for v in REPRODUCERS.values()} | set(ALSO)
    crashes = set()
    for cid, line in rows.items():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))][2:]
        for lname, c in zip(names, cells):
            if c.startswith("**crash"):
                crashes.add((lname, cid))
    assert crashes, "the committed table has no crash: the findings are stale"
    assert crashes <= known, "crashes without a finding: %s" % sorted(crashes - known)
    assert known <= crashes, "findings no longer in the table: %s" % sorted(known - crashes)

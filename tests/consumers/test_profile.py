# SPDX-License-Identifier: MIT
"""--profile=READER against the readers themselves: when sframe-validate
says a reader accepts a section, the reader must accept it (not reject, not
crash), and when it says nothing about the rows, the reader's rows must be
the spec's.  A refusal for a reader-level fact (reasons 1-6 and 8: version,
flags, auxiliary header, empty section, equal starts, unplaceable data
words) must be a real refusal (or a misreading: accepted, wrong rows).  Checked on the conformance suite, on the
fuzzing corpus (corpus/validate: fuzz-generated sections) and on the
real-toolchain corpus (tests/realworld/build-corpus.sh)."""
import json
import os
import pathlib

import pytest

import measure
from conftest import ROOT, profile_verdicts

CONF = ROOT / "conformance"
# (profile, harness): llvm-readobj 22 and 23 both stand for --profile=llvm
PAIRS = [("kernel", "kernel"), ("glibc", "glibc-2.43"), ("libsframe-2.44", "libsframe-2.44"),
         ("libsframe-2.47", "libsframe-2.47"), ("llvm", "llvm-22"), ("llvm", "llvm-23")]
RULE_REASON = 7          # "diagnostics of rules the reader rejects"


def host_limited(harness, endian):
    """The glibc harness runs on this x86-64 host, and glibc reads sections
    in the host's byte order only: a big-endian section says nothing about
    what an s390x or AArch64-BE glibc does with it."""
    return harness == "glibc-2.43" and endian == "big"


@pytest.mark.parametrize("profile,h", PAIRS)
def test_profile_predicts_the_reader_on_the_suite(matrix, sfv_bin, profile, h):
    if h not in matrix["harnesses"]:
        pytest.skip(f"{h} cannot be had here (scripts/install-deps.sh consumers logged why)")
    with open(CONF / "manifest.json") as fh:
        cases = {c["id"]: c for c in json.load(fh)["cases"]}
    files = [str(CONF / c["file"]) for c in cases.values()]
    pv = profile_verdicts(sfv_bin, profile, files)
    problems = []
    for row in matrix["cases"]:
        path = str(CONF / cases[row["id"]]["file"])
        rejects, rows, valid = pv[path]
        r = row["readers"].get(h)
        assert r is not None, f"{h} was not run on {row['id']}"
        if host_limited(h, row["endian"]):
            continue
        if not rejects and r["verdict"] != "accept":
            problems.append(f"{row['id']}: --profile accepts, the reader says {r['verdict']}"
                            f" ({r['why']})")
        misread = r.get("decode") not in (None, "same")   # accepted, wrong rows
        if rejects - {RULE_REASON} and r["verdict"] == "accept" and not misread:
            problems.append(f"{row['id']}: --profile refuses (reasons "
                            f"{sorted(rejects)}) but the reader accepts")
        differs = r.get("decode") not in (None, "same")
        if not valid:           # rows are promised for sections without errors
            continue
        if not rejects and differs and not rows:
            problems.append(f"{row['id']}: rows differ ({r['decode']}), --profile is silent")
        if not rejects and rows and r.get("decode") == "same":
            problems.append(f"{row['id']}: --profile says rows differ (reasons "
                            f"{sorted(rows)}), the reader's rows are the spec's")
    assert not problems, "\n".join(problems)


def run_sound(sfv_bin, harnesses, profile, h, files, sample=1):
    """Runs the reader on every file sframe-validate finds valid and
    --profile accepts; returns (problems, files checked).  Sections with
    errors fail the validation anyway: what a reader does with them is
    pinned down per rule on the conformance suite, where each case breaks
    one rule (test_column.py), not on fuzz output breaking several."""
    argv = harnesses[h][0]
    pv = profile_verdicts(sfv_bin, profile, [str(f) for f in files])
    problems, checked = [], 0
    for k, f in enumerate(files):
        rejects, _, valid = pv[str(f)]
        if rejects or not valid or k % sample:
            continue
        data = pathlib.Path(f).read_bytes()
        if host_limited(h, "big" if data[:1] == b"\xde" else "little"):
            continue
        verdict, _, why = measure.run_one(argv, str(f))
        checked += 1
        if verdict != "accept":
            problems.append(f"{f}: --profile={profile} accepts, the reader says {verdict} ({why})")
    return problems, checked


@pytest.mark.parametrize("profile,h", PAIRS)
def test_profile_is_sound_on_fuzz_sections(sfv_bin, harnesses, profile, h):
    if h not in harnesses:
        pytest.skip(f"{h} cannot be had here (scripts/install-deps.sh consumers logged why)")
    files = sorted((ROOT / "corpus" / "validate").iterdir())
    assert len(files) > 100
    # llvm-readobj is slow to start: every 4th section
    problems, checked = run_sound(sfv_bin, harnesses, profile, h, files,
                                  sample=4 if profile == "llvm" else 1)
    assert checked > 0, "no fuzz section is accepted by the profile"
    assert not problems, "\n".join(problems[:20])


def sframe_of(path):
    """Bytes of the .sframe section of an ELF64 little-endian file (the
    corpus' x86-64 files), or None."""
    import struct
    data = pathlib.Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if not shoff or shstrndx >= shnum:
        return None
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    stroff = secs[shstrndx][4]
    for name, typ, _, _, off, size, *_ in secs:
        n = data[stroff + name:data.index(b"\0", stroff + name)]
        if n == b".sframe" and typ != 8:
            return data[off:off + size]
    return None


def test_profile_is_sound_on_real_toolchain_output(sfv_bin, harnesses, build, tmp_path):
    """Linked x86-64 files of the real-toolchain corpus: their .sframe
    through every reader --profile says accepts it."""
    out = build / "realworld"
    manifest = out / "MANIFEST.tsv"
    if not manifest.exists():
        import subprocess
        subprocess.run([str(ROOT / "tests" / "realworld" / "build-corpus.sh"), str(out)],
                       check=True)
    files = []
    for line in manifest.read_text().splitlines():
        rec = line.split("\t")
        if len(rec) < 6 or rec[0] in ("path",) or rec[0].startswith("#"):
            continue
        path, _tc, arch, kind = rec[:4]
        p = pathlib.Path(path) if os.path.isabs(path) else out / path
        if arch != "x86_64" or kind in ("obj", "o", "rel"):
            continue
        sec = sframe_of(p)
        if sec:
            f = tmp_path / (str(len(files)) + ".sframe")
            f.write_bytes(sec)
            files.append(f)
    assert len(files) >= 5, "too few linked x86-64 files with .sframe in the corpus"
    problems = []
    for profile, h in PAIRS:
        if h not in harnesses:
            continue
        p, _ = run_sound(sfv_bin, harnesses, profile, h, files)
        problems += p
    assert not problems, "\n".join(problems[:20])

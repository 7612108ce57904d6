# SPDX-License-Identifier: MIT
"""Every mode and option that adds work stays linear in the input, also on
the shapes that made it quadratic: many FDEs sharing one FRE block (the
profiles' FRE scan, the dump's check, the CFI comparison with a code
alignment factor that folds a whole block into one interval, a PC-mask FDE
over a huge range with a tiny rep_size or under many .eh_frame rows) and aliased
relocation tables in a relocatable file with .eh_frame (the comparison's
relocated copies).  The work is counted, never timed: the function calls of
the CLI built with -finstrument-functions (the probe fixture), on inputs
of doubling size; linear work doubles, the old walks quadrupled.  Where a
budget (src/common/work.h) ends the work early, a diagnostic says so, and no
error appears that the full check would not report."""
import json
import os
import subprocess

import pytest

from hostile_lib import rel_elf_aliased, run_json
from shapes import cfi_elf, eh_frame, func_size, mask_cfi_elf, shared_sframe

SIZES = (1, 2, 4)


def work(probe, tmp_path, path, *args):
    out = tmp_path / "probe.out"
    p = subprocess.run([probe, "-j1", *args, str(path)], capture_output=True,
                       timeout=600, env=dict(os.environ, SFV_PROBE_OUT=str(out)))
    # 0, 1 (findings, a rejected canonical decode), never 2 or a signal
    assert p.returncode in (0, 1), (args, p.returncode, p.stderr[-2000:])
    return int(out.read_text())


def assert_linear(counts):
    for a, b in zip(counts, counts[1:]):
        assert b <= 2.5 * a, counts


def raw(tmp_path, version, s):
    path = tmp_path / f"shared{version}-{s}.sframe"
    path.write_bytes(shared_sframe(version, 512 * s, 4096 * s))
    return path


RAW_MODES = [(2, ()), (2, ("--dump",)), (2, ("--dump", "--dump-rows=100")),
             (2, ("--lookup=0x5",)), (2, ("--format=json",)),
             (2, ("--format=canonical",)), (3, ())] + \
    [(v, ("--profile=" + p,)) for v, p in
     ((3, "kernel"), (2, "glibc"), (2, "libsframe-2.44"), (3, "libsframe-2.47"),
      (2, "llvm"))]


@pytest.mark.parametrize("version,args", RAW_MODES, ids=lambda x: str(x))
def test_shared_block_raw(probe, tmp_path, version, args):
    counts = [work(probe, tmp_path, raw(tmp_path, version, s), *args) for s in SIZES]
    assert_linear(counts)


def test_profile_budget_is_a_note(sfv_bin, tmp_path):
    path = raw(tmp_path, 2, 1)
    rc, doc, _ = run_json(sfv_bin, "--profile=glibc", "--max-diags=1000000", path)
    d = doc["files"][0]["diagnostics"]
    skipped = [x for x in d if x["rule"] == "checks-skipped"]
    assert skipped and skipped[0]["severity"] == "note", skipped
    assert skipped[0]["aux"] == 3, skipped


def test_dump_check_bound_is_said(sfv_bin, tmp_path):
    path = raw(tmp_path, 2, 1)
    p = subprocess.run([sfv_bin, "--dump", str(path)], capture_output=True, timeout=600)
    assert p.returncode == 1 and b"--dump-rows=0 lifts the cap" in p.stderr, p.stderr
    assert b"FRE rows" in p.stderr and b"0000" not in p.stdout


def elf(tmp_path, s, code_align):
    path = tmp_path / f"cfi-{code_align}-{s}.so"
    path.write_bytes(cfi_elf(512 * s, 4096 * s, code_align))
    return path


ELF_MODES = [(), ("--coverage",), ("--min-coverage=50",), ("--profile=glibc",),
             ("--lookup=0x1000005",), ("--format=sarif",)]


@pytest.mark.parametrize("args", ELF_MODES, ids=lambda x: " ".join(x) or "default")
@pytest.mark.parametrize("code_align", (1, 1 << 20))
def test_shared_block_cfi(probe, tmp_path, args, code_align):
    counts = [work(probe, tmp_path, elf(tmp_path, s, code_align), *args) for s in SIZES]
    assert_linear(counts)


def errors(doc):
    return sorted({d["rule"] for d in doc["files"][0]["diagnostics"]
                   if d["severity"] == "error"})


def test_cfi_budget_is_a_note_never_an_error(sfv_bin, tmp_path):
    path = elf(tmp_path, 1, 1 << 20)
    _, doc, _ = run_json(sfv_bin, "--max-diags=1000000", path)
    _, base, _ = run_json(sfv_bin, "--max-diags=1000000", "--no-cfi", path)
    rules = [d["rule"] for d in doc["files"][0]["diagnostics"]]
    assert "cfi-budget" in rules, rules
    assert errors(doc) == errors(base)
    assert doc["files"][0]["cfi"]["complete"] is False


def aliased_with_eh_frame(tmp_path, s):
    k, n = 8 * s, 64 * s
    path = tmp_path / f"alias-eh{s}.o"
    path.write_bytes(rel_elf_aliased(k, n, eh=eh_frame([(0, 0x40)], 1)))
    return path


@pytest.mark.parametrize("args", [(), ("--dump",), ("--format=json",)],
                         ids=lambda x: " ".join(x) or "default")
def test_aliased_relocations_with_eh_frame(probe, tmp_path, args):
    counts = [work(probe, tmp_path, aliased_with_eh_frame(tmp_path, s), *args)
              for s in (1, 2, 4, 8)]
    assert_linear(counts)


def test_aliased_relocations_compared_once(sfv_bin, tmp_path):
    """The comparison's copies are relocated through the one iterator: the
    aliased tables are reported once by the validation and the comparison
    runs on the table applied once."""
    _, doc, _ = run_json(sfv_bin, aliased_with_eh_frame(tmp_path, 1))
    f = doc["files"][0]
    assert [d["rule"] for d in f["diagnostics"]].count("elf-reloc-aliased") == 7
    assert f["cfi"]["complete"] is True, f["cfi"]


def mask_elf(tmp_path, name, **kw):
    path = tmp_path / f"mask-{name}.so"
    path.write_bytes(mask_cfi_elf(**kw))
    return path


def test_mask_range_costs_rows_not_blocks(probe, sfv_bin, tmp_path):
    """A PC-mask FDE with rep_size 1 over 4, 16 and 64 MiB under one
    .eh_frame row: compared (no cfi-mask-skipped, complete), at the same
    work whatever the number of blocks."""
    paths = [mask_elf(tmp_path, f"r{k}", size=1 << k, rep_size=1) for k in (22, 24, 26)]
    counts = [work(probe, tmp_path, p) for p in paths]
    assert max(counts) <= 1.1 * min(counts), counts
    _, doc, _ = run_json(sfv_bin, paths[-1])
    f = doc["files"][0]
    assert f["cfi"]["complete"] is True and f["diagnostics"] == [], f


@pytest.mark.parametrize("advance", (1, 255))
def test_mask_rows_linear(probe, sfv_bin, tmp_path, advance):
    """A PC-mask FDE with 255 FREs under 1024, 2048, 4096 alternating
    .eh_frame runs, each shorter than a block (advance 1) or a whole block
    (255): linear in the runs, mismatches reported once per FRE.  Short
    runs resume the FRE walk and complete; whole-block runs cost a pass over
    the block each, and where that spends the budget a note says so."""
    size = 4096 * advance + 16
    paths = [mask_elf(tmp_path, f"a{advance}-{s}", size=size, rep_size=255,
                      n_rows=1024 * s, advance=advance) for s in SIZES]
    assert_linear([work(probe, tmp_path, p) for p in paths])
    _, doc, _ = run_json(sfv_bin, "--max-diags=1000000", paths[0])
    rules = [d["rule"] for d in doc["files"][0]["diagnostics"]]
    assert 0 < rules.count("cfi-cfa-offset") <= 255, rules
    complete = doc["files"][0]["cfi"]["complete"]
    assert complete if advance == 1 else (complete or "cfi-budget" in rules), rules


CLAIMS = (1 << 12, 1 << 22, (1 << 32) - 1)


@pytest.mark.parametrize("field", (8, 12), ids=("num_fdes", "num_fres"))
@pytest.mark.parametrize("version,args", RAW_MODES, ids=lambda x: str(x))
def test_header_counts_do_not_drive_work(probe, tmp_path, version, args, field):
    """The same bytes with ever larger num_fdes (num_fres) claims cost the
    same in every mode: work follows what the buffer holds, never a header
    count (fuzzing finding X2: --dump counted rows over num_fdes)."""
    base = bytearray(shared_sframe(version, 64, 512))
    counts = []
    for claim in CLAIMS:
        data = bytearray(base)
        data[field:field + 4] = claim.to_bytes(4, "little")
        path = tmp_path / f"claim{field}-{claim}.sframe"
        path.write_bytes(bytes(data))
        counts.append(work(probe, tmp_path, path, *args))
    assert max(counts) <= 1.5 * min(counts), counts

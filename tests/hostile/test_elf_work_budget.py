# SPDX-License-Identifier: MIT
"""The ELF checks charge the one per-byte budget of the file
(sfv_work_for, src/common/work.h), not a constant: shapes whose work is
quadratic in the file stay linear, counted (never timed) on inputs of
doubling size: FDEs x program headers (the function-range check), FDEs x
symbols (--coverage on FDEs not flagged sorted), and relocation tables
past the ones the aliasing test remembers (validation and the relocated
view --dump prints).  A file that runs the budget out gets a
checks-skipped note, and --dump does not show a partly relocated section."""
import subprocess

import pytest

from hostile_lib import run, run_json, rules_of
from shapes import loads_elf, rel_elf_past_seen, uncovered_symbols_elf
from test_reloc_alias import work as workcount_of
from test_work_scaling import assert_linear, work

SIZES = (1, 2, 4)

SHAPES = {
    "loads": (lambda s: loads_elf(1024 * s, 2048 * s), ()),
    "coverage": (lambda s: uncovered_symbols_elf(2048 * s), ("--coverage",)),
    "relocations": (lambda s: rel_elf_past_seen(768 * s, 3072 * s), ()),
    "relocations-dump": (lambda s: rel_elf_past_seen(768 * s, 3072 * s), ("--dump",)),
}
# The smallest size already runs the budget out; the relocation shapes are
# costly to count, two sizes show the old quadrupling.
SIZES_OF = {"relocations": (1, 2), "relocations-dump": (1, 2)}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_elf_checks_linear(probe, tmp_path, shape):
    make, args = SHAPES[shape]
    counts = []
    for s in SIZES_OF.get(shape, SIZES):
        path = tmp_path / f"{shape}{s}.elf"
        path.write_bytes(make(s))
        counts.append(work(probe, tmp_path, path, "--no-cfi", *args))
    assert_linear(counts)


@pytest.mark.parametrize("shape", ["loads", "coverage", "relocations"])
def test_budget_is_a_note(sfv_bin, tmp_path, shape):
    make, args = SHAPES[shape]
    path = tmp_path / f"{shape}.elf"
    path.write_bytes(make(1))
    _, doc, _ = run_json(sfv_bin, "--max-diags=1000000", *args, path)
    d = [x for x in doc["files"][0]["diagnostics"]
         if x["rule"] == "checks-skipped" and x["aux"] == 3]  # SFV_SKIP_BUDGET
    assert d and d[0]["severity"] == "note", rules_of(doc)


def test_relocated_view_applies_every_entry(workcount, tmp_path):
    """Within the budget the relocated view applies every entry of every
    distinct table (past the budget: test_dump_out_of_budget_says_so)."""
    small = tmp_path / "small.o"
    small.write_bytes(rel_elf_past_seen(2, 8))
    w = workcount_of(workcount, small)
    assert w["status"] == "0,0" and int(w["applied"]) == 16 + 2 * 8, w


def test_dump_out_of_budget_says_so(sfv_bin, tmp_path):
    """sfv_elf_relocated_sframe says SFV_E_BUDGET (never SFV_OK with a
    partly relocated copy), and --dump says what it shows."""
    path = tmp_path / "big.o"
    path.write_bytes(SHAPES["relocations"][0](1))
    p = run(sfv_bin, "--dump", path)
    assert p.returncode == 1, p.stderr
    assert b"shown as stored, not relocated" in p.stderr, p.stderr
    small = tmp_path / "small.o"
    small.write_bytes(rel_elf_past_seen(2, 8))
    p = run(sfv_bin, "--dump", small)
    assert p.returncode == 0 and p.stderr == b"", p.stderr

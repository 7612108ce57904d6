# SPDX-License-Identifier: MIT
"""k SHT_RELA headers naming one table of n relocations against .sframe
cost n entry reads, not k x n: each distinct table is walked once (the
others are reported, elf-reloc-aliased) in the validation and in the
relocated view --dump prints.  Measured with a work counter (the reader
calls of both passes, build/hostile/workcount) on inputs of doubling
size, never with a timer."""
import subprocess

from hostile_lib import rel_elf_aliased, run_json, rules_of


def work(workcount, path):
    out = subprocess.run([workcount, str(path)], capture_output=True, text=True,
                         check=True).stdout
    return dict(kv.split("=") for kv in out.split())


def test_aliased_tables_linear_work(workcount, tmp_path):
    reads = []
    for s in (1, 2, 4, 8, 16):
        k, n = 8 * s, 64 * s
        path = tmp_path / f"alias{s}.o"
        path.write_bytes(rel_elf_aliased(k, n))
        w = work(workcount, path)
        assert w["status"] == "0,0", w
        assert int(w["aliased"]) == k - 1, w
        assert int(w["applied"]) == n, w     # the table applied once
        reads.append(int(w["reads"]))
    # Input size doubles (k and n both double): linear work doubles, the
    # old k x n walk quadrupled.
    for a, b in zip(reads, reads[1:]):
        assert b <= 2.5 * a, reads


def test_aliased_tables_reported(sfv_bin, tmp_path):
    path = tmp_path / "alias.o"
    path.write_bytes(rel_elf_aliased(4, 3))
    rc, doc, _ = run_json(sfv_bin, path)
    r = rules_of(doc)
    assert r.count("elf-reloc-aliased") == 3, r
    d = [d for d in doc["files"][0]["diagnostics"] if d["rule"] == "elf-reloc-aliased"]
    assert [x["found"] for x in d] == [6, 7, 8] and all(x["expected"] == 5 for x in d)
    assert "error" not in [x["severity"] for x in d]
    p = subprocess.run([sfv_bin, "--dump", str(path)], capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr

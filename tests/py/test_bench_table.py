# SPDX-License-Identifier: MIT
"""tests/bench/table.py: the side-by-side table of `make bench` computes
its MB/s, ratios and verdicts from the run's own rows (no number of its
own), and says which libsframe crashed or did not read a section."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = ("input\tversion\tbytes\tfdes\tfres\tval_s_min\tval_s_med\tvalns_s_min\t"
          "valns_s_med\twalk_s_min\twalk_s_med\tls47_s_min\tls44_s_min\tpcs\t"
          "lookup_ns_min\tlookup_ns_med\tls_lookup_ns_min\tindex_lookup_ns_min\t"
          "ls47_probe\tls44_probe\n")


def run(tmp_path, rows, cli="RESULT cli files=2 bytes=100 floor=1.0 sfv=1.5 "
                            "sfv_one=0.01 objdump=4.0 readelf=3.0\n"):
    tsv = tmp_path / "results.tsv"
    tsv.write_text(HEADER + "".join("\t".join(map(str, r)) + "\n" for r in rows))
    txt = tmp_path / "cli.txt"
    txt.write_text(cli)
    out = subprocess.run([sys.executable, str(ROOT / "tests/bench/table.py"), str(tsv),
                          str(txt)], check=True, capture_output=True, text=True)
    return out.stdout


def test_ratios_and_verdicts(tmp_path):
    out = run(tmp_path, [
        # 1 MB in 1 ms = 1000 MB/s; libsframe 2.47 in 20 ms = 50 MB/s: 20x;
        # lookups 80 / 10 / 60 ns: index 6x libsframe.
        ["build/bench/big/sid/sqlite3-static", 3, 1000000, 10, 100, 0.001, 0.001,
         0.002, 0.002, 0.003, 0.003, 0.02, 0, 50, 80, 81, 60, 10, 0, 1],
        # 2 MB in 4 ms = 500 MB/s, libsframe 2.47 crashed.
        ["build/bench/inputs/adv-shared-blocks.sframe", 3, 2000000, 10, 100, 0.004,
         0.004, 0.004, 0.004, 0.004, 0.004, 0, 0, 50, 90, 90, 0, 0, 2, 1],
        ["build/bench/inputs/synth-v3-4M.sframe", 3, 4000000, 10, 100, 0.004, 0.004,
         0.004, 0.004, 0.004, 0.004, 0.04, 0, 50, 90, 90, 95, 30, 0, 1],
    ])
    assert "| sid sqlite3-static | 3 | 1000000 | 10 | 100 | 1000 / 500 | 50 (2.47) | 20.0x |" in out
    assert "80.0 / 10.0 / 60.0 | 6.0x |" in out
    assert "crashes (2.47)" in out
    assert "validate sid sqlite3-static: 1000 MB/s, 1 GB/s met, 20.0x libsframe 2.47 (target 15x: met)" in out
    assert "lookup sid sqlite3-static: index 10.0 ns (target 25 ns: met), 6.0x sframe_find_fre (target 4x: met)" in out
    # 500 MB/s against the synthetic median 1000: exactly half, met.
    assert "adv-shared-blocks: 500 MB/s = 0.50x the synthetic median 1000 (target >= 0.5x: met)" in out
    # CLI: 0.5 s above the floor vs readelf 2.0 s: 4x.
    assert "CLI on the corpus: 1.50 s vs readelf 3.00 s (4.00x above the floor: met)" in out


def test_missed_targets_say_so(tmp_path):
    out = run(tmp_path, [
        ["build/bench/inputs/synth-v3-64M.sframe", 3, 1000000, 10, 100, 0.002, 0.002,
         0.002, 0.002, 0.002, 0.002, 0.01, 0, 50, 80, 81, 60, 40, 0, 1],
        ["build/bench/inputs/adv-diags.sframe", 3, 1000000, 10, 100, 0.01, 0.01,
         0.01, 0.01, 0.01, 0.01, 0.01, 0, 50, 80, 81, 60, 40, 0, 1],
    ], cli="RESULT cli files=2 bytes=100 floor=1.0 sfv=4.0 sfv_one=0.01 "
           "objdump=4.0 readelf=3.0\n")
    assert "validate synth-v3-64M: 500 MB/s, 1 GB/s missed, 5.0x libsframe 2.47 (target 15x: missed)" in out
    assert "adv-diags: 100 MB/s = 0.20x the synthetic median 500 (target >= 0.5x: missed)" in out
    assert "(0.67x above the floor: missed)" in out

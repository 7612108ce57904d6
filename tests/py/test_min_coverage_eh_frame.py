# SPDX-License-Identifier: MIT
"""--min-coverage over .eh_frame's functions (min-coverage-eh-frame), on a
shared object the system toolchain (gcc, GNU as/ld 2.40) builds at test time
from one file assembled with --gsframe and one without: .eh_frame describes
every function, .sframe only some.  The measure is the CFI comparison's own
count (the file record's "cfi" object), so it also works once stripped."""
import json
import subprocess

import pytest

A = "int fa(int x) { return x * 3 + 1; }\nint fb(int x) { return fa(x) + fa(x + 1); }\n"
B = "int fc(int x) { return x * 7 + 2; }\n"


def sh(*cmd, cwd):
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    assert r.returncode == 0, (cmd, r.stderr)


@pytest.fixture(scope="module")
def libs(tmp_path_factory):
    d = tmp_path_factory.mktemp("ehcov")
    (d / "a.c").write_text(A)
    (d / "b.c").write_text(B)
    sh("gcc", "-O1", "-fPIC", "-Wa,--gsframe", "-c", "a.c", "-o", "a.o", cwd=d)
    sh("gcc", "-O1", "-fPIC", "-c", "b.c", "-o", "b.o", cwd=d)
    sh("gcc", "-shared", "-nostdlib", "a.o", "b.o", "-o", "lib.so", cwd=d)
    sh("strip", "-o", "stripped.so", "lib.so", cwd=d)
    return d


def record(sfv_bin, path, *args):
    r = subprocess.run([sfv_bin, "--format=json", *args, str(path)],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    (f,) = json.loads(r.stdout)["files"]
    return r.returncode, f


@pytest.mark.parametrize("name", ["lib.so", "stripped.so"])
def test_eh_frame_functions_without_fde_fail_the_policy(sfv_bin, libs, name):
    rc, f = record(sfv_bin, libs / name, "--min-coverage=90")
    cfi = f["cfi"]
    total = cfi["functions"] + cfi["only_eh_frame"]
    assert cfi["complete"] and cfi["only_eh_frame"] >= 1, cfi      # fc has no FDE
    got = [d for d in f["diagnostics"] if d["rule"] == "min-coverage-eh-frame"]
    assert len(got) == 1 and got[0]["severity"] == "error", f["diagnostics"]
    assert got[0]["values"] == {"covered_functions": cfi["functions"],
                                "required_percent": 90, "eh_frame_functions": total}
    assert rc == 1


def test_threshold_is_exact(sfv_bin, libs):
    _, f = record(sfv_bin, libs / "stripped.so", "--min-coverage=90")
    cfi = f["cfi"]
    pct = cfi["functions"] * 100 // (cfi["functions"] + cfi["only_eh_frame"])
    # exactly the measured percentage passes, one more fails
    _, ok = record(sfv_bin, libs / "stripped.so", f"--min-coverage={pct}")
    _, bad = record(sfv_bin, libs / "stripped.so", f"--min-coverage={pct + 1}")
    rules = lambda rec: [d["rule"] for d in rec["diagnostics"]]  # noqa: E731
    assert "min-coverage-eh-frame" not in rules(ok)
    assert "min-coverage-eh-frame" in rules(bad)


def test_stripped_executable_is_measured_over_eh_frame(sfv_bin, libs):
    """No function symbols (the symbol measure's unknown note) but
    .eh_frame: measured, so no min-coverage-unknown note."""
    d = libs
    (d / "m.c").write_text("int main(void) { return 0; }\n")
    sh("gcc", "-O1", "-Wa,--gsframe", "m.c", "-o", "exe", cwd=d)
    sh("strip", "-o", "exe-stripped", "exe", cwd=d)
    _, f = record(sfv_bin, d / "exe-stripped", "--min-coverage=100")
    rules = [x["rule"] for x in f["diagnostics"]]
    assert "min-coverage-unknown" not in rules and "min-coverage" not in rules
    assert "min-coverage-eh-frame" in rules        # crt1.o's _start has no FDE
    _, f = record(sfv_bin, d / "exe-stripped", "--min-coverage=100", "--no-cfi")
    assert [x["values"]["reason"] for x in f["diagnostics"]
            if x["rule"] == "min-coverage-unknown"] == ["no-function-symbols"]


def test_no_cfi_leaves_only_the_symbol_measure(sfv_bin, libs):
    _, f = record(sfv_bin, libs / "stripped.so", "--min-coverage=90", "--no-cfi")
    rules = [d["rule"] for d in f["diagnostics"]]
    assert "min-coverage-eh-frame" not in rules and "min-coverage" in rules

# SPDX-License-Identifier: MIT
"""The proof ledger (scripts/prove-ledger.py, make prove-status/-stale/
-ledger) must count a run as proved exactly when every input it was proved
on is unchanged: its command, each file of its include closure, its
proof.mk and scripts, and the CBMC version."""
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "scripts" / "prove-ledger.py"
ENV = ("# generated\nCBMC_BIN=/x/bin\nCBMC_VERSION='6.6.0 (cbmc-6.6.0)'\n"
       "CBMC_DEB=6.6.0-4\n")


def tool(tree, *args):
    return subprocess.run([sys.executable, str(TOOL), "--build", "build/prove",
                           "--ledger", "proofs/ledger.tsv", "--cbmc-env", "cbmc.env"] +
                          list(args), cwd=tree, capture_output=True, text=True)


def write(tree, rel, text):
    p = tree / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)
    return p


def proved(tree, run, seconds="7"):
    """A run that passed: its .cmd, .d (a header reached through ..), and .ok
    written after its inputs."""
    name = run.split(".")[0]
    write(tree, "build/prove/%s.cmd" % run, "cbmc proofs/%s/harness.c --unwind 9\n" % name)
    write(tree, "build/prove/%s.d" % run,
          "build/prove/%s.ok: proofs/%s/harness.c \\\n proofs/%s/../../src/a.h src/b.h\n"
          "proofs/%s/../../src/a.h:\nsrc/b.h:\n" % (run, name, name, name))
    time.sleep(0.01)
    write(tree, "build/prove/%s.ok" % run, seconds + "\n")


def make_tree(tmp_path):
    write(tmp_path, "cbmc.env", ENV)
    write(tmp_path, "src/a.h", "int a;\n")
    write(tmp_path, "src/b.h", "int b;\n")
    for name in ("h1", "h2"):
        write(tmp_path, "proofs/%s/harness.c" % name, "int main(void) { return 0; }\n")
        write(tmp_path, "proofs/%s/proof.mk" % name, "PROOF_VARS.%s := 1 2\n" % name)
    proved(tmp_path, "h1.1")
    proved(tmp_path, "h2.2")
    return tmp_path


def status(tree, runs=("h1.1", "h2.2")):
    r = tool(tree, "stale", *runs)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_recorded_runs_are_current(tmp_path):
    tree = make_tree(tmp_path)
    r = tool(tree, "record", "h1.1", "h2.2", "h1.2")
    assert r.returncode == 0, r.stderr
    assert "recorded 2 runs" in r.stdout
    assert status(tree) == []
    rows = [l.split("\t") for l in (tree / "proofs/ledger.tsv").read_text().splitlines()
            if not l.startswith("#")]
    assert [row[0] for row in rows] == ["h1.1", "h2.2"]
    assert all(row[2] == "7" and len(row[1]) == 20 for row in rows)


def test_a_changed_header_makes_its_runs_stale(tmp_path):
    tree = make_tree(tmp_path)
    tool(tree, "record", "h1.1", "h2.2")
    write(tree, "src/a.h", "int a2;\n")
    assert status(tree) == ["h1.1", "h2.2"]


def test_a_touched_unchanged_header_keeps_them_current(tmp_path):
    tree = make_tree(tmp_path)
    tool(tree, "record", "h1.1", "h2.2")
    os.utime(tree / "src/b.h")
    assert status(tree) == []


def test_a_changed_command_or_proof_mk_is_that_run_alone(tmp_path):
    tree = make_tree(tmp_path)
    tool(tree, "record", "h1.1", "h2.2")
    write(tree, "build/prove/h1.1.cmd", "cbmc proofs/h1/harness.c --unwind 8\n")
    assert status(tree) == ["h1.1"]
    write(tree, "build/prove/h1.1.cmd", "cbmc proofs/h1/harness.c --unwind 9\n")
    write(tree, "proofs/h2/proof.mk", "PROOF_VARS.h2 := 2\n")
    assert status(tree) == ["h2.2"]
    write(tree, "proofs/h2/unwindset.sh", "echo 3\n")  # a script the run may call
    write(tree, "proofs/h2/proof.mk", "PROOF_VARS.h2 := 1 2\n")
    assert status(tree) == ["h2.2"]


def test_another_cbmc_makes_every_run_stale(tmp_path):
    tree = make_tree(tmp_path)
    tool(tree, "record", "h1.1", "h2.2")
    write(tree, "cbmc.env", ENV.replace("6.6.0-4", "6.7.0-1"))
    assert status(tree) == ["h1.1", "h2.2"]


def test_a_run_older_than_its_inputs_is_not_recorded(tmp_path):
    tree = make_tree(tmp_path)
    time.sleep(0.01)
    write(tree, "src/a.h", "int a3;\n")  # edited after the run passed
    r = tool(tree, "record", "h1.1", "h2.2")
    assert "recorded 0 runs (2 passed on inputs changed since" in r.stdout
    assert status(tree) == ["h1.1", "h2.2"]


def test_status_counts_and_names(tmp_path):
    tree = make_tree(tmp_path)
    tool(tree, "record", "h1.1")
    r = tool(tree, "status", "h1.1", "h2.2")
    assert r.returncode == 0, r.stderr
    assert "2 runs; 1 proved on their inputs as they are now" in r.stdout
    assert "never proved: h2.2" in r.stdout


def test_times_from_makes_log(tmp_path):
    tree = make_tree(tmp_path)
    write(tree, "build/prove/h1.1.ok", "")  # an .ok of make prove before it held seconds
    write(tree, "make.log", "prove: h1.1 ok (123 s)\nprove: h2.2 FAILED (x):\n")
    tool(tree, "--times", "make.log", "record", "h1.1")
    row = (tree / "proofs/ledger.tsv").read_text().splitlines()[-1].split("\t")
    assert row[:1] == ["h1.1"] and row[2] == "123"


def test_a_run_without_its_inputs_is_an_error(tmp_path):
    tree = make_tree(tmp_path)
    r = tool(tree, "status", "h1.9")
    assert r.returncode == 2 and "make prove-inputs" in r.stderr

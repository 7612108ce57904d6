# SPDX-License-Identifier: MIT
"""Real-output reproducers committed under tests/realworld/regress/ (see its
README.md): fast checks that need no toolchain."""
import json
import pathlib
import subprocess


REG = pathlib.Path(__file__).resolve().parents[1] / "realworld" / "regress"


def sfv(sfv_bin, *args):
    return subprocess.run([sfv_bin, *args], cwd=REG, capture_output=True, text=True)


def test_gas244_fre_at_function_end_is_a_warning(sfv_bin):
    """libffi's win64.S through gas 2.44: an FRE at the function's end.
    Not an error (libsframe's readers abort on it, but the unwind data is
    right for every PC inside the function)."""
    r = sfv(sfv_bin, "--format=json", "gas244-libffi-win64.o")
    (f,) = json.loads(r.stdout)["files"]
    assert r.returncode == 0 and f["errors"] == 0, r.stdout
    rules = [(d["rule"], d["severity"], d["fde"], d["fre"]) for d in f["diagnostics"]]
    assert ("fre-start-at-end", "warning", 0, 33) in rules, rules


def test_clang_v2_through_trixie_ld_validates(sfv_bin):
    r = sfv(sfv_bin, "--format=json", "clang22-trixie-ld-libnolibc.so")
    (f,) = json.loads(r.stdout)["files"]
    assert r.returncode == 0 and f["errors"] == 0 and f["sframe"]["version"] == 2, r.stdout


def test_dump_244_matches_objdump_refusal(sfv_bin):
    name = "clang22-trixie-ld-libnolibc.so"
    want = (REG / f"{name}.objdump-244").read_text()
    r = sfv(sfv_bin, "--dump", "--objdump=244", name)
    assert r.returncode == 1
    assert r.stdout == want
    theirs = (REG / f"{name}.objdump-244.stderr").read_text()
    assert r.stderr == theirs.replace("objdump:", "sframe-validate:")

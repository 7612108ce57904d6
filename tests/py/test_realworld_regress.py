# SPDX-License-Identifier: MIT
"""Real-output reproducers committed under tests/realworld/regress/ (see its
README.md): fast checks that need no toolchain."""
import json
import pathlib
import subprocess

import pytest


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


# file -> (.plt entries, .plt.got, .plt.sec) addresses
PLTGOT = {"ld244-pltgot-ibtplt.so": (0x3B0, 0x3C0, 0x3D0),
          "ld24750-pltgot-ibtplt.so": (0x390, 0x3A0, 0x3B0)}


@pytest.mark.parametrize("name", sorted(PLTGOT))
def test_pltgot_cfa_is_wrong_in_gnu_ld(sfv_bin, name):
    """GNU ld 2.44 and 2.47.50 (FINDINGS C9): the PC-mask FDE of .plt.got
    says CFA = SP + 16 where .eh_frame (and the code: a lone jmp) says
    SP + 8.  The .plt.sec PC-mask FDE is compared and agrees; the .plt
    entries' PC-mask FDE is skipped (its .eh_frame CFA is a DWARF
    expression), all 16 bytes of it."""
    plt, pltgot, pltsec = PLTGOT[name]
    r = sfv(sfv_bin, "--format=json", name)
    (f,) = json.loads(r.stdout)["files"]
    got = [(d["rule"], d["fde"], d["fre"], d["found"], d["expected"], d["aux"])
           for d in f["diagnostics"] if d["rule"].startswith("cfi-")]
    assert got == [("cfi-mask-skipped", 1, None, 16, 16, plt),
                   ("cfi-cfa-offset", 2, 0, 16, 8, pltgot)], got
    # every byte of .plt.got and .plt.sec compared, besides the functions
    assert r.returncode == 1 and f["cfi"]["pc_bytes"] == 95 and f["cfi"]["complete"], f
    assert pltsec not in [d["aux"] for d in f["diagnostics"]]

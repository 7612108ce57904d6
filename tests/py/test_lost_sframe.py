# SPDX-License-Identifier: MIT
"""Notes naming why a linked file's SFrame is gone or partial, on files the
real toolchains build at test time (scripts/install-deps.sh peers, llvm):

- clang 22's v2 .sframe linked by GNU ld: trixie ld 2.44 refuses it, sid ld
  2.47.50 ignores it (both exit 0) and each writes a .sframe for its PLT
  only -> elf-sframe-plt-only;
- ld.lld 22 --gc-sections drops .sframe (gcc's v1 and clang's v2 input)
  while .eh_frame stays -> elf-eh-frame-without-sframe (with elf-no-sframe);
- ld.lld 22 concatenates its inputs' .sframe -> concatenated-sections and
  elf-no-pt-sframe, whose messages name ld.lld;
- a plain GNU link of gcc --gsframe objects keeps every function's SFrame
  and gets none of these notes.
All are notes (or the existing concatenation error): 0 errors on the rest."""
import json
import subprocess

import pytest

import rwlib

MAIN = r"""
#include <stdio.h>
int helper(int x) { return x * 3 + 1; }
__attribute__((noinline)) int twice(int x) { puts("x"); return helper(x) + helper(x + 1); }
int main(int argc, char **argv) { (void)argv; return twice(argc) & 1; }
"""
OTHER = "int h2(int x) { return x * 5 + 1; }\n"


def sh(cmd, cwd):
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    assert r.returncode == 0, (cmd, r.stderr)
    return r.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    env = rwlib.load_env("peers", "llvm")
    d = tmp_path_factory.mktemp("lost")
    (d / "m.c").write_text(MAIN)
    (d / "h.c").write_text(OTHER)
    clang = [env["CLANG22"], "-Wa,--gsframe", "-Wa,--allow-experimental-sframe",
             "-g0", "-O1", "-fPIC"]
    sh([*clang, "-c", "m.c", "-o", "cm.o"], d)
    sh([*clang, "-c", "h.c", "-o", "ch.o"], d)
    sh(["gcc", "-O1", "-Wa,--gsframe", "-c", "m.c", "-o", "gm.o"], d)
    sh(["gcc", "-O1", "-Wa,--gsframe", "-c", "h.c", "-o", "gh.o"], d)
    lld = ["gcc", "-B", env["BIN_LLVM22"] + "/", "-fuse-ld=lld"]
    logs = {
        "sid-ld": sh(["gcc", "-B", env["BIN_SID_X86_64"] + "/", "cm.o", "-o", "sid-ld"], d),
        "trixie-ld": sh(["gcc", "-B", env["BIN_TRIXIE_X86_64"] + "/", "cm.o", "-o",
                         "trixie-ld"], d),
    }
    sh([*lld, "-Wl,--gc-sections", "cm.o", "-o", "lld-gc-clang"], d)
    sh([*lld, "-Wl,--gc-sections", "gm.o", "-o", "lld-gc-gcc"], d)
    sh([*lld, "cm.o", "ch.o", "-o", "lld-concat"], d)
    sh(["gcc", "-Wa,--gsframe", "gm.o", "gh.o", "-o", "gnu-ok"], d)
    return d, logs


def run(sfv_bin, path, *args):
    r = subprocess.run([sfv_bin, "--format=json", *args, str(path)],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1), r
    f = json.loads(r.stdout)["files"][0]
    return r.returncode, f, {d["rule"]: d for d in f["diagnostics"]}


@pytest.mark.parametrize("name,msg", [("sid-ld", "unexpected SFrame format version 2"),
                                      ("trixie-ld", "no .sframe will be created")])
def test_gnu_ld_keeps_plt_sframe_only(sfv_bin, built, name, msg):
    d, logs = built
    assert msg in logs[name]            # the link "succeeded" with a message
    rc, f, by = run(sfv_bin, d / name)
    note = by["elf-sframe-plt-only"]
    # The one error allowed is GNU ld's C9 (docs/FINDINGS.md): its .plt.got
    # PC-mask FDE says CFA SP+16 where its own .eh_frame says SP+8.
    errors = [x for x in f["diagnostics"] if x["severity"] == "error"]
    assert all(x["rule"] == "cfi-cfa-offset" and
               rwlib.is_pltgot_c9(d / name, x["aux"], x["found"], x["expected"])
               for x in errors), errors
    assert note["severity"] == "note" and rc == (1 if errors else 0)
    assert note["values"]["num_fdes"] == f["sframe"]["num_fdes"] >= 1
    assert note["offset_space"] == "file"
    assert f["coverage"]["covered"] == 0 and f["coverage"]["functions"] >= 3
    # The policy turns the loss into an error.
    rc, f, by = run(sfv_bin, d / name, "--min-coverage=50")
    assert rc == 1 and by["min-coverage"]["values"]["covered_functions"] == 0


@pytest.mark.parametrize("name", ["lld-gc-clang", "lld-gc-gcc"])
def test_lld_gc_sections_drops_sframe(sfv_bin, built, name):
    d, _ = built
    rc, f, by = run(sfv_bin, d / name)
    assert rc == 0 and f["sframe"] is None
    assert by["elf-no-sframe"]["severity"] == "note"
    note = by["elf-eh-frame-without-sframe"]
    assert note["severity"] == "note" and note["values"]["eh_frame_size"] > 4
    assert "--gc-sections" in note["message"]
    rc, f, by = run(sfv_bin, d / name, "--require-sframe")
    assert rc == 1


def test_lld_concatenation_names_the_linker(sfv_bin, built):
    d, _ = built
    rc, f, by = run(sfv_bin, d / "lld-concat")
    assert rc == 1
    assert "ld.lld" in by["concatenated-sections"]["message"]
    assert "ld.lld" in by["elf-no-pt-sframe"]["message"]
    assert "elf-sframe-plt-only" not in by


def test_gnu_link_of_gsframe_objects_has_no_lost_notes(sfv_bin, built):
    d, _ = built
    rc, f, by = run(sfv_bin, d / "gnu-ok")
    assert rc == 0 and f["sframe"]["num_fdes"] >= 3
    assert not {"elf-sframe-plt-only", "elf-eh-frame-without-sframe"} & set(by)

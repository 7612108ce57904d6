# SPDX-License-Identifier: MIT
"""GNU ld 2.40 (bookworm) and 2.44 (trixie) size PT_GNU_SFRAME from an
estimate made before merging the inputs' .sframe sections, then shrink the
section: p_filesz exceeds sh_size and the bytes in between are stale FRE
data.  Real output of a plain `gcc -shared -nostdlib` link: a warning
(elf-pt-sframe-padding) naming the ld behaviour, never an error; and the
PT_GNU_SFRAME segment is there (elf-no-pt-sframe's text said ld 2.40 wrote
none: it does)."""
import json
import shutil
import subprocess

import pytest

SRC = "int f(int x){return x+1;}\nint g(int x){return f(x)*2;}\n"


def link(tmp_path, bindir, name):
    c = tmp_path / "a.c"
    c.write_text(SRC)
    out = tmp_path / name
    cmd = ["gcc", "-O2", "-fPIC", "-shared", "-nostdlib", "-Wa,--gsframe", "-o", str(out), str(c)]
    if bindir:
        cmd[1:1] = ["-B", bindir + "/"]
    subprocess.run(cmd, check=True)
    return out


def segment_and_section(path):
    ph = subprocess.run(["readelf", "-lW", str(path)], capture_output=True, text=True).stdout
    sh = subprocess.run(["readelf", "-SW", str(path)], capture_output=True, text=True).stdout
    filesz = [int(l.split()[4], 16) for l in ph.splitlines() if "GNU_SFRAME" in l]
    size = [int(l.split()[5], 16) for l in sh.splitlines() if " .sframe " in l]
    return filesz, size


@pytest.mark.parametrize("ld", ["bookworm-2.40", "trixie-2.44"])
def test_ld_stale_pt_gnu_sframe_tail_is_a_warning(sfv_bin, tmp_path, peers_env, ld):
    if shutil.which("gcc") is None or shutil.which("readelf") is None:
        pytest.skip("gcc/readelf not installed")
    bindir = None if ld.startswith("bookworm") else peers_env.get("BIN_TRIXIE_X86_64")
    if ld.startswith("trixie") and not bindir:
        pytest.skip("trixie binutils could not be installed (scripts/install-deps.sh peers)")
    so = link(tmp_path, bindir, f"lib-{ld}.so")
    filesz, size = segment_and_section(so)
    assert len(filesz) == 1, "GNU ld writes PT_GNU_SFRAME"
    assert filesz[0] > size[0], (filesz, size)   # the ld behaviour itself
    p = subprocess.run([sfv_bin, "--format=json", str(so)], capture_output=True, text=True)
    doc = json.loads(p.stdout)
    diags = doc["files"][0]["diagnostics"]
    pad = [d for d in diags if d["rule"] == "elf-pt-sframe-padding"]
    assert p.returncode == 0, diags
    assert len(pad) == 1 and pad[0]["severity"] == "warning", diags
    assert pad[0]["found"] == filesz[0] - size[0]
    assert "GNU ld" in pad[0]["message"]
    assert "elf-no-pt-sframe" not in [d["rule"] for d in diags]

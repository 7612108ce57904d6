# SPDX-License-Identifier: MIT
"""--dump against the real objdump of each toolchain where the file is
unusual (issue 8 items 5-8): a renamed section, no section, an empty
section (ld --discard-sframe), ld 2.44 `ld -r` output with misplaced
relocations (PR 32789).  Every input is built here, at test time, by the
toolchain itself (scripts/install-deps.sh peers), and `sframe-validate
--dump --objdump=L` must print what that toolchain's objdump prints: stdout
byte for byte, the exit status, and stderr but for the program name."""
import os
import subprocess

import pytest

import peers_support as ps

LAYOUT = {"SID": 247, "TRIXIE": 244, "BOOKWORM": 240}
SRC_A = "int f(int x) { return x + 1; }\n"
SRC_C = "int g1(int x) { return x * 3; }\nint g2(int x) { return x + g1(x); }\n"


@pytest.fixture(scope="module")
def env():
    return ps.peers_env()


def tool_dir(env, tc):
    d = env.get(f"BIN_{tc}_X86_64", "")
    if not d or env.get(f"{tc}_GSFRAME_X86_64") != "yes":
        pytest.skip(f"!!! {tc} x86_64 binutils with --gsframe not installed by "
                    "scripts/install-deps.sh peers")
    return d


def sh(*cmd, **kw):
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, **kw)


def compile_obj(bindir, src, out, opt="-O2"):
    c = out.with_suffix(".c")
    c.write_text(src)
    sh("gcc", "-B", bindir + "/", opt, "-c", "-Wa,--gsframe", c, "-o", out)
    return out


def compare(sfv_bin, bindir, layout, path, sfv_args=(), od_args=("--sframe",)):
    """Runs both; asserts identical stdout, status and stderr (prefix aside)."""
    od = os.path.join(bindir, "objdump")
    want = subprocess.run([od, *od_args, str(path)], capture_output=True)
    got = subprocess.run([sfv_bin, "--dump", f"--objdump={layout}", *sfv_args, str(path)],
                         capture_output=True)
    assert got.stdout == want.stdout, (path, layout)
    assert got.returncode == want.returncode, (path, layout, got.stderr, want.stderr)
    # objdump names itself by its path; we are "sframe-validate".
    prog = subprocess.run(["readlink", "-f", od], capture_output=True, text=True)
    theirs = want.stderr.decode()
    for name in {od, prog.stdout.strip()} | {ln.split(":", 1)[0] for ln in theirs.splitlines()}:
        if name.endswith("objdump"):
            theirs = theirs.replace(name + ":", "sframe-validate:")
    assert got.stderr.decode() == theirs, (path, layout)
    return want


@pytest.mark.parametrize("tc", list(LAYOUT))
def test_renamed_section(sfv_bin, env, tc, tmp_path):
    """objcopy --rename-section .sframe=.sframe2: objdump --sframe finds no
    .sframe; --sframe=.sframe2 dumps it under that name (our --section)."""
    b = tool_dir(env, tc)
    obj = compile_obj(b, SRC_A, tmp_path / "a.o")
    ren = tmp_path / "r.o"
    sh(os.path.join(b, "objcopy"), "--rename-section", ".sframe=.sframe2", obj, ren)
    want = compare(sfv_bin, b, LAYOUT[tc], ren)
    assert b"No .sframe section present" in want.stdout
    want = compare(sfv_bin, b, LAYOUT[tc], ren, ["--section=.sframe2"],
                   ["--sframe=.sframe2"])
    assert b"Contents of the SFrame section .sframe2:" in want.stdout
    # a name that is not there
    want = compare(sfv_bin, b, LAYOUT[tc], obj, ["--section=.nope"], ["--sframe=.nope"])
    assert b"No .nope section present" in want.stdout


@pytest.mark.parametrize("tc", list(LAYOUT))
def test_no_sframe_section(sfv_bin, env, tc, tmp_path):
    b = tool_dir(env, tc)
    c = tmp_path / "plain.c"
    c.write_text("int g;\n")
    obj = tmp_path / "plain.o"
    sh("gcc", "-c", c, "-o", obj)
    want = compare(sfv_bin, b, LAYOUT[tc], obj)
    assert want.stdout.endswith(b"No .sframe section present\n\n")


@pytest.mark.parametrize("tc", list(LAYOUT))
def test_zero_size_section(sfv_bin, env, tc, tmp_path):
    """sid `ld --discard-sframe` keeps an empty .sframe; every objdump reads it."""
    sid = tool_dir(env, "SID")
    b = tool_dir(env, tc)
    c = tmp_path / "a.c"
    c.write_text(SRC_A)
    so = tmp_path / "z.so"
    sh("gcc", "-B", sid + "/", "-O2", "-Wa,--gsframe", "-shared", "-nostdlib",
       "-Wl,--discard-sframe", c, "-o", so)
    sec = subprocess.run([os.path.join(sid, "readelf"), "-SW", so], capture_output=True,
                         text=True).stdout
    assert any(".sframe" in ln and " 000000 " in ln for ln in sec.splitlines()), sec
    compare(sfv_bin, b, LAYOUT[tc], so)
    # validation is unchanged by this (a warning on the empty section)
    r = subprocess.run([sfv_bin, str(so)], capture_output=True, text=True)
    assert r.returncode == 0 and "(index 8)" in r.stdout


@pytest.mark.parametrize("tc", list(LAYOUT))
@pytest.mark.parametrize("stype", ["0x6ffffff4", "progbits"])
def test_zero_size_section_relocatable(sfv_bin, env, tc, stype, tmp_path):
    """An assembler's object with a zero-byte .sframe (SHT_GNU_SFRAME as v3
    writes it, or PROGBITS as v1/v2): sid objdump cannot relocate it and
    says so on stdout; 2.40/2.44 refuse the file."""
    b = tool_dir(env, tc)
    s = tmp_path / "e.s"
    s.write_text(f'.section .sframe,"a",@{stype}\n')
    obj = tmp_path / "e.o"
    sh(os.path.join(b, "as"), s, "-o", obj)
    want = compare(sfv_bin, b, LAYOUT[tc], obj)
    if tc == "SID":
        assert want.stdout.endswith(b"\nCan't get contents for section ''.\n")


@pytest.mark.parametrize("opt", ["-O1", "-Os"])
def test_ld_r_misplaced_relocations(sfv_bin, env, opt, tmp_path):
    """binutils PR 32789: ld 2.44 -r writes .rela.sframe entries at the wrong
    offsets; sid objdump applies them and prints garbage rows: so do we.
    (At -O0/-O2 the garbage makes sid objdump abort on an assertion; --dump
    then refuses, exit 1.)  The validation verdict stays as it is."""
    trixie, sid = tool_dir(env, "TRIXIE"), tool_dir(env, "SID")
    a = compile_obj(trixie, SRC_A, tmp_path / "a.o", opt)
    c = compile_obj(trixie, SRC_C, tmp_path / "c.o", opt)
    r = tmp_path / "r.o"
    sh(os.path.join(trixie, "ld"), "-r", a, c, "-o", r)
    v = subprocess.run([sfv_bin, str(r)], capture_output=True, text=True)
    assert "elf-reloc-unexpected" in v.stdout      # the misplaced relocations
    assert v.returncode == 0, v.stdout
    want = compare(sfv_bin, sid, 247, r)
    assert want.returncode == 0 and b"func idx [2]" in want.stdout

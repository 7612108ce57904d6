# SPDX-License-Identifier: MIT
"""ELF container checks on files the system toolchain builds at test time
(gcc + GNU as/ld 2.40 with --gsframe: SFrame v1, x86_64), then edits:
relocations, stripping, --emit-relocs, concatenation, truncation."""
import json
import pathlib
import shutil
import struct
import subprocess

import pytest

SRC = r"""
int helper(int x) { return x * 3 + 1; }
__attribute__((noinline)) int twice(int x) { return helper(x) + helper(x + 1); }
int main(int argc, char **argv) { (void)argv; return twice(argc) & 1; }
"""
# A function without CFI: covered by no FDE.
ASM = ".text\n.globl naked\n.type naked,@function\nnaked:\n ret\n.size naked,.-naked\n"


def sh(*cmd, cwd):
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("elfreal")
    (d / "a.c").write_text(SRC)
    (d / "n.s").write_text(ASM)
    sh("gcc", "-O2", "-Wa,--gsframe", "-c", "a.c", "-o", "a.o", cwd=d)
    sh("gcc", "-c", "n.s", "-o", "n.o", cwd=d)
    sh("gcc", "-Wa,--gsframe", "a.o", "n.o", "-o", "exe", cwd=d)
    sh("gcc", "-Wa,--gsframe", "-shared", "-fPIC", "a.c", "-o", "lib.so", cwd=d)
    sh("gcc", "-Wa,--gsframe", "a.o", "-Wl,--emit-relocs", "-o", "exe-emit", cwd=d)
    sh("gcc", "-O2", "-c", "a.c", "-o", "plain.o", cwd=d)
    shutil.copy(d / "exe", d / "exe-stripped")
    sh("strip", "exe-stripped", cwd=d)
    return d


def run(sfv_bin, path, *args):
    r = subprocess.run([sfv_bin, "--format=json", *args, str(path)],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1, 2), r
    return r.returncode, json.loads(r.stdout)


def rules(doc, sev=None):
    return sorted(d["rule"] for f in doc["files"] for d in f["diagnostics"]
                  if sev is None or d["severity"] == sev)


@pytest.mark.parametrize("name", ["a.o", "exe", "lib.so", "exe-stripped"])
def test_toolchain_output_is_valid(sfv_bin, built, name):
    rc, doc = run(sfv_bin, built / name)
    f = doc["files"][0]
    assert rc == 0 and f["valid"] and f["format"] == "elf", doc
    assert rules(doc, "error") == []
    assert f["sframe"]["version"] == 1 and f["sframe"]["num_fdes"] >= 2


def test_relocatable_starts_are_resolved(sfv_bin, built):
    rc, doc = run(sfv_bin, built / "a.o")
    # relocations were applied: no "unresolved"/"missing" notes
    assert not {"elf-reloc-unresolved", "elf-reloc-missing"} & set(rules(doc))


def rela_sframe(path):
    """(file offset, count) of .rela.sframe in an ELF64 LE file."""
    b = path.read_bytes()
    shoff, = struct.unpack_from("<Q", b, 40)
    shnum, shstrndx = struct.unpack_from("<HH", b, 60)
    secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + 64 * i) for i in range(shnum)]
    stro = secs[shstrndx][4]
    for s in secs:
        name = b[stro + s[0]:b.index(b"\0", stro + s[0])]
        if name == b".rela.sframe":
            return s[4], s[5] // 24
    raise AssertionError("no .rela.sframe")


def test_bad_relocation_addend_is_an_error(sfv_bin, built, tmp_path):
    b = bytearray((built / "a.o").read_bytes())
    off, n = rela_sframe(built / "a.o")
    assert n >= 2
    struct.pack_into("<q", b, off + 16, 0x100000)  # addend of relocation 0
    p = tmp_path / "bad.o"
    p.write_bytes(bytes(b))
    rc, doc = run(sfv_bin, p)
    d = [x for x in doc["files"][0]["diagnostics"] if x["severity"] == "error"]
    assert rc == 1 and [x["rule"] for x in d] == ["elf-fde-reloc-target"]
    assert d[0]["fde"] == 0 and d[0]["found"] == 0x100000


def test_unsupported_relocation_type_is_skipped_not_an_error(sfv_bin, built, tmp_path):
    b = bytearray((built / "a.o").read_bytes())
    off, n = rela_sframe(built / "a.o")
    info, = struct.unpack_from("<Q", b, off + 8)
    struct.pack_into("<Q", b, off + 8, (info & ~0xffffffff) | 10)  # R_X86_64_32
    struct.pack_into("<q", b, off + 16, 0x100000)
    p = tmp_path / "abs.o"
    p.write_bytes(bytes(b))
    rc, doc = run(sfv_bin, p)
    assert rc == 0 and "elf-reloc-unresolved" in rules(doc, "note")
    assert rules(doc, "error") == []


def test_relocation_outside_section(sfv_bin, built, tmp_path):
    b = bytearray((built / "a.o").read_bytes())
    off, n = rela_sframe(built / "a.o")
    struct.pack_into("<Q", b, off, 0x7fff0000)  # r_offset
    p = tmp_path / "oob.o"
    p.write_bytes(bytes(b))
    rc, doc = run(sfv_bin, p)
    assert rc == 1 and rules(doc, "error") == ["elf-reloc-bounds"]


def test_emit_relocs_leftover_is_a_warning(sfv_bin, built):
    rc, doc = run(sfv_bin, built / "exe-emit")
    assert rc == 0 and "elf-rela-leftover" in rules(doc, "warning")


def test_no_gsframe_object(sfv_bin, built):
    rc, doc = run(sfv_bin, built / "plain.o")
    assert rc == 0 and rules(doc) == ["elf-no-sframe"]
    rc, doc = run(sfv_bin, built / "plain.o", "--require-sframe")
    assert rc == 1


def test_coverage_names_the_naked_function(sfv_bin, built):
    rc, doc = run(sfv_bin, built / "exe", "--coverage")
    f = doc["files"][0]
    cov = f["coverage"]
    assert cov["functions"] > cov["covered"] >= 2
    msgs = [d["message"] for d in f["diagnostics"] if d["rule"] == "elf-func-uncovered"]
    assert any("(naked)" in m for m in msgs), msgs
    assert not any("(main)" in m or "(twice)" in m for m in msgs), msgs


def test_concatenated_sframe_in_object(sfv_bin, built, tmp_path):
    raw = tmp_path / "s.bin"
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.sframe",
                    str(built / "a.o"), str(raw)], check=True)
    (tmp_path / "two.bin").write_bytes(raw.read_bytes() * 2)
    out = tmp_path / "two.o"
    subprocess.run(["objcopy", "--update-section", ".sframe=" + str(tmp_path / "two.bin"),
                    str(built / "a.o"), str(out)], check=True)
    rc, doc = run(sfv_bin, out)
    assert rc == 1 and "concatenated-sections" in rules(doc, "error")


def test_truncated_executables_never_crash(sfv_bin, built, tmp_path):
    data = (built / "exe").read_bytes()
    step = max(1, len(data) // 150)
    for n in list(range(0, 80)) + list(range(80, len(data), step)):
        p = tmp_path / "cut"
        p.write_bytes(data[:n])
        r = subprocess.run([sfv_bin, "--coverage", str(p)], capture_output=True, text=True)
        assert r.returncode in (0, 1, 2), (n, r.returncode, r.stderr)
        assert (r.returncode == 2) == (n < 4), (n, r.stderr)


def test_dump_elf_preamble_matches_objdump(sfv_bin, built):
    """The lines sframe-validate prints itself before the section dump are
    objdump's (the rest is the dumper's job, tested in test_dump.py)."""
    r = subprocess.run([sfv_bin, "--dump", "exe"], cwd=built, capture_output=True, text=True)
    o = subprocess.run(["objdump", "--sframe", "exe"], cwd=built, capture_output=True,
                       text=True).stdout
    want = o.split("  Header :")[0]
    assert r.stdout.startswith(want), (r.stdout[:200], want)

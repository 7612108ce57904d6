# SPDX-License-Identifier: MIT
"""Helpers of the hostile suite: running the CLI, and builders for the ELF
files the cases need (made at test time, nothing stored)."""
import json
import os
import pathlib
import struct
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
import elfgen as G

SANITIZED = os.environ.get("SFV_SANITIZED") == "1"


def run(sfv_bin, *args, timeout=120, **kw):
    """Runs the CLI; the timeout only guards against a hang (never a speed
    assertion).  Exit status must be 0, 1 or 2 and nothing may crash.
    Arguments may be bytes (names that are not UTF-8)."""
    argv = [os.fsdecode(a) if isinstance(a, bytes) else str(a) for a in args]
    p = subprocess.run([sfv_bin, *argv], capture_output=True, timeout=timeout, **kw)
    assert p.returncode in (0, 1, 2), (p.returncode, p.stderr[-2000:])
    assert b"AddressSanitizer" not in p.stderr and b"runtime error" not in p.stderr, p.stderr
    return p


def run_json(sfv_bin, *args, **kw):
    p = run(sfv_bin, "--format=json", *args, **kw)
    return p.returncode, json.loads(p.stdout), p


def rules_of(doc, path=None):
    out = []
    for f in doc["files"]:
        if path is None or f["path"] == path:
            out += [d["rule"] for d in f["diagnostics"]]
    return out


FUNCS = [0x1000, 0x1100]


def linked_elf(funcs=FUNCS, sframe_addr=0x2000):
    """A small valid ET_DYN x86-64 file with .text, .sframe, PT_GNU_SFRAME."""
    sf = G.sframe_for(3, 2, funcs, sframe_addr)
    text = G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000,
                 data=bytes(0x200))
    sfr = G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC,
                addr=sframe_addr, data=sf)
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]),
            G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
            G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return G.build([text, sfr], segs, etype=G.ET_DYN)


def rel_elf_aliased(k, n, eh=None, distinct=0):
    """ET_REL x86-64: .text, .sframe (one FDE), .symtab, .strtab, `distinct`
    one-entry SHT_RELA tables of their own, then k SHT_RELA headers that
    all name one table of n R_X86_64_PC32 relocations on FDE 0's start
    field (the headers are patched to alias the first); with eh, an
    .eh_frame of those bytes after them."""
    sf = G.sframe_for(3, 2, [0], 0)
    fde_field = 28  # v2: FDE 0 starts right after the header (no auxhdr)
    symtab, strtab = G.symtab(64, False, [("f", 0, 0x40, G.STT_FUNC, 1)])
    one = struct.pack("<QQq", fde_field, (1 << 32) | 2, 0)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, data=bytes(0x40)),
            G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, data=sf),
            G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=symtab, link=4,
                  entsize=24, info=1),
            G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=strtab)]
    for i in range(distinct + k):
        data = one if i < distinct else one * n if i == distinct else b""
        secs.append(G.Sec(".rela.sframe", type=G.SHT_RELA, flags=0, data=data,
                          link=3, info=2, entsize=24))
    if eh is not None:
        secs.append(G.Sec(".eh_frame", flags=G.SHF_ALLOC, data=eh))
    data = bytearray(G.build(secs, etype=G.ET_REL))
    shoff = struct.unpack_from("<Q", data, 40)[0]
    first = 5 + distinct  # section index of the first aliased header
    off, size = struct.unpack_from("<QQ", data, shoff + 64 * first + 24)
    for i in range(first + 1, first + k):
        struct.pack_into("<QQ", data, shoff + 64 * i + 24, off, size)
    return bytes(data)


def elf_with_hole(hole, pt_covers_hole=False, funcs=FUNCS, sframe_addr=0x2000):
    """linked_elf() with a hole of `hole` bytes (sparse, reads as zeros)
    right after .sframe: .shstrtab and the section headers move past it.
    With pt_covers_hole, PT_GNU_SFRAME spans the hole (zero padding the
    padding check must read through)."""
    data = bytearray(linked_elf(funcs, sframe_addr))
    shoff, = struct.unpack_from("<Q", data, 40)
    shnum, = struct.unpack_from("<H", data, 60)
    sf_off, sf_size = struct.unpack_from("<QQ", data, shoff + 64 * 2 + 24)
    cut = sf_off + sf_size
    delta = (hole + 7) & ~7
    for i in range(shnum):
        o, = struct.unpack_from("<Q", data, shoff + 64 * i + 24)
        if o >= cut:
            struct.pack_into("<Q", data, shoff + 64 * i + 24, o + delta)
    struct.pack_into("<Q", data, 40, shoff + delta)
    if pt_covers_hole:
        phoff, = struct.unpack_from("<Q", data, 32)
        phnum, = struct.unpack_from("<H", data, 56)
        for i in range(phnum):
            t, = struct.unpack_from("<I", data, phoff + 56 * i)
            if t == G.PT_GNU_SFRAME:
                struct.pack_into("<QQ", data, phoff + 56 * i + 32, sf_size + delta, sf_size + delta)
            if t == G.PT_LOAD and i == 1:
                struct.pack_into("<QQ", data, phoff + 56 * i + 32, sf_size + delta, sf_size + delta)
    return bytes(data[:cut]), bytes(data[cut:]), cut + delta


def write_sparse(path, head, tail, tail_off):
    """head at 0, tail at tail_off, a hole in between (no disk blocks)."""
    with open(path, "wb") as f:
        f.write(head)
        f.seek(tail_off)
        f.write(tail)


def ar_hdr(name, size, fmag=b"`\n"):
    """A 60-byte ar member header (name and size: str or bytes)."""
    name = name if isinstance(name, bytes) else name.encode()
    size = size if isinstance(size, bytes) else str(size).encode()
    return (name.ljust(16) + b"0".ljust(12) + b"0".ljust(6) + b"0".ljust(6) +
            b"644".ljust(8) + size.ljust(10) + fmag)


def member(name, data):
    return ar_hdr(name, len(data)) + data + (b"\n" if len(data) % 2 else b"")


def gnu_archive(members):
    """members: [(name, data)], names str or bytes; names over 15 bytes go
    to the // table."""
    table, out = b"", b""
    for name, data in members:
        name = name if isinstance(name, bytes) else name.encode()
        if len(name) > 15:
            out += member(f"/{len(table)}", data)
            table += name + b"/\n"
        else:
            out += member(name + b"/", data)
    lt = member("//", table) if table else b""
    return b"!<arch>\n" + lt + out

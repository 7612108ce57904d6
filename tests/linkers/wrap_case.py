#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Wraps one SFrame section (a conformance case) as the ET_REL object an
assembler would write for it, so linkers can be fed it as input.

  tests/linkers/wrap_case.py --abi amd64|aarch64-le|aarch64-be|s390x IN.sframe OUT.o

The object holds:
  .text          RET instructions covering every function the FDEs describe
                 (capped at TEXT_CAP bytes; a relocation may point past it)
  .sframe        the case's bytes, each FDE start field zeroed as a RELA
                 assembler leaves it; SHT_GNU_SFRAME when the version byte
                 is 3 or more (sid as), SHT_PROGBITS below (trixie/bookworm as)
  .rela.sframe   one PC-relative relocation per FDE start field against the
                 .text section symbol, addend = the function's offset in
                 .text, whatever the PCREL flag says: the field's width
                 picks the type, as GNU as emits them (4 bytes:
                 R_X86_64_PC32, R_AARCH64_PREL32 from 2.40 and 2.44;
                 v3's 8 bytes: R_X86_64_PC64, R_AARCH64_PREL64, R_390_PC64
                 from 2.47.50; no gas writes v1/v2 for s390x, R_390_PC32
                 stands in by analogy)
  .symtab        the .text section symbol, _start, and one global function
                 symbol per distinct function start

Function addresses come from the case as a reader would compute them with
the section at address 0: field + field offset under the PCREL flag
(v2 and later), the field itself otherwise.  FDE entries are taken while
they fit in the section (a header that overstates them gets fewer
relocations, never a relocation outside the section); an unreadable header
(short, wrong magic, unknown version) gets none.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "elf"))
import elfgen  # noqa: E402

MAGIC = 0xDEE2
HEADER = 28
FDE_SIZE = {1: 17, 2: 20, 3: 16}
START_WIDTH = {1: 4, 2: 4, 3: 8}
F_PCREL = 0x4
TEXT_CAP = 1 << 20
MAX_RELOCS = 1 << 16

# abi -> (e_machine, big endian, {width: reloc type}, RET bytes)
ABIS = {
    "amd64": (elfgen.EM_X86_64, False, {4: 2, 8: 24}, b"\xc3"),
    "aarch64-le": (elfgen.EM_AARCH64, False, {4: 261, 8: 260}, b"\xc0\x03\x5f\xd6"),
    "aarch64-be": (elfgen.EM_AARCH64, True, {4: 261, 8: 260}, b"\xd6\x5f\x03\xc0"),
    "s390x": (elfgen.EM_S390, True, {4: 5, 8: 23}, b"\x07\xfe"),
}


def fde_starts(data, big):
    """[(field offset, width, function address, function size)] as a
    reader would compute them, with the section at address 0."""
    e = ">" if big else "<"
    if len(data) < HEADER:
        return []
    magic, version, flags = struct.unpack_from(e + "HBB", data, 0)
    if magic != MAGIC or version not in FDE_SIZE:
        return []
    auxlen = data[7]
    num_fdes, = struct.unpack_from(e + "I", data, 8)
    fdeoff, = struct.unpack_from(e + "I", data, 20)
    width, size = START_WIDTH[version], FDE_SIZE[version]
    base = HEADER + auxlen + fdeoff
    pcrel = version >= 2 and flags & F_PCREL
    out = []
    for i in range(min(num_fdes, MAX_RELOCS)):
        off = base + i * size
        if off + size > len(data):
            break
        start = int.from_bytes(data[off:off + width], "big" if big else "little", signed=True)
        fsize, = struct.unpack_from(e + "I", data, off + width)
        out.append((off, width, start + off if pcrel else start, fsize))
    return out


def wrap(data, abi, sh_type=None):
    """The object's bytes; sh_type overrides the .sframe section type."""
    machine, big, rtypes, ret = ABIS[abi]
    e = ">" if big else "<"
    fdes = fde_starts(data, big)
    lo = min([a for _, _, a, _ in fdes], default=0)
    hi = max([a + s for _, _, a, s in fdes], default=0)
    text_size = max(16, min(hi - lo, TEXT_CAP))
    text_size += -text_size % len(ret)
    text = ret * (text_size // len(ret))

    sframe = bytearray(data)
    for off, width, _, _ in fdes:
        sframe[off:off + width] = bytes(width)
    version = data[2] if len(data) > 2 else 0

    # symbols: 1 = .text section symbol (local), then _start and fN (global)
    starts = sorted({a - lo for _, _, a, _ in fdes})
    globs = [("_start", 0, 0, elfgen.STT_FUNC, 1)]
    globs += [("f%d" % i, a, 0, elfgen.STT_FUNC, 1) for i, a in enumerate(starts)
              if 0 <= a < text_size]
    symtab, strtab = elfgen.symtab(64, big, globs,
                                   locals_=[("", 0, 0, elfgen.STT_SECTION, 1)])
    rela = b"".join(struct.pack(e + "QQq", off, (1 << 32) | rtypes[width], a - lo)
                    for off, width, a, _ in fdes)
    if sh_type is None:
        sh_type = elfgen.SHT_GNU_SFRAME if version >= 3 else elfgen.SHT_PROGBITS
    secs = [
        elfgen.Sec(".text", flags=elfgen.SHF_ALLOC | elfgen.SHF_EXECINSTR, data=text),
        elfgen.Sec(".sframe", type=sh_type,
                   flags=elfgen.SHF_ALLOC, data=bytes(sframe)),
        elfgen.Sec(".rela.sframe", type=elfgen.SHT_RELA, flags=elfgen.SHF_INFO_LINK,
                   data=rela, link=4, info=2, entsize=24),
        elfgen.Sec(".symtab", type=elfgen.SHT_SYMTAB, flags=0, data=symtab, link=5,
                   info=2, entsize=24),
        elfgen.Sec(".strtab", type=elfgen.SHT_STRTAB, flags=0, data=strtab),
    ]
    return elfgen.build(secs, cls=64, be=big, machine=machine, etype=elfgen.ET_REL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--abi", required=True, choices=sorted(ABIS))
    ap.add_argument("input")
    ap.add_argument("output")
    a = ap.parse_args()
    with open(a.input, "rb") as fh:
        data = fh.read()
    with open(a.output, "wb") as fh:
        fh.write(wrap(data, a.abi))


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: MIT
"""Minimal ELF writer for the ELF-container tests (ELF32/ELF64, either byte
order).  It writes exactly what it is told: the tests build valid files
and then break one thing at a time.

Layout: ELF header, program headers, section contents (8-aligned, in list
order), .shstrtab, section headers.  Segments are given by the names of the
sections they span (offset/address of the first, end of the last) plus
optional explicit overrides.
"""
import struct


SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS = 1, 2, 3, 4, 8
SHT_GNU_SFRAME = 0x6FFFFFF4
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR, SHF_INFO_LINK = 1, 2, 4, 0x40
PT_LOAD, PT_GNU_SFRAME = 1, 0x6474E554
PF_X, PF_W, PF_R = 1, 2, 4
EM_S390, EM_X86_64, EM_AARCH64 = 22, 62, 183
ET_REL, ET_EXEC, ET_DYN = 1, 2, 3
STT_FUNC, STT_SECTION = 2, 3
STB_LOCAL, STB_GLOBAL = 0, 1


class Sec:
    def __init__(self, name, type=SHT_PROGBITS, flags=SHF_ALLOC, addr=0,
                 data=b"", link=0, info=0, entsize=0, size=None):
        self.name, self.type, self.flags, self.addr = name, type, flags, addr
        self.data, self.link, self.info, self.entsize = data, link, info, entsize
        self.size = size  # NOBITS: sh_size without contents
        self.offset = 0


class Seg:
    def __init__(self, type, flags, secs, **override):
        self.type, self.flags, self.secs, self.override = type, flags, secs, override


def symtab(cls, be, syms, locals_=()):
    """syms (global), locals_ (local, written first): [(name, value, size,
    type, shndx)] -> (symtab bytes, strtab bytes); name: str or raw bytes.
    Entry 0 (the null symbol) is added; the first global is entry
    1 + len(locals_) (the symbol table's sh_info)."""
    e = ">" if be else "<"
    strtab = b"\0"
    out = bytearray(24 if cls == 64 else 16)
    for bind, (name, value, size, typ, shndx) in \
            [(STB_LOCAL, s) for s in locals_] + [(STB_GLOBAL, s) for s in syms]:
        off = len(strtab)
        strtab += (name if isinstance(name, bytes) else name.encode()) + b"\0"
        info = (bind << 4) | typ
        if cls == 64:
            out += struct.pack(e + "IBBHQQ", off, info, 0, shndx, value, size)
        else:
            out += struct.pack(e + "IIIBBH", off, value, size, info, 0, shndx)
    return bytes(out), strtab


def build(sections, segments=(), cls=64, be=False, machine=EM_X86_64,
          etype=ET_DYN, shstrndx=None, no_shdrs=False):
    e = ">" if be else "<"
    ehsize = 64 if cls == 64 else 52
    phentsize = 56 if cls == 64 else 32
    shentsize = 64 if cls == 64 else 40
    secs = [Sec("", type=0, flags=0)] + list(sections)
    shstr = b"\0"
    names = []
    for s in secs:
        if s.name:
            names.append(len(shstr))
            shstr += s.name.encode() + b"\0"
        else:
            names.append(0)
    secs.append(Sec(".shstrtab", type=SHT_STRTAB, flags=0, data=shstr))
    names.append(len(shstr))
    shstr_full = shstr + b".shstrtab\0"
    secs[-1].data = shstr_full

    off = ehsize + phentsize * len(segments)
    for s in secs[1:]:
        off = (off + 7) & ~7
        s.offset = off
        if s.type != SHT_NOBITS:
            off += len(s.data)
    shoff = (off + 7) & ~7
    by_name = {s.name: s for s in secs}

    def ssize(s):
        return s.size if s.size is not None else len(s.data)

    ph = bytearray()
    for g in segments:
        first, last = by_name[g.secs[0]], by_name[g.secs[-1]]
        p_off, vaddr = first.offset, first.addr
        filesz = last.offset + ssize(last) - first.offset
        memsz = last.addr + ssize(last) - first.addr
        o = dict(offset=p_off, vaddr=vaddr, filesz=filesz, memsz=memsz)
        o.update(g.override)
        if cls == 64:
            ph += struct.pack(e + "IIQQQQQQ", g.type, g.flags, o["offset"], o["vaddr"],
                              o["vaddr"], o["filesz"], o["memsz"], 8)
        else:
            ph += struct.pack(e + "IIIIIIII", g.type, o["offset"], o["vaddr"], o["vaddr"],
                              o["filesz"], o["memsz"], g.flags, 8)

    sh = bytearray()
    for s, n in zip(secs, names):
        size = ssize(s)
        if cls == 64:
            sh += struct.pack(e + "IIQQQQIIQQ", n, s.type, s.flags, s.addr,
                              s.offset, size, s.link, s.info, 8, s.entsize)
        else:
            sh += struct.pack(e + "IIIIIIIIII", n, s.type, s.flags, s.addr,
                              s.offset, size, s.link, s.info, 8, s.entsize)

    ident = b"\x7fELF" + bytes([1 if cls == 32 else 2, 2 if be else 1, 1]) + bytes(9)
    shnum = len(secs)
    if shstrndx is None:
        shstrndx = shnum - 1
    phoff = ehsize if segments else 0
    if no_shdrs:
        shoff_f, shnum_f, shstrndx = 0, 0, 0
    else:
        shoff_f, shnum_f = shoff, shnum
    if cls == 64:
        hdr = ident + struct.pack(e + "HHIQQQIHHHHHH", etype, machine, 1, 0, phoff,
                                  shoff_f, 0, ehsize, phentsize, len(segments),
                                  shentsize, shnum_f, shstrndx)
    else:
        hdr = ident + struct.pack(e + "HHIIIIIHHHHHH", etype, machine, 1, 0, phoff,
                                  shoff_f, 0, ehsize, phentsize, len(segments),
                                  shentsize, shnum_f, shstrndx)
    out = bytearray(hdr + ph)
    for s in secs[1:]:
        out += bytes(s.offset - len(out))
        if s.type != SHT_NOBITS:
            out += s.data
    out += bytes(shoff - len(out))
    if not no_shdrs:
        out += sh
    return bytes(out)


def segment_offset(data, p_type):
    """p_offset of the first segment of type p_type (ELF64 LE file)."""
    phoff, = struct.unpack_from("<Q", data, 32)
    phnum, = struct.unpack_from("<H", data, 56)
    for i in range(phnum):
        t, _, off = struct.unpack_from("<IIQ", data, phoff + 56 * i)
        if t == p_type:
            return off
    raise AssertionError(f"no segment of type {p_type:#x}")


def sframe_for(abi, version, func_addrs, sframe_addr, size=0x40, flags=None):
    """An SFrame section describing functions at the given target addresses
    (FDE starts are stored relative to the section at sframe_addr)."""
    from matrix import simple_fde
    from model import Section, F_FDE_SORTED
    from encoder import encode
    fdes = []
    for a in func_addrs:
        f = simple_fde(abi, start=a - sframe_addr, size=size, version=version)
        fdes.append(f)
    kw = {} if flags is None else {"flags": flags}
    return encode(Section(version=version, abi=abi, fdes=fdes, **kw)).data

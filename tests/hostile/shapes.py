# SPDX-License-Identifier: MIT
"""Builders of the work-scaling shapes (tests/hostile/test_work_scaling.py):
many FDEs that share one FRE block, alone or in an ELF file with an
.eh_frame whose CIE has a large code alignment factor; a PC-mask FDE over a
huge range or under many .eh_frame rows.  Made at test time, nothing
stored."""
import struct

import elfgen as G
from hostile_lib import rel_elf_aliased
from encoder import encode
from model import FRE, FDE, Section, F_FDE_SORTED, F_FDE_FUNC_START_PCREL, PC_MASK

ABI_AMD64 = 3


def func_size(n_fres):
    return max(16, n_fres)


def shared_sframe(version, n_fdes, n_fres, func_base=0):
    """n_fdes functions back to back from func_base (section-relative), all
    pointing at FDE 0's block of n_fres FREs (starts 0..n_fres-1, CFA =
    SP + 8, RA at CFA - 8): every FRE is valid for every function, and
    walking each FDE's FREs costs n_fdes x n_fres."""
    fres = [FRE(k, [8]) for k in range(n_fres)]
    size = func_size(n_fres)
    fdes = [FDE(start=func_base + i * size, size=size, fres=fres) for i in range(n_fdes)]
    flags = F_FDE_SORTED | (F_FDE_FUNC_START_PCREL if version == 3 else 0)
    sec = Section(version=version, abi=ABI_AMD64, fdes=fdes, flags=flags,
                  share_block={i: 0 for i in range(1, n_fdes)})
    return encode(sec, record_fields=False).data


def uleb(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def entry(body):
    """A CIE/FDE: length, body, DW_CFA_nop padding to 8 bytes."""
    body += bytes(-(len(body) + 4) % 8)
    return struct.pack("<I", len(body)) + body


def eh_frame(funcs, code_align, insns=b""):
    """.eh_frame (absolute 8-byte pointers): one CIE (code alignment factor
    code_align, data alignment -8, RA column 16, CFA = rsp + 8, RA at
    CFA - 8) and one FDE with instructions `insns` per (start, size)."""
    out = entry(struct.pack("<I", 0) + b"\x01zR\0" + uleb(code_align) + b"\x78" +
                uleb(16) + uleb(1) + b"\x00" + b"\x0c\x07\x08" + b"\x90\x01")
    for start, size in funcs:
        out += entry(struct.pack("<IQQ", len(out) + 4, start, size) + uleb(0) + insns)
    return out + bytes(4)


TEXT, SFRAME, EH = 0x1000000, 0x10000, 0x800000


def cfi_elf(n_fdes, n_fres, code_align=1 << 20):
    """ET_DYN x86-64: .text (NOBITS: no file bytes), .sframe with
    shared_sframe() describing the functions of .text, and .eh_frame with
    one FDE per function; with a code alignment factor above the function
    size every FRE folds into one interval of the comparison."""
    size = func_size(n_fres)
    sf = shared_sframe(2, n_fdes, n_fres, func_base=TEXT - SFRAME)
    eh = eh_frame([(TEXT + i * size, size) for i in range(n_fdes)], code_align)
    return text_elf(sf, eh, n_fdes * size)


def mask_cfi_elf(size, rep_size, n_rows=0, advance=1):
    """ET_DYN x86-64: one PC-mask FDE over [TEXT, TEXT + size) with
    rep_size and one FRE per block offset (CFA = SP + 8), and .eh_frame over
    the same range whose rows alternate CFA rsp + 16 and rsp + 8 every
    `advance` bytes, n_rows times (DW_CFA_advance_loc1, def_cfa_offset):
    every other run mismatches every FRE it meets."""
    fres = [FRE(k, [8]) for k in range(rep_size)]
    fde = FDE(start=TEXT - SFRAME, size=size, fres=fres, pc_type=PC_MASK, rep_size=rep_size)
    sf = encode(Section(version=2, abi=ABI_AMD64, fdes=[fde]), record_fields=False).data
    insns = b"".join(b"\x02" + bytes([advance]) + b"\x0e" + uleb(16 if k % 2 == 0 else 8)
                     for k in range(n_rows))
    return text_elf(sf, eh_frame([(TEXT, size)], 1, insns), size)


def text_elf(sf, eh, text_size):
    """ET_DYN x86-64 with .sframe `sf`, .eh_frame `eh` and NOBITS .text."""
    text = G.Sec(".text", type=G.SHT_NOBITS, flags=G.SHF_ALLOC | G.SHF_EXECINSTR,
                 addr=TEXT, size=text_size)
    sfr = G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, addr=SFRAME, data=sf)
    ehs = G.Sec(".eh_frame", flags=G.SHF_ALLOC, addr=EH, data=eh)
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"], filesz=0),
            G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
            G.Seg(G.PT_LOAD, G.PF_R, [".eh_frame"]),
            G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return G.build([sfr, ehs, text], segs, etype=G.ET_DYN)


def loads_elf(k, n):
    """ET_DYN x86-64 with k executable PT_LOADs of one function each and n
    FDEs (not flagged sorted) alternating between the functions of the last
    two: each FDE misses the hint (the previous FDE's load) and its search
    passes all k headers, k x n header visits in all."""
    size = 0x40
    a, b = TEXT + (k - 2) * size, TEXT + (k - 1) * size
    sf = G.sframe_for(3, 2, [a if i % 2 == 0 else b for i in range(n)], SFRAME,
                      size=size, flags=0)
    text = G.Sec(".text", type=G.SHT_NOBITS, flags=G.SHF_ALLOC | G.SHF_EXECINSTR,
                 addr=TEXT, size=k * size)
    sfr = G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, addr=SFRAME, data=sf)
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"], vaddr=TEXT + i * size,
                  memsz=size, filesz=0) for i in range(k)]
    segs += [G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
             G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return G.build([sfr, text], segs, etype=G.ET_DYN)


def uncovered_symbols_elf(n):
    """ET_DYN x86-64 whose .sframe has n FDEs in descending order (so
    coverage scans them), and whose .symtab has n functions that no FDE
    covers: n x n FDE visits for --coverage."""
    size = 0x40
    sf = G.sframe_for(3, 2, [TEXT + (n - 1 - i) * size for i in range(n)], SFRAME,
                      size=size, flags=0)  # descending: not sorted
    syms = [("f%d" % i, TEXT + (n + i) * size, size, G.STT_FUNC, 2) for i in range(n)]
    symtab, strtab = G.symtab(64, False, syms)
    secs = [G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, addr=SFRAME, data=sf),
            G.Sec(".text", type=G.SHT_NOBITS, flags=G.SHF_ALLOC | G.SHF_EXECINSTR,
                  addr=TEXT, size=2 * n * size),
            G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=symtab, link=4,
                  entsize=24, info=1),
            G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=strtab)]
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"], filesz=0),
            G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
            G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return G.build(secs, segs, etype=G.ET_DYN)


RELOC_SEEN = 16  # tables the aliasing test remembers (src/elf/elf_internal.h)


def rel_elf_past_seen(k, n):
    """rel_elf_aliased() after RELOC_SEEN distinct one-entry tables: past
    the tables the aliasing test remembers, each of the k headers' table is
    walked, k x n entry reads unless the budget stops them."""
    return rel_elf_aliased(k, n, distinct=RELOC_SEEN)

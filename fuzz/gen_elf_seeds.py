# SPDX-License-Identifier: MIT
"""gen_elf_seeds.py OUTDIR BUDGET_FILE - ELF seeds for the elf harness
(docs/FUZZING.md, Campaign):  ET_REL with .rela.sframe / .rel.sframe (ELF32/64, both
byte orders, x86_64/aarch64/s390x), relocation defects, extended header
counts (e_shnum 0, SHN_XINDEX, PN_XNUM), truncated/absurd headers."""
import hashlib, pathlib, struct, sys
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "elf"))
import elfgen as G
OUT = pathlib.Path(sys.argv[1]); OUT.mkdir(parents=True, exist_ok=True)
SHT_REL = 9
PC = {G.EM_X86_64: (2, 24), G.EM_AARCH64: (261, 260), G.EM_S390: (5, 23)}
ABI = {(G.EM_X86_64, False): 3, (G.EM_AARCH64, False): 2, (G.EM_AARCH64, True): 1, (G.EM_S390, True): 4}
n = 0
def save(tag, b):
    global n; n += 1
    (OUT / f"gen-{tag}-{hashlib.sha1(b).hexdigest()[:10]}").write_bytes(b)

def reloc_tab(cls, be, rela, ents):
    e = ">" if be else "<"; out = b""
    for off, sym, typ, add in ents:
        if cls == 64:
            info = (sym << 32) | typ
            out += struct.pack(e + ("QQq" if rela else "QQ"), *((off, info, add) if rela else (off, info)))
        else:
            info = ((sym & 0xffffff) << 8) | (typ & 0xff)
            out += struct.pack(e + ("IIi" if rela else "II"), *((off & 0xffffffff, info, add) if rela else (off & 0xffffffff, info)))
    return out

def rel_obj(cls, be, machine, version, rela=True, nf=3, defect=None):
    abi = ABI[(machine, be)]
    sf = bytearray(G.sframe_for(abi, version, [0x10 * i for i in range(nf)], 0, size=0x10))
    # FDE starts: offsets of the start fields (header 28 + aux; FDE size 20 v1/v2, 16 v3? use model)
    hdr = 28 + sf[7]
    fdeoff, freoff = struct.unpack((">" if be else "<") + "II", sf[20:28])
    fde_sz = (freoff - fdeoff) // nf
    starts = [hdr + fdeoff + i * fde_sz for i in range(nf)]
    e = ">" if be else "<"
    if not rela:  # REL: addend in place
        for i, o in enumerate(starts):
            sf[o:o + 4] = struct.pack(e + "i", 0x10 * i)
    syms = [("f%d" % i, 0x10 * i, 0x10, G.STT_FUNC, 1) for i in range(nf)]
    st, sstr = G.symtab(cls, be, syms)
    pc32, pc64 = PC[machine]
    ents = [(o, 1 + i, pc32, 0 if not rela else 0) for i, o in enumerate(starts)]
    if defect == "below": ents.append((2, 1, pc32, 0))
    if defect == "past": ents.append((len(sf) - 2, 1, pc32, 0))
    if defect == "bigoff": ents.append((0xfffffffff0, 1, pc32, 0))
    if defect == "badsym": ents.append((starts[0], 999, pc32, 0))
    if defect == "abs":
        syms2 = syms + [("abs", 5, 0, G.STT_FUNC, 0xfff1), ("und", 0, 0, G.STT_FUNC, 0)]
        st, sstr = G.symtab(cls, be, syms2); ents += [(starts[0], nf + 1, pc32, 0), (starts[1], nf + 2, pc32, 0)]
    if defect == "pc64": ents = [(o, 1, pc64, 7) for o in starts[:1]]
    if defect == "othertype": ents = [(o, 1, 1, 0) for o in starts]
    if defect == "overflow": ents = [(starts[0], 1, pc32, 0x7fffffffffff if cls == 64 else 0x7fffffff)]
    tab = reloc_tab(cls, be, rela, ents)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, data=bytes(0x10 * nf)),
            G.Sec(".sframe", type=G.SHT_GNU_SFRAME if version == 3 else G.SHT_PROGBITS, data=bytes(sf)),
            G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st, link=4, entsize=24 if cls == 64 else 16),
            G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr)]
    rsz = (3 if rela else 2) * (8 if cls == 64 else 4)
    link, info, entsize = 3, 2, rsz
    if defect == "badlink": link = 4
    if defect == "badentsize": entsize = rsz + 1
    if defect == "truncated": tab = tab[:-3]
    if defect == "leftover": info = 1  # targets .text: a .rela.sframe that does not apply to .sframe
    secs.append(G.Sec(".rela.sframe" if rela else ".rel.sframe", type=G.SHT_RELA if rela else SHT_REL,
                      flags=0, data=tab, link=link, info=info, entsize=entsize))
    if defect == "two":
        secs.append(G.Sec(".rela.sframe2", type=G.SHT_RELA if rela else SHT_REL, flags=0, data=tab, link=3, info=2, entsize=rsz))
    return G.build(secs, [], cls=cls, be=be, machine=machine, etype=G.ET_REL)

for cls in (64, 32):
    for (machine, be) in ABI:
        for version in (1, 2, 3):
            if machine == G.EM_S390 and version == 1: continue
            for rela in (True, False):
                save("rel", rel_obj(cls, be, machine, version, rela))
        for d in ("below", "past", "bigoff", "badsym", "abs", "pc64", "othertype", "overflow",
                  "badlink", "badentsize", "truncated", "leftover", "two"):
            for rela in (True, False):
                save("reldef-" + d, rel_obj(cls, be, machine, 2, rela, defect=d))

# Extended counts and absurd/truncated headers on a linked file with PT_GNU_SFRAME.
def linked(cls, be, machine):
    abi = ABI[(machine, be)]
    data = G.sframe_for(abi, 2, [0x1000, 0x1040], 0x2000)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000, data=bytes(0x100)),
            G.Sec(".sframe", addr=0x2000, data=data)]
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]), G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
            G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return bytearray(G.build(secs, segs, cls=cls, be=be, machine=machine))

def hfield(cls, name):
    # offsets of e_phoff, e_shoff, e_phnum, e_shnum, e_shstrndx, e_phentsize, e_shentsize
    t64 = dict(phoff=(32, "Q"), shoff=(40, "Q"), phentsize=(54, "H"), phnum=(56, "H"), shentsize=(58, "H"), shnum=(60, "H"), shstrndx=(62, "H"))
    t32 = dict(phoff=(28, "I"), shoff=(32, "I"), phentsize=(42, "H"), phnum=(44, "H"), shentsize=(46, "H"), shnum=(48, "H"), shstrndx=(50, "H"))
    return (t64 if cls == 64 else t32)[name]

def patch(b, cls, be, name, v):
    off, f = hfield(cls, name); b = bytearray(b); struct.pack_into((">" if be else "<") + f, b, off, v); return bytes(b)

def get(b, cls, be, name):
    off, f = hfield(cls, name); return struct.unpack_from((">" if be else "<") + f, b, off)[0]

def sh0_patch(b, cls, be, field, v):
    shoff = get(b, cls, be, "shoff"); e = ">" if be else "<"; b = bytearray(b)
    # section 0: size at 32 (64) / 20 (32); link at 40/24; info at 44/28
    o = {64: dict(size=(32, "Q"), link=(40, "I"), info=(44, "I")), 32: dict(size=(20, "I"), link=(24, "I"), info=(28, "I"))}[cls][field]
    struct.pack_into(e + o[1], b, shoff + o[0], v); return bytes(b)

for cls in (64, 32):
    for (machine, be) in ABI:
        b = bytes(linked(cls, be, machine)); save("linked", b)
        shnum = get(b, cls, be, "shnum"); phnum = get(b, cls, be, "phnum"); shstr = get(b, cls, be, "shstrndx")
        save("xshnum", sh0_patch(patch(b, cls, be, "shnum", 0), cls, be, "size", shnum))
        save("xshnum-absurd", sh0_patch(patch(b, cls, be, "shnum", 0), cls, be, "size", 0xffffffff))
        save("xshstrndx", sh0_patch(patch(b, cls, be, "shstrndx", 0xffff), cls, be, "link", shstr))
        save("xshstrndx-bad", sh0_patch(patch(b, cls, be, "shstrndx", 0xffff), cls, be, "link", 77))
        save("pnxnum", sh0_patch(patch(b, cls, be, "phnum", 0xffff), cls, be, "info", phnum))
        save("pnxnum-absurd", sh0_patch(patch(b, cls, be, "phnum", 0xffff), cls, be, "info", 0xfffffff))
        for name, v in (("phoff", len(b) - 8), ("phoff", 0xffffffff), ("shoff", len(b) - 8), ("shoff", 0xfffffff0),
                        ("phnum", 0x7fff), ("shnum", 0x7fff), ("shentsize", 7), ("phentsize", 0), ("shstrndx", 1)):
            save("hdr-" + name, patch(b, cls, be, name, v))
        for cut in (16, 40, 52, 63, 64, get(b, cls, be, "phoff") + 10, len(b) // 2, len(b) - 1):
            save("trunc", b[:cut])

# Linked files with a leftover .rela.sframe, and with a symbol table out of bounds.
for cls in (64, 32):
    for (machine, be) in ABI:
        abi = ABI[(machine, be)]
        data = G.sframe_for(abi, 2, [0x1000, 0x1040], 0x2000)
        st, sstr = G.symtab(cls, be, [("f", 0x1000, 0x40, G.STT_FUNC, 1), ("g", 0x1040, 0x40, G.STT_FUNC, 1)])
        for variant in ("leftover", "symtab-oob", "symtab-badent"):
            secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000, data=bytes(0x100)),
                    G.Sec(".sframe", addr=0x2000, data=data),
                    G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st, link=4, entsize=24 if cls == 64 else 16,
                          size=(0x7fffff if variant == "symtab-oob" else (len(st) - 3 if variant == "symtab-badent" else None))),
                    G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr)]
            if variant == "leftover":
                secs.append(G.Sec(".rela.sframe", type=G.SHT_RELA, flags=0, link=3, info=2,
                                  data=reloc_tab(cls, be, True, [(28, 1, PC[machine][0], 0)]), entsize=24 if cls == 64 else 12))
            segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]), G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
                    G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
            save("linked-" + variant, G.build(secs, segs, cls=cls, be=be, machine=machine))
print(n, "files")

# Work budget: many FDEs outside every executable load x a program header
# table spanning the whole file (replay-only seed, ~110 KB).
def budget(nf=5200):
    data = G.sframe_for(3, 2, [0x900000 + 0x10 * i for i in range(nf)], 0x2000, size=0x10)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000, data=bytes(0x10)),
            G.Sec(".sframe", addr=0x2000, data=data)]
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]), G.Seg(G.PT_LOAD, G.PF_R, [".sframe"])]
    b = G.build(secs, segs, cls=32, be=False, machine=G.EM_X86_64)
    return patch(b, 32, False, "phnum", min(0xfffe, (len(b) - 52) // 32))
b = budget(); open(sys.argv[2], "wb").write(b); print("budget seed", len(b))

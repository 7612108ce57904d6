# SPDX-License-Identifier: MIT
"""gen_ar_seeds.py OUTDIR - ar archive seeds for the archive harness
(fuzz/fuzz_archive.c, docs/FUZZING.md): GNU archives (symbol table "/" and
"/SYM64/", "//" long names), BSD archives ("#1/N" names, __.SYMDEF), thin
archives naming the files of the harness's sandbox (elf.o, txt, nested.a,
empty) and names it must refuse ("../x", "/abs", "a/b"), with members made
by tests/elf/elfgen.py (linked x86_64/aarch64/s390x files and ET_REL
objects), and header defects (bad size, bad terminator, truncated header,
long-name offsets past the table, a BSD name past the data)."""
import hashlib
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
for d in ("gen", "tests/elf"):  # elfgen's SFrame encoder is gen/'s
    sys.path.insert(0, str(ROOT / d))
import elfgen as G  # noqa: E402

OUT = pathlib.Path(sys.argv[1])
OUT.mkdir(parents=True, exist_ok=True)
ABI = {(G.EM_X86_64, False): 3, (G.EM_AARCH64, False): 2, (G.EM_S390, True): 4}
SANDBOX = {"elf.o": 64, "txt": 8, "nested.a": 8, "empty": 0}


def elf(machine, be, etype, version=2):
    data = G.sframe_for(ABI[(machine, be)], version, [0x1000, 0x1040], 0x2000)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000, data=bytes(0x80)),
            G.Sec(".sframe", addr=0x2000, data=data)]
    segs = [] if etype == G.ET_REL else [
        G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]), G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
        G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return G.build(secs, segs, cls=64, be=be, machine=machine, etype=etype)


def hdr(name, size, size_field=None):
    sz = (str(size) if size_field is None else size_field).encode()
    name = name.encode() if isinstance(name, str) else name
    return (name.ljust(16) + b"0".ljust(12) + b"0".ljust(6) + b"0".ljust(6) +
            b"100644".ljust(8) + sz.ljust(10)[:10] + b"`\n")


def member(name, data):
    return hdr(name, len(data)) + data + (b"\n" if len(data) & 1 else b"")


def save(tag, b):
    (OUT / f"ar-{tag}-{hashlib.sha1(b).hexdigest()[:10]}").write_bytes(b)


objs = [elf(G.EM_X86_64, False, G.ET_REL), elf(G.EM_AARCH64, False, G.ET_DYN),
        elf(G.EM_S390, True, G.ET_EXEC), elf(G.EM_X86_64, False, G.ET_DYN, 3)]
symtab = struct.pack(">I", 1) + struct.pack(">I", 0) + b"f\0"
sym64 = struct.pack(">Q", 1) + struct.pack(">Q", 0) + b"f\0"

# GNU: symbol tables, short and long names.
longnames = b"a_rather_long_member_name.o/\nanother_long_name_here.o/\n"
save("gnu", b"!<arch>\n" + member("/", symtab) + member("a.o/", objs[0]) + member("b.o/", objs[1]))
save("gnu-sym64-long", b"!<arch>\n" + member("/SYM64/", sym64) + member("//", longnames) +
     member("/0", objs[2]) + member("/29", objs[3]))
save("gnu-text-member", b"!<arch>\n" + member("readme/", b"hello, world\n") + member("a.o/", objs[0]))
save("gnu-nested", b"!<arch>\n" + member("inner.a/", b"!<arch>\n" + member("x.o/", objs[0])))
save("gnu-empty", b"!<arch>\n")
# BSD: names stored before the data.
bname = b"a_bsd_member_name.o\0"
save("bsd", b"!<arch>\n" + hdr("__.SYMDEF", 8) + bytes(8) +
     hdr("#1/%d" % len(bname), len(bname) + len(objs[0])) + bname + objs[0])
save("bsd-symdef-sorted", b"!<arch>\n" + hdr("#1/20", 28) + b"__.SYMDEF SORTED\0\0\0\0" + bytes(8) +
     member("c.o", objs[1]))
# Thin: members are files of the sandbox; sizes as they are there.
thin = b"!<thin>\n" + member("/", symtab)
for name, size in SANDBOX.items():
    thin += hdr(name + "/", size)
save("thin", thin)
longthin = b"elf.o/\nnested.a/\n../etc/passwd/\n/etc/passwd/\nsub/elf.o/\n"
save("thin-long", b"!<thin>\n" + member("//", longthin) + hdr("/0", 64) + hdr("/7", 8) +
     hdr("/17", 100) + hdr("/32", 100) + hdr("/46", 64))
save("thin-refused", b"!<thin>\n" + hdr("../elf.o/", 64) + hdr("/tmp/x/", 1) + hdr("./", 0) +
     hdr("../", 0) + hdr("missing/", 4))
save("thin-size-mismatch", b"!<thin>\n" + hdr("elf.o/", 63) + hdr("txt/", 9))
save("thin-self", b"!<thin>\n" + hdr("in.a/", 8))
# Defects.
save("bad-size", b"!<arch>\n" + hdr("a.o/", 0, "12x") + objs[0])
save("size-past-end", b"!<arch>\n" + hdr("a.o/", 99999) + objs[0][:100])
save("bad-terminator", b"!<arch>\n" + hdr("a.o/", 4)[:58] + b"XXabcd")
save("truncated-header", b"!<arch>\n" + hdr("a.o/", 4)[:40])
save("longname-past-table", b"!<arch>\n" + member("//", b"x.o/\n") + member("/99", objs[0]))
save("longname-no-table", b"!<arch>\n" + member("/0", objs[0]))
save("bsd-name-past-data", b"!<arch>\n" + hdr("#1/64", 8) + b"short.o\0")
save("thin-bsd-name-past-end", b"!<thin>\n" + hdr("#1/64", 8) + b"short.o\0")
save("empty-name", b"!<arch>\n" + member("", b"abcdefgh"))
print(f"gen_ar_seeds: {len(list(OUT.iterdir()))} archives in {OUT}")

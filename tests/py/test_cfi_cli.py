# SPDX-License-Identifier: MIT
"""The .sframe vs .eh_frame comparison through the CLI (issue 12): on by
default for ELF files with both sections, off with --no-cfi; a real linked
file with one FRE's CFA offset changed in place (a structurally valid
mutant) gets exactly the cfi-cfa-offset error, at that FRE's PC."""
import json
import pathlib
import re
import shutil
import struct
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def elf_section(data, name):
    """(offset, size, addr) of section `name` of an ELF64 little-endian file."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    stro = hdrs[shstrndx][4]
    for h in hdrs:
        n = data[stro + h[0]:data.index(b"\0", stro + h[0])].decode()
        if n == name:
            return h[4], h[5], h[3]
    raise KeyError(name)


def first_fre_to_mutate(data, off, addr):
    """SFrame v2, AMD64: (file offset of FRE 1's CFA data word, its PC, FDE
    index) for the first FDE with at least two FREs and 1-byte data words."""
    magic, ver, flags, abi, _, _, auxlen, nfdes, _, _, fdeoff, freoff = struct.unpack_from(
        "<HBBBbbBIIIII", data, off)
    assert magic == 0xdee2 and ver == 2 and abi == 3
    base = off + 28 + auxlen
    for i in range(nfdes):
        fde = base + fdeoff + 20 * i
        start, size, fre_off, nfres, info, _, _ = struct.unpack_from("<iIIIBBH", data, fde)
        if nfres < 2 or info & 0x10:  # INC FDEs only
            continue
        func = addr + (fde - off if flags & 0x4 else 0) + start
        asize = {0: 1, 1: 2, 2: 4}[info & 0xF]
        p = base + freoff + fre_off
        # skip FRE 0
        finfo = data[p + asize]
        p += asize + 1 + ((finfo >> 1) & 0xF) * {0: 1, 1: 2, 2: 4}[(finfo >> 5) & 3]
        fstart = int.from_bytes(data[p:p + asize], "little")
        finfo = data[p + asize]
        if (finfo >> 5) & 3 != 0:
            continue
        return p + asize + 1, func + fstart, i
    raise AssertionError("no FDE with two FREs")


def run(sfv_bin, *args):
    r = subprocess.run([sfv_bin, "--format=json", *args], capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    return json.loads(r.stdout)["files"][0]


@pytest.fixture(scope="module")
def trixie_pie(realworld):
    """The PIE (it has .eh_frame_hdr); only its cfi-hdr-* rules are read."""
    rows = [r for r in realworld if r["toolchain"] == "trixie" and r["arch"] == "x86_64"
            and r["kind"] == "exe" and pathlib.Path(r["path"]).name == "demo"]
    assert rows, "trixie x86_64 demo missing from the corpus"
    return rows[0]["path"]


@pytest.fixture(scope="module")
def trixie_exe(realworld):
    # The static link: its PIE sibling has a .plt.got, whose PC-mask FDE
    # carries GNU ld's C9 (docs/FINDINGS.md), an error this file must not have.
    rows = [r for r in realworld if r["toolchain"] == "trixie" and r["arch"] == "x86_64"
            and pathlib.Path(r["path"]).name == "demo-static"]
    assert rows, "trixie x86_64 demo-static missing from the corpus"
    return rows[0]["path"]


def test_cfa_mutant_found_at_its_pc(sfv_bin, trixie_exe, tmp_path):
    data = bytearray(pathlib.Path(trixie_exe).read_bytes())
    off, size, addr = elf_section(data, ".sframe")
    at, pc, fde = first_fre_to_mutate(data, off, addr)
    clean = run(sfv_bin, trixie_exe)
    assert not [d for d in clean["diagnostics"] if d["severity"] == "error"]
    data[at] = (data[at] + 8) & 0xFF
    mut = tmp_path / "demo-mutant"
    mut.write_bytes(bytes(data))
    got = run(sfv_bin, str(mut))
    errors = [d for d in got["diagnostics"] if d["severity"] == "error"]
    assert [d["rule"] for d in errors] == ["cfi-cfa-offset"], errors
    assert errors[0]["fde"] == fde and errors[0]["fre"] == 1
    assert f"{pc:#x}" in errors[0]["message"], (errors[0]["message"], hex(pc))
    # --no-cfi: the structurally valid mutant is then valid
    off_cfi = run(sfv_bin, "--no-cfi", str(mut))
    assert off_cfi["valid"] is True
    assert not [d for d in off_cfi["diagnostics"] if d["rule"].startswith("cfi-")]


def test_no_cfi_flag_documented(sfv_bin):
    out = subprocess.run([sfv_bin, "--help"], capture_output=True, text=True).stdout
    assert "--no-cfi" in out


def test_lookup_prints_the_cfi_row(sfv_bin, trixie_exe):
    out = subprocess.run(["nm", trixie_exe], capture_output=True, text=True).stdout
    main = int(next(l.split()[0] for l in out.splitlines() if l.endswith(" main")), 16)
    r = subprocess.run([sfv_bin, f"--lookup={main:#x}", trixie_exe], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert "cfa = sp + 8" in r.stdout
    assert f".eh_frame fde at" in r.stdout and f"row {main:#x}.." in r.stdout
    assert "cfi cfa = r7 + 8" in r.stdout and "cfi ra (r16) = [cfa - 8]" in r.stdout


def test_lookup_json_carries_the_cfi_row(sfv_bin, trixie_exe):
    """--lookup --format=json: the lookup object's "cfi" member holds the
    same .eh_frame row as the text lookup, and matches the schema."""
    import jsonschema
    full = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())
    schema = dict(full, **{"$ref": "#/definitions/lookup_document"})  # $ref wins
    out = subprocess.run(["nm", trixie_exe], capture_output=True, text=True).stdout
    main = int(next(l.split()[0] for l in out.splitlines() if l.endswith(" main")), 16)
    r = subprocess.run([sfv_bin, "--format=json", f"--lookup={main:#x}", trixie_exe],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, schema)
    cfi = doc["lookups"][0]["cfi"]
    assert cfi["found"] and cfi["row_start"] == main and cfi["pc_begin"] <= main < cfi["pc_end"]
    assert cfi["cfa"] == {"kind": "register", "reg": 7, "offset": 8}
    assert cfi["ra_column"] == 16 and cfi["ra"] == {"rule": "offset", "offset": -8}
    # a pc no .eh_frame FDE covers
    r = subprocess.run([sfv_bin, "--format=json", "--lookup=0x1", trixie_exe],
                       capture_output=True, text=True)
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, schema)
    assert doc["lookups"][0]["cfi"] == {"found": False, "reason": "no-fde",
                                        "status": doc["lookups"][0]["cfi"]["status"]}


def test_summary_counts_what_was_compared(sfv_bin, trixie_exe):
    """The summary line and the JSON file record carry the comparison's
    counts; --no-cfi leaves them out (JSON: null)."""
    r = subprocess.run([sfv_bin, trixie_exe], capture_output=True, text=True)
    m = re.search(r", \.eh_frame compared: (\d+) functions?, (\d+) bytes$",
                  r.stdout.splitlines()[-1])
    assert m and int(m.group(1)) > 0 and int(m.group(2)) > 0, r.stdout
    r = subprocess.run([sfv_bin, "--format=json", trixie_exe], capture_output=True, text=True)
    cfi = json.loads(r.stdout)["files"][0]["cfi"]
    assert cfi["functions"] == int(m.group(1)) and cfi["pc_bytes"] == int(m.group(2))
    assert cfi["complete"] is True and cfi["only_eh_frame"] >= 0
    r = subprocess.run([sfv_bin, "--no-cfi", trixie_exe], capture_output=True, text=True)
    assert ".eh_frame compared" not in r.stdout
    r = subprocess.run([sfv_bin, "--no-cfi", "--format=json", trixie_exe], capture_output=True,
                       text=True)
    assert json.loads(r.stdout)["files"][0]["cfi"] is None


def test_eh_frame_hdr_checks(sfv_bin, trixie_pie, tmp_path):
    """.eh_frame_hdr of a real executable: clean as ld wrote it; each field
    changed in place is reported by its rule at its file offset."""
    data = bytes(pathlib.Path(trixie_pie).read_bytes())
    off, size, _ = elf_section(data, ".eh_frame_hdr")
    assert data[off:off + 4] == bytes([1, 0x1b, 3, 0x3b]) and size >= 28

    def rules(mutate):
        b = bytearray(data)
        mutate(b)
        p = tmp_path / "m"
        p.write_bytes(b)
        return {(d["rule"], d["offset"]) for d in run(sfv_bin, str(p))["diagnostics"]
                if d["rule"].startswith("cfi-hdr-")}

    assert rules(lambda b: None) == set()
    e0, e1 = off + 12, off + 20

    def bump(at, n=1):
        def f(b):
            b[at:at + 4] = struct.pack("<i", struct.unpack_from("<i", b, at)[0] + n)
        return f

    def swap(b):
        b[e0:e0 + 8], b[e1:e1 + 8] = data[e1:e1 + 8], data[e0:e0 + 8]
    assert ("cfi-hdr-header", off) in rules(lambda b: b.__setitem__(off, 2))
    assert ("cfi-hdr-eh-frame-ptr", off + 4) in rules(bump(off + 4))
    assert ("cfi-hdr-count", off + 8) in rules(bump(off + 8, -1))
    assert ("cfi-hdr-unsorted", e1) in rules(swap)
    assert ("cfi-hdr-entry-fde", e0) in rules(bump(e0 + 4, 4))
    assert ("cfi-hdr-entry-pc", e0) in rules(bump(e0))


# --lookup's .eh_frame row (sfv_elf_cfi_row_at) walks the FDEs in section
# order to the one whose range holds the pc: an FDE it cannot read, one
# that starts above the pc and one whose instructions fail before the pc
# are each passed or reported, never taken for the answer.
def eh_with(*fdes):
    """shapes.eh_frame's CIE, then each FDE (start, size, insns, cie_ptr_delta)."""
    import shapes
    out = shapes.eh_frame([], 1)[:-4]
    for start, size, insns, bad_ptr in fdes:
        ptr = len(out) + 4 + (0x10000 if bad_ptr else 0)
        out += shapes.entry(struct.pack("<IQQ", ptr, start, size) + shapes.uleb(0) + insns)
    return out + bytes(4)


@pytest.mark.parametrize("case,want", [
    ("fde-before", "  .eh_frame fde at +0x"),       # a later FDE holds the pc
    ("bad-cie-pointer", "  .eh_frame fde at +0x"),  # an unreadable FDE first
    ("bad-opcode", "  .eh_frame: cannot be interpreted here: undefined CFA instruction:"
                   " instruction at +0x"),
    ("no-eh-frame", "  .eh_frame: no FDE covers the pc\n"),
])
def test_lookup_cfi_row_walk(sfv_bin, tmp_path, case, want):
    import shapes
    t = shapes.TEXT
    pc = t + 0x15  # inside function 1 (16 bytes each)
    good = (t + 0x10, 0x10, b"\x45\x0e\x10", False)  # CFA rsp+16 from +5
    if case == "fde-before":
        eh = eh_with((t + 0x20, 0x10, b"", False), good)
    elif case == "bad-cie-pointer":
        eh = eh_with((t + 0x10, 0x10, b"", True), good)
    elif case == "bad-opcode":
        eh = eh_with((t + 0x10, 0x10, b"\x41\x3f", False))  # 0x3f: undefined
    else:
        eh = None
    import elfgen as G
    sf = G.sframe_for(3, 2, [t + 0x10 * i for i in range(4)], shapes.SFRAME, size=0x10)
    if eh is None:
        text = G.Sec(".text", type=G.SHT_NOBITS, flags=G.SHF_ALLOC | G.SHF_EXECINSTR,
                     addr=t, size=0x40)
        sfr = G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC,
                    addr=shapes.SFRAME, data=sf)
        data = G.build([sfr, text], [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"], filesz=0),
                                     G.Seg(G.PT_LOAD, G.PF_R, [".sframe"]),
                                     G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])],
                       etype=G.ET_DYN)
    else:
        data = shapes.text_elf(sf, eh, 0x40)
    f = tmp_path / f"{case}.elf"
    f.write_bytes(data)
    r = subprocess.run([sfv_bin, "--no-cfi", f"--lookup={pc:#x}", str(f)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert want in r.stdout, r.stdout
    if want.startswith("  .eh_frame fde"):
        assert f"row {t + 0x15:#x}..{t + 0x20:#x}\n  cfi cfa = r7 + 16\n" in r.stdout, r.stdout
    else:
        assert ".eh_frame fde at" not in r.stdout, r.stdout


# --lookup prints the .eh_frame row's rules in text and JSON: one row per
# rule kind for FP (r6) and per CFA form, set 5 bytes into the function.
@pytest.mark.parametrize("insns,text,key,js", [
    (b"\x07\x06", "  cfi fp = undefined\n", "fp", {"rule": "undefined"}),
    (b"\x08\x06", "  cfi fp = unchanged\n", "fp", {"rule": "same"}),
    (b"\x11\x06\x7f", "  cfi fp = [cfa + 8]\n", "fp", {"rule": "offset", "offset": 8}),
    (b"\x14\x06\x02", "  cfi fp = cfa - 16\n", "fp", {"rule": "val_offset", "offset": -16}),
    (b"\x09\x06\x03", "  cfi fp = r3\n", "fp", {"rule": "register", "reg": 3}),
    (b"\x10\x06\x02\x76\x00", "  cfi fp = [expression]\n", "fp", {"rule": "expression"}),
    (b"\x16\x06\x02\x76\x00", "  cfi fp = expression\n", "fp", {"rule": "val_expression"}),
    (b"\x0f\x02\x77\x08", "  cfi cfa = expression\n", "cfa", {"kind": "expression"}),
    (b"\x12\x07\x01", "  cfi cfa = r7 - 8\n", "cfa", {"kind": "register", "reg": 7, "offset": -8}),
])
def test_lookup_cfi_rule_kinds(sfv_bin, tmp_path, insns, text, key, js):
    import elfgen as G
    import shapes
    t = shapes.TEXT
    sf = G.sframe_for(3, 2, [t + 0x10 * i for i in range(4)], shapes.SFRAME, size=0x10)
    f = tmp_path / "rules.elf"
    f.write_bytes(shapes.text_elf(sf, eh_with((t + 0x10, 0x10, b"\x45" + insns, False)), 0x40))
    pc = f"--lookup={t + 0x15:#x}"
    r = subprocess.run([sfv_bin, "--no-cfi", pc, str(f)], capture_output=True, text=True)
    assert r.returncode == 0 and text in r.stdout, r.stdout + r.stderr
    r = subprocess.run([sfv_bin, "--no-cfi", "--format=json", pc, str(f)],
                       capture_output=True, text=True)
    cfi = json.loads(r.stdout)["lookups"][0]["cfi"]
    assert cfi["found"] and cfi["row_start"] == t + 0x15 and cfi[key] == js, cfi


def sleb(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        done = (v == 0 and not b & 0x40) or (v == -1 and b & 0x40)
        out.append(b | (0 if done else 0x80))
        if done:
            return bytes(out)


# --lookup names the CFI failure of the instructions that cover the pc
# (sfv_elf_cfi_row_at_err: the interpreter's sfv_cfi_err and the .eh_frame
# offset of the instruction), in text and JSON, for every failure the
# interpreter can meet: each FDE below advances 1 byte (a row that ends
# before the pc) and then fails at its instruction `pos` (cie-advance: the
# CIE's advance, at .eh_frame offset 22).  The work budget (16 steps per
# .eh_frame byte plus 65536, one step per instruction of one FDE) cannot
# run out here.
@pytest.mark.parametrize("kind,insns,pos,why", [
    ("opcode", b"\x41\x3f", 1, "undefined CFA instruction"),
    # advance_loc4 with one operand byte left: the entry ends there (no
    # padding: 21 + 7 + 4 is a multiple of 8)
    ("truncated", b"\x41\x00\x00\x00\x00\x04\x00", 5, "truncated field"),
    ("leb128", b"\x41\x0e" + b"\xff" * 10 + b"\x01", 1, "LEB128 wider than 64 bits"),
    ("loc-backward", b"\x41\x01" + struct.pack("<Q", 0x1000010), 1, "location moves backward"),
    ("stack-overflow", b"\x41" + b"\x0a" * 17, 17, "remember_state stack overflow"),
    ("stack-underflow", b"\x41\x0b", 1, "restore_state without remember_state"),
    ("cfa-not-reg", b"\x41\x0f\x02\x77\x08\x0e\x10", 5,
     "CFA offset/register change on an expression CFA"),
    ("overflow", b"\x41\x11\x06" + sleb(1 << 62), 1, "arithmetic overflow"),
    ("cie-advance", b"", None, "location advance in CIE instructions"),
])
def test_lookup_cfi_failure_named(sfv_bin, tmp_path, kind, insns, pos, why):
    import elfgen as G
    import shapes
    t = shapes.TEXT
    assert t == 0x1000000  # loc-backward's set_loc target is t + 0x10
    cie_insns = b"\x41" if kind == "cie-advance" else b""
    cie = shapes.entry(struct.pack("<I", 0) + b"\x01zR\0" + shapes.uleb(1) + b"\x78" +
                       shapes.uleb(16) + shapes.uleb(1) + b"\x00" + b"\x0c\x07\x08\x90\x01" +
                       cie_insns)
    fde = struct.pack("<IQQ", len(cie) + 4, t + 0x10, 0x10) + shapes.uleb(0)
    eh = cie + shapes.entry(fde + insns) + bytes(4)
    at = 22 if pos is None else len(cie) + 4 + len(fde) + pos
    sf = G.sframe_for(3, 2, [t + 0x10 * i for i in range(4)], shapes.SFRAME, size=0x10)
    f = tmp_path / f"{kind}.elf"
    f.write_bytes(shapes.text_elf(sf, eh, 0x40))
    pc = f"--lookup={t + 0x15:#x}"
    r = subprocess.run([sfv_bin, "--no-cfi", pc, str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (f"  .eh_frame: cannot be interpreted here: {why}: instruction at +{at:#x}\n"
            in r.stdout), r.stdout
    r = subprocess.run([sfv_bin, "--no-cfi", "--format=json", pc, str(f)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    import jsonschema
    doc = json.loads(r.stdout)
    full = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())
    jsonschema.validate(doc, dict(full, **{"$ref": "#/definitions/lookup_document"}))
    cfi = doc["lookups"][0]["cfi"]
    assert cfi == {"found": False, "reason": "uninterpretable", "status": why,
                   "insn_offset": at}, cfi

# SPDX-License-Identifier: MIT
"""The typed values of the ELF-layer, archive and policy diagnostics: one
row per report site (a rule reported from several places has a row for
each), asserting the JSON "values" object ({slot name: value}) of
the diagnostic a crafted file draws.  Every row's slot values differ from
each other, so reporting any two slots swapped (found for expected, ...)
fails the row; test_every_multi_slot_rule_has_a_row keeps the table
complete against src/common/sfv_schema.def."""
import pathlib
import re
import struct

import pytest

import elfgen as G
from hostile_lib import rel_elf_aliased, run_json

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEXT, SFRAME = 0x401000, 0x402000
FUNCS = [TEXT, TEXT + 0x40, TEXT + 0x80]
R_X86_64_PC32, R_X86_64_32 = 2, 10
FDE0_FIELD = 28  # v2 without auxhdr: FDE 0's start field follows the header
FDE_SIZE = 20    # v2 FDE index entry


def linked(funcs=FUNCS, version=2, abi=3, machine=G.EM_X86_64, sflags=None,
           text_flags=G.SHF_ALLOC | G.SHF_EXECINSTR, sframe_type=None,
           sframe_flags=G.SHF_ALLOC, before=(), after=(), pt=True,
           pt_override=None, extra_segs=(), syms=None, symtab_entsize=24,
           no_shdrs=False):
    """ET_DYN x86-64 (ELF64 LE): .text, [before...], .sframe, [after...],
    [.symtab, .strtab]; PT_LOADs for .text and .sframe, PT_GNU_SFRAME."""
    if sframe_type is None:
        sframe_type = G.SHT_GNU_SFRAME if version == 3 else G.SHT_PROGBITS
    sf = G.sframe_for(abi, version, funcs, SFRAME, flags=sflags)
    secs = [G.Sec(".text", flags=text_flags, addr=TEXT, data=bytes(0x100)),
            *before,
            G.Sec(".sframe", type=sframe_type, flags=sframe_flags, addr=SFRAME,
                  data=sf),
            *after]
    if syms is not None:
        st, sstr = G.symtab(64, False, syms)
        secs.append(G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st,
                          link=len(secs) + 2, entsize=symtab_entsize))
        secs.append(G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr))
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]),
            G.Seg(G.PT_LOAD, G.PF_R, [".sframe"])]
    if pt:
        segs.append(G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"],
                          **(pt_override or {})))
    return bytearray(G.build(secs, segs + list(extra_segs), machine=machine,
                             etype=G.ET_DYN, no_shdrs=no_shdrs))


def rel(relocs, funcs=(0,), syms=(("f", 0, 0x40, G.STT_FUNC, 1),),
        rela_entsize=24, symtab_entsize=24):
    """ET_REL x86-64: .text(1), .sframe(2), .symtab(3), .strtab(4),
    .rela.sframe(5) holding relocs [(r_offset, sym, type, addend)]."""
    sf = G.sframe_for(3, 2, list(funcs), 0)
    st, sstr = G.symtab(64, False, list(syms))
    rela = b"".join(struct.pack("<QQq", off, (sym << 32) | typ, add)
                    for off, sym, typ, add in relocs)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, data=bytes(0x100)),
            G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, data=sf),
            G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st, link=4,
                  entsize=symtab_entsize, info=1),
            G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr),
            G.Sec(".rela.sframe", type=G.SHT_RELA, flags=0, data=rela, link=3,
                  info=2, entsize=rela_entsize)]
    return bytearray(G.build(secs, etype=G.ET_REL))


def shdr(data, i):
    """(sh_type, sh_offset, sh_size) of section i of an ELF64 LE file."""
    shoff, = struct.unpack_from("<Q", data, 40)
    t, = struct.unpack_from("<I", data, shoff + 64 * i + 4)
    off, size = struct.unpack_from("<QQ", data, shoff + 64 * i + 24)
    return t, off, size


def ar_hdr(name, size):
    return (name.encode().ljust(16) + b"0".ljust(12) + b"0".ljust(6) +
            b"0".ljust(6) + b"644".ljust(8) + str(size).encode().ljust(10) + b"`\n")


def ar_member(name, data):
    return ar_hdr(name, len(data)) + data + (b"\n" if len(data) % 2 else b"")


# ---- the cases: rule -> () -> (file bytes, CLI args, expected values) ----

def c_truncated():
    return rel([])[:40], (), {"file_size": 40, "header_size": 64}


def c_truncated_ident():
    return rel([])[:10], (), {"file_size": 10, "header_size": 16}


def bad_ident(index, value, max_value):
    d = rel([])
    d[index] = value
    return d, (), {"value": value, "max_value": max_value,
                   "e_ident_index": {4: "EI_CLASS", 5: "EI_DATA",
                                     6: "EI_VERSION"}[index]}


def c_ident():
    return bad_ident(4, 3, 2)


def c_ident_data():
    return bad_ident(5, 0, 2)


def c_ident_version():
    return bad_ident(6, 2, 1)


def c_entsize():
    d = rel([])
    struct.pack_into("<H", d, 58, 63)
    return d, (), {"entsize": 63, "expected_entsize": 64,
                   "table": "section-headers"}


def c_entsize_segments():
    d = linked()
    struct.pack_into("<H", d, 54, 55)
    return d, (), {"entsize": 55, "expected_entsize": 56,
                   "table": "program-headers"}


def c_shdr_bounds():
    d = rel([])
    shoff, = struct.unpack_from("<Q", d, 40)
    struct.pack_into("<H", d, 60, 1000)
    return d, (), {"table_end": shoff + 64 * 1000, "file_size": len(d),
                   "entries": 1000}


def c_phdr_bounds():
    d = linked()
    struct.pack_into("<H", d, 56, 500)
    return d, (), {"table_end": 64 + 56 * 500, "file_size": len(d),
                   "entries": 500}


def c_shstrndx():
    d = rel([])
    shoff, = struct.unpack_from("<Q", d, 40)
    struct.pack_into("<H", d, 62, 0xffff)      # SHN_XINDEX: index in sh_link
    struct.pack_into("<I", d, shoff + 40, 1)   # section 1, .text: no strtab
    return d, (), {"e_shstrndx": 0xffff, "sections": 7, "shstrndx": 1}


def c_sframe_bounds():
    d = rel([])
    _, _, size = shdr(d, 2)
    shoff, = struct.unpack_from("<Q", d, 40)
    struct.pack_into("<Q", d, shoff + 64 * 2 + 24, len(d) + 0x100)
    return d, (), {"data_offset": len(d) + 0x100, "file_size": len(d),
                   "data_size": size}


def c_sframe_bounds_segment():
    n = shdr(linked(), 2)[2]
    d = linked(no_shdrs=True, pt_override={"offset": 0x10000})
    return d, (), {"data_offset": 0x10000, "file_size": len(d), "data_size": n}


def c_sframe_type():
    return linked(sframe_type=7), (), {"sh_type": 7, "section": 2}


def c_sframe_progbits():
    return (linked(version=3, sframe_type=G.SHT_PROGBITS), (),
            {"version": 3, "section": 2})


DATA = G.Sec(".data", flags=G.SHF_ALLOC | G.SHF_WRITE, addr=0x403000,
             data=bytes(16))


def c_sframe_multiple():
    extra = G.Sec(".sframe", type=G.SHT_PROGBITS, flags=G.SHF_ALLOC,
                  addr=0x404000, data=bytes(8))
    return (linked(before=[DATA], after=[extra]), (),
            {"sframe_sections": 2, "max_sframe_sections": 1, "section": 3})


def c_sframe_not_alloc():
    return (linked(before=[DATA], sframe_flags=G.SHF_WRITE), (),
            {"sh_flags": G.SHF_WRITE, "required_flags": G.SHF_ALLOC,
             "section": 3})


def c_pt_mismatch():
    d = linked(pt_override={"offset": 8})
    return d, (), {"value": 8, "expected_value": shdr(d, 2)[1],
                   "field": "p_offset"}


def c_pt_mismatch_vaddr():
    return (linked(pt_override={"vaddr": SFRAME + 8}), (),
            {"value": SFRAME + 8, "expected_value": SFRAME, "field": "p_vaddr"})


def c_pt_mismatch_filesz():
    n = shdr(linked(), 2)[2]
    return (linked(pt_override={"filesz": n - 4}), (),
            {"value": n - 4, "expected_value": n, "field": "p_filesz"})


def c_pt_padding():
    sf_len = shdr(linked(), 2)[2]
    d = linked(pt_override={"filesz": sf_len + 8})
    off = G.segment_offset(d, G.PT_GNU_SFRAME) + sf_len
    d[off:off + 8] = bytes(8)
    d[off + 5] = 0x5a
    return d, (), {"extra_bytes": 8, "first_nonzero_offset": off + 5}


def c_pt_multiple():
    extra = [G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    return linked(extra_segs=extra), (), {"segments": 2, "max_segments": 1}


def c_pt_not_loaded():
    d = linked(pt_override={"vaddr": 0x900000})
    return d, (), {"p_vaddr": 0x900000, "p_filesz": shdr(d, 2)[2]}


def c_abi_machine():
    return (linked(machine=G.EM_AARCH64, abi=3), (),
            {"abi_arch": 3, "expected_abi_arch": 2, "e_machine": G.EM_AARCH64})


def c_fde_outside_load():
    return (linked(funcs=[TEXT, 0x500000]), (),
            {"func_start": 0x500000, "func_size": 0x40})


def c_fde_outside_text():
    return (linked(text_flags=G.SHF_ALLOC), (),
            {"func_start": TEXT, "func_size": 0x40})


def c_unsorted():
    return linked(sflags=0), (), {"flags": 0, "required_flags": 1}


def c_fde_reloc_target():
    # func = S + A = 0 + 0x1000: past the 0x100-byte .text (section 1).
    return (rel([(FDE0_FIELD, 1, R_X86_64_PC32, 0x1000)]), (),
            {"offset_in_section": 0x1000, "section": 1, "func_size": 0x40})


def c_reloc_bounds():
    return (rel([(0x5000, 1, R_X86_64_PC32, 0)]), (),
            {"r_offset": 0x5000, "symbol": 1, "relocation": 0})


def c_reloc_unexpected():
    return (rel([(FDE0_FIELD, 1, R_X86_64_PC32, 0), (4, 1, R_X86_64_PC32, 0)]),
            (), {"r_offset": 4, "relocation": 1})


def c_reloc_unresolved():
    syms = (("f", 0, 0x40, G.STT_FUNC, 1), ("g", 0, 0x40, G.STT_FUNC, 1))
    return (rel([(FDE0_FIELD, 2, R_X86_64_32, 0)], syms=syms), (),
            {"r_type": R_X86_64_32, "symbol": 2, "relocation": 0})


def c_reloc_missing():
    return (rel([(FDE0_FIELD, 1, R_X86_64_PC32, 0)], funcs=(0, 0x40, 0x80)), (),
            {"starts_without_reloc": 2, "fdes": 3})


def c_reloc_aliased():
    return (bytearray(rel_elf_aliased(2, 1)), (),
            {"section": 6, "aliased_section": 5})


def c_section_bounds():
    d = rel([(FDE0_FIELD, 1, R_X86_64_PC32, 0)], rela_entsize=7)
    _, off, size = shdr(d, 5)
    return d, (), {"sh_size": size, "sh_offset": off, "section": 5}


def c_section_bounds_symtab():
    # The relocation table's symbol table (section 3) has a bad entry size.
    d = rel([(FDE0_FIELD, 1, R_X86_64_PC32, 0)], symtab_entsize=7)
    _, off, size = shdr(d, 3)
    return d, (), {"sh_size": size, "sh_offset": off, "section": 3}


def c_section_bounds_coverage():
    # The symbol table the coverage check reads (section 3 of a linked file).
    d = linked(syms=[("f", TEXT, 0x40, G.STT_FUNC, 1)], symtab_entsize=7)
    _, off, size = shdr(d, 3)
    return d, (), {"sh_size": size, "sh_offset": off, "section": 3}


def c_func_uncovered():
    syms = [("naked_fn", TEXT + 0xc0, 0x20, G.STT_FUNC, 1)]
    return (linked(syms=syms), ("--coverage",),
            {"symbol": 1, "func_size": 0x20, "func_start": TEXT + 0xc0})


def c_required_version():
    return linked(), ("--require-version=3",), {"version": 2,
                                                "required_version": 3}


def c_require_sorted():
    return linked(sflags=0), ("--require-sorted",), {"flags": 0,
                                                     "required_flags": 1}


def c_sframe_plt_only():
    plt = 0x400000
    before = (G.Sec(".plt", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=plt,
                    data=bytes(0x100)),)
    return (linked(funcs=[plt, plt + 0x40, plt + 0x80], before=before), (),
            {"num_fdes": 3, "plt_section": 2})


def c_eh_frame_without_sframe():
    before = (G.Sec(".eh_frame", flags=G.SHF_ALLOC, addr=0x403000,
                    data=bytes(0x30)),)
    return (linked(before=before), ("--section=.none",),
            {"section": 2, "eh_frame_size": 0x30})


def c_min_coverage():
    syms = [("f0", TEXT, 0x40, G.STT_FUNC, 1),
            ("naked_fn", TEXT + 0xc0, 0x20, G.STT_FUNC, 1)]
    return (linked(syms=syms), ("--min-coverage=100",),
            {"covered_functions": 1, "required_percent": 100, "functions": 2})


def c_min_coverage_unknown():
    return (rel([(FDE0_FIELD, 1, R_X86_64_PC32, -FDE0_FIELD)]),
            ("--min-coverage=40",), {"required_percent": 40, "reason": "not-linked"})


ELF_NAME = "f.elf"


def c_ar_header():
    body = linked()[:100]
    d = b"!<arch>\n" + ar_hdr("x.o/", 4096) + bytes(body)
    return d, (), {"header_offset": 8, "archive_size": len(d),
                   "member_size": 4096}


def c_ar_header_truncated():
    d = b"!<arch>\n" + ar_hdr("x.o/", 4)[:40]
    return d, (), {"header_offset": 8, "archive_size": 48, "member_size": 40}


def c_ar_header_fmag():
    d = b"!<arch>\n" + ar_hdr("x.o/", 4)[:58] + b"XXabcd"
    return d, (), {"header_offset": 8, "archive_size": len(d), "member_size": 0}


def ar_long_name(table, ref):
    """A GNU archive: "//" table, then an ELF member named "/ref" (its
    header follows the table's, padded to even)."""
    d = (b"!<arch>\n" + ar_member("//", table) +
         ar_member(f"/{ref}", bytes(linked())))
    return d, (), {"header_offset": 8 + 60 + len(table) + len(table) % 2,
                   "table_size": len(table), "name_offset": ref}


def c_ar_name():
    return ar_long_name(b"a.o/\n", 99)          # past the table


def c_ar_name_unterminated():
    return ar_long_name(b"abc", 0)              # no '\n'


def c_ar_name_empty_long():
    return ar_long_name(b"x.o/\n/\n", 5)        # "/\n": empty name


def c_ar_name_bsd_past_member():
    d = (b"!<arch>\n" + ar_member("a.o/", b"hello, world") +
         ar_hdr("#1/64", 10) + b"abcdefghij")
    return d, (), {"header_offset": 8 + 60 + 12, "table_size": 10,
                   "name_offset": 64}


def c_ar_name_bsd_empty():
    d = b"!<arch>\n" + ar_hdr("#1/4", 10) + bytes(4) + b"xxxxxx"
    return d, (), {"header_offset": 8, "table_size": 10, "name_offset": 4}


def c_ar_name_short_empty():
    d = b"!<arch>\n" + ar_member("", b"abcdefgh")
    return d, (), {"header_offset": 8, "table_size": 16, "name_offset": 0}


def c_ar_thin_member():
    return (b"!<thin>\n" + ar_hdr("gone.o/", 123), (),
            {"header_offset": 8, "member_size": 123})


def c_ar_member_not_elf():
    return (b"!<arch>\n" + ar_member("x.o/", b"hello, world"), (),
            {"header_offset": 8, "member_size": 12})


# (rule[#site], case): "#site" names a further report site of the rule.
CASES = [
    ("elf-truncated", c_truncated),
    ("elf-truncated#ident", c_truncated_ident),
    ("elf-ident", c_ident),
    ("elf-ident#data", c_ident_data),
    ("elf-ident#version", c_ident_version),
    ("elf-entsize", c_entsize),
    ("elf-entsize#segments", c_entsize_segments),
    ("elf-shdr-bounds", c_shdr_bounds),
    ("elf-phdr-bounds", c_phdr_bounds),
    ("elf-shstrndx", c_shstrndx),
    ("elf-sframe-bounds", c_sframe_bounds),
    ("elf-sframe-bounds#segment", c_sframe_bounds_segment),
    ("elf-sframe-type", c_sframe_type),
    ("elf-sframe-progbits", c_sframe_progbits),
    ("elf-sframe-multiple", c_sframe_multiple),
    ("elf-sframe-not-alloc", c_sframe_not_alloc),
    ("elf-pt-sframe-mismatch", c_pt_mismatch),
    ("elf-pt-sframe-mismatch#vaddr", c_pt_mismatch_vaddr),
    ("elf-pt-sframe-mismatch#filesz", c_pt_mismatch_filesz),
    ("elf-pt-sframe-padding", c_pt_padding),
    ("elf-pt-sframe-multiple", c_pt_multiple),
    ("elf-pt-sframe-not-loaded", c_pt_not_loaded),
    ("elf-abi-machine", c_abi_machine),
    ("elf-fde-outside-load", c_fde_outside_load),
    ("elf-fde-outside-text", c_fde_outside_text),
    ("elf-fde-reloc-target", c_fde_reloc_target),
    ("elf-unsorted", c_unsorted),
    ("elf-reloc-bounds", c_reloc_bounds),
    ("elf-reloc-unexpected", c_reloc_unexpected),
    ("elf-reloc-unresolved", c_reloc_unresolved),
    ("elf-reloc-missing", c_reloc_missing),
    ("elf-reloc-aliased", c_reloc_aliased),
    ("elf-section-bounds", c_section_bounds),
    ("elf-section-bounds#symtab", c_section_bounds_symtab),
    ("elf-section-bounds#coverage", c_section_bounds_coverage),
    ("elf-func-uncovered", c_func_uncovered),
    ("required-version", c_required_version),
    ("require-sorted", c_require_sorted),
    ("elf-sframe-plt-only", c_sframe_plt_only),
    ("elf-eh-frame-without-sframe", c_eh_frame_without_sframe),
    ("min-coverage", c_min_coverage),
    ("min-coverage-unknown", c_min_coverage_unknown),
    ("ar-header", c_ar_header),
    ("ar-header#truncated", c_ar_header_truncated),
    ("ar-header#fmag", c_ar_header_fmag),
    ("ar-name", c_ar_name),
    ("ar-name#unterminated", c_ar_name_unterminated),
    ("ar-name#empty-long", c_ar_name_empty_long),
    ("ar-name#bsd-past-member", c_ar_name_bsd_past_member),
    ("ar-name#bsd-empty", c_ar_name_bsd_empty),
    ("ar-name#short-empty", c_ar_name_short_empty),
    # (the other ar-thin-member site, thin archives disabled, is the
    # cli_file fuzzer's setting only)
    ("ar-thin-member", c_ar_thin_member),
    ("ar-member-not-elf", c_ar_member_not_elf),
]


@pytest.mark.parametrize("row,case", CASES, ids=[c[0] for c in CASES])
def test_values(sfv_bin, tmp_path, row, case):
    rule = row.split("#")[0]
    data, args, want = case()
    # The row only catches a swap when no two slots hold the same value.
    assert len(set(want.values())) == len(want), want
    p = tmp_path / ("f.a" if rule.startswith("ar-") else ELF_NAME)
    p.write_bytes(bytes(data))
    _, doc, _ = run_json(sfv_bin, *args, p, cwd=tmp_path)
    got = [d["values"] for f in doc["files"] for d in f["diagnostics"]
           if d["rule"] == rule]
    assert got, (rule, [d["rule"] for f in doc["files"] for d in f["diagnostics"]])
    assert got[0] == want


def schema_rows():
    """(rule enum, [used slot names]) of every src/common/sfv_schema.def row."""
    text = (ROOT / "src" / "common" / "sfv_schema.def").read_text()
    for m in re.finditer(r"^SFV_SCHEMA\((\w+), \w+, (.*)\)$", text, re.M):
        f = [x.strip() for x in m.group(2).split(",")]
        used = [f[i] for i in (0, 2, 4) if f[i + 1] != "NONE"]
        yield m.group(1), used


def test_every_multi_slot_rule_has_a_row():
    """ELF container, archive and policy rules with two or more used slots:
    each has a row above."""
    need = {e.lower().replace("_", "-") for e, used in schema_rows()
            if len(used) >= 2 and (e.startswith(("ELF_", "AR_")) or
                                   e in ("REQUIRED_VERSION", "REQUIRE_SORTED"))}
    assert len(need) >= 30
    have = {c[0].split("#")[0] for c in CASES}
    assert need <= have, sorted(need - have)

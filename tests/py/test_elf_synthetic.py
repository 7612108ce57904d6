# SPDX-License-Identifier: MIT
"""ELF container checks on synthetic ELF files (tests/elf/elfgen.py): every
class/byte order/machine combination, and one defect at a time."""
import json
import struct
import subprocess

import pytest

import elfgen as G  # noqa: E402

TEXT, SFRAME = 0x401000, 0x402000
FUNCS = [TEXT, TEXT + 0x40, TEXT + 0x80]

# (class, big endian, e_machine, SFrame ABI)
TARGETS = [
    (64, False, G.EM_X86_64, 3),
    (32, False, G.EM_X86_64, 3),      # x32
    (64, False, G.EM_AARCH64, 2),
    (64, True, G.EM_AARCH64, 1),
    (32, True, G.EM_AARCH64, 1),      # ILP32 big-endian
    (64, True, G.EM_S390, 4),
]


def run(sfv_bin, tmp_path, data, *args, name="f.elf"):
    p = tmp_path / name
    p.write_bytes(data)
    r = subprocess.run([sfv_bin, "--format=json", *args, str(p)],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1, 2), r
    doc = json.loads(r.stdout)
    return r.returncode, doc


def rules(doc, sev=None):
    return sorted(d["rule"] for f in doc["files"] for d in f["diagnostics"]
                  if sev is None or d["severity"] == sev)


def linked(cls=64, be=False, machine=G.EM_X86_64, abi=3, version=2, funcs=FUNCS,
           text_flags=G.SHF_ALLOC | G.SHF_EXECINSTR, sframe_type=None,
           sframe_flags=G.SHF_ALLOC, sframe_name=".sframe", pt=True,
           sframe_override=None, extra_segs=(), sframe_data=None, syms=None,
           text_size=0x100, sflags=None, no_shdrs=False, etype=G.ET_DYN):
    if sframe_type is None:
        sframe_type = G.SHT_GNU_SFRAME if version == 3 else G.SHT_PROGBITS
    data = sframe_data if sframe_data is not None else \
        G.sframe_for(abi, version, funcs, SFRAME, flags=sflags)
    secs = [G.Sec(".text", flags=text_flags, addr=TEXT, data=bytes(text_size)),
            G.Sec(sframe_name, type=sframe_type, flags=sframe_flags, addr=SFRAME,
                  data=data)]
    if syms is not None:
        st, sstr = G.symtab(cls, be, syms)
        n = len(secs) + 1  # index of .symtab (after the null section)
        secs.append(G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st,
                          link=n + 1, entsize=24 if cls == 64 else 16))
        secs.append(G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr))
    segs = [G.Seg(G.PT_LOAD, G.PF_R | G.PF_X, [".text"]),
            G.Seg(G.PT_LOAD, G.PF_R, [sframe_name])]
    if pt:
        segs.append(G.Seg(G.PT_GNU_SFRAME, G.PF_R, [sframe_name],
                          **(sframe_override or {})))
    segs += list(extra_segs)
    return G.build(secs, segs, cls=cls, be=be, machine=machine, etype=etype,
                   no_shdrs=no_shdrs)


# s390x (ABI 4) exists from SFrame v2 on: no v1 combination for it.
@pytest.mark.parametrize("cls,be,machine,abi,version",
                         [t + (v,) for t in TARGETS for v in (1, 2, 3)
                          if not (v == 1 and t[3] == 4)])
def test_valid_linked_every_class_and_order(sfv_bin, tmp_path, cls, be, machine,
                                            abi, version):
    rc, doc = run(sfv_bin, tmp_path, linked(cls, be, machine, abi, version))
    f = doc["files"][0]
    assert rc == 0 and f["valid"] and f["format"] == "elf", doc
    assert rules(doc) == [], doc
    assert f["elf"]["class"] == cls and f["elf"]["big_endian"] == be
    assert f["sframe"]["version"] == version and f["sframe"]["address"] == SFRAME


@pytest.mark.parametrize("cls,be,machine,abi", TARGETS)
def test_fde_outside_executable_load(sfv_bin, tmp_path, cls, be, machine, abi):
    funcs = FUNCS[:2] + [TEXT + 0x10000]  # past .text and its PT_LOAD
    rc, doc = run(sfv_bin, tmp_path, linked(cls, be, machine, abi, 2, funcs=funcs))
    assert rc == 1
    d = [d for d in doc["files"][0]["diagnostics"] if d["severity"] == "error"]
    assert [x["rule"] for x in d] == ["elf-fde-outside-load"]
    assert d[0]["fde"] == 2 and d[0]["offset_space"] == "section"
    assert d[0]["found"] == TEXT + 0x10000


def test_fde_crossing_end_of_text(sfv_bin, tmp_path):
    # The function starts in .text but runs 0x20 bytes past its end.
    rc, doc = run(sfv_bin, tmp_path, linked(funcs=[TEXT, TEXT + 0xe0]))
    assert rc == 1 and rules(doc, "error") == ["elf-fde-outside-load"]


def test_kernel_profile_refuses_a_function_past_the_text_end(sfv_bin, tmp_path):
    """K18 (docs/CONSUMERS.md): the kernel (S4) refuses a function whose end
    passes the registered text, the executable PT_LOAD: elf-fde-outside-load
    carries the kernel bit (profile reason 7)."""
    kflags = 0x1 | 0x4  # SFRAME_F_FDE_SORTED | SFRAME_F_FDE_FUNC_START_PCREL
    rc, doc = run(sfv_bin, tmp_path, linked(version=3, sflags=kflags), "--profile=kernel")
    assert rc == 0 and rules(doc) == [], doc
    rc, doc = run(sfv_bin, tmp_path, linked(version=3, sflags=kflags,
                                            funcs=[TEXT, TEXT + 0xe0]), "--profile=kernel")
    got = [(d["rule"], d["aux"]) for d in doc["files"][0]["diagnostics"]]
    assert rc == 1 and ("profile-kernel", 7) in got, got


def test_fde_in_executable_load_but_not_executable_section(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(text_flags=G.SHF_ALLOC))
    assert rc == 1
    assert rules(doc, "error") == ["elf-fde-outside-text"] * 3


def test_no_section_headers_uses_pt_gnu_sframe(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(no_shdrs=True))
    f = doc["files"][0]
    assert rc == 0 and rules(doc) == [] and f["elf"]["sframe_source"] == "segment"
    assert f["sframe"]["num_fdes"] == 3
    # ... and the FDE ranges are still checked against the PT_LOADs
    rc, doc = run(sfv_bin, tmp_path, linked(no_shdrs=True, funcs=[TEXT - 0x1000]))
    assert rc == 1 and rules(doc, "error") == ["elf-fde-outside-load"]


def test_no_pt_gnu_sframe_is_a_warning(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(pt=False))
    assert rc == 0 and rules(doc) == ["elf-no-pt-sframe"]
    d = doc["files"][0]["diagnostics"][0]
    assert d["offset_space"] == "file" and d["severity"] == "warning"
    rc, doc = run(sfv_bin, tmp_path, linked(pt=False), "--Werror")
    assert rc == 1 and rules(doc, "error") == ["elf-no-pt-sframe"]


def test_no_pt_gnu_sframe_is_fine_in_relocatable(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(pt=False, etype=G.ET_REL))
    assert "elf-no-pt-sframe" not in rules(doc)


@pytest.mark.parametrize("field,value,aux", [("offset", 8, 1), ("vaddr", SFRAME + 8, 2),
                                             ("filesz", 16, 3)])
def test_pt_gnu_sframe_disagrees(sfv_bin, tmp_path, field, value, aux):
    data = linked()
    # find .sframe's file offset to build an offset override
    if field == "offset":
        value = G.segment_offset(data, G.PT_GNU_SFRAME) + 8
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_override={field: value}))
    errs = [d for d in doc["files"][0]["diagnostics"] if d["rule"] == "elf-pt-sframe-mismatch"]
    assert rc == 1 and len(errs) == 1 and errs[0]["aux"] == aux, doc


def test_pt_gnu_sframe_zero_padding_ok_nonzero_warning(sfv_bin, tmp_path):
    sf = G.sframe_for(3, 2, FUNCS, SFRAME)
    # A PT_GNU_SFRAME 8 bytes longer than the section, over a trailing section.
    base = dict(sframe_override={"filesz": len(sf) + 8})

    def with_tail(tail):
        secs_data = linked(**base)
        return secs_data, tail

    data = bytearray(linked(**base))
    off = G.segment_offset(bytes(data), G.PT_GNU_SFRAME) + len(sf)
    # The bytes after .sframe are the next section's alignment padding or
    # .shstrtab; make them zero first, then nonzero.
    data[off:off + 8] = bytes(8)
    rc, doc = run(sfv_bin, tmp_path, bytes(data))
    assert "elf-pt-sframe-padding" not in rules(doc)
    data[off + 5] = 0x5a
    rc, doc = run(sfv_bin, tmp_path, bytes(data))
    d = [d for d in doc["files"][0]["diagnostics"] if d["rule"] == "elf-pt-sframe-padding"]
    # A warning (GNU ld leaves stale bytes there; no reader looks past the
    # section), not an error.  (The file's PT_LOAD does not reach the tail:
    # elf-pt-sframe-not-loaded is its only error.)
    assert len(d) == 1 and d[0]["aux"] == off + 5
    assert d[0]["severity"] == "warning"
    assert rules(doc, "error") == ["elf-pt-sframe-not-loaded"]


def test_two_pt_gnu_sframe(sfv_bin, tmp_path):
    extra = [G.Seg(G.PT_GNU_SFRAME, G.PF_R, [".sframe"])]
    rc, doc = run(sfv_bin, tmp_path, linked(extra_segs=extra))
    assert rc == 1 and rules(doc, "error") == ["elf-pt-sframe-multiple"]


def test_pt_gnu_sframe_not_loaded(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_override={"vaddr": 0x900000}))
    assert rc == 1
    assert set(rules(doc, "error")) == {"elf-pt-sframe-not-loaded", "elf-pt-sframe-mismatch"}


@pytest.mark.parametrize("machine,be,abi", [(G.EM_AARCH64, False, 3), (G.EM_X86_64, False, 2),
                                            (3, False, 3)])
def test_abi_vs_machine(sfv_bin, tmp_path, machine, be, abi):
    rc, doc = run(sfv_bin, tmp_path, linked(machine=machine, be=be, abi=abi))
    assert rc == 1 and "elf-abi-machine" in rules(doc, "error")


def test_unsorted_linked_is_warning_and_policy_error(sfv_bin, tmp_path):
    data = linked(sflags=0)
    rc, doc = run(sfv_bin, tmp_path, data)
    assert rc == 0 and rules(doc) == ["elf-unsorted"]
    rc, doc = run(sfv_bin, tmp_path, data, "--require-sorted")
    assert rc == 1 and rules(doc, "error") == ["require-sorted"]
    assert rules(doc, "warning") == ["elf-unsorted"]


def test_sframe_section_defects(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_flags=0, pt=False))
    assert rc == 1 and rules(doc, "error") == ["elf-sframe-not-alloc"]
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_type=7))  # SHT_NOTE
    assert rc == 1 and rules(doc, "error") == ["elf-sframe-type"]
    rc, doc = run(sfv_bin, tmp_path, linked(version=3, sframe_type=G.SHT_PROGBITS))
    assert rc == 0 and rules(doc) == ["elf-sframe-progbits"]
    rc, doc = run(sfv_bin, tmp_path, linked(version=3, sframe_name=".sfr"))
    assert rc == 0 and rules(doc) == ["elf-sframe-name"]
    assert doc["files"][0]["sframe"]["num_fdes"] == 3  # found by type


def test_empty_and_nobits_sframe(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_data=b"", pt=False))
    assert rc == 0 and rules(doc) == ["elf-sframe-empty"]
    assert "section-too-small" not in rules(doc)
    secs = [G.Sec(".text", flags=6, addr=TEXT, data=bytes(0x100)),
            G.Sec(".sframe", type=G.SHT_NOBITS, flags=2, addr=SFRAME, size=0x80)]
    data = G.build(secs, [])
    rc, doc = run(sfv_bin, tmp_path, data)
    assert rc == 0 and rules(doc) == ["elf-sframe-nobits"]
    rc, doc = run(sfv_bin, tmp_path, data, "--require-sframe")
    assert rc == 1 and rules(doc, "error") == ["elf-sframe-nobits"]


def test_no_sframe_note_and_require_sframe(sfv_bin, tmp_path):
    data = G.build([G.Sec(".text", flags=6, addr=TEXT, data=bytes(16))],
                   [G.Seg(G.PT_LOAD, 5, [".text"])])
    rc, doc = run(sfv_bin, tmp_path, data)
    assert rc == 0 and rules(doc, "note") == ["elf-no-sframe"]
    assert doc["files"][0]["sframe"] is None
    rc, doc = run(sfv_bin, tmp_path, data, "--require-sframe")
    assert rc == 1 and rules(doc, "error") == ["elf-no-sframe"]


def test_concatenated_sections_in_elf(sfv_bin, tmp_path):
    sf = G.sframe_for(3, 2, FUNCS, SFRAME)
    rc, doc = run(sfv_bin, tmp_path, linked(sframe_data=sf + sf))
    assert rc == 1 and "concatenated-sections" in rules(doc, "error")
    d = [d for d in doc["files"][0]["diagnostics"] if d["rule"] == "concatenated-sections"][0]
    assert d["offset"] == len(sf) and d["offset_space"] == "section"
    assert d["file_offset"] > d["offset"]


def test_coverage(sfv_bin, tmp_path):
    syms = [("covered_a", FUNCS[0], 0x40, G.STT_FUNC, 1),
            ("covered_b", FUNCS[1] + 4, 8, G.STT_FUNC, 1),      # inside FDE 1
            ("naked_fn", TEXT + 0xc0, 0x20, G.STT_FUNC, 1),     # no FDE
            ("zero_size", TEXT + 0xe0, 0, G.STT_FUNC, 1),       # not counted
            ("a_object", SFRAME, 4, 1, 2)]                      # STT_OBJECT
    data = linked(syms=syms)
    rc, doc = run(sfv_bin, tmp_path, data)
    f = doc["files"][0]
    assert rc == 0 and f["coverage"] == {"functions": 3, "covered": 2}
    assert rules(doc) == []
    rc, doc = run(sfv_bin, tmp_path, data, "--coverage")
    d = doc["files"][0]["diagnostics"]
    assert rc == 0 and [x["rule"] for x in d] == ["elf-func-uncovered"]
    assert "naked_fn" in d[0]["message"] and d[0]["aux"] == TEXT + 0xc0
    p = tmp_path / "cov.elf"
    p.write_bytes(data)
    out = subprocess.run([sfv_bin, str(p)], capture_output=True, text=True).stdout
    assert "coverage 2/3 functions" in out


def test_coverage_unsorted_section(sfv_bin, tmp_path):
    funcs = [FUNCS[2], FUNCS[0], FUNCS[1]]
    syms = [("f%d" % i, a, 0x40, G.STT_FUNC, 1) for i, a in enumerate(FUNCS)]
    syms.append(("g", TEXT + 0xc0, 4, G.STT_FUNC, 1))
    rc, doc = run(sfv_bin, tmp_path, linked(funcs=funcs, sflags=0, syms=syms))
    assert doc["files"][0]["coverage"] == {"functions": 4, "covered": 3}


def header_patch(data, fmt, off, value):
    b = bytearray(data)
    struct.pack_into(fmt, b, off, value)
    return bytes(b)


def test_absurd_shnum_falls_back_to_segment(sfv_bin, tmp_path):
    data = header_patch(linked(), "<H", 60, 0xfff0)  # e_shnum
    rc, doc = run(sfv_bin, tmp_path, data)
    f = doc["files"][0]
    assert rc == 1 and rules(doc, "error") == ["elf-shdr-bounds"]
    assert f["elf"]["sframe_source"] == "segment" and f["sframe"]["num_fdes"] == 3


def test_absurd_phnum(sfv_bin, tmp_path):
    data = header_patch(linked(), "<H", 56, 0xfff0)  # e_phnum
    rc, doc = run(sfv_bin, tmp_path, data)
    assert rc == 1 and "elf-phdr-bounds" in rules(doc, "error")
    # the section is still validated (through the section headers)
    assert doc["files"][0]["sframe"]["num_fdes"] == 3


def test_bad_entsize_and_shstrndx(sfv_bin, tmp_path):
    rc, doc = run(sfv_bin, tmp_path, header_patch(linked(), "<H", 58, 63))
    assert rc == 1 and "elf-entsize" in rules(doc, "error")
    rc, doc = run(sfv_bin, tmp_path, header_patch(linked(), "<H", 62, 1))  # .text
    # .sframe is still found: v2 by name only -> not found by section; the
    # PT_GNU_SFRAME segment is used instead
    assert rc == 1 and "elf-shstrndx" in rules(doc, "error")
    assert doc["files"][0]["elf"]["sframe_source"] == "segment"


@pytest.mark.parametrize("off,val,rule", [(4, 3, "elf-ident"), (5, 0, "elf-ident"),
                                          (6, 2, "elf-ident")])
def test_bad_ident(sfv_bin, tmp_path, off, val, rule):
    b = bytearray(linked())
    b[off] = val
    rc, doc = run(sfv_bin, tmp_path, bytes(b))
    d = doc["files"][0]["diagnostics"]
    assert rc == 1 and [x["rule"] for x in d] == [rule] and d[0]["aux"] == off


def test_truncations_never_crash(sfv_bin, tmp_path):
    data = linked(syms=[("f", TEXT, 0x40, G.STT_FUNC, 1)])
    cuts = sorted(set(list(range(4, 80)) + list(range(80, len(data), 7)) + [len(data) - 1]))
    for n in cuts:
        p = tmp_path / "t.elf"
        p.write_bytes(data[:n])
        r = subprocess.run([sfv_bin, "--format=json", "--coverage", str(p)],
                           capture_output=True, text=True)
        assert r.returncode in (0, 1), (n, r.stderr)
        doc = json.loads(r.stdout)
        if n < 64:
            assert rules(doc) == ["elf-truncated"], n


def test_coverage_symbol_in_gap_before_second_fde(sfv_bin, tmp_path):
    # Binary search lands on FDE 0, which does not hold the symbol: the
    # backward scan must stop at index 0 (an unsigned underflow once).
    syms = [("f0", TEXT, 0x40, G.STT_FUNC, 1), ("gap", TEXT + 0x50, 4, G.STT_FUNC, 1),
            ("f1", TEXT + 0x80, 0x40, G.STT_FUNC, 1)]
    rc, doc = run(sfv_bin, tmp_path, linked(funcs=[TEXT, TEXT + 0x80], syms=syms),
                  "--coverage")
    assert doc["files"][0]["coverage"] == {"functions": 3, "covered": 2}
    assert [d["message"].endswith("(gap)") for d in doc["files"][0]["diagnostics"]] == [True]

# SPDX-License-Identifier: MIT
"""SFRAME_F_FDE_FUNC_START_PCREL is defined from v2 on (sfv_pcrel_in,
src/sframe/spec.h): in a v1 section bit 0x4 is no such flag, and the ELF
checks read it through the one predicate, as the decoder does.  A
relocatable v1 file with the bit set is checked and compared with
.eh_frame exactly as the same file without it: the relocation check
accepts a section-relative start, and the comparison's relocated copy
stores starts section-relative, where the decoder reads them."""
import struct

import elfgen as G
from hostile_lib import run_json
from shapes import eh_frame

R_X86_64_PC32 = 2
FUNC, SIZE, FIELD = 0xc0, 0x40, 28  # f in .text; FDE 0's start field (v1, v2)
TEXT_OFF = 0x40  # .text follows the ELF header (elfgen's layout)


def rel_file(version, flags, addend):
    """ET_REL x86-64: .text, .sframe (one FDE of f, version/flags as given),
    .symtab, .strtab, .rela.sframe (one R_X86_64_PC32 on FDE 0's start,
    symbol .text's f at 0, given addend), .eh_frame with f's FDE (absolute
    pointers, as the file is placed at its offsets)."""
    sf = G.sframe_for(3, version, [0], 0, size=SIZE, flags=flags)
    st, sstr = G.symtab(64, False, [("text", 0, 0, 0, 1)])
    rela = struct.pack("<QQq", FIELD, (1 << 32) | R_X86_64_PC32, addend)
    secs = [G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, data=bytes(0x100)),
            G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, data=sf),
            G.Sec(".symtab", type=G.SHT_SYMTAB, flags=0, data=st, link=4,
                  entsize=24, info=1),
            G.Sec(".strtab", type=G.SHT_STRTAB, flags=0, data=sstr),
            G.Sec(".rela.sframe", type=G.SHT_RELA, flags=0, data=rela, link=3,
                  info=2, entsize=24),
            G.Sec(".eh_frame", flags=G.SHF_ALLOC,
                  data=eh_frame([(TEXT_OFF + FUNC, SIZE)], 1))]
    return G.build(secs, etype=G.ET_REL)


def rules(sfv_bin, tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    _, doc, _ = run_json(sfv_bin, "--max-diags=1000", path)
    return sorted(d["rule"] for d in doc["files"][0]["diagnostics"])


def flag_rules(r):
    return [x for x in r if x.startswith("header-flags") or x.startswith("flags-")]


def test_v1_bit_0x4_is_not_pcrel(sfv_bin, tmp_path):
    # A = f's offset + the field's: a start only a section-relative reading
    # places inside .text.  A = f's offset: the comparison's copy, stored
    # section-relative, starts at f, where .eh_frame's FDE does.
    for addend, absent in ((FUNC + FIELD, "elf-fde-reloc-target"),
                           (FUNC, "cfi-fde-missing")):
        plain = rules(sfv_bin, tmp_path, "plain.o", rel_file(1, 0x1, addend))
        bit = rules(sfv_bin, tmp_path, "bit.o", rel_file(1, 0x5, addend))
        assert [x for x in bit if x not in flag_rules(bit)] == plain, (addend, plain, bit)
        assert absent not in plain, plain


def test_v2_pcrel_flag_still_read(sfv_bin, tmp_path):
    """The same start in v2 with the flag is PC-relative: f + 28 with the
    function's 0x40 bytes runs past .text."""
    r = rules(sfv_bin, tmp_path, "v2.o", rel_file(2, 0x5, FUNC + FIELD))
    assert "elf-fde-reloc-target" in r, r

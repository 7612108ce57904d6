# SPDX-License-Identifier: MIT
"""ELF-layer messages print what the file holds: unsigned values as
unsigned (never "-1 entries" or "-0x1"), and e_shstrndx as stored next to
the index it resolves to when it is SHN_XINDEX."""
import json
import struct
import subprocess

import elfgen as G


def elf(tmp_path, name, data):
    p = tmp_path / name
    p.write_bytes(data)
    return p


def diags(sfv_bin, path):
    p = subprocess.run([sfv_bin, "--format=json", str(path)], capture_output=True, text=True)
    assert p.returncode in (0, 1, 2)
    return json.loads(p.stdout)["files"][0]["diagnostics"]


def base():
    sf = G.sframe_for(3, 2, [0x1000], 0x2000)
    text = G.Sec(".text", flags=G.SHF_ALLOC | G.SHF_EXECINSTR, addr=0x1000, data=bytes(0x100))
    sfr = G.Sec(".sframe", type=G.SHT_GNU_SFRAME, flags=G.SHF_ALLOC, addr=0x2000, data=sf)
    return bytearray(G.build([text, sfr], etype=G.ET_REL))


def test_shstrndx_xindex_shows_both_values(sfv_bin, tmp_path):
    data = base()
    shoff, = struct.unpack_from("<Q", data, 40)
    struct.pack_into("<H", data, 62, 0xffff)            # e_shstrndx = SHN_XINDEX
    struct.pack_into("<I", data, shoff + 40, 1)          # section 0 sh_link = 1 (.text)
    d = [x for x in diags(sfv_bin, elf(tmp_path, "x.o", data)) if x["rule"] == "elf-shstrndx"]
    assert len(d) == 1, d
    assert d[0]["found"] == 0xffff and d[0]["aux"] == 1, d
    assert "e_shstrndx 65535 (section index 1" in d[0]["message"], d[0]["message"]


def test_huge_section_count_is_unsigned(sfv_bin, tmp_path):
    data = base()
    shoff, = struct.unpack_from("<Q", data, 40)
    struct.pack_into("<H", data, 60, 0)                  # e_shnum = 0: count in section 0
    struct.pack_into("<Q", data, shoff + 32, 0xffffffffffffffff)
    d = [x for x in diags(sfv_bin, elf(tmp_path, "y.o", data)) if x["rule"] == "elf-shdr-bounds"]
    assert len(d) == 1, d
    m = d[0]["message"]
    assert "0xffffffffffffffff entries" in m and "-" not in m.split("entries")[0], m


def test_sframe_bounds_offsets_unsigned(sfv_bin, tmp_path):
    data = base()
    shoff, = struct.unpack_from("<Q", data, 40)
    # .sframe is section 2: sh_offset (at +24) far past the end, as 2^64 - 1.
    struct.pack_into("<Q", data, shoff + 64 * 2 + 24, 0xffffffffffffffff)
    d = [x for x in diags(sfv_bin, elf(tmp_path, "z.o", data)) if x["rule"] == "elf-sframe-bounds"]
    assert len(d) == 1, d
    assert "file offset 0xffffffffffffffff" in d[0]["message"], d[0]["message"]

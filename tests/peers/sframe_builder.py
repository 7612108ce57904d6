# SPDX-License-Identifier: MIT
"""Build SFrame sections (v1, v2, v3) byte by byte for hand-made tests.

A thin raw-field front end to the one SFrame encoder, gen/encoder.py (on
sys.path through tests/py/conftest.py): callers give info bytes, FRE info
bytes and stored field values exactly as they want them on disk, valid or
not; this module maps them onto gen/model.py and the encoder lays out the
bytes (header 28 bytes + aux header, FDE sub-section, FRE sub-section; v3
keeps each FDE's attribute at the start of its FRE block).
"""
from encoder import encode
from model import FDE, FRE, Section

ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64, ABI_S390X = 1, 2, 3, 4
F_SORTED, F_FRAME_POINTER, F_PCREL = 1, 2, 4
_DW_SIZE = {0: 1, 1: 2, 2: 4, 3: 4}    # a size code of 3 writes 4-byte words


def fde_info(fre_type=0, pc_mask=0, pauth_b=0, signal=0):
    return (fre_type & 0xF) | (pc_mask << 4) | (pauth_b << 5) | (signal << 7)


def fre_info(base_sp=1, count=1, size_code=0, mangled=0):
    return (base_sp & 1) | ((count & 0xF) << 1) | ((size_code & 3) << 5) | (mangled << 7)


class Fde:
    def __init__(self, start, size, fres, info=None, info2=0, rep=0, padding=0,
                 num_fres=None):
        self.start, self.size, self.fres = start, size, fres
        self.info = info if info is not None else fde_info()
        self.info2, self.rep, self.padding = info2, rep, padding
        self.num_fres = num_fres  # None: len(fres)


def _fre(start, info, dws):
    """(start, raw info byte, words) -> model FRE storing exactly that info byte."""
    code = (info >> 5) & 3
    size = _DW_SIZE[code]
    mask = (1 << (8 * size)) - 1
    return FRE(start=start, words=[w & mask for w in dws], base_reg=info & 1,
               dw_size=size, mangled_ra=info >> 7, dw_size_code=code,
               dw_count=(info >> 1) & 0xF)


def _fde(version, f):
    """Raw Fde -> model FDE whose info bytes encode exactly f.info / f.info2."""
    v3 = version == 3
    return FDE(start=0, start_raw=f.start, size=f.size,
               fres=[_fre(*r) for r in f.fres], fre_type=f.info & 0xF,
               pc_type=(f.info >> 4) & 1, pauth_key=(f.info >> 5) & 1,
               signal=(f.info >> 7) & 1 if v3 else 0,
               info_extra=f.info & (0x40 if v3 else 0xC0),
               fde_type=f.info2 & 0x1F if v3 else 0, info2_extra=f.info2 & 0xE0,
               rep_size=f.rep, padding=f.padding, num_fres=f.num_fres)


def build(version, fdes, abi=ABI_AMD64, flags=0, fixed_fp=0, fixed_ra=0,
          aux=b"", big_endian=None, num_fdes=None, num_fres=None,
          fre_len=None, fdeoff=None, freoff=None, trailer=b""):
    """fres are (start, info, [data words]) tuples; the data-word size is
    taken from info (a size code of 3 writes 4-byte words).  Header counts
    and offsets default to what the FDEs need; pass a value to override."""
    if big_endian is None:
        big_endian = abi in (ABI_AARCH64_BE, ABI_S390X)
    header = {k: v for k, v in (("num_fdes", num_fdes), ("num_fres", num_fres),
                                ("fre_len", fre_len), ("fdeoff", fdeoff),
                                ("freoff", freoff)) if v is not None}
    sec = Section(version=version, abi=abi, flags=flags, fixed_fp=fixed_fp,
                  fixed_ra=fixed_ra, aux=aux, big_endian=int(big_endian),
                  trailing=trailer, header=header,
                  fdes=[_fde(version, f) for f in fdes])
    return encode(sec).data


def fde_offset(version, index, aux_len=0):
    """Section offset of FDE `index` (its start-address field)."""
    size = {1: 17, 2: 20, 3: 16}[version]
    return 28 + aux_len + size * index

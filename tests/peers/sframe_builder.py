"""Build SFrame sections (v1, v2, v3) byte by byte for hand-made tests.

Independent of libsfv: the layout follows the SFrame specification
(header 28 bytes + aux header, FDE sub-section, FRE sub-section; v3 keeps
each FDE's attribute (num_fres u16, info, info2, rep_size) at the start of
its FRE block).  Every field can be set to any value, valid or not.
"""
import struct

ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64, ABI_S390X = 1, 2, 3, 4
F_SORTED, F_FRAME_POINTER, F_PCREL = 1, 2, 4


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


def _dw_bytes(dws, size_code, end):
    fmt = {0: "b", 1: "h", 2: "i"}.get(size_code)
    ufmt = {0: "B", 1: "H", 2: "I"}.get(size_code)
    out = b""
    for v in dws:
        if fmt is None:
            out += struct.pack(end + "I", v & 0xFFFFFFFF)
        else:
            bits = 8 << size_code
            out += struct.pack(end + ufmt, v & ((1 << bits) - 1))
    return out


def build(version, fdes, abi=ABI_AMD64, flags=0, fixed_fp=0, fixed_ra=0,
          aux=b"", big_endian=None, num_fdes=None, num_fres=None,
          fre_len=None, fdeoff=None, freoff=None, trailer=b""):
    """fres are (start, info, [data words]) tuples; the data-word size is
    taken from info (a size code of 3 writes 4-byte words)."""
    if big_endian is None:
        big_endian = abi in (ABI_AARCH64_BE, ABI_S390X)
    e = ">" if big_endian else "<"
    fde_blob, fre_blob = b"", b""
    total_fres = 0
    for f in fdes:
        fre_type = f.info & 0xF
        asz = {0: 1, 1: 2, 2: 4}.get(fre_type, 4)
        afmt = {1: "B", 2: "H", 4: "I"}[asz]
        off = len(fre_blob)
        nf = f.num_fres if f.num_fres is not None else len(f.fres)
        block = b""
        if version == 3:
            block += struct.pack(e + "HBBB", nf & 0xFFFF, f.info, f.info2, f.rep)
        for (start, info, dws) in f.fres:
            block += struct.pack(e + afmt, start & ((1 << (8 * asz)) - 1))
            block += bytes([info])
            block += _dw_bytes(dws, (info >> 5) & 3, e)
        total_fres += len(f.fres)
        fre_blob += block
        if version == 1:
            fde_blob += struct.pack(e + "iIIIB", f.start, f.size, off, nf, f.info)
        elif version == 2:
            fde_blob += struct.pack(e + "iIIIBBH", f.start, f.size, off, nf,
                                    f.info, f.rep, f.padding)
        else:
            fde_blob += struct.pack(e + "qII", f.start, f.size, off)
    hdr = struct.pack(e + "HBBBbbB", 0xDEE2, version, flags, abi, fixed_fp,
                      fixed_ra, len(aux))
    hdr += struct.pack(e + "IIIII",
                       len(fdes) if num_fdes is None else num_fdes,
                       total_fres if num_fres is None else num_fres,
                       len(fre_blob) if fre_len is None else fre_len,
                       0 if fdeoff is None else fdeoff,
                       len(fde_blob) if freoff is None else freoff)
    return hdr + aux + fde_blob + fre_blob + trailer


def fde_offset(version, index, aux_len=0):
    """Section offset of FDE `index` (its start-address field)."""
    size = {1: 17, 2: 20, 3: 16}[version]
    return 28 + aux_len + size * index

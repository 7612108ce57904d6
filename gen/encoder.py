# SPDX-License-Identifier: MIT
"""Lays out a model.Section as SFrame bytes (v1, v2 or v3, either byte order).

encode(section) -> Encoded(data, fields) where `fields` maps a field name to
(section offset, width) so mutations and the manifest can name exact bytes:

  hdr.magic hdr.version hdr.flags hdr.abi hdr.fixed_fp hdr.fixed_ra
  hdr.auxhdr_len hdr.num_fdes hdr.num_fres hdr.fre_len hdr.fdeoff hdr.freoff
  fde<i>            the FDE entry (v3: its index entry)
  fde<i>.start .size .fre_off .num_fres .info .info2 .rep_size .padding
  fde<i>.attr       v3: the FDE attribute in the FRE sub-section
  fre<i>.<k>        FRE k of FDE i;  fre<i>.<k>.info;  fre<i>.<k>.dw<n>
  fresub            start of the FRE sub-section;  end  end of it

Invariant: unless the model asks otherwise (overrides, patches, gaps,
sharing, truncation), the output is the tiled layout the spec describes:
header, auxiliary header, FDE sub-section at sfh_fdeoff 0, FRE sub-section
right after it, sfh_fre_len covering exactly the FRE blocks.
"""
from dataclasses import dataclass
from typing import Dict, Tuple

from model import (ADDR_SIZE, ATTR_SIZE_V3, DW_CODE, F_FDE_FUNC_START_PCREL,
                   FDE_SIZE, HEADER_SIZE, MAGIC, Section, FDE, FRE)


@dataclass
class Encoded:
    data: bytes
    fields: Dict[str, Tuple[int, int]]

    def off(self, name: str) -> int:
        return self.fields[name][0]


def _put(buf: bytearray, off: int, width: int, value: int, big: bool) -> None:
    value &= (1 << (8 * width)) - 1
    buf[off:off + width] = value.to_bytes(width, "big" if big else "little")


def _fits(value: int, width: int) -> bool:
    bits = 8 * width
    return -(1 << (bits - 1)) <= value < (1 << bits)


def fre_type_for(fde: FDE) -> int:
    """Smallest FRE type whose start field holds every FRE start and the size."""
    if fde.fre_type is not None:
        return fde.fre_type
    top = max([fde.size] + [r.start for r in fde.fres])
    for t in (0, 1, 2):
        if top < (1 << (8 * ADDR_SIZE[t])):
            return t
    raise ValueError("function too large for addr4")


def dw_size_for(fre: FRE) -> int:
    if fre.dw_size is not None:
        return fre.dw_size
    for n in (1, 2, 4):
        if all(-(1 << (8 * n - 1)) <= w < (1 << (8 * n - 1)) for w in fre.words):
            return n
    raise ValueError("data word does not fit 4 bytes")


def fre_bytes(fre: FRE, fre_type: int, big: bool, base: int,
              name: str, fields: Dict[str, Tuple[int, int]]) -> bytes:
    asz = ADDR_SIZE.get(fre_type, 4)
    n = dw_size_for(fre)
    code = DW_CODE[n] if fre.dw_size_code is None else fre.dw_size_code
    count = len(fre.words) if fre.dw_count is None else fre.dw_count
    info = ((fre.mangled_ra & 1) << 7) | ((code & 3) << 5) | ((count & 0xF) << 1) \
        | (fre.base_reg & 1)
    out = bytearray(asz + 1 + n * len(fre.words))
    _put(out, 0, asz, fre.start, big)
    out[asz] = info
    fields[name] = (base, len(out))
    fields[name + ".info"] = (base + asz, 1)
    for k, w in enumerate(fre.words):
        if not _fits(w, n):
            raise ValueError(f"{name}: word {w} does not fit {n} bytes")
        _put(out, asz + 1 + k * n, n, w, big)
        fields[f"{name}.dw{k}"] = (base + asz + 1 + k * n, n)
    return bytes(out)


def _info(sec: Section, fde: FDE) -> int:
    info = ((fde.pauth_key & 1) << 5) | ((fde.pc_type & 1) << 4) | (fre_type_for(fde) & 0xF)
    if sec.version == 3:
        info |= (fde.signal & 1) << 7
    return info | fde.info_extra


class _NoFields(dict):
    """A field map that records nothing (large sections: see encode)."""

    def __setitem__(self, key, value) -> None:
        pass


def encode(sec: Section, record_fields: bool = True) -> Encoded:
    """record_fields=False skips the name -> offset map (Encoded.fields is
    empty; patches are not allowed) for sections with millions of fields."""
    assert record_fields or not sec.patches, "patches need the field map"
    big = sec.endian_big
    v = sec.version
    fsz = FDE_SIZE.get(v, 20)
    fields: Dict[str, Tuple[int, int]] = {} if record_fields else _NoFields()
    n = len(sec.fdes)

    # FRE sub-section: one block per FDE (v3: attribute first), in block order.
    order = sec.block_order if sec.block_order is not None else list(range(n))
    assert sorted(order) == list(range(n)), "block_order must permute the FDEs"
    fre_off: Dict[int, int] = {}
    blocks = bytearray()
    rel: Dict[str, Tuple[int, int]] = {} if record_fields else _NoFields()
    for i in order:
        if i in sec.share_block:
            continue
        fde = sec.fdes[i]
        fre_off[i] = len(blocks)
        if v == 3:
            attr = bytearray(ATTR_SIZE_V3)
            nf = len(fde.fres) if fde.num_fres is None else fde.num_fres
            _put(attr, 0, 2, nf, big)
            attr[2] = _info(sec, fde) & 0xFF
            attr[3] = ((fde.fde_type & 0x1F) | fde.info2_extra) & 0xFF
            attr[4] = fde.rep_size & 0xFF
            rel[f"fde{i}.attr"] = (len(blocks), 5)
            rel[f"fde{i}.num_fres"] = (len(blocks), 2)
            rel[f"fde{i}.info"] = (len(blocks) + 2, 1)
            rel[f"fde{i}.info2"] = (len(blocks) + 3, 1)
            rel[f"fde{i}.rep_size"] = (len(blocks) + 4, 1)
            blocks += attr
        ft = fre_type_for(fde)
        for k, r in enumerate(fde.fres):
            blocks += fre_bytes(r, ft, big, len(blocks), f"fre{i}.{k}", rel)
    for i, j in sec.share_block.items():
        fre_off[i] = fre_off[j]

    aux_len = len(sec.aux)
    hdr_end = HEADER_SIZE + aux_len
    fdeoff = sec.fdeoff_gap
    freoff = fdeoff + n * fsz + sec.fde_fre_gap
    fde_base = hdr_end + fdeoff
    fre_base = hdr_end + freoff
    total_fres = sum(len(f.fres) for i, f in enumerate(sec.fdes)
                     if i not in sec.share_block) + \
        sum(len(sec.fdes[j].fres) for j in sec.share_block.values())

    buf = bytearray(fre_base + len(blocks))
    hv = dict(magic=MAGIC, version=v, flags=sec.flags, abi=sec.abi,
              fixed_fp=sec.fixed_fp, fixed_ra=sec.fixed_ra_value,
              auxhdr_len=aux_len, num_fdes=n, num_fres=total_fres,
              fre_len=len(blocks), fdeoff=fdeoff, freoff=freoff)
    hv.update(sec.header)
    layout = [("magic", 0, 2), ("version", 2, 1), ("flags", 3, 1), ("abi", 4, 1),
              ("fixed_fp", 5, 1), ("fixed_ra", 6, 1), ("auxhdr_len", 7, 1),
              ("num_fdes", 8, 4), ("num_fres", 12, 4), ("fre_len", 16, 4),
              ("fdeoff", 20, 4), ("freoff", 24, 4)]
    for name, off, width in layout:
        _put(buf, off, width, hv[name], big)
        fields["hdr." + name] = (off, width)
    buf[HEADER_SIZE:hdr_end] = sec.aux
    fields["aux"] = (HEADER_SIZE, aux_len)
    fields["fdesub"] = (fde_base, n * fsz)

    for i, fde in enumerate(sec.fdes):
        o = fde_base + i * fsz
        fields[f"fde{i}"] = (o, fsz)
        if fde.start_raw is not None:
            start = fde.start_raw
        elif v >= 2 and sec.flags & F_FDE_FUNC_START_PCREL:
            start = fde.start - o          # from the field itself (offset 0)
        else:
            start = fde.start
        if v == 3:
            _put(buf, o, 8, start, big)
            _put(buf, o + 8, 4, fde.size, big)
            _put(buf, o + 12, 4, fre_off[i], big)
            fields[f"fde{i}.start"] = (o, 8)
            fields[f"fde{i}.size"] = (o + 8, 4)
            fields[f"fde{i}.fre_off"] = (o + 12, 4)
        else:
            nf = len(fde.fres) if fde.num_fres is None else fde.num_fres
            _put(buf, o, 4, start, big)
            _put(buf, o + 4, 4, fde.size, big)
            _put(buf, o + 8, 4, fre_off[i], big)
            _put(buf, o + 12, 4, nf, big)
            buf[o + 16] = _info(sec, fde) & 0xFF
            for name, off, width in (("start", 0, 4), ("size", 4, 4), ("fre_off", 8, 4),
                                     ("num_fres", 12, 4), ("info", 16, 1)):
                fields[f"fde{i}.{name}"] = (o + off, width)
            if v == 2:
                buf[o + 17] = fde.rep_size & 0xFF
                _put(buf, o + 18, 2, fde.padding, big)
                fields[f"fde{i}.rep_size"] = (o + 17, 1)
                fields[f"fde{i}.padding"] = (o + 18, 2)

    buf[fre_base:] = blocks
    for name, (off, width) in rel.items():
        fields[name] = (fre_base + off, width)
    fields["fresub"] = (fre_base, len(blocks))
    fields["end"] = (len(buf), 0)
    buf += sec.trailing

    for name, value in sec.patches:
        off, width = fields[name]
        _put(buf, off, width, value, big)
    data = bytes(buf)
    if sec.truncate is not None:
        data = data[:sec.truncate]
    return Encoded(data, fields)

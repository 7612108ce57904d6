# SPDX-License-Identifier: MIT
"""The canonical decode (conformance/README.md) of a model.Section, computed
from the MODEL and the spec's interpretation rules, never from a decoder.

Recovery rules use one general form (spec 3.2, "Recovery Rules"):
  {"kind": "undefined"} | {"kind": "same"} |
  {"kind": "expr", "reg_p", "deref_p", "regnum", "offset"}
  base = reg_p ? reg[regnum] : CFA;  addr = base + offset;
  value = deref_p ? *addr : addr
Decisions where the spec is open are marked DECISION and listed in
conformance/README.md.
"""
from typing import Dict, List

from model import (ABI_AMD64_LE, ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_FP,
                   ABI_S390X_BE, ABI_SP, BASE_SP, F_FDE_FUNC_START_PCREL,
                   FDE_FLEX, FDE_SIZE, HEADER_SIZE, S390X_CFA_ADJUSTMENT,
                   S390X_CFA_ALIGNMENT, Section, FDE, FRE)
from encoder import dw_size_for, encode, fre_type_for

UNDEFINED = {"kind": "undefined"}
SAME = {"kind": "same"}


def expr(reg_p: int, deref_p: int, regnum: int, offset: int) -> Dict:
    return {"kind": "expr", "reg_p": reg_p, "deref_p": deref_p,
            "regnum": regnum, "offset": offset}


def _sext(value: int, size: int) -> int:
    bits = 8 * size
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _fixed_or_same(fixed: int) -> Dict:
    # Spec 3.2: with no rule in the FRE "fixed offsets ... apply if used for
    # the ABI/arch"; SFRAME_CFA_FIXED_*_INVALID (0) means "not used".
    return expr(0, 1, 0, fixed) if fixed != 0 else dict(SAME)


def _default_rules(sec: Section, r: FRE, n: int) -> Dict[str, Dict]:
    abi, ver = sec.abi, sec.version
    off = [_sext(w, n) for w in r.words]
    base = ABI_SP[abi] if r.base_reg == BASE_SP else ABI_FP[abi]
    cfa_off = off[0]
    if abi == ABI_S390X_BE:   # spec 3.1.3: offset1 * 8 - (-160)
        cfa_off = off[0] * S390X_CFA_ALIGNMENT - S390X_CFA_ADJUSTMENT
    out = {"cfa": expr(1, 0, base, cfa_off)}
    fixed_ra, fixed_fp = sec.fixed_ra_value, sec.fixed_fp
    if abi == ABI_AMD64_LE:            # 3.1.1: CFA, [FP]; RA fixed
        out["ra"] = _fixed_or_same(fixed_ra)
        out["fp"] = expr(0, 1, 0, off[1]) if len(off) >= 2 else _fixed_or_same(fixed_fp)
    elif abi in (ABI_AARCH64_BE, ABI_AARCH64_LE):   # 3.1.2: CFA, [RA, FP]
        out["ra"] = expr(0, 1, 0, off[1]) if len(off) >= 2 else _fixed_or_same(fixed_ra)
        out["fp"] = expr(0, 1, 0, off[2]) if len(off) >= 3 else _fixed_or_same(fixed_fp)
    else:                                             # 3.1.3 s390x
        def save(v: int, is_ra: bool) -> Dict:
            if is_ra and v == 0:          # SFRAME_FRE_RA_OFFSET_INVALID
                return dict(SAME)
            if ver == 2 and v & 1:        # v2: DWARF register number
                return expr(1, 0, v >> 1, 0)
            return expr(0, 1, 0, v)
        # 3.1.3: RA and FP "remain unchanged, if the offset is not available";
        # s390x uses no fixed offsets (3.2: they apply "if used for the
        # ABI/arch"), so nonzero header values are ignored here (DECISION
        # s390x-fixed-ra-offset).
        out["ra"] = save(off[1], True) if len(off) >= 2 else dict(SAME)
        out["fp"] = save(off[2], False) if len(off) >= 3 else dict(SAME)
    return out


def _flex_rule(ctl: int, offset: int) -> Dict:
    return expr(ctl & 1, (ctl >> 1) & 1, ctl >> 3, offset)


def _flex_rules(sec: Section, r: FRE, n: int) -> Dict[str, Dict]:
    raw = [w & ((1 << (8 * n)) - 1) for w in r.words]
    off = [_sext(w, n) for w in r.words]
    cfa_off = off[1]
    if sec.abi == ABI_S390X_BE:
        # DECISION (spec 3.2 is silent; 3.1.3 describes the s390x CFA offset
        # encoding under default FDEs): GNU libsframe 2.47 applies it to the
        # flex CFA offset too, so the CFA offset word is decoded the same way.
        cfa_off = off[1] * S390X_CFA_ALIGNMENT - S390X_CFA_ADJUSTMENT
    out = {"cfa": _flex_rule(raw[0], cfa_off),
           "ra": _fixed_or_same(sec.fixed_ra_value),
           "fp": _fixed_or_same(sec.fixed_fp)}
    i = 2
    if len(raw) > i:
        if raw[i] == 0:      # RA padding word (an FP pair, or a lone 0, follows)
            i += 1
        else:
            out["ra"] = _flex_rule(raw[i], off[i + 1])
            i += 2
    if len(raw) > i and raw[i] != 0:   # a lone trailing 0: no FP rule
        out["fp"] = _flex_rule(raw[i], off[i + 1])
    return out


def fre_json(sec: Section, fde: FDE, r: FRE) -> Dict:
    n = dw_size_for(r)
    d = {"start": r.start,
         "base_reg": "sp" if r.base_reg == BASE_SP else "fp",
         "mangled_ra": r.mangled_ra,
         "dataword_size": n,
         "datawords": [w & ((1 << (8 * n)) - 1) for w in r.words]}
    if not r.words:
        # DECISION: no data words = RA undefined (outermost frame, v2 erratum
        # 2 / v3); nothing is recovered, so all three rules are undefined.
        d.update(cfa=dict(UNDEFINED), ra=dict(UNDEFINED), fp=dict(UNDEFINED))
    elif sec.version == 3 and fde.fde_type == FDE_FLEX:
        d.update(_flex_rules(sec, r, n))
    else:
        d.update(_default_rules(sec, r, n))
    return d


def canonical(sec: Section) -> Dict:
    enc = encode(sec)
    v = sec.version
    hdr = {"version": v,
           "endian": "big" if sec.endian_big else "little",
           "flags": sec.flags,
           "abi_arch": sec.abi,
           "cfa_fixed_fp_offset": sec.fixed_fp,
           "cfa_fixed_ra_offset": sec.fixed_ra_value,
           "auxhdr_len": len(sec.aux),
           "num_fdes": len(sec.fdes),
           "num_fres": sec.header.get("num_fres", sum(len(f.fres) for f in sec.fdes)),
           "fre_len": sec.header.get("fre_len", enc.fields["fresub"][1]),
           "fdeoff": sec.fdeoff_gap,
           "freoff": sec.fdeoff_gap + len(sec.fdes) * FDE_SIZE[v] + sec.fde_fre_gap}
    fdes: List[Dict] = []
    for i, f in enumerate(sec.fdes):
        fre_off = enc.fields[f"fde{i}.fre_off"][0]
        fdes.append({
            "func_start": f.start,
            "func_size": f.size,
            "fre_off": int.from_bytes(enc.data[fre_off:fre_off + 4],
                                      "big" if sec.endian_big else "little"),
            "num_fres": len(f.fres),
            "fre_type": fre_type_for(f),
            "pc_type": f.pc_type,
            "fde_type": f.fde_type if v == 3 else 0,
            "rep_size": f.rep_size if v >= 2 else 0,
            "pauth_key": f.pauth_key,
            "signal": f.signal if v == 3 else 0,
            "fres": [fre_json(sec, f, r) for r in f.fres]})
    return {"format": "sframe-canonical-1", "header": hdr, "fdes": fdes}

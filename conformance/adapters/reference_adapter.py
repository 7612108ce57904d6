#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reference adapter of the SFrame conformance suite (Python 3 standard
library only): a plain reader that shows the protocol end to end.

  reference_adapter.py [--stored] FILE

Accept: exit 0 and the canonical decode (README, "Canonical decode") with
the suite's readings of the open decisions.  Reject: exit 1 and
{"error": {"rule", "offset", "message"}} naming a catalogue id of
rules.json, for what a reader must refuse to decode: a short section, a bad
magic, version or ABI, sub-sections or FREs out of bounds, an undefined FRE
type, FDE type or data-word size, FRE counts that disagree, FRE starts that
do not increase, a MASK FDE without a repetition size.  It checks
nothing else; known-failures/reference-adapter.txt lists what the suite
expects beyond that.  --stored prints the stored layer only (for --compare
stored).
"""
import json
import sys

HEADER_SIZE = 28
FDE_SIZE = {1: 17, 2: 20, 3: 16}
ADDR_SIZE = {0: 1, 1: 2, 2: 4}
DW_SIZE = {0: 1, 1: 2, 2: 4}
SP = {1: 31, 2: 31, 3: 7, 4: 15}           # DWARF SP per ABI
FP = {1: 29, 2: 29, 3: 6, 4: 11}
AMD64, S390X = 3, 4
PCREL = 0x4


class Reject(Exception):
    def __init__(self, rule, offset, message):
        super().__init__(message)
        self.err = {"rule": rule, "offset": offset, "message": message}


class Reader:
    def __init__(self, data, big):
        self.data, self.order = data, "big" if big else "little"

    def get(self, off, width, signed=False, rule="fre-bounds"):
        if off < 0 or off + width > len(self.data):
            raise Reject(rule, off, f"{width} bytes at {off} past the section end")
        return int.from_bytes(self.data[off:off + width], self.order, signed=signed)


def header(data):
    if len(data) < HEADER_SIZE:
        raise Reject("section-too-small", 0, f"{len(data)} bytes")
    if data[:2] == b"\xde\xe2":
        big = True
    elif data[:2] == b"\xe2\xde":
        big = False
    else:
        raise Reject("magic", 0, "no SFrame magic")
    r = Reader(data, big)
    h = {"version": data[2], "endian": "big" if big else "little", "flags": data[3],
         "abi_arch": data[4], "cfa_fixed_fp_offset": r.get(5, 1, True),
         "cfa_fixed_ra_offset": r.get(6, 1, True), "auxhdr_len": data[7],
         "num_fdes": r.get(8, 4), "num_fres": r.get(12, 4), "fre_len": r.get(16, 4),
         "fdeoff": r.get(20, 4), "freoff": r.get(24, 4)}
    if h["version"] not in (1, 2, 3):
        raise Reject("version-unknown", 2, f"version {h['version']}")
    if h["abi_arch"] not in (1, 2, 3, 4) or (h["version"] == 1 and h["abi_arch"] == 4):
        raise Reject("abi-unknown", 4, f"ABI {h['abi_arch']}")
    return r, h


def rule(reg_p, deref_p, regnum, offset):
    out = {"kind": "expr", "reg_p": reg_p, "deref_p": deref_p, "offset": offset}
    if reg_p:
        out["regnum"] = regnum
    return out


def fixed_or_same(fixed):
    return rule(0, 1, 0, fixed) if fixed else {"kind": "same"}


def default_rules(h, fre, off):
    abi, ver = h["abi_arch"], h["version"]
    cfa = off[0] * 8 + 160 if abi == S390X else off[0]
    out = {"cfa": rule(1, 0, SP[abi] if fre["base_reg"] == "sp" else FP[abi], cfa)}
    fra, ffp = h["cfa_fixed_ra_offset"], h["cfa_fixed_fp_offset"]
    if abi == AMD64:
        out["ra"] = fixed_or_same(fra)
        out["fp"] = rule(0, 1, 0, off[1]) if len(off) > 1 else fixed_or_same(ffp)
    elif abi != S390X:
        out["ra"] = rule(0, 1, 0, off[1]) if len(off) > 1 else fixed_or_same(fra)
        out["fp"] = rule(0, 1, 0, off[2]) if len(off) > 2 else fixed_or_same(ffp)
    else:
        def save(v, is_ra):
            if is_ra and v == 0:
                return {"kind": "same"}
            if ver == 2 and v & 1:
                return rule(1, 0, v >> 1, 0)
            return rule(0, 1, 0, v)
        out["ra"] = save(off[1], True) if len(off) > 1 else {"kind": "same"}
        out["fp"] = save(off[2], False) if len(off) > 2 else {"kind": "same"}
    return out


def flex_rules(h, raw, off, at):
    padded = len(raw) in (3, 5) and (raw[2] == 0 or raw[-1] == 0)
    if len(raw) < 2 or len(raw) % 2 and not padded:
        raise Reject("flex-count", at, f"{len(raw)} data words in a flex FRE")
    cfa = off[1] * 8 + 160 if h["abi_arch"] == S390X else off[1]
    out = {"cfa": rule(raw[0] & 1, raw[0] >> 1 & 1, raw[0] >> 3, cfa),
           "ra": fixed_or_same(h["cfa_fixed_ra_offset"]),
           "fp": fixed_or_same(h["cfa_fixed_fp_offset"])}
    i = 2
    if len(raw) > i:
        if raw[i] == 0:
            i += 1
        else:
            out["ra"] = rule(raw[i] & 1, raw[i] >> 1 & 1, raw[i] >> 3, off[i + 1])
            i += 2
    if len(raw) > i + 1 and raw[i] != 0:
        out["fp"] = rule(raw[i] & 1, raw[i] >> 1 & 1, raw[i] >> 3, off[i + 1])
    return out


def decode(data, stored_only):
    r, h = header(data)
    v = h["version"]
    hdr_end = HEADER_SIZE + h["auxhdr_len"]
    fde_base, fre_base = hdr_end + h["fdeoff"], hdr_end + h["freoff"]
    if fde_base + h["num_fdes"] * FDE_SIZE[v] > len(data):
        raise Reject("fde-subsection-bounds", 8, "FDEs past the section end")
    if fre_base + h["fre_len"] > len(data):
        raise Reject("fre-subsection-bounds", 16, "FREs past the section end")
    fre_end = fre_base + h["fre_len"]
    fdes, total = [], 0
    for i in range(h["num_fdes"]):
        o = fde_base + i * FDE_SIZE[v]
        start = r.get(o, 8 if v == 3 else 4, True)
        if v >= 2 and h["flags"] & PCREL:
            start += o
        f = {"func_start": start, "func_size": r.get(o + (8 if v == 3 else 4), 4),
             "fre_off": r.get(o + (12 if v == 3 else 8), 4)}
        at = fre_base + f["fre_off"]
        if f["fre_off"] > h["fre_len"]:
            raise Reject("fde-fre-block-bounds", o + (12 if v == 3 else 8),
                         "FRE block past the FRE sub-section")
        if v == 3:
            if at + 5 > fre_end:
                raise Reject("fde-fre-block-bounds", o + 12, "FDE attribute out of bounds")
            nf, info, info2, rep = r.get(at, 2), data[at + 2], data[at + 3], data[at + 4]
            at += 5
        else:
            nf, info = r.get(o + 12, 4), data[o + 16]
            info2, rep = 0, data[o + 17] if v == 2 else 0
        fre_type, fde_type = info & 0xF, info2 & 0x1F
        if fre_type > 2:
            raise Reject("fde-fre-type", o + 16 if v < 3 else at - 3, f"FRE type {fre_type}")
        if fde_type > 1:
            raise Reject("fde-type-unknown", at - 2, f"FDE type {fde_type}")
        if v > 1 and info >> 4 & 1 and rep == 0 and nf:
            raise Reject("fde-mask-rep-size", o + 17 if v < 3 else at - 1,
                         "MASK FDE with rep_size 0: PC % 0")
        f.update(num_fres=nf, fre_type=fre_type, pc_type=info >> 4 & 1, fde_type=fde_type,
                 rep_size=rep, pauth_key=info >> 5 & 1, signal=info >> 7 & 1 if v == 3 else 0,
                 fres=[])
        for _ in range(nf):
            asz = ADDR_SIZE[fre_type]
            if at + asz + 1 > fre_end:
                raise Reject("fre-bounds", at, "FRE past the FRE sub-section")
            fi = data[at + asz]
            code, count = fi >> 5 & 3, fi >> 1 & 0xF
            if code == 3:
                raise Reject("fre-dataword-size", at + asz, "data-word size code 3")
            n = DW_SIZE[code]
            if at + asz + 1 + n * count > fre_end:
                raise Reject("fre-bounds", at, "FRE data words past the FRE sub-section")
            words = [r.get(at + asz + 1 + k * n, n) for k in range(count)]
            fre = {"start": r.get(at, asz), "base_reg": "sp" if fi & 1 else "fp",
                   "mangled_ra": fi >> 7, "dataword_size": n, "datawords": words}
            if not stored_only:
                off = [w - (1 << 8 * n) if w >> (8 * n - 1) else w for w in words]
                if not words:
                    fre.update(cfa={"kind": "undefined"}, ra={"kind": "undefined"},
                               fp={"kind": "undefined"})
                elif v == 3 and fde_type == 1:
                    fre.update(flex_rules(h, words, off, at + asz))
                else:
                    fre.update(default_rules(h, fre, off))
            if f["fres"] and fre["start"] <= f["fres"][-1]["start"]:
                raise Reject("fre-start-order", at, "FRE starts do not increase")
            f["fres"].append(fre)
            at += asz + 1 + n * count
        total += nf
        fdes.append(f)
    if total != h["num_fres"]:
        raise Reject("num-fres-mismatch", 12, f"FDEs hold {total} FREs")
    return {"format": "sframe-canonical-1", "header": h, "fdes": fdes}


def main(argv):
    args = [a for a in argv[1:] if a != "--stored"]
    if len(args) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(args[0], "rb") as fh:
        data = fh.read()
    try:
        out = decode(data, "--stored" in argv)
    except Reject as e:
        print(json.dumps({"error": e.err}))
        return 1
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Conformance adapter for `llvm-readobj --sframe` (LLVM 22; reads SFrame v2).

  llvm_readobj_adapter.py [--readobj PATH] FILE

Wraps the raw section FILE in a minimal ELF64 (e_machine from the SFrame
ABI byte, ELF byte order from the SFrame magic, one SHT_PROGBITS `.sframe`
at address 0), runs llvm-readobj on it and translates its dump into the
canonical JSON (conformance/README.md).
Verdict: reject (exit 1 + {"error": {"message": ...}} on stdout, the
runner's structured rejection) when llvm-readobj prints any warning/error or
exits non-zero; crash (exit 3) when it dies from a signal.
llvm-readobj prints offsets, not data words: the adapter rebuilds the data
words from the printed offsets in the ABI's order (CFA, [RA,] FP) and takes
every printed "X Offset: N" literally as X = *(CFA + N) (CFA = base + N).
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

EM = {1: 183, 2: 183, 3: 62, 4: 22}        # AArch64, AArch64, x86-64, S390
SP = {1: 31, 2: 31, 3: 7, 4: 15}
FP = {1: 29, 2: 29, 3: 6, 4: 11}


def wrap_elf(sec: bytes) -> bytes:
    big = len(sec) >= 1 and sec[0] == 0xDE
    e = ">" if big else "<"
    machine = EM.get(sec[4] if len(sec) > 4 else 3, 62)
    shstr = b"\0.sframe\0.shstrtab\0"
    off_sec = 64
    off_str = off_sec + len(sec)
    off_sh = (off_str + len(shstr) + 7) & ~7
    ident = b"\x7fELF" + bytes([2, 2 if big else 1, 1, 0]) + bytes(8)
    out = bytearray(ident + struct.pack(e + "HHIQQQIHHHHHH", 1, machine, 1, 0, 0, off_sh,
                                        0, 64, 0, 0, 64, 3, 2))
    out += sec + shstr
    out += bytes(off_sh - len(out))

    def sh(name, typ, flags, off, size, align):
        return struct.pack(e + "IIQQQQIIQQ", name, typ, flags, 0, off, size, 0, 0, align, 0)
    out += bytes(64) + sh(1, 1, 2, off_sec, len(sec), 8) + sh(9, 3, 0, off_str, len(shstr), 1)
    return bytes(out)


def num(s: str) -> int:
    m = re.search(r"\((0x[0-9a-fA-F]+)\)\s*$", s)
    if m:
        return int(m.group(1), 16)
    return int(s.split()[0], 0)


def expr(reg_p, deref_p, regnum, off):
    return {"kind": "expr", "reg_p": reg_p, "deref_p": deref_p, "regnum": regnum, "offset": off}


def fixed_or_same(v):
    return expr(0, 1, 0, v) if v != 0 else {"kind": "same"}


def translate(text: str, sec: bytes) -> dict:
    hdr, fdes, cur, fre = {}, [], None, None
    keys = {"Version": "version", "Flags": "flags", "ABI": "abi_arch",
            "CFA fixed FP offset": "cfa_fixed_fp_offset",
            "CFA fixed RA offset": "cfa_fixed_ra_offset",
            "Auxiliary header length": "auxhdr_len", "Num FDEs": "num_fdes",
            "Num FREs": "num_fres", "FRE subsection length": "fre_len",
            "FDE subsection offset": "fdeoff", "FRE subsection offset": "freoff"}
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("FuncDescEntry"):
            cur = {"fres": [], "pauth_key": 0, "rep_size": 0}
            fdes.append(cur)
            continue
        if s == "Frame Row Entry {":
            fre = {}
            cur["fres"].append(fre)
            continue
        m = re.match(r"Flags \[ \((0x[0-9a-fA-F]+)\)", s)
        if m and cur is None:
            hdr["flags"] = int(m.group(1), 16)
            continue
        if ":" not in s:
            continue
        k, v = (x.strip() for x in s.split(":", 1))
        k = re.sub(r" \(unused\)$", "", k)
        if cur is None:
            if k in keys:
                hdr[keys[k]] = num(v) if k in ("Version", "ABI", "Flags") \
                    else int(v.split()[0], 0)
            continue
        if fre is not None and k in ("Start Address", "Return Address Signed", "Offset Size",
                                     "Base Register", "CFA Offset", "RA Offset", "FP Offset"):
            fre[k] = v
        elif k == "PC":
            # The section is at address 0: PC - 0, as a signed 64-bit value.
            pc = int(v, 0) & ((1 << 64) - 1)
            cur["pc"] = pc - (1 << 64) if pc >> 63 else pc
        elif k == "Size":
            cur["func_size"] = int(v, 0)
        elif k == "Start FRE Offset":
            cur["fre_off"] = int(v, 0)
        elif k == "Num FREs":
            cur["num_fres"] = int(v, 0)
        elif k == "FRE Type":
            cur["fre_type"] = num(v)
        elif k == "FDE Type":
            cur["pc_type"] = num(v)
        elif k == "PAuth Key":
            cur["pauth_key"] = num(v)
        elif k == "Repetitive block size":
            cur["rep_size"] = int(v, 0)
    abi = hdr.get("abi_arch", 0)
    fixed_fp = hdr.get("cfa_fixed_fp_offset", 0)
    fixed_ra = hdr.get("cfa_fixed_ra_offset", 0)
    out_fdes = []
    for f in fdes:
        fres = []
        for r in f["fres"]:
            size = 1 << num(r["Offset Size"])
            mask = (1 << (8 * size)) - 1
            start = int(r["Start Address"], 0)
            if f["pc_type"] == 0:
                start = (start - f["pc"]) & ((1 << 64) - 1)
            base = "sp" if num(r["Base Register"]) == 1 else "fp"
            d = {"start": start, "base_reg": base,
                 "mangled_ra": 1 if r["Return Address Signed"] == "Yes" else 0,
                 "dataword_size": size}
            if "CFA Offset" not in r:
                d.update(datawords=[], cfa={"kind": "undefined"}, ra={"kind": "undefined"},
                         fp={"kind": "undefined"})
                fres.append(d)
                continue
            cfa = int(r["CFA Offset"])
            ra = int(r["RA Offset"]) if "RA Offset" in r else None
            fp = int(r["FP Offset"]) if "FP Offset" in r else None
            words = [cfa]
            if abi != 3 and (ra is not None or fp is not None):
                words.append(ra if ra is not None else 0)
            if fp is not None:
                words.append(fp)
            d["datawords"] = [w & mask for w in words]
            d["cfa"] = expr(1, 0, SP.get(abi, 0) if base == "sp" else FP.get(abi, 0), cfa)
            d["ra"] = expr(0, 1, 0, ra) if ra is not None else fixed_or_same(fixed_ra)
            d["fp"] = expr(0, 1, 0, fp) if fp is not None else fixed_or_same(fixed_fp)
            fres.append(d)
        out_fdes.append({"func_start": f["pc"], "func_size": f["func_size"],
                         "fre_off": f["fre_off"], "num_fres": f["num_fres"],
                         "fre_type": f["fre_type"], "pc_type": f["pc_type"], "fde_type": 0,
                         "rep_size": f["rep_size"], "pauth_key": f["pauth_key"], "signal": 0,
                         "fres": fres})
    hdr["endian"] = "big" if sec[:1] == b"\xde" else "little"
    return {"format": "sframe-canonical-1", "header": hdr, "fdes": out_fdes}


def main() -> int:
    args = sys.argv[1:]
    readobj = os.environ.get("LLVM_READOBJ", "llvm-readobj")
    if len(args) == 3 and args[0] == "--readobj":
        readobj, args = args[1], args[2:]
    if len(args) != 1:
        print("usage: llvm_readobj_adapter.py [--readobj PATH] FILE", file=sys.stderr)
        return 2
    with open(args[0], "rb") as fh:
        sec = fh.read()
    with tempfile.NamedTemporaryFile(suffix=".elf") as tmp:
        tmp.write(wrap_elf(sec))
        tmp.flush()
        p = subprocess.run([readobj, "--sframe=.sframe", tmp.name], capture_output=True,
                           text=True, errors="replace")
    if p.returncode < 0:
        print(f"llvm-readobj died with signal {-p.returncode}", file=sys.stderr)
        return 3
    if p.returncode != 0 or re.search(r"\b(warning|error):", p.stderr):
        sys.stderr.write(p.stderr)
        first = next((ln for ln in p.stderr.splitlines() if ln.strip()),
                     f"llvm-readobj exit {p.returncode}")
        print(json.dumps({"error": {"message": first.strip()[:300]}}))
        return 1
    try:
        print(json.dumps(translate(p.stdout, sec)))
    except (KeyError, ValueError) as e:
        print(f"cannot parse llvm-readobj output: {e!r}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Linux kernel's SFrame reader as a cited model (our own code): what
kernel/unwind/sframe.c of the unwind_user/sframe series accepts, fact by
fact, as docs/CONSUMERS.md lists them (K1..K18, each with its file and
commit), in each public revision read: S1 (dylanbhatch/linux 3231d5c5) and
S4 (linux-mm/linux-mm 5ce6138798d7).  No Debian package ships that reader,
so it cannot be measured; this model stands in for it in tests/consumers
(conformance adapter protocol: exit 0 = every revision would use the
section for every PC it describes, exit 1 = some revision would not, exit
3 = some revision would oops).

  kernel_model.py [--revision=S1|S4] FILE

--revision models one revision alone (what gen/kernel_cases.py KERNEL
records per revision); without it the verdict is the worst of all.

The model is of the reader with CONFIG_SFRAME_VALIDATION (every FDE and
FRE is read when the section is registered) plus what a lookup then does
(K14, K15).  The text range the kernel checks FDEs against (K8, K18) is
not known for a raw section: every function less than 2^47 bytes (the
user address space) from the section is taken to be inside it.
"""
import struct
import sys

HDR = 28          # sizeof(struct sframe_header)
FDE = 16          # sizeof(struct sframe_fde_v3)
FDA = 5           # sizeof(struct sframe_fda_v3)
BASE = 0x7f0000000000   # where the model "maps" the section


class Reject(Exception):
    pass


class Oops(Exception):
    pass


def host_order(sec):
    """K1: the kernel reads the section in its own byte order, that of the
    ABI it runs (AArch64 big-endian and s390x are big-endian hosts)."""
    abi = sec[4] if len(sec) > 4 else 3
    return ">" if abi in (1, 4) else "<"


REVISIONS = ("S1", "S4")


def check(sec, rev):
    e = host_order(sec)
    n = len(sec)
    if n < HDR:
        raise Reject("K6: header does not fit in the section")
    magic, version, flags = struct.unpack_from(e + "HBB", sec, 0)
    fixed_fp, fixed_ra, aux = struct.unpack_from(e + "bbB", sec, 5)
    num_fdes, num_fres, fre_len, fdeoff, freoff = struct.unpack_from(e + "5I", sec, 8)
    if magic != 0xDEE2:
        raise Reject("K1: magic not 0xdee2 in the kernel's byte order")
    if version != 3:
        raise Reject(f"K2: version {version}, only 3 is read")
    if not flags & 0x1:
        raise Reject("K3: SFRAME_F_FDE_SORTED not set")
    if not flags & 0x4:
        raise Reject("K3: SFRAME_F_FDE_FUNC_START_PCREL not set")
    if aux:
        raise Reject("K4: auxiliary header present")
    if not num_fdes or not num_fres:
        raise Reject("K5: no FDEs or no FREs")
    header_end = HDR + aux
    if header_end >= n:
        raise Reject("K6: header doesn't fit in section")
    fdes_start = header_end + fdeoff
    fdes_end = fdes_start + num_fdes * FDE
    fres_start = header_end + freoff
    fres_end = fres_start + fre_len
    if fres_start < fdes_end or fres_end > n:
        raise Reject("K7: inconsistent FDE/FRE offsets")
    prev_ip = 0
    lookups = []
    for i in range(num_fdes):
        fde_addr = fdes_start + i * FDE
        start, size, fres_off = struct.unpack_from(e + "qII", sec, fde_addr)
        # K8: PC-relative, in unsigned long arithmetic, inside the
        # registered text.  That range is not known for a raw section: the
        # model takes any start less than 2^47 bytes (the user address
        # space) from the section to be inside.
        if abs(fde_addr + start) >= 1 << 47:
            raise Reject(f"K8: FDE {i} function start outside any user-space text")
        if rev == "S4" and fde_addr + start + size > 1 << 47:
            raise Reject(f"K18: FDE {i} function end past any user-space text")
        func_addr = (BASE + fde_addr + start) % (1 << 64)
        fda = fres_start + fres_off
        if fda + FDA > fres_end:
            raise Reject(f"K9: FDE {i} attribute past the FRE sub-section")
        fres_num, info, info2, rep = struct.unpack_from(e + "HBBB", sec, fda)
        if func_addr <= prev_ip:
            raise Reject(f"K10: FDE {i} not sorted (strictly ascending starts)")
        prev_ip = func_addr
        fre_type, pc_mask, fde_type = info & 0xF, (info >> 4) & 1, info2 & 0x1F
        if rev == "S4" and pc_mask and rep == 0:
            raise Reject(f"K15: FDE {i} is PC-type MASK with rep_size 0")
        if rev == "S4" and fres_num > size:
            raise Reject(f"K17: FDE {i} has {fres_num} FREs for {size} function bytes")
        addr = fda + FDA
        prev = None
        for j in range(fres_num):
            asz = {0: 1, 1: 2, 2: 4}.get(fre_type)
            if asz is None:
                raise Reject(f"K11: FDE {i} FRE type {fre_type}")
            if addr + asz + 1 > fres_end:
                raise Reject(f"K12: FDE {i} FRE {j} start/info past the FRE sub-section")
            ip_off = int.from_bytes(sec[addr:addr + asz], "big" if e == ">" else "little")
            if not pc_mask and (ip_off >= size if rev == "S4" else ip_off > size):
                raise Reject(f"K11: FDE {i} FRE {j} starts at or past the function end")
            if rev == "S4" and pc_mask and ip_off >= rep:
                raise Reject(f"K11: FDE {i} FRE {j} starts outside the repetition block")
            finfo = sec[addr + asz]
            count, dcode = (finfo >> 1) & 0xF, (finfo >> 5) & 3
            if dcode > 2:
                raise Reject(f"K11: FDE {i} FRE {j} data-word size code 3")
            dsz = 1 << dcode
            cur = addr + asz + 1
            if cur + count * dsz > fres_end:
                raise Reject(f"K12: FDE {i} FRE {j} data words past the FRE sub-section")
            words = [int.from_bytes(sec[cur + k * dsz:cur + (k + 1) * dsz],
                                    "big" if e == ">" else "little") for k in range(count)]
            datawords(i, j, fde_type, words, fixed_ra, fixed_fp)
            if prev is not None and ip_off <= prev:
                raise Reject(f"K13: FDE {i} FRE {j} not after FRE {j - 1}")
            prev = ip_off
            addr = cur + count * dsz
            if fde_type == 1 and count and not words[0] & 1:
                lookups.append(f"K14: FDE {i} FRE {j} flex CFA control word without reg_p")
            if rev == "S4" and fde_type == 1 and count and reserved_bit(words):
                lookups.append(f"K14: FDE {i} FRE {j} flex control word with reserved bit 2")
        if pc_mask and rep == 0 and fres_num:
            raise Oops(f"K15: FDE {i} is PC-type MASK with rep_size 0: ip_off %= 0")
    if lookups:
        raise Reject(lookups[0])


def reserved_bit(words):
    """K14 (S4): a flex FRE's CFA, RA or FP control word with bit 2 set
    fails the lookup (a zero padding word stands for no control word).
    Called on FREs datawords() accepted."""
    ctls = [words[0]]
    k = 2
    for _ in ("ra", "fp"):
        if len(words) - k >= 2:
            ctls.append(words[k])
            k += 2 if words[k] else 1
    return any(c & 4 for c in ctls)


def datawords(i, j, fde_type, words, fixed_ra, fixed_fp):
    """K11: data words per FDE type; leftover words are a fault."""
    n = len(words)
    if n == 0:
        return                      # outermost frame
    if fde_type == 0:
        n -= 1                      # CFA
        if not fixed_ra and n:
            n -= 1
        if not fixed_fp and n:
            n -= 1
    elif fde_type == 1:
        if n < 2:
            raise Reject(f"K11: FDE {i} FRE {j} flex FRE with {n} data words")
        n -= 2
        k = 2
        for _ in ("ra", "fp"):
            if n >= 2:
                ctl = words[k]
                n -= 1
                k += 1
                if ctl:
                    n -= 1
                    k += 1
    else:
        raise Reject(f"K11: FDE {i} FRE {j} FDE type {fde_type}")
    if n:
        raise Reject(f"K11: FDE {i} FRE {j} {n} data words left over")


def verdict(sec, rev):
    """(exit status, message) of one revision: 0 accept, 1 reject, 3 oops."""
    try:
        check(sec, rev)
    except Reject as r:
        return 1, f"kernel {rev}: {r}"
    except Oops as o:
        return 3, f"kernel {rev}: oops: {o}"
    return 0, ""


def main():
    args = sys.argv[1:]
    revs = REVISIONS
    if args and args[0].startswith("--revision="):
        revs = (args.pop(0).split("=", 1)[1],)
    if len(args) != 1 or not set(revs) <= set(REVISIONS):
        print("usage: kernel_model.py [--revision=S1|S4] FILE", file=sys.stderr)
        return 2
    with open(args[0], "rb") as fh:
        sec = fh.read()
    worst = max((verdict(sec, r) for r in revs), key=lambda v: (v[0], v[1]))
    if worst[0]:
        print(worst[1], file=sys.stderr)
        return worst[0]
    print('{"model": "kernel"}')
    return 0


if __name__ == "__main__":
    sys.exit(main())

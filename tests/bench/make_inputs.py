"""Synthetic and adversarial SFrame sections for `make bench` (amd64, LE).

    make_inputs.py OUTDIR [SCALE]

SCALE (default 1.0) multiplies every size (tests of this script use small
scales).  Writes raw sections (vma 0; function starts resolve to positive
section-relative addresses) and OUTDIR/inputs.tsv (file, kind, note):

  synth-v3-64M, synth-v2-64M   typical code: functions of 16..4 KiB, 1..10
                               FREs each, FRE type by function size, 1-2
                               data words of 1 or 2 bytes; sorted, PC-relative
  synth-v3-{16K,256K,4M,16M}   the same generator at other sizes (the
                               throughput-vs-size chart)
  synth-v3-200k                200000 FDEs of 64 bytes, 4 FREs each (lookup
                               O(log n))
  adv-shared-blocks            every FDE points at the same FRE block: one
                               error per FDE (fde-fre-block-overlap)
  adv-unsorted                 typical content with the FDE index shuffled and
                               the sorted flag clear: the sort/sweep paths
  adv-all-types                every FRE type (addr1/2/4) and data-word size
                               (1/2/4 bytes), 1 and 2 data words
  adv-diags                    typical layout, every FRE's CFA offset odd: one
                               error per FRE (hundreds of thousands)
Deterministic (fixed seed): the same bytes on every machine.
"""
import os
import random
import struct
import sys

HDR = 28
MB = 1 << 20
BASE = 0x100000  # section-relative start of the first function


def fre_type_for(size):
    return 0 if size < 0x100 else 1 if size < 0x10000 else 2


def fre_bytes(ftype, start, base_sp, words, wsize):
    code = {1: 0, 2: 1, 4: 2}[wsize]
    info = (base_sp & 1) | (len(words) << 1) | (code << 5)
    b = start.to_bytes({0: 1, 1: 2, 2: 4}[ftype], "little") + bytes([info])
    for w in words:
        b += w.to_bytes(wsize, "little", signed=True)
    return b


def typical_block(rng, size, bad_cfa=False):
    """FREs of one function: (num_fres, fre_type, bytes)."""
    ftype = fre_type_for(size)
    n = rng.randint(1, min(10, size))
    starts = sorted(rng.sample(range(1, size), n - 1)) if n > 1 else []
    starts = [0] + starts
    out = b""
    for k, s in enumerate(starts):
        cfa = 8 * (1 + min(k, 6)) + (1 if bad_cfa else 0)
        if k % 3 == 2:  # frame set up: CFA from FP, FP saved at CFA-16
            out += fre_bytes(ftype, s, 0, [16 + (1 if bad_cfa else 0), -16], 1)
        else:
            out += fre_bytes(ftype, s, 1, [cfa], 1 if cfa < 128 else 2)
    return n, ftype, out


def templates(rng, count, bad_cfa=False, sizes=None):
    t = []
    for _ in range(count):
        size = rng.choice(sizes) if sizes else int(rng.lognormvariate(5.0, 1.0)) % 4096 + 16
        n, ftype, blk = typical_block(rng, size, bad_cfa)
        t.append((size, n, ftype, blk))
    return t


def section(version, fdes, pcrel=True, sorted_flag=True, shared=False):
    """fdes: list of (start, size, num_fres, info, rep, block bytes)."""
    fsz = 16 if version == 3 else 20
    n = len(fdes)
    flags = (1 if sorted_flag else 0) | (4 if pcrel else 0)
    idx, fre = bytearray(), bytearray()
    num_fres = 0
    for i, (start, size, nf, info, rep, blk) in enumerate(fdes):
        off = 0 if (shared and i > 0) else len(fre)
        if not (shared and i > 0):
            if version == 3:
                fre += struct.pack("<HBBB", nf, info, 0, rep)
            fre += blk
        num_fres += nf
        raw = start - (HDR + i * fsz) if pcrel else start
        if version == 3:
            idx += struct.pack("<qII", raw, size, off)
        else:
            idx += struct.pack("<iIIIBBH", raw, size, off, nf, info, rep, 0)
    hdr = struct.pack("<HBBBbbBIIIII", 0xdee2, version, flags, 3, 0, -8, 0, n,
                      num_fres, len(fre), 0, len(idx))
    return hdr + bytes(idx) + bytes(fre)


def typical(rng, version, target, bad_cfa=False):
    tmpl = templates(rng, 256, bad_cfa)
    per = sum((16 if version == 3 else 20) + (5 if version == 3 else 0) + len(b)
              for _, _, _, b in tmpl) / len(tmpl)
    n = max(1, int(target / per))
    fdes, pc = [], BASE
    for i in range(n):
        size, nf, ftype, blk = tmpl[(i * 7919) % len(tmpl)]
        fdes.append((pc, size, nf, ftype, 0, blk))
        pc += size + (16 - size % 16) % 16
    return fdes


def main():
    out = sys.argv[1]
    scale = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    os.makedirs(out, exist_ok=True)
    rows = []

    def write(name, data, kind, note):
        with open(os.path.join(out, name + ".sframe"), "wb") as fh:
            fh.write(data)
        rows.append((name + ".sframe", kind, note))

    for ver in (3, 2):
        rng = random.Random(11 + ver)
        write("synth-v%d-64M" % ver, section(ver, typical(rng, ver, 64 * MB * scale)),
              "synthetic", "typical code, sorted, PC-relative")
    for label, size in (("16K", 16 << 10), ("256K", 256 << 10), ("4M", 4 * MB),
                        ("16M", 16 * MB)):
        rng = random.Random(7)
        write("synth-v3-" + label, section(3, typical(rng, 3, size * scale)),
              "synthetic", "typical code, sorted, PC-relative")

    # 200000 FDEs of 64 bytes, 4 FREs each (the previous big.sframe).
    blk = b"".join(struct.pack("<BBb", s, (1 << 1) | 1, c)
                   for s, c in ((0, 8), (1, 16), (4, 24), (60, 8)))
    n200 = max(2, int(200000 * scale))
    write("synth-v3-200k", section(3, [(BASE + 64 * i, 64, 4, 0, 0, blk)
                                       for i in range(n200)]),
          "synthetic", "%d FDEs, 4 FREs each" % n200)

    rng = random.Random(5)
    fdes = typical(rng, 3, 16 * MB * scale)
    shared = [(s, z, fdes[0][2], fdes[0][3], 0, fdes[0][5]) for s, z, *_ in fdes]
    write("adv-shared-blocks", section(3, shared, shared=True), "adversarial",
          "%d FDEs sharing one FRE block" % len(shared))
    # Unsorted: same FDEs, index order shuffled, FRE blocks kept in the
    # original order (so fre_off is not ascending either).
    order = list(range(len(fdes)))
    rng.shuffle(order)
    data = bytearray(section(3, fdes, sorted_flag=False))
    nf = len(fdes)
    entries = [data[HDR + 16 * i: HDR + 16 * i + 16] for i in range(nf)]
    for new, old in enumerate(order):
        start, size, off = struct.unpack("<qII", entries[old])
        start = start + (HDR + 16 * old) - (HDR + 16 * new)  # keep resolved start
        data[HDR + 16 * new: HDR + 16 * new + 16] = struct.pack("<qII", start, size, off)
    write("adv-unsorted", bytes(data), "adversarial",
          "%d FDEs in shuffled order, sorted flag clear" % nf)

    # Every FRE type and data-word size.
    fdes, pc = [], BASE
    n = max(3, int(16 * MB * scale / 60))
    for i in range(n):
        ftype = i % 3
        size = (0x80, 0x800, 0x10800)[ftype]
        wsize = (1, 2, 4)[(i // 3) % 3]
        blk = (fre_bytes(ftype, 0, 1, [8], wsize) +
               fre_bytes(ftype, 1, 1, [16], wsize) +
               fre_bytes(ftype, 4, 0, [16, -16], wsize) +
               fre_bytes(ftype, size - 1, 1, [8], wsize))
        fdes.append((pc, size, 4, ftype, 0, blk))
        pc += size
    write("adv-all-types", section(3, fdes), "adversarial",
          "FRE types addr1/2/4 x data words of 1/2/4 bytes")

    rng = random.Random(9)
    write("adv-diags", section(3, typical(rng, 3, 16 * MB * scale, bad_cfa=True)),
          "adversarial", "every FRE's CFA offset odd: one error per FRE")

    with open(os.path.join(out, "inputs.tsv"), "w") as fh:
        for r in rows:
            fh.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()

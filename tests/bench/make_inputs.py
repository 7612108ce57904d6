# SPDX-License-Identifier: MIT
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
                               finding (warning fre-cfa-offset) per FRE (millions)
Deterministic (fixed seed): the same bytes on every machine.  The bytes
come from gen/encoder.py (the project's one SFrame encoder); this script
only describes the sections (gen/model.py).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "gen"))
# pylint: disable=wrong-import-position
import encoder  # noqa: E402  (gen/encoder.py: the one SFrame encoder)
from model import (ABI_AMD64_LE, ADDR_SIZE, BASE_FP, BASE_SP, F_FDE_SORTED,  # noqa: E402
                   F_FDE_FUNC_START_PCREL, FDE, FDE_SIZE, FRE, FRE_ADDR1,
                   FRE_ADDR2, FRE_ADDR4, Section)

MB = 1 << 20
BASE = 0x100000  # section-relative start of the first function


def fre_type_for(size):
    return FRE_ADDR1 if size < 0x100 else FRE_ADDR2 if size < 0x10000 else FRE_ADDR4


def typical_fres(rng, size, bad_cfa=False):
    """FREs of one function of `size` bytes (a template: FDEs share it)."""
    n = rng.randint(1, min(10, size))
    starts = [0] + (sorted(rng.sample(range(1, size), n - 1)) if n > 1 else [])
    fres = []
    for k, s in enumerate(starts):
        cfa = 8 * (1 + min(k, 6)) + (1 if bad_cfa else 0)
        if k % 3 == 2:  # frame set up: CFA from FP, FP saved at CFA-16
            fres.append(FRE(s, [16 + (1 if bad_cfa else 0), -16], BASE_FP, dw_size=1))
        else:
            fres.append(FRE(s, [cfa], BASE_SP, dw_size=1 if cfa < 128 else 2))
    return fres


def fre_len(fre, ftype):
    return ADDR_SIZE[ftype] + 1 + fre.dw_size * len(fre.words)


def templates(rng, count, bad_cfa=False):
    t = []
    for _ in range(count):
        size = int(rng.lognormvariate(5.0, 1.0)) % 4096 + 16
        t.append((size, typical_fres(rng, size, bad_cfa)))
    return t


def typical(rng, version, target, bad_cfa=False):
    """FDEs of typical code filling about `target` bytes: 256 templates of
    sizes 16..4 KiB, laid out back to back (16-byte aligned)."""
    tmpl = templates(rng, 256, bad_cfa)
    per = sum(FDE_SIZE[version] + (5 if version == 3 else 0) +
              sum(fre_len(r, fre_type_for(size)) for r in fres)
              for size, fres in tmpl) / len(tmpl)
    n = max(1, int(target / per))
    fdes, pc = [], BASE
    for i in range(n):
        size, fres = tmpl[(i * 7919) % len(tmpl)]
        fdes.append(FDE(pc, size, fres, fre_type=fre_type_for(size)))
        pc += size + (16 - size % 16) % 16
    return fdes


def section(version, fdes, sorted_flag=True, **kw):
    """amd64 little-endian, PC-relative starts, encoded by gen/encoder.py."""
    flags = F_FDE_FUNC_START_PCREL | (F_FDE_SORTED if sorted_flag else 0)
    sec = Section(version, ABI_AMD64_LE, fdes, flags=flags, **kw)
    return encoder.encode(sec, record_fields=False).data


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
    fres = [FRE(st, [c], BASE_SP, dw_size=1)
            for st, c in ((0, 8), (1, 16), (4, 24), (60, 8))]
    n200 = max(2, int(200000 * scale))
    write("synth-v3-200k", section(3, [FDE(BASE + 64 * i, 64, fres, fre_type=FRE_ADDR1)
                                       for i in range(n200)]),
          "synthetic", "%d FDEs, 4 FREs each" % n200)

    rng = random.Random(5)
    fdes = typical(rng, 3, 16 * MB * scale)
    shared = [FDE(f.start, f.size, fdes[0].fres, fre_type=fdes[0].fre_type) for f in fdes]
    write("adv-shared-blocks",
          section(3, shared, share_block={i: 0 for i in range(1, len(shared))}),
          "adversarial", "%d FDEs sharing one FRE block" % len(shared))
    # Unsorted: same FDEs, index order shuffled, FRE blocks kept in the
    # original order (so fre_off is not ascending either).
    order = list(range(len(fdes)))
    rng.shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    write("adv-unsorted",
          section(3, [fdes[old] for old in order], sorted_flag=False,
                  block_order=[where[old] for old in range(len(fdes))]),
          "adversarial", "%d FDEs in shuffled order, sorted flag clear" % len(fdes))

    # Every FRE type and data-word size.
    fdes, pc = [], BASE
    n = max(3, int(16 * MB * scale / 60))
    for i in range(n):
        ftype = (FRE_ADDR1, FRE_ADDR2, FRE_ADDR4)[i % 3]
        size = (0x80, 0x800, 0x10800)[i % 3]
        wsize = (1, 2, 4)[(i // 3) % 3]
        fres = [FRE(0, [8], BASE_SP, dw_size=wsize), FRE(1, [16], BASE_SP, dw_size=wsize),
                FRE(4, [16, -16], BASE_FP, dw_size=wsize),
                FRE(size - 1, [8], BASE_SP, dw_size=wsize)]
        fdes.append(FDE(pc, size, fres, fre_type=ftype))
        pc += size
    write("adv-all-types", section(3, fdes), "adversarial",
          "FRE types addr1/2/4 x data words of 1/2/4 bytes")

    rng = random.Random(9)
    write("adv-diags", section(3, typical(rng, 3, 16 * MB * scale, bad_cfa=True)),
          "adversarial", "every FRE's CFA offset odd: one warning per FRE")

    with open(os.path.join(out, "inputs.tsv"), "w") as fh:
        for r in rows:
            fh.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()

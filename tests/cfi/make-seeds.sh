#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cfi/make-seeds.sh [CORPUS_DIR] - writes corpus/cfi/ (fuzz/fuzz_cfi.c
# seeds) from the real-toolchain corpus (build/realworld): raw .eh_frame
# sections of small files of every toolchain and architecture, and "SFCF"
# pairs (u32 LE .eh_frame length, .eh_frame, .sframe) of the same files.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RW=${1:-$ROOT/build/realworld}
OUT=$ROOT/corpus/cfi
mkdir -p "$OUT"
/usr/bin/python3 - "$RW" "$OUT" <<'PY'
import pathlib, struct, sys
rw, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

def sections(path):
    d = path.read_bytes()
    if d[:4] != b"\x7fELF":
        return {}
    is64, be = d[4] == 2, d[5] == 2
    e = ">" if be else "<"
    if is64:
        shoff, = struct.unpack_from(e + "Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 0x3A)
        fmt = e + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(e + "I", d, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 0x2E)
        fmt = e + "IIIIIIIIII"
    hdrs = [struct.unpack_from(fmt, d, shoff + i * shentsize) for i in range(shnum)]
    stro = hdrs[shstrndx][4]
    res = {}
    for h in hdrs:
        name = d[stro + h[0]:d.index(b"\0", stro + h[0])].decode()
        res[name] = d[h[4]:h[4] + h[5]]
    return res

n = 0
for pat in ["*/*-plain/O2/libdemo.so", "*/*-pac-ret/O2/libdemo.so", "*/*-plain/O0/obj/demo_lib.o"]:
    for f in sorted(rw.glob(pat)):
        s = sections(f)
        if ".eh_frame" not in s or ".sframe" not in s:
            continue
        name = str(f.relative_to(rw)).replace("/", "_")
        (out / (name + ".eh_frame")).write_bytes(s[".eh_frame"])
        eh, sf = s[".eh_frame"], s[".sframe"]
        (out / (name + ".pair")).write_bytes(b"SFCF" + struct.pack("<I", len(eh)) + eh + sf)
        n += 2
print(n, "seeds in", out)
PY

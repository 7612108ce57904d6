"""Writes a large valid SFrame v3 (amd64, little-endian) section for
`make bench`: 200000 FDEs of 64 bytes, 4 FREs each, sorted, PC-relative."""
import struct
import sys

N, FRES = 200000, 4
HDR, IDX = 28, 16
block = struct.pack("<HBBB", FRES, 0, 0, 0)  # attr: num_fres, info (addr1), info2, rep
for start, cfa in ((0, 8), (1, 16), (4, 24), (60, 8)):
    block += struct.pack("<BBb", start, (1 << 1) | 1, cfa)  # 1 data word, SP base
fre_len = len(block) * N
fdes = bytearray()
for i in range(N):
    field = HDR + i * IDX
    fdes += struct.pack("<qII", 0x100000 + 64 * i - field, 64, i * len(block))
hdr = struct.pack("<HBBBbbBIIIII", 0xdee2, 3, 0x5, 3, 0, -8, 0, N, N * FRES,
                  fre_len, 0, N * IDX)
with open(sys.argv[1], "wb") as fh:
    fh.write(hdr + bytes(fdes) + block * N)

"""Writes a large valid SFrame v3 (amd64, little-endian) section for
`make bench`: 200000 FDEs of 64 bytes, 4 FREs each, sorted, PC-relative.
The bytes come from the project's one SFrame encoder, gen/encoder.py."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "gen"))
from encoder import encode  # noqa: E402
from model import (ABI_AMD64_LE, F_FDE_FUNC_START_PCREL, F_FDE_SORTED, FDE,  # noqa: E402
                   FRE, Section)

N, SIZE = 200000, 64
# One FRE list shared by every FDE (the encoder only reads it): SP-based CFA.
FRES = [FRE(start, [cfa], dw_size=1) for start, cfa in ((0, 8), (1, 16), (4, 24), (60, 8))]
sec = Section(version=3, abi=ABI_AMD64_LE, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL,
              fdes=[FDE(start=0x100000 + SIZE * i, size=SIZE, fres=FRES, fre_type=0)
                    for i in range(N)])
with open(sys.argv[1], "wb") as fh:
    fh.write(encode(sec, record_fields=False).data)

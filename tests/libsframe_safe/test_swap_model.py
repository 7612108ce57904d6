# SPDX-License-Identifier: MIT
"""One byte-swap model (src/fmt/dump_swap.c, fmt_dump_swap), two users:
--dump's check asks it whether objdump's swap of a foreign-endian section
succeeds, without swapping; the drop-in swaps its copy in place with it
(src/compat/swap.c).  On every foreign-endian input of the fuzzing corpus,
at each ABI's layout (2.47, 2.44, 2.40), where --dump dumps the section as
it stands the drop-in's swap must succeed and the swapped copy must dump
to the same text (tests/libsframe_safe/swap_agree.c); a verdict that
answered otherwise than the swap does fails here."""
import re
import subprocess

import pytest

import safe_support as ss

WALK = ss.SAFE / "walk"
COUNTS = re.compile(r"(\d+) foreign-endian, (\d+) dumped by --dump's check, "
                    r"(\d+) swapped by the drop-in, (\d+) disagreements")


@pytest.fixture(scope="module")
def tools():
    subprocess.run(["make", "-C", str(ss.ROOT), "--no-print-directory", "-s",
                    "libsframe-safe-swap-agree"], check=True)
    return WALK


def foreign_inputs():
    """Every corpus file starting with the big-endian magic (the test host
    is little-endian, as the stock Debian libraries it runs are)."""
    out = []
    for p in sorted((ss.ROOT / "corpus").rglob("*")):
        if p.is_file():
            with open(p, "rb") as f:
                if f.read(2) == b"\xde\xe2":
                    out.append(str(p))
    return out


@pytest.mark.parametrize("abi", [3, 1, 0])
def test_dump_check_and_dropin_swap_agree(tools, abi):
    files = foreign_inputs()
    assert len(files) > 1000, "the corpus lost its foreign-endian inputs"
    p = subprocess.run([str(tools / f"swap_agree{abi}")] + files, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-1000:]
    m = COUNTS.search(p.stdout)
    assert m, p.stdout[-500:]
    foreign, dumped, swapped, bad = map(int, m.groups())
    assert foreign == len(files) and bad == 0
    # Both sides must have work to agree on: sections --dump dumps after a
    # swap, and (shared FRE blocks, which --dump refuses) more the drop-in
    # swaps.
    assert 0 < dumped < swapped, p.stdout[-500:]

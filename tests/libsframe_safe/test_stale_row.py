# SPDX-License-Identifier: MIT
"""dump_sframe of a function whose first FRE the stock library refuses
(data-word size code 3, which its sanity check refuses), against trixie's 2.44
(api_walk.c's dump, which prints that dump's text).

2.44's dump_sframe_func_with_fres fills one local row entry, at the same
stack address for each function, only where sframe_decoder_get_fre hands
an FRE out, and prints it for every FRE.  So the refused first FRE of a
function prints the last row an earlier function filled, its start at
this function's pc (or, PC-mask, the start alone); before any function
filled it, the entry holds what earlier calls left on the stack (stack
addresses in this walker: a different text on each run), and the drop-in
refuses the dump (src/fmt/dump_check.c)."""
import pytest

import safe_support as ss
from sframe_builder import ABI_AARCH64_BE, ABI_AMD64, F_SORTED, Fde, build, fde_info, fre_info
from test_api import walk, walkers  # noqa: F401  (the fixture)

SANE = [(0, fre_info(1, 1, 0), [8]), (2, fre_info(0, 2, 1), [16, -300])]
REFUSED = (0, fre_info(1, 4, 3), [0x01020304])   # size code 3: 4 bytes, refused


def stale_cases(version=2):
    """(name, section): a function with rows, then one whose first FRE is
    refused (PC-increment and PC-mask), also after a function without FREs;
    both byte orders; SFrame version `version`."""
    out = []
    for big_endian, abi in ((False, ABI_AMD64), (True, ABI_AARCH64_BE)):
        e = "be" if big_endian else "le"
        for mask in (0, 1):
            refused = Fde(0x80, 20, [REFUSED] + SANE[1:], info=fde_info(pc_mask=mask), rep=16)
            out.append((f"after-rows-mask{mask}-{e}",
                        build(version, [Fde(0x40, 20, SANE), refused], abi=abi, flags=F_SORTED,
                              fixed_ra=-8 if abi == ABI_AMD64 else 0, big_endian=big_endian)))
            out.append((f"after-empty-mask{mask}-{e}",
                        build(version, [Fde(0x20, 8, SANE), Fde(0x40, 20, []), refused], abi=abi,
                              flags=F_SORTED, big_endian=big_endian)))
    return out


def rows(out):
    """The dump's FRE rows (lines starting with a 16-digit address)."""
    return [ln for ln in out.split(b"\n") if ln.startswith(b"    0000")]


@pytest.mark.parametrize("abi,version", [(1, 2), (0, 1)])
def test_refused_first_fre_prints_the_last_row(walkers, tmp_path, abi, version):  # noqa: F811
    """ABI 1 (v2 sections) and ABI 0 (v1, all 2.40 reads): the drop-in
    prints 2.44's and 2.40's dump of each case byte for byte, the refused
    first FRE as the previous function's last row at this function's pc
    (both keep one row entry across functions)."""
    diffs = []
    for name, data in stale_cases(version):
        f = tmp_path / f"{name}.sframe"
        f.write_bytes(data)
        stock = walk(f"walk_stock{abi}", f)
        assert stock.returncode == 0, (name, stock.stderr[-300:])
        mine = walk(f"walk_safe{abi}", f)
        # the refused FRE's row: the last row before it again, another pc
        r = rows(stock.stdout)
        at = len(SANE)
        assert r[at][20:] == r[at - 1][20:] and r[at][:20] != r[at - 1][:20], (name, r)
        if (mine.returncode, mine.stdout) != (0, stock.stdout):
            diffs.append(f"{name}:\n--- stock\n{stock.stdout.decode()[-600:]}\n"
                         f"--- drop-in\n{mine.stdout.decode()[-600:]}{mine.stderr.decode()[-200:]}")
    assert not diffs, f"{len(diffs)} differ:\n" + "\n".join(diffs[:2])


@pytest.mark.parametrize("abi", sorted(ss.ABIS))
def test_refused_first_fre_of_the_first_rows_is_not_dumped(walkers, tmp_path, abi):  # noqa: F811
    """A refused first FRE before any row was filled (every ABI), or after
    one at ABI 3 (2.47's dump fills its row entry elsewhere): the drop-in
    prints nothing after the dump's title, where stock prints stack bytes
    (ABI 1: a different text on some of 4 runs); its answers before the
    dump are stock's."""
    cases = [("first", build(2, [Fde(0x80, 20, [REFUSED] + SANE[1:]), Fde(0xa0, 20, SANE)],
                             flags=F_SORTED))]
    if abi == 3:
        cases += stale_cases()[:1]
    for name, data in cases:
        f = tmp_path / f"{name}.sframe"
        f.write_bytes(data)
        mine = walk(f"walk_safe{abi}", f)
        stock = walk(f"walk_stock{abi}", f)
        if abi == 0:
            assert mine.stdout.startswith(b"decode error")     # 2.40: v1 only
            continue
        assert b"Header :" not in mine.stdout and b"Header :" in stock.stdout, name
        assert mine.stdout.split(b"\n\n")[0] == stock.stdout.split(b"\n\n")[0], name
        if abi == 1:
            texts = {walk("walk_stock1", f).stdout for _ in range(4)}
            assert len(texts | {stock.stdout}) > 1, "2.44 printed the same unset row 5 times"

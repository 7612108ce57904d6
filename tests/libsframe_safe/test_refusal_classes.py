# SPDX-License-Identifier: MIT
"""The classes of input the drop-in used to refuse where the stock library
answers (fuzz/libsframe_safe_refusals.h), one generated section per case,
v2 and v3, both byte orders where the class has two, against each stock
Debian library's own answers and dump_sframe text (api_walk.c):

- foreign: a foreign-endian section, byte-swapped as sframe_decode swaps
  it, in place, FDE by FDE (src/compat/swap.c): FRE blocks that FDEs share
  are swapped once per FDE, FREs of data-word size code 3 step one byte a
  word, and whatever the swap leaves is what every getter and the dump
  read;
- fre-len-0: an FRE sub-section offset past the buffer with fre_len 0:
  the library copies nothing and dumps the FDEs, none of which has FREs;
- flex-unknown-abi: a flex FDE of an ABI without register names whose
  rows name no register (2.47 asserts only when it looks a name up).
"""
import struct
import subprocess

import pytest

import safe_support as ss
from sframe_builder import (ABI_AARCH64_BE, ABI_AMD64, ABI_S390X, F_SORTED, Fde,
                            build, fde_info, fde_offset, fre_info)

WALK = ss.SAFE / "walk"
ABIS = sorted(ss.ABIS)


@pytest.fixture(scope="module")
def walkers(peers_env):
    if not (WALK / "walk_safe3").exists():
        subprocess.run(["make", "-C", str(ss.ROOT), "--no-print-directory", "-s",
                        "libsframe-safe-walkers"], check=True)
    return WALK


def walk(name, path):
    return subprocess.run([str(WALK / name), str(path)], capture_output=True, timeout=60)


def put32(data, off, value, big_endian):
    return data[:off] + struct.pack(">I" if big_endian else "<I", value) + data[off + 4:]


def share_first_block(data, version, big_endian):
    """FDE 1 pointed at FDE 0's FRE block (v3: its attribute): the two FDEs
    were built with equal FRE lists, so the header's counts still add up."""
    fre_off = {2: 8, 3: 12}[version]
    first = struct.unpack_from(">I" if big_endian else "<I", data,
                               fde_offset(version, 0) + fre_off)[0]
    return put32(data, fde_offset(version, 1) + fre_off, first, big_endian)


SANE = [(0, fre_info(1, 1, 0), [8]), (2, fre_info(0, 2, 1), [16, -300]),
        (4, fre_info(1, 3, 2), [32, -8, -16])]
CODE3 = (5, fre_info(1, 4, 3), [0x01020304])   # the library steps 4 bytes


def foreign_cases():
    out = []
    for ver in (2, 3):
        for abi in (ABI_AARCH64_BE, ABI_S390X):
            fdes = [Fde(0x40, 20, SANE), Fde(0x80, 20, SANE)]
            out.append((f"foreign-v{ver}-abi{abi}", build(ver, fdes, abi=abi, flags=F_SORTED)))
            out.append((f"foreign-code3-v{ver}-abi{abi}",
                        build(ver, [Fde(0x40, 20, SANE[:2] + [CODE3] + SANE[2:])],
                              abi=abi, flags=F_SORTED)))
            out.append((f"foreign-shared-v{ver}-abi{abi}",
                        share_first_block(build(ver, fdes, abi=abi, flags=F_SORTED), ver, True)))
            out.append((f"foreign-trailer-v{ver}-abi{abi}",
                        build(ver, fdes, abi=abi, flags=F_SORTED, trailer=b"\0\1")))
    return out


def fre_len_0_cases():
    out = []
    for big_endian in (False, True):
        abi = ABI_AARCH64_BE if big_endian else ABI_AMD64
        e = "be" if big_endian else "le"
        out.append((f"frelen0-v2-fdes-{e}",
                    build(2, [Fde(0x40, 20, []), Fde(0x80, 20, [])], abi=abi,
                          flags=F_SORTED, fre_len=0, freoff=4000)))
        for ver in (2, 3):
            out.append((f"frelen0-v{ver}-{e}",
                        build(ver, [], abi=abi, flags=F_SORTED, fre_len=0, freoff=4000)))
            # an auxiliary header cut off by the buffer's end
            out.append((f"frelen0-aux-v{ver}-{e}",
                        build(ver, [], abi=abi, fixed_ra=-8, aux=b"\0" * 8)[:28]))
    return out


def flex_cases():
    out = []
    for big_endian in (False, True):
        e = "be" if big_endian else "le"
        # control words without the register bit (CFA-based rules, RA
        # padding, a dereferenced CFA offset): "c+0 u U", "(c-8)"
        fres = [(0, fre_info(1, 4, 0), [0, 0, 0, 3]), (3, fre_info(1, 2, 1), [0, 16]),
                (4, fre_info(1, 6, 1), [0, 16, 2, -8, 2, -16])]
        for abi in (0, 5):
            out.append((f"flex-abi{abi}-{e}",
                        build(3, [Fde(0x40, 20, fres, info2=1)], abi=abi, flags=F_SORTED,
                              big_endian=big_endian)))
            out.append((f"flex-fixed-abi{abi}-{e}",
                        build(3, [Fde(0x40, 20, fres[:2], info2=1), Fde(0x80, 8, SANE)],
                              abi=abi, flags=F_SORTED, fixed_fp=-16, fixed_ra=-8,
                              big_endian=big_endian)))
    return out


CLASSES = {"foreign": foreign_cases, "fre-len-0": fre_len_0_cases,
           "flex-unknown-abi": flex_cases}


@pytest.mark.parametrize("cls", sorted(CLASSES))
@pytest.mark.parametrize("abi", ABIS)
def test_class_answers_as_stock(walkers, tmp_path, abi, cls):
    """Every case the stock library walks without crashing: the drop-in's
    answers and dump are the same bytes; and for ABI 3 each class has cases
    that the stock library decodes and dumps (so they exercise the fix)."""
    compared, dumped, diffs = 0, 0, []
    for name, data in CLASSES[cls]():
        f = tmp_path / f"{name}.sframe"
        f.write_bytes(data)
        stock = walk(f"walk_stock{abi}", f)
        if stock.returncode != 0:
            continue                    # stock crashed: test_api's crash test
        mine = walk(f"walk_safe{abi}", f)
        compared += 1
        if b"Header :" in stock.stdout:
            dumped += 1
        if (mine.returncode, mine.stdout) != (0, stock.stdout):
            diffs.append(f"{name}:\n--- stock\n{stock.stdout.decode()[-800:]}\n"
                         f"--- drop-in\n{mine.stdout.decode()[-800:]}{mine.stderr.decode()[-300:]}")
    assert compared >= 3, compared
    if abi == 3:
        assert dumped >= 2, f"{cls}: stock dumped only {dumped} cases"
    assert not diffs, f"{len(diffs)} of {compared} differ (ABI {abi}):\n" + "\n".join(diffs[:3])

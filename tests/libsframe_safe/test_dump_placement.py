# SPDX-License-Identifier: MIT
"""Sections whose sfh_fdeoff or sfh_freoff moves a sub-section, through
trixie's objdump (2.44) and bookworm's (2.40), against
`sframe-validate --dump --objdump=244|240` and the drop-in of that ABI.

Both libraries read the FDE table right after the header and the FREs
right after it, whatever the offsets say (fmt_tables_moved): --dump reads
a copy with the offsets rewritten so (fmt_place_tables, which the drop-in
uses too).  Wherever stock objdump neither crashes nor refuses, --dump
prints what it prints byte for byte, or, for a foreign-endian section
(which those libraries swap where the offsets say and then read right
after the header, swapped bytes and not), refuses; the drop-in, which
swaps its copy, prints the same unless 2.44/2.40 read the tables past the
buffer."""
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import safe_support as ss
import test_api as api
from sframe_builder import ABI_AARCH64_LE
from test_v1_dump244 import elf

LAYOUT = {1: 244, 0: 240}


def own_cases(version):
    """Little-endian sections of 1-3 FDEs, without FREs or with FREs of
    1-byte fields in 1 KB functions (test_api.neutral_sections), so that
    the moved tables read elsewhere still name FREs inside their
    functions."""
    return api.neutral_sections(version, ABI_AARCH64_LE, ([], [3, 3, 3, 0], [1, 2, 3], [3] * 8))


def moved_cases(tmp_path, abi):
    """(name, bytes): test_api's little-endian placement cases, the same
    moves of own_cases, and test_api's foreign-endian ones."""
    out = [(p.stem, p.read_bytes()) for _, p in api.placement_cases(tmp_path, abi)]
    v = api.PLACED_VERSIONS[abi][0]
    for name, data in own_cases(v):
        n = api.HDR.unpack_from(data)[7]
        for field in ("fdeoff", "freoff"):
            for gap in (4, api.FDE_SIZE[v] * max(n, 1)):
                out.append((f"{name}-{field}-{gap}", api.moved(data, field, gap, b"\0")))
    out += [(p.stem, p.read_bytes()) for _, p in api.foreign_placement_cases(tmp_path, abi)]
    return out


def overreads(tmp_path, abi, elf_path, sec):
    """1 when the stock library, walked over the raw section by api_walk
    (every function, dump_sframe among them) under valgrind, reads outside
    its heap blocks (its copies of the tables) or decides on memory never
    written (the unset row entry of `dump-uninit`): what its dump prints
    then is memory the section does not determine, and --dump and the
    drop-in refuse it."""
    raw = tmp_path / (elf_path.stem + ".sframe")
    raw.write_bytes(sec)
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=99", str(api.WALK / f"walk_stock{abi}"),
                        str(raw)], capture_output=True, timeout=300)
    return b"Invalid read" in r.stderr or b"uninitialised" in r.stderr


@pytest.fixture(scope="module")
def env(peers_env):
    for abi in LAYOUT:
        if not ss.tool_exists(peers_env, abi, "objdump", "aarch64"):
            pytest.skip(f"!!! {ss.ABIS[abi][0]}'s aarch64 objdump not installed")
    if subprocess.run(["valgrind", "--version"], capture_output=True).returncode != 0:
        pytest.skip("!!! valgrind not installed")
    ss.ensure_built()
    subprocess.run(["make", "-C", str(ss.ROOT), "--no-print-directory", "-s",
                    "libsframe-safe-walkers"], check=True)
    return peers_env


@pytest.mark.parametrize("abi", [1, 0])
def test_moved_tables_dump_as_stock(env, sfv_bin, abi, tmp_path):
    paths, data = [], {}
    for name, sec in moved_cases(tmp_path, abi):
        p = tmp_path / f"{name}.elf"
        p.write_bytes(elf(sec))
        paths.append(p)
        data[p.name] = sec

    def one(p):
        args = ["--sframe", str(p)]
        return (p, ss.run_tool(env, abi, "objdump", args, False, arch="aarch64"),
                subprocess.run([sfv_bin, "--dump", f"--objdump={LAYOUT[abi]}", str(p)],
                               capture_output=True),
                ss.run_tool(env, abi, "objdump", args, True, arch="aarch64"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(one, paths))
    counts = {"crash": 0, "same": 0, "foreign-refused": 0, "dropin-refused": 0, "refused": 0,
              "overread": 0}
    diffs = []
    for p, stock, cli, mine in runs:
        if stock.returncode < 0:
            counts["crash"] += 1
            continue
        sec = data[p.name]
        foreign = sec[:2] == b"\xde\xe2"
        if b"  Header :" not in stock.stdout:
            counts["refused"] += 1
            if b"  Header :" in cli.stdout or b"  Header :" in mine.stdout:
                diffs.append(f"{p.name}: stock refuses, --dump or the drop-in dumps")
            continue
        refused = cli.returncode == 1 and b"undecodable" in cli.stderr
        if (cli.returncode, cli.stdout) == (stock.returncode, stock.stdout):
            counts["same"] += 1
        elif foreign and refused:
            counts["foreign-refused"] += 1
        elif refused and overreads(tmp_path, abi, p, sec):
            counts["overread"] += 1
            continue
        else:
            diffs.append(f"{p.name}: --dump exit {cli.returncode}: {cli.stderr[-160:]!r}")
        if mine.stdout != stock.stdout:
            if b"  Header :" not in mine.stdout and api.placed_tables_past_buffer(sec, abi):
                counts["dropin-refused"] += 1
            elif b"  Header :" not in mine.stdout and overreads(tmp_path, abi, p, sec):
                counts["overread"] += 1
            else:
                diffs.append(f"{p.name}: the drop-in prints otherwise")
    print(f"\n{len(paths)} moved sections at {LAYOUT[abi]}: {counts}")
    assert not diffs, f"{len(diffs)} differ: {diffs[:10]}"
    assert counts["same"] >= 40 and counts["crash"] >= 5, counts

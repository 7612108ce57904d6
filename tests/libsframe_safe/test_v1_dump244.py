# SPDX-License-Identifier: MIT
"""v1 sections with FDEs through trixie's objdump (2.44) and
`sframe-validate --dump --objdump=244`, in both byte orders.

2.44 has one FDE struct, v2's 20 bytes: sframe_decode byte-swaps a
foreign-endian v1 section's FDEs as 20-byte entries (fmt_dump_swap over
the section opened in that layout, fmt_open_in_layout), then copies its
FDE table in an int-sized buffer (fmt_fde_copy_fails), and dump_sframe
prints a v1 section's header alone.  Wherever stock objdump neither
crashes nor refuses, --dump prints what it prints, byte for byte; where
it refuses the section, --dump refuses it too.  The drop-in of ABI 1 under
the same objdump prints the same where it decodes (it refuses where 2.44
reads the FDE table or FREs past the buffer)."""
import json
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import elfgen
import safe_support as ss
import test_api as api
import test_v1_sections as v1


def elf(data):
    """An aarch64 executable in the byte order of the section's magic
    holding it as .sframe (no relocations: what objdump reads is the
    section as it is)."""
    secs = [elfgen.Sec(".sframe", flags=elfgen.SHF_ALLOC, addr=0x1000, data=data)]
    return elfgen.build(secs, cls=64, be=data[:2] == b"\xde\xe2",
                        machine=elfgen.EM_AARCH64, etype=elfgen.ET_EXEC)


def v1_cases():
    """(name, section): every conformance case of version 1 as it is (2.44
    reads it 3 bytes an FDE past its own tables), the v1 sections 2.44 reads
    inside the buffer (test_v1_sections.v1_sections: padded v1, v2
    relabelled v1), and of each big-endian one its single-byte mutations
    (test_api.mutations) in the first 64 bytes."""
    m = json.loads((ss.ROOT / "conformance/manifest.json").read_text())
    out = [(c["id"], (ss.ROOT / "conformance" / c["file"]).read_bytes())
           for c in m["cases"] if c["version"] == 1]
    out += list(v1.v1_sections())
    return out


@pytest.fixture(scope="module")
def env(peers_env):
    if not ss.tool_exists(peers_env, 1, "objdump", "aarch64"):
        pytest.skip("!!! trixie's aarch64 objdump not installed by scripts/install-deps.sh peers")
    ss.ensure_built()
    return peers_env


def run_all(env, sfv_bin, paths):
    """[(path, stock, cli, dropin)] for each ELF file."""
    def one(p):
        stock = ss.run_tool(env, 1, "objdump", ["--sframe", str(p)], False, arch="aarch64")
        cli = subprocess.run([sfv_bin, "--dump", "--objdump=244", str(p)], capture_output=True)
        mine = ss.run_tool(env, 1, "objdump", ["--sframe", str(p)], True, arch="aarch64")
        return p, stock, cli, mine
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, paths))


def test_v1_dump244_as_stock(env, sfv_bin, tmp_path):
    base = v1_cases()
    big = [(n, d) for n, d in base if d[:2] == b"\xde\xe2"]
    mdir = tmp_path / "m"
    mdir.mkdir()
    sections = base + [(p.stem, p.read_bytes()) for p in api.mutations(mdir, big, span=64)]
    paths, data = [], {}
    for name, sec in sections:
        p = tmp_path / f"{name}.elf"
        p.write_bytes(elf(sec))
        paths.append(p)
        data[p.name] = sec
    counts = {"crash": 0, "dumped": 0, "refused": 0, "dropin-refused": 0}
    dumped_be = 0
    diffs = []
    for p, stock, cli, mine in run_all(env, sfv_bin, paths):
        if stock.returncode < 0:
            counts["crash"] += 1
            continue
        be = p.read_bytes()[5] == 2
        if b"  Header :" in stock.stdout:
            counts["dumped"] += 1
            dumped_be += be
            if (cli.returncode, cli.stdout) != (stock.returncode, stock.stdout):
                diffs.append(f"{p.name}: --dump exit {cli.returncode}: {cli.stderr[-200:]!r}")
            if mine.stdout != stock.stdout:
                if b"  Header :" not in mine.stdout and \
                        api.v1_tables_past_buffer(data[p.name]):
                    counts["dropin-refused"] += 1     # 2.44 reads past the buffer
                else:
                    diffs.append(f"{p.name}: the drop-in prints otherwise")
        else:
            counts["refused"] += 1
            if cli.returncode == 0 or b"  Header :" in cli.stdout:
                diffs.append(f"{p.name}: stock refuses, --dump dumps")
            if b"  Header :" in mine.stdout:
                diffs.append(f"{p.name}: stock refuses, the drop-in dumps")
    print(f"\n{len(paths)} v1 sections at 2.44: {counts}, {dumped_be} big-endian dumped")
    assert not diffs, f"{len(diffs)} differ: {diffs[:10]}"
    # big-endian v1 sections with FDEs that stock dumps, each --dump'ed
    assert dumped_be >= 100 and counts["refused"] >= 20 and counts["crash"] >= 3, counts

# SPDX-License-Identifier: MIT
"""Stock objdump --sframe and readelf --sframe (sid's for ABI 3, trixie's for
ABI 1), run through their own loader, print byte for byte the same text,
diagnostics and exit status with the drop-in first on the library path as
with Debian's library: on every ELF file of the real corpus and every ELF
file GNU binutils' own SFrame tests produce (tests/realworld/binutils_suite.py)."""
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import safe_support as ss

ROOT = ss.ROOT

# Known differences, each one file (relative to the binutils tests' output
# directory) and the stock tool that differs.  trixie's relocatable v2
# output, relocated by sid's objdump, has an FRE with data-word size code
# 3: sid's dump_sframe prints the previous row again for it (stale data),
# the drop-in refuses the dump after the title (fmt's dump prints only
# what objdump prints deterministically).
KNOWN = {
    ("objdump", 3, "trixie/aarch64/ld-sframe/pr32789-1/pr32789-1.o"),
    ("readelf", 3, "trixie/aarch64/ld-sframe/pr32789-1/pr32789-1.o"),
    ("objdump", 3, "trixie/x86_64/ld-sframe/pr32789-1/pr32789-1.o"),
    ("readelf", 3, "trixie/x86_64/ld-sframe/pr32789-1/pr32789-1.o"),
    ("objdump", 3, "trixie/x86_64/ld-sframe/pr33401/pr33401.o"),
    ("readelf", 3, "trixie/x86_64/ld-sframe/pr33401/pr33401.o"),
    ("objdump", 3, "trixie/x86_64/ld-x86-64/sframe-reloc-1/dump"),
    ("readelf", 3, "trixie/x86_64/ld-x86-64/sframe-reloc-1/dump"),
}


@pytest.fixture(scope="module")
def built():
    ss.ensure_built()


@pytest.fixture(scope="module")
def binutils_files():
    """ELF files of binutils' SFrame tests: the full run's output when
    `make realworld-full` made it, else the subset `make test` builds."""
    for name in ("rw-binutils", "rw-binutils-subset"):
        out = ROOT / "build" / name
        if (out / "results.json").exists():
            break
    else:
        subprocess.run([str(ROOT / "tests/realworld/binutils_suite.py"), "--out", str(out),
                        "--subset"], check=True)
    files = sorted(str(p) for p in out.rglob("*") if p.is_file() and ss.elf_arch(p))
    assert files, f"no ELF file under {out}"
    return str(out), files


def compare(env, files):
    jobs = []
    for path in files:
        arch = ss.elf_arch(path)
        for abi in sorted(ss.ABIS):
            for tool in ("objdump", "readelf"):
                if ss.tool_exists(env, abi, tool, arch):
                    jobs.append((abi, tool, arch, path))

    def one(job):
        abi, tool, arch, path = job
        a = ss.run_tool(env, abi, tool, ["--sframe", path], False, arch=arch)
        b = ss.run_tool(env, abi, tool, ["--sframe", path], True, arch=arch)
        same = (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
        return None if same else (tool, abi, path)

    with ThreadPoolExecutor(max_workers=2) as pool:
        diffs = [d for d in pool.map(one, jobs) if d]
    return len(jobs), diffs


def test_real_corpus(peers_env, realworld, built):
    n, diffs = compare(peers_env, [r["path"] for r in realworld])
    assert n > 1000
    assert not diffs, f"{len(diffs)} of {n} runs differ:\n" + "\n".join(map(str, diffs[:20]))


def test_binutils_testsuite_files(peers_env, binutils_files, built):
    out, files = binutils_files
    n, diffs = compare(peers_env, files)
    new = sorted(d for d in diffs
                 if (d[0], d[1], os.path.relpath(d[2], out)) not in KNOWN)
    assert n >= 2 * len(files), (n, len(files))  # sid's objdump and readelf on each, at least
    assert not new, f"{len(new)} of {n} runs differ:\n" + "\n".join(map(str, new[:20]))

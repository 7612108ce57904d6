# SPDX-License-Identifier: MIT
"""Stock objdump --sframe and readelf --sframe (sid's for ABI 3, trixie's for
ABI 1), run through their own loader, print byte for byte the same text,
diagnostics and exit status with the drop-in first on the library path as
with Debian's library: on every ELF file of the real corpus and every ELF
file GNU binutils' own SFrame tests produce (tests/realworld/binutils_suite.py).
The one difference allowed is where the stock library prints heap contents
(it reads past its copy of the section): its text then changes with the
heap's fill (MALLOC_PERTURB_) and the drop-in's does not."""
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import safe_support as ss

ROOT = ss.ROOT

# glibc fills allocations with this byte's complement, freed memory with it:
# text that changes under it is not a function of the file.
PERTURB = {"MALLOC_PERTURB_": "165"}


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
        """None when equal; "heap" when the stock library prints heap
        contents (its text changes with the heap's fill: it read past its
        copy of the section) and the drop-in's text does not; else the
        difference."""
        abi, tool, arch, path = job
        args = ["--sframe", path]
        a = ss.run_tool(env, abi, tool, args, False, arch=arch)
        b = ss.run_tool(env, abi, tool, args, True, arch=arch)
        if (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr):
            return None
        a2 = ss.run_tool(env, abi, tool, args, False, PERTURB, arch=arch)
        b2 = ss.run_tool(env, abi, tool, args, True, PERTURB, arch=arch)
        if a2.stdout != a.stdout and (b2.returncode, b2.stdout) == (b.returncode, b.stdout):
            return "heap"
        return (tool, abi, path)

    with ThreadPoolExecutor(max_workers=2) as pool:
        res = list(pool.map(one, jobs))
    heap = sum(1 for d in res if d == "heap")
    print(f"\n{len(jobs)} runs: {res.count(None)} identical, "
          f"{heap} where the stock library prints heap contents")
    return len(jobs), [d for d in res if d and d != "heap"]


def test_real_corpus(peers_env, realworld, built):
    n, diffs = compare(peers_env, [r["path"] for r in realworld])
    assert n > 1000
    assert not diffs, f"{len(diffs)} of {n} runs differ:\n" + "\n".join(map(str, diffs[:20]))


def test_binutils_testsuite_files(peers_env, binutils_files, built):
    out, files = binutils_files
    n, diffs = compare(peers_env, files)
    assert n >= 2 * len(files), (n, len(files))  # sid's objdump and readelf on each, at least
    assert not diffs, f"{len(diffs)} of {n} runs differ:\n" + "\n".join(map(str, diffs[:20]))

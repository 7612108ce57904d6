# SPDX-License-Identifier: MIT
"""Memory is bounded by what is checked, not by the file: a sparse file of
several GiB with a small SFrame section validates under an address-space
limit (RLIMIT_AS), with a small peak RSS (rusage of the child)."""
import os
import resource
import subprocess

import pytest

from hostile_lib import elf_with_hole, write_sparse, SANITIZED

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SIZE = 8 << 30
AS_LIMIT = 256 << 20      # address space: code, libc, stack, heap
RSS_LIMIT_KB = 64 << 10   # 64 MB


def limited_run(argv):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=limit)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, out, err, ru.ru_maxrss


pytestmark = pytest.mark.skipif(SANITIZED, reason="sanitizer runtimes need a huge address space; "
                                "the plain build runs these")


def test_sparse_raw_section(sfv_bin, tmp_path):
    from model import Section
    from encoder import encode
    path = tmp_path / "big.sframe"
    write_sparse(path, encode(Section(version=2, abi=3, fdes=[])).data, b"", SIZE)
    os.truncate(path, SIZE)
    rc, out, err, rss = limited_run([sfv_bin, str(path)])
    assert rc == 0, (out, err)
    assert b"[trailing-padding]" in out or b"1 note" in out, out
    assert rss < RSS_LIMIT_KB, f"peak RSS {rss} kB for an {SIZE >> 30} GiB sparse file"
    # The streamed tail still finds a stray byte far away.
    with open(path, "r+b") as f:
        f.seek(SIZE - 4096)
        f.write(b"\x5a")
    rc, out, err, rss = limited_run([sfv_bin, "--format=json", str(path)])
    assert rc == 1 and b'"trailing-garbage"' in out, out
    assert f'"offset":{SIZE - 4096}'.encode() in out, out
    assert rss < RSS_LIMIT_KB


def test_sparse_elf_file(sfv_bin, tmp_path):
    head, tail, tail_off = elf_with_hole(SIZE)
    path = tmp_path / "big.elf"
    write_sparse(path, head, tail, tail_off)
    rc, out, err, rss = limited_run([sfv_bin, "--coverage", str(path)])
    assert rc == 0, (out, err)
    assert b"valid: 0 errors" in out, out
    assert rss < RSS_LIMIT_KB, f"peak RSS {rss} kB for an {SIZE >> 30} GiB sparse ELF file"

# SPDX-License-Identifier: MIT
"""Memory is bounded by what is checked, not by the file: a sparse file of
several GiB with a small SFrame section validates under an address-space
limit (RLIMIT_AS), with a small peak RSS (rusage of the child)."""
import os
import subprocess

import pytest

from hostile_lib import elf_with_hole, write_sparse, SANITIZED

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SIZE = 8 << 30
AS_LIMIT = 256 << 20      # address space: code, libc, stack, heap
RSS_LIMIT_KB = 64 << 10   # 64 MB


# Linux carries a process's peak RSS across fork and exec, so a child forked
# by this (large) test process would report at least the runner's own peak.
# A small Python process starts the command instead; its child's peak is the
# command's own (plus the wrapper's few MB) and reaches us through a pipe.
_WRAP = """
import os, resource, sys
fd, limit = int(sys.argv[1]), int(sys.argv[2])
def lim():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
pid = os.fork()
if pid == 0:
    lim()
    os.close(fd)
    os.execv(sys.argv[3], sys.argv[3:])
_, status, ru = os.wait4(pid, 0)
os.write(fd, b"%d %d" % (os.waitstatus_to_exitcode(status), ru.ru_maxrss))
"""


def limited_run(argv):
    r, w = os.pipe()
    p = subprocess.Popen(["/usr/bin/python3", "-c", _WRAP, str(w), str(AS_LIMIT), *argv],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(w,))
    os.close(w)
    out, err = p.communicate()
    with os.fdopen(r, "rb") as fh:
        rc, rss = (int(x) for x in fh.read().split())
    assert p.returncode == 0, err
    return rc, out, err, rss


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

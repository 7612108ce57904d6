# SPDX-License-Identifier: MIT
"""A file that shrinks while it is read (a concurrent writer, NFS/FUSE
errors) is an I/O error naming the file (status 2), never SIGBUS, and the
JSON document stays whole.  Made deterministic: the CLI reads through a
multi-GiB hole (the zero padding of PT_GNU_SFRAME); once /proc/PID/io shows
it well inside that read it is stopped, the file is truncated, and it is
continued."""
import json
import os
import signal
import subprocess
import time

import pytest

from hostile_lib import elf_with_hole, write_sparse

HOLE = 4 << 30


def rchar(pid):
    with open(f"/proc/{pid}/io") as f:
        for line in f:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    return 0


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_file_truncated_during_the_run(sfv_bin, tmp_path, fmt):
    head, tail, tail_off = elf_with_hole(HOLE, pt_covers_hole=True)
    path = tmp_path / "shrinks.elf"
    write_sparse(path, head, tail, tail_off)
    p = subprocess.Popen([sfv_bin, f"--format={fmt}", str(path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120  # a hang guard, not a speed check
        base = None
        while time.monotonic() < deadline:
            try:
                r = rchar(p.pid)
            except OSError:
                break
            if base is None:
                base = r
            if r - base > (8 << 20):
                break
            time.sleep(0.001)
        os.kill(p.pid, signal.SIGSTOP)
        assert p.poll() is None, "the run ended before the file could shrink"
        os.truncate(path, len(head))
        os.kill(p.pid, signal.SIGCONT)
        out, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 2, (p.returncode, err)
    assert f"{path}: file shrank while being read".encode() in err, err
    if fmt == "json":
        doc = json.loads(out)
        assert [e["path"] for e in doc["errors"]] == [str(path)]
        assert "file shrank" in doc["errors"][0]["message"]

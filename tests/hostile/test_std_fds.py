# SPDX-License-Identifier: MIT
"""Standard descriptors closed at start: each closed one of 0, 1, 2 is
opened on /dev/null before anything else, so no descriptor the run opens
(an input, a -j worker's pipe) takes a standard stream's number.  -j output
is then the same as -j1's in every descriptor state: what is still open
carries the same bytes, and the exit status is the same."""
import os
import shutil
import subprocess

import pytest

from hostile_lib import linked_elf

ROOT_CASES = os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "cases")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "a.elf").write_bytes(linked_elf())
    shutil.copy(os.path.join(ROOT_CASES, "invalid-abi-5.sframe"), tmp_path / "bad.sframe")
    (tmp_path / "b.elf").write_bytes(linked_elf())
    shutil.copy(os.path.join(ROOT_CASES, "valid-empty-v2.sframe"), tmp_path / "c.sframe")
    return ["a.elf", "bad.sframe", "missing.o", "b.elf", "c.sframe"]


def run_closed(sfv_bin, fd, args, cwd):
    """Runs the CLI with descriptor fd closed (the others captured)."""
    def close():
        os.close(fd)
    p = subprocess.run([sfv_bin, *args], cwd=cwd, preexec_fn=close,
                       stdin=subprocess.DEVNULL if fd != 0 else None,
                       stdout=subprocess.PIPE if fd != 1 else None,
                       stderr=subprocess.PIPE if fd != 2 else None, timeout=120)
    assert p.returncode in (0, 1, 2), p.returncode
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
@pytest.mark.parametrize("fd", [0, 1, 2])
def test_closed_std_fd_same_output_with_and_without_jobs(sfv_bin, files, tmp_path, fd, fmt):
    want = None
    for j in ("1", "2", "3"):
        got = run_closed(sfv_bin, fd, [f"-j{j}", f"--format={fmt}", *files], tmp_path)
        if want is None:
            want = got
            assert got[0] == 2, got          # missing.o: an I/O error
            if fd != 1:
                assert got[1].count(b"a.elf") >= 1 and b"b.elf" in got[1], got
            if fd != 2:
                assert b"missing.o" in got[2], got
        assert got == want, (fd, j)


def test_closed_stdout_is_not_a_write_error_message(sfv_bin, files, tmp_path):
    """Output to a closed stdout goes to /dev/null: the status is the
    files' (here 1: bad.sframe), not a write error."""
    rc, _, err = run_closed(sfv_bin, 1, ["-j2", "a.elf", "bad.sframe"], tmp_path)
    assert rc == 1 and b"error writing" not in err, err


def test_files_from_stdin_closed(sfv_bin, files, tmp_path):
    """stdin closed: /dev/null, a device, which --files-from=- refuses."""
    rc, out, err = run_closed(sfv_bin, 0, ["--files-from=-"], tmp_path)
    assert rc == 2 and b"--files-from=-" in err and out == b""

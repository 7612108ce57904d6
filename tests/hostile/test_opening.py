# SPDX-License-Identifier: MIT
"""Every input is opened one way (src/cli/reader.c): checked files, thin
archive members, --files-from lists and --baseline documents are regular
files opened without blocking; read errors are status 2.  --files-from=-
reads standard input when it is a regular file, a pipe or a socket (the
find -print0 use), streamed: names shorter than PATH_MAX, the list of any
length in memory that does not grow with it."""
import os
import resource
import shutil
import socket
import subprocess

import pytest

from hostile_lib import SANITIZED, linked_elf, run

CASES = os.path.join(os.path.dirname(__file__), "..", "..", "conformance", "cases")


@pytest.fixture
def elf(tmp_path):
    p = tmp_path / "a.elf"
    p.write_bytes(linked_elf())
    return p


def special_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock = tmp_path / "sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock))
    return {"fifo": fifo, "socket": sock, "zero": "/dev/zero", "dir": tmp_path,
            "tty-like": "/dev/null"}


@pytest.mark.parametrize("kind", ["fifo", "socket", "zero", "dir", "tty-like"])
@pytest.mark.parametrize("opt", ["--baseline", "--files-from"])
def test_lists_and_baselines_are_regular_files(sfv_bin, elf, tmp_path, opt, kind):
    """A FIFO blocked --baseline forever; /dev/zero was read up to 256 MiB
    (--baseline) or for ever (--null --files-from)."""
    target = special_files(tmp_path)[kind]
    p = run(sfv_bin, "--null", f"{opt}={target}", elf, timeout=60) \
        if opt == "--files-from" else run(sfv_bin, f"{opt}={target}", elf, timeout=60)
    assert p.returncode == 2 and b"not a regular file" in p.stderr, p.stderr
    assert p.stdout == b""


@pytest.mark.parametrize("stdin", ["/dev/zero", "/dev/null"])
def test_files_from_stdin_device_is_refused(sfv_bin, stdin):
    with open(stdin, "rb") as f:
        p = run(sfv_bin, "--null", "--files-from=-", stdin=f, timeout=60)
    assert p.returncode == 2 and b"standard input is not" in p.stderr, p.stderr


def test_files_from_pipe_and_regular_stdin(sfv_bin, elf, tmp_path):
    p = run(sfv_bin, "-q", "--null", "--files-from=-", input=bytes(elf) + b"\0")
    assert p.returncode == 0 and p.stdout.count(b"valid:") == 1
    lst = tmp_path / "list"
    lst.write_bytes(bytes(elf) + b"\n")
    with open(lst, "rb") as f:
        p = run(sfv_bin, "-q", "--files-from=-", stdin=f)
    assert p.returncode == 0 and p.stdout.count(b"valid:") == 1


@pytest.mark.skipif(SANITIZED, reason="ASan reserves more address space than the limit")
def test_files_from_long_pipe_is_streamed(sfv_bin, elf):
    """The list is streamed, so its length has no bound (it had 1 GiB):
    1100 MiB of NUL bytes (empty names, skipped) and then one name are
    read to the end under a 128 MiB address-space limit, and that file
    is checked."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (128 << 20, 128 << 20))
    p = subprocess.run(f"(head -c 1100M /dev/zero; printf '%s\\0' '{elf}') | "
                       f"'{sfv_bin}' -q --null --files-from=-",
                       shell=True, capture_output=True, timeout=300, preexec_fn=limit)
    assert p.returncode == 0 and p.stdout.count(b"valid:") == 1, (p.returncode, p.stderr)


def test_files_from_long_name_is_an_error(sfv_bin):
    p = run(sfv_bin, "--files-from=-", input=b"a" * 100000 + b"\n")
    assert p.returncode == 2 and b"PATH_MAX" in p.stderr, p.stderr


@pytest.mark.skipif(SANITIZED, reason="ASan reserves more address space than the limit")
def test_files_from_out_of_memory_is_not_an_empty_list(sfv_bin, elf):
    """getdelim() failing with ENOMEM was taken as the end of the list: the
    run exited 0 having read nothing.  A 256 MiB line under a 128 MiB
    address-space limit: now refused (a name of PATH_MAX bytes or more)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (128 << 20, 128 << 20))
    p = subprocess.run(f"head -c 256M /dev/zero | tr '\\0' a | '{sfv_bin}' --files-from=-",
                       shell=True, capture_output=True, timeout=300, preexec_fn=limit)
    assert p.returncode == 2, (p.returncode, p.stderr)


def test_files_from_unreadable_file(sfv_bin, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads a mode-000 file")
    lst = tmp_path / "list"
    lst.write_bytes(b"x\n")
    lst.chmod(0)
    p = run(sfv_bin, f"--files-from={lst}")
    assert p.returncode == 2


def test_baseline_directory_and_missing(sfv_bin, elf, tmp_path):
    for arg in (tmp_path, tmp_path / "nope.json"):
        p = run(sfv_bin, f"--baseline={arg}", elf)
        assert p.returncode == 2 and b"--baseline" in p.stderr and p.stdout == b""


@pytest.mark.skipif(SANITIZED, reason="ASan reserves more address space than the limit")
def test_lookup_list_memory_is_bounded(sfv_bin, elf):
    """--lookup=- holds one 256-byte line, a 64 KiB chunk and a 1 MiB
    output buffer, whatever the input: a single 128 MiB line and 1,000,000 PC lines after it, under a
    128 MiB address-space limit, are all read, the long line named, the PCs
    after it answered."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (128 << 20, 128 << 20))
    p = subprocess.run(f"(head -c 128M /dev/zero | tr '\\0' 9; printf '\\n';"
                       f" yes 0x1000 | head -n 1000000) |"
                       f" '{sfv_bin}' --lookup=- '{elf}' | tail -c 200",
                       shell=True, capture_output=True, timeout=600, preexec_fn=limit)
    assert p.stderr.decode().startswith("sframe-validate: --lookup=-: line 1: line "
                                        "longer than 256 bytes"), p.stderr
    assert p.stderr.count(b"\n") == 1
    assert b"\n0x1000 " in p.stdout, p.stdout

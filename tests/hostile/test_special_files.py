# SPDX-License-Identifier: MIT
"""Anything but a regular file is refused without being opened (status 2,
a clear message): the run never blocks on a FIFO, never opens a device.
Pseudo files (procfs, sysfs) whose st_size is not their length are read as
a stream."""
import os
import socket
import stat

import pytest

from hostile_lib import run


def refused(sfv_bin, path, words):
    p = run(sfv_bin, path, timeout=60)
    assert p.returncode == 2, p.stdout
    assert words.encode() in p.stderr, p.stderr
    return p


def test_fifo_never_blocks(sfv_bin, tmp_path):
    f = tmp_path / "fifo"
    os.mkfifo(f)
    refused(sfv_bin, f, "a FIFO, not a regular file")


def test_symlink_to_fifo(sfv_bin, tmp_path):
    f = tmp_path / "fifo"
    os.mkfifo(f)
    (tmp_path / "link").symlink_to(f)
    refused(sfv_bin, tmp_path / "link", "a FIFO, not a regular file")


def test_fifo_among_files_does_not_stop_the_run(sfv_bin, tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "empty").write_bytes(b"")
    p = run(sfv_bin, tmp_path / "fifo", tmp_path / "empty", timeout=60)
    assert p.returncode == 2
    assert b"fifo: a FIFO" in p.stderr and b"empty: empty file" in p.stderr


def test_socket(sfv_bin, tmp_path):
    path = tmp_path / "sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind(str(path))
        refused(sfv_bin, path, "a socket, not a regular file")
    finally:
        s.close()


def test_character_device_not_opened(sfv_bin, tmp_path):
    # A device node made here (root) or /dev/null: never opened.
    dev = tmp_path / "null"
    try:
        os.mknod(dev, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        dev = "/dev/null"
    refused(sfv_bin, dev, "a character device, not a regular file")


def test_directory(sfv_bin, tmp_path):
    refused(sfv_bin, tmp_path, "a directory, not a regular file")


def test_dangling_symlink(sfv_bin, tmp_path):
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    refused(sfv_bin, tmp_path / "dangling", "dangling symbolic link")


def test_symlink_loop(sfv_bin, tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    refused(sfv_bin, tmp_path / "a", "too many levels of symbolic links")


def test_procfs_file_is_read_as_a_stream(sfv_bin):
    # st_size 0, yet it has contents: read them (not "empty file").
    p = run(sfv_bin, "/proc/self/status")
    assert p.returncode == 2
    assert b"neither ELF nor an SFrame section (first bytes 4e 61" in p.stderr, p.stderr
    p = run(sfv_bin, "--input=raw", "/proc/self/status")
    assert p.returncode == 1 and b"[magic]" in p.stdout, p.stdout


def test_sysfs_file_that_cannot_be_mapped(sfv_bin):
    notes = "/sys/kernel/notes"
    if not os.path.exists(notes):
        pytest.skip("no /sys/kernel/notes on this machine")
    p = run(sfv_bin, notes)
    assert p.returncode == 2
    assert b"neither ELF nor an SFrame section" in p.stderr, p.stderr
    assert b"No such device" not in p.stderr

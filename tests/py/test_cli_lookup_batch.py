# SPDX-License-Identifier: MIT
"""--lookup=- and --lookup=@FILE (issue 29 item 5): one PC a line, each
answered as --lookup=PC answers it (text: its lines without the .eh_frame
rows, the verdict once at the end; json: JSON Lines, --lookup=PC's objects
without "path" and "cfi"), bad lines answered with their line number and
quoted text without stopping the run, bounded lines, CRLF, empty input, a
write error, and a list that is not a regular file or a pipe."""
import json
import os
import subprocess

import pytest

from test_cli_tree import linked

PCS = [0x1000, 0x1001, 0x10ff, 0x1100, 0x11ff, 0x1200, 0xfff, 0]


@pytest.fixture
def elf(tmp_path):
    p = tmp_path / "a.elf"
    p.write_bytes(linked(3, flags=1))
    return p


def sfv(sfv_bin, *args, stdin=None, **kw):
    p = subprocess.run([sfv_bin, *map(str, args)], input=stdin, capture_output=True,
                       timeout=120, **kw)
    assert b"AddressSanitizer" not in p.stderr and b"runtime error" not in p.stderr
    return p


def single_text(sfv_bin, elf, pc):
    out = sfv(sfv_bin, f"--lookup={pc:#x}", elf).stdout.decode()
    return "".join(l + "\n" for l in out.splitlines()
                   if not l.startswith(("  .eh_frame", "  cfi ", "section ")))


def single_json(sfv_bin, elf, pc):
    o = json.loads(sfv(sfv_bin, "--format=json", f"--lookup={pc}", elf).stdout)["lookups"][0]
    del o["path"], o["cfi"]
    return o


def test_text_answers_are_those_of_single_lookups(sfv_bin, elf):
    lines = "".join(f"{pc:#x}\n" for pc in PCS).encode()
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=lines)
    assert p.stderr == b""
    assert p.stdout.decode() == "".join(single_text(sfv_bin, elf, pc) for pc in PCS)
    assert p.returncode == 1            # some PCs are not found, as with --lookup=PC


def test_json_lines_are_the_single_lookups_objects(sfv_bin, elf, tmp_path):
    lst = tmp_path / "pcs"
    lst.write_text("".join(f"{pc}\n" for pc in PCS))
    p = sfv(sfv_bin, "--format=json", f"--lookup=@{lst}", elf)
    got = [json.loads(l) for l in p.stdout.decode().splitlines()]
    assert got == [single_json(sfv_bin, elf, pc) for pc in PCS]


def test_found_only_is_status_0(sfv_bin, elf):
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\n0x1100\n")
    assert p.returncode == 0 and p.stdout.count(b"found") == 2


BAD = [b"xyz", b"0x", b"-1", b"+1", b" 1", b"1 2", b"0x1ffffffffffffffff", b"0x10\x00",
       b"\xff\x01"]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_bad_lines_are_named_and_the_run_goes_on(sfv_bin, elf, fmt):
    data = b"0x1000\n" + b"\n".join(BAD) + b"\n0x1100\n"
    p = sfv(sfv_bin, f"--format={fmt}", "--lookup=-", elf, stdin=data)
    assert p.returncode == 1
    if fmt == "text":
        err = p.stderr.decode().splitlines()
        quoted = ["xyz", "0x", "-1", "+1", " 1", "1 2", "0x1ffffffffffffffff",
                  "0x10", "\\xff\\x01"]   # a NUL ends the quoted text
        whats = ["not a PC"] * 7 + ["line holds a NUL byte", "not a PC"]
        assert err == [f"sframe-validate: --lookup=-: line {i + 2}: {w}: '{q}'"
                       for i, (w, q) in enumerate(zip(whats, quoted))]
        assert p.stdout.decode().count("found") == 2
        assert p.stdout.decode().startswith("pc 0x1000: found")
    else:
        objs = [json.loads(l) for l in p.stdout.decode("utf-8", errors="strict").splitlines()]
        assert [o.get("pc") for o in objs] == [0x1000] + [None] * len(BAD) + [0x1100]
        assert [o["line"] for o in objs[1:-1]] == list(range(2, 2 + len(BAD)))
        assert objs[1] == {"line": 2, "error": "not a PC", "text": "xyz"}
        assert objs[-2]["text"] == "\ufffd\u0001"
        assert p.stderr == b""


def test_huge_line_is_cut_and_named(sfv_bin, elf):
    data = b"0x1000\n" + b"9" * (1 << 20) + b"\n0x1100"      # no final newline
    p = sfv(sfv_bin, "--lookup=-", elf, stdin=data)
    assert p.returncode == 1
    assert p.stderr.decode() == ("sframe-validate: --lookup=-: line 2: line longer than "
                                 "256 bytes (its start quoted): '" + "9" * 256 + "'\n")
    assert p.stdout.decode().count("found") == 2


def test_crlf_and_blank_lines(sfv_bin, elf):
    a = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\r\n\r\n\n0x1100\r\n")
    b = sfv(sfv_bin, "--lookup=-", elf, stdin=b"0x1000\n0x1100\n")
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_empty_input(sfv_bin, elf, fmt):
    p = sfv(sfv_bin, f"--format={fmt}", "--lookup=-", elf, stdin=b"")
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_write_error(sfv_bin, elf, fmt):
    data = b"0x1000\n" * 100000
    with open("/dev/full", "wb") as full:
        p = subprocess.run([sfv_bin, f"--format={fmt}", "--lookup=-", str(elf)],
                           input=data, stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert p.returncode == 2
    assert p.stderr.decode().splitlines() == [
        "sframe-validate: error writing standard output: No space left on device"]


def test_list_that_is_a_fifo_is_not_opened(sfv_bin, elf, tmp_path):
    f = tmp_path / "fifo"
    os.mkfifo(f)
    p = sfv(sfv_bin, f"--lookup=@{f}", elf)
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr.decode().startswith(f"sframe-validate: --lookup=@{f}: ")


def test_one_file_only(sfv_bin, elf):
    p = sfv(sfv_bin, "--lookup=-", elf, elf, stdin=b"")
    assert p.returncode == 2
    assert b"--lookup=- and --lookup=@FILE take one FILE" in p.stderr


def test_slow_pipe_writer(sfv_bin, elf):
    """A pipe whose writer pauses: answers as the lines come, no busy loop."""
    r, w = os.pipe()
    p = subprocess.Popen([sfv_bin, "--lookup=-", str(elf)], stdin=r,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(r)
    os.write(w, b"0x1000\n")
    import time
    time.sleep(0.3)
    os.write(w, b"0x1100\n")
    os.close(w)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0 and out.count(b"found") == 2 and err == b""

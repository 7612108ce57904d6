# SPDX-License-Identifier: MIT
"""What sframe-validate prints, under hostile names and hostile pipes
(issue 15 items 5, 6, 8, 9, 10): strict UTF-8 JSON/SARIF, quoted text,
write errors, GNU option order, --max-diags over policy diagnostics,
--lookup on several files.  Every JSON/SARIF document here is decoded from
bytes with a strict UTF-8 decoder."""
import json
import os
import pathlib
import struct
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
from encoder import encode  # noqa: E402
from matrix import simple_section  # noqa: E402
import elfgen as G  # noqa: E402
from test_elf_synthetic import TEXT, linked  # noqa: E402


def strict_json(data: bytes):
    """json.loads of bytes that must be strict UTF-8 (RFC 8259 8.1)."""
    return json.loads(data.decode("utf-8", errors="strict"))


def run(sfv_bin, *args, **kw):
    return subprocess.run([sfv_bin, *map(os.fsdecode, args)], capture_output=True, **kw)


@pytest.fixture
def good(tmp_path):
    p = tmp_path / "good.sframe"
    p.write_bytes(encode(simple_section(3, 2)).data)
    return p


# ------------------------------------------------------------ item 5: UTF-8

BAD_NAME = b"bad\xff\xc3(\xed\xa0\x80.sframe"   # stray, truncated, surrogate


def test_invalid_utf8_path_json_sarif_text(sfv_bin, tmp_path, good):
    p = os.path.join(os.fsencode(tmp_path), BAD_NAME)
    with open(p, "wb") as fh:
        fh.write(good.read_bytes())
    r = run(sfv_bin, "--format=json", p)
    assert r.returncode == 0
    doc = strict_json(r.stdout)
    f = doc["files"][0]
    assert "\ufffd" in f["path"] and f["path"].startswith(str(tmp_path))
    assert bytes.fromhex(f["path_bytes"]) == p
    r = run(sfv_bin, "--format=sarif", p, tmp_path / "missing\x01")
    assert r.returncode == 2
    doc = strict_json(r.stdout)
    uri = doc["runs"][0]["artifacts"][0]["location"]["uri"]
    assert "%FF%C3(".replace("(", "%28") in uri
    r = run(sfv_bin, p)
    line = r.stdout.decode("ascii")        # quoted: plain ASCII
    assert "bad\\xff\\xc3(\\xed\\xa0\\x80.sframe: valid" in line
    # a valid path has no path_bytes
    r = run(sfv_bin, "--format=json", good)
    assert "path_bytes" not in strict_json(r.stdout)["files"][0]


def test_json_io_error_path_is_strict(sfv_bin, tmp_path):
    missing = os.path.join(os.fsencode(tmp_path), b"gone\xfe")
    r = run(sfv_bin, "--format=json", missing)
    assert r.returncode == 2
    e = strict_json(r.stdout)["errors"][0]
    assert bytes.fromhex(e["path_bytes"]) == missing
    assert b"gone\\xfe" in r.stderr


def _elf_with_names(names):
    """Linked ELF, 3 covered functions, then one uncovered function per name."""
    syms = [(n, TEXT + 0xc0 + 4 * i, 2, G.STT_FUNC, 1) for i, n in enumerate(names)]
    return linked(syms=syms)


HOSTILE = [b"x\nf.so: valid: 0 errors, 0 warnings, 0 notes",   # forged summary
           b"esc\x1b]0;pwned\x07\x1b[2J",                       # OSC + CSI
           b"del\x7fc1\xc2\x9b31m",                             # DEL, C1 CSI
           b"bad\xff\xfeutf8",
           "é".encode() * 100]                                  # 200 bytes, 2-byte chars


def test_symbol_names_quoted_in_text(sfv_bin, tmp_path):
    p = tmp_path / "f.so"
    p.write_bytes(_elf_with_names(HOSTILE))
    r = run(sfv_bin, "--coverage", p)
    out = r.stdout
    lines = out.split(b"\n")[:-1]
    assert len(lines) == len(HOSTILE) + 1, out  # one line per diagnostic + summary
    # the only line that starts like a summary is the summary
    assert [ln.startswith(b"x") or b": valid:" in ln.split(b" ", 1)[0]
            for ln in lines] == [False] * len(lines)
    assert all(ln.startswith(os.fsencode(p) + b": .sframe+") or
               ln.startswith(os.fsencode(p) + b": elf+") for ln in lines[:-1])
    assert lines[-1].startswith(os.fsencode(p) + b": valid:")
    assert not any(c < 0x20 or c == 0x7f for c in out.replace(b"\n", b""))
    assert b"\xc2\x9b" not in out and b"\xff" not in out
    assert b"(x\\x0af.so: valid: 0 errors" in lines[0]
    assert b"(esc\\x1b]0;pwned\\x07\\x1b[2J)" in lines[1]
    assert b"(del\\x7fc1\\xc2\\x9b31m)" in lines[2]
    assert b"(bad\\xff\\xfeutf8)" in lines[3]
    out.decode("utf-8", errors="strict")


def test_symbol_names_strict_utf8_in_json_and_sarif(sfv_bin, tmp_path):
    p = tmp_path / "f.so"
    p.write_bytes(_elf_with_names(HOSTILE))
    doc = strict_json(run(sfv_bin, "--coverage", "--format=json", p).stdout)
    msgs = [d["message"] for d in doc["files"][0]["diagnostics"]]
    assert len(msgs) == len(HOSTILE)
    assert msgs[0].endswith("(x\nf.so: valid: 0 errors, 0 warnings, 0 notes)")
    assert msgs[3].endswith("(bad\ufffd\ufffdutf8)")
    long = msgs[4].rsplit(" (", 1)[1][:-1]
    assert set(long) == {"é"} and 2 * len(long) <= 159  # cut between characters
    sarif = strict_json(run(sfv_bin, "--coverage", "--format=sarif", p).stdout)
    texts = [x["message"]["text"] for x in sarif["runs"][0]["results"]]
    assert texts == msgs


# ------------------------------------------------------------ item 8: writes

@pytest.mark.parametrize("args", [["--help"], ["--version"], ["--list-rules"],
                                  ["--list-rules", "--format=json"], ["GOOD"],
                                  ["--format=json", "GOOD"], ["--format=sarif", "GOOD"],
                                  ["--dump", "GOOD"], ["--lookup=0x1000", "GOOD"]])
def test_dev_full_is_a_write_error(sfv_bin, good, args):
    args = [str(good) if a == "GOOD" else a for a in args]
    with open("/dev/full", "wb") as full:
        r = subprocess.run([sfv_bin, *args], stdout=full, stderr=subprocess.PIPE)
    assert r.returncode == 2, args
    err = r.stderr.decode().splitlines()
    assert err == ["sframe-validate: error writing standard output: No space left on device"]


def test_closed_pipe_is_a_write_error_not_sigpipe(sfv_bin, good):
    rd, wr = os.pipe()
    os.close(rd)
    try:
        r = subprocess.run([sfv_bin, "--list-rules", "--format=json"], stdout=wr,
                           stderr=subprocess.PIPE)
    finally:
        os.close(wr)
    assert r.returncode == 2
    assert r.stderr.decode() == ("sframe-validate: error writing standard output: "
                                 "Broken pipe\n")


def test_pipe_into_head(sfv_bin, tmp_path, good):
    # Enough output that the reader is gone before the writer is done.
    files = [str(good)] * 3000
    r = subprocess.run(["bash", "-c", '"$0" "$@" | head -1; echo "${PIPESTATUS[0]}"',
                        sfv_bin, *files], capture_output=True, text=True)
    first, status = r.stdout.splitlines()
    assert first.endswith(": valid: 0 errors, 0 warnings, 0 notes; raw section, "
                          "SFrame v3, 2 FDEs")
    assert status == "2", r.stderr
    assert r.stderr.count("\n") == 1 and "Broken pipe" in r.stderr


# ------------------------------------------------------------ item 9: options

def test_options_after_files_and_double_dash(sfv_bin, tmp_path, good):
    r = run(sfv_bin, good, "--format=json")
    assert r.returncode == 0 and strict_json(r.stdout)["files"][0]["valid"]
    dash = tmp_path / "--format=json"
    dash.write_bytes(good.read_bytes())
    os.chdir(tmp_path)
    r = run(sfv_bin, "-q", "--", "--format=json")
    assert r.returncode == 0
    assert r.stdout.decode().startswith("--format=json: valid: 0 errors")


def test_list_rules_takes_no_file(sfv_bin, good):
    r = run(sfv_bin, "--list-rules", good)
    assert r.returncode == 2 and b"--list-rules takes no FILE" in r.stderr
    assert r.stdout == b""


def test_lookup_json_several_files_one_document(sfv_bin, tmp_path, good):
    elf = tmp_path / "x.so"
    elf.write_bytes(linked())
    junk = tmp_path / "junk.sframe"
    junk.write_bytes(b"\xe2\xde\x02")
    r = run(sfv_bin, "--lookup=0x401004", "--format=json", good, elf, junk,
            tmp_path / "missing")
    assert r.returncode == 2
    doc = strict_json(r.stdout)
    assert [x["path"] for x in doc["lookups"]] == [str(good), str(elf), str(junk)]
    assert doc["lookups"][1]["found"] is True and doc["lookups"][1]["pc"] == 0x401004
    assert doc["lookups"][2] == {"path": str(junk), "pc": 0x401004, "found": False,
                                 "reason": "undecodable",
                                 "status": doc["lookups"][2]["status"]}
    assert doc["errors"][0]["path"] == str(tmp_path / "missing")
    r = run(sfv_bin, "--lookup=0x401004", good, elf)
    text = r.stdout.decode()
    assert text.startswith(f"{good}:\npc 0x401004: ") and f"\n{elf}:\npc 0x401004: found\n" in text


# ------------------------------------------------------------ item 10: docs vs code

def test_max_diags_caps_policy_diagnostics(sfv_bin, tmp_path):
    b = bytearray(encode(simple_section(2, 3)).data)
    b[3] = 0x80                                    # flags-undefined (library)
    p = tmp_path / "p.sframe"
    p.write_bytes(bytes(b))
    args = ["--format=json", "--require-version=3", "--require-sorted", p]
    full = strict_json(run(sfv_bin, *args).stdout)["files"][0]
    rules = [d["rule"] for d in full["diagnostics"]]
    assert "required-version" in rules and len(rules) >= 2
    r = run(sfv_bin, "--max-diags=1", *args)
    assert r.returncode == 1
    f = strict_json(r.stdout)["files"][0]
    assert len(f["diagnostics"]) == 1
    assert f["errors"] == full["errors"] and f["suppressed"] == len(rules) - 1
    t = run(sfv_bin, "--max-diags=1", "--require-version=3", "--require-sorted", p)
    lines = t.stdout.decode().splitlines()
    assert len(lines) == 2 and "(some diagnostics suppressed)" in lines[1]


def test_help_documents_vma_and_write_errors(sfv_bin):
    h = run(sfv_bin, "--help").stdout.decode()
    assert "(default 0)" not in h and "even\n" in h.replace("  ", "")
    assert "failed write on standard output" in h
    assert "--dump-rows=N" in h and "--section=NAME" in h and "--input=KIND" in h
    man = (ROOT / "docs" / "sframe-validate.1").read_text()
    readme = (ROOT / "README.md").read_text()
    for doc in (man, readme):
        assert "path_bytes" in doc and "section size" in doc
        assert "/dev/full" in doc


# ------------------------------------------------------------ item 12: --dump bound

def shared_block_section(n_fdes, n_fres):
    """v2, amd64: n_fdes FDEs that all point at one block of n_fres FREs
    (addr2 starts, 1-byte CFA offset): objdump prints n_fdes x n_fres rows."""
    fres = b"".join(struct.pack("<HBb", 8 * k, 0x03, 8 + (k % 8)) for k in range(n_fres))
    fdes = b"".join(struct.pack("<iIIIBBH", 0x1000 * i, 0x1000, 0, n_fres, 0x01, 0, 0)
                    for i in range(n_fdes))
    hdr = struct.pack("<HBBBbbBIIIII", 0xdee2, 2, 1, 3, 0, -8, 0, n_fdes,
                      n_fres, len(fres), 0, len(fdes))
    return hdr + fdes + fres


def test_dump_rows_cap(sfv_bin, tmp_path):
    p = tmp_path / "shared.sframe"
    p.write_bytes(shared_block_section(400, 200))      # 80000 rows, 8.8 KB
    rows = lambda out: sum(1 for ln in out.splitlines() if ln.startswith(b"    0000"))
    r = run(sfv_bin, "--dump", p)
    assert r.returncode == 1 and rows(r.stdout) == 65536
    assert r.stderr.decode() == (f"sframe-validate: {p}: --dump stopped after 65536 of "
                                 "80000 FRE rows (FDEs share FRE blocks); --dump-rows=N "
                                 "raises the cap, --dump-rows=0 lifts it\n")
    full = run(sfv_bin, "--dump", "--dump-rows=0", p)
    assert full.returncode == 0 and rows(full.stdout) == 80000 and full.stderr == b""
    # up to the cap, the text is the full dump's
    assert full.stdout.startswith(r.stdout)
    few = run(sfv_bin, "--dump", "--dump-rows=10", p)
    assert few.returncode == 1 and rows(few.stdout) == 10
    assert full.stdout.startswith(few.stdout)
    # a section whose FDEs own their FREs is far from the default cap
    own = tmp_path / "own.sframe"
    own.write_bytes(shared_block_section(1, 200))
    r = run(sfv_bin, "--dump", own)
    assert r.returncode == 0 and rows(r.stdout) == 200


# ------------------------------------------------------------ property: any name

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NAME_BYTES = st.binary(min_size=1, max_size=40).map(
    lambda b: b.replace(b"\0", b"_").replace(b"/", b"_")).filter(lambda b: b not in (b".", b".."))


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAME_BYTES)
def test_any_file_name(sfv_bin, tmp_path, good, name):
    """Any byte string as a file name: JSON is strict UTF-8 and gives the
    bytes back; text output has no control byte; Python's own decoder
    agrees with ours on which names are UTF-8."""
    p = os.path.join(os.fsencode(tmp_path), b"n-" + name)
    with open(p, "wb") as fh:
        fh.write(good.read_bytes())
    try:
        doc = strict_json(run(sfv_bin, "--format=json", p).stdout)
        f = doc["files"][0]
        try:
            p.decode("utf-8", errors="strict")
            assert f["path"] == p.decode() and "path_bytes" not in f
        except UnicodeDecodeError:
            assert bytes.fromhex(f["path_bytes"]) == p
            assert f["path"] == p.decode("utf-8", errors="replace") or "\ufffd" in f["path"]
        text = run(sfv_bin, p).stdout
        assert text.endswith(b"\n") and text.count(b"\n") == 1
        assert not any(c < 0x20 or c == 0x7f for c in text[:-1])
        text.decode("utf-8", errors="strict")
        strict_json(run(sfv_bin, "--format=sarif", p).stdout)
    finally:
        os.unlink(p)

# SPDX-License-Identifier: MIT
"""sframe-validate exit statuses, text output and policy options on raw
sections made by the generator (gen/)."""
import json
import pathlib
import subprocess

import pytest

from encoder import encode  # noqa: E402
from matrix import simple_section  # noqa: E402
from model import Section  # noqa: E402


def raw(tmp_path, name, data):
    p = tmp_path / name
    p.write_bytes(data)
    return str(p)


@pytest.fixture
def good(tmp_path):
    return raw(tmp_path, "good.sframe", encode(simple_section(2, 3)).data)


@pytest.fixture
def bad(tmp_path):
    # FRE sub-section claims more bytes than the section has
    data = bytearray(encode(simple_section(2, 3)).data)
    data[16] = 0xff
    return raw(tmp_path, "bad.sframe", bytes(data))


def run(sfv_bin, *args, **kw):
    return subprocess.run([sfv_bin, *args], capture_output=True, encoding="utf-8", errors="strict", **kw)


def test_help_version(sfv_bin):
    r = run(sfv_bin, "--help")
    assert r.returncode == 0 and "Usage: sframe-validate" in r.stdout
    for opt in ("--format=FMT", "--require-sorted", "--require-version=N",
                "--require-sframe", "--coverage", "--dump", "--lookup=PC", "--Werror"):
        assert opt in r.stdout
    r = run(sfv_bin, "--version")
    assert r.returncode == 0 and r.stdout.startswith("sframe-validate ")


@pytest.mark.parametrize("args", [[], ["--bogus", "x"], ["--format=xml", "x"],
                                  ["--max-diags=0", "x"], ["--require-version=4", "x"],
                                  ["--vma=-1", "x"], ["--lookup=zz", "x"],
                                  ["--format=markdown", "x"], ["--objdump=241", "x"]])
def test_usage_errors_exit_2(sfv_bin, args):
    r = run(sfv_bin, *args)
    assert r.returncode == 2 and r.stderr


def test_valid_and_invalid_raw(sfv_bin, good, bad):
    r = run(sfv_bin, good)
    assert r.returncode == 0
    assert r.stdout.startswith(good + ": valid: 0 errors, 0 warnings, 0 notes; raw section, SFrame v2, 2 FDEs")
    r = run(sfv_bin, bad)
    assert r.returncode == 1
    line = r.stdout.splitlines()[0]
    assert line.startswith(bad + ": .sframe+0x10: error: ") and line.endswith("[fre-subsection-bounds]")
    assert "INVALID" in r.stdout.splitlines()[-1]


def test_io_and_format_errors_exit_2(sfv_bin, tmp_path, good, bad):
    cases = [str(tmp_path / "missing"), str(tmp_path),
             raw(tmp_path, "empty", b""), raw(tmp_path, "text", b"hello world"),
             raw(tmp_path, "elf3", b"\x7fEL")]
    for p in cases:
        r = run(sfv_bin, p)
        assert r.returncode == 2, p
        assert p in r.stderr
    # the worst status wins, every file is still processed
    r = run(sfv_bin, good, bad, cases[0])
    assert r.returncode == 2
    assert r.stdout.count(": valid:") == 1 and r.stdout.count(": INVALID:") == 1
    r = run(sfv_bin, good, bad)
    assert r.returncode == 1


def test_quiet_and_max_diags(sfv_bin, tmp_path):
    sec = Section(version=2, abi=3, fdes=simple_section(2, 3, nfdes=6).fdes)
    data = bytearray(encode(sec).data)
    for i in range(6):  # FDE padding field (warning) of every FDE
        data[28 + 20 * i + 18] = 1
    p = raw(tmp_path, "pad.sframe", bytes(data))
    r = run(sfv_bin, p)
    assert r.returncode == 0 and r.stdout.count("[fde-padding]") == 6
    r = run(sfv_bin, "-q", p)
    assert r.stdout.count("\n") == 1 and "6 warnings" in r.stdout
    r = run(sfv_bin, "--max-diags=2", p)
    assert r.stdout.count("[fde-padding]") == 2 and "6 warnings" in r.stdout
    assert "suppressed" in r.stdout
    r = run(sfv_bin, "--Werror", "--max-diags=2", p)
    assert r.returncode == 1 and "6 errors, 0 warnings" in r.stdout


def test_policies_on_raw(sfv_bin, tmp_path, good):
    r = run(sfv_bin, "--require-version=2", good)
    assert r.returncode == 0
    r = run(sfv_bin, "--require-version=3", good)
    assert r.returncode == 1 and "[required-version]" in r.stdout
    assert "section is SFrame v2, but v3 is required" in r.stdout
    unsorted = raw(tmp_path, "u.sframe", encode(simple_section(2, 3, flags=0)).data)
    assert run(sfv_bin, unsorted).returncode == 0
    r = run(sfv_bin, "--require-sorted", unsorted)
    assert r.returncode == 1 and ".sframe+0x3: error:" in r.stdout and "[require-sorted]" in r.stdout
    assert "[elf-unsorted]" not in r.stdout   # a raw section: no ELF rule
    assert run(sfv_bin, "--require-sorted", good).returncode == 0


def test_unrelocated_and_vma(sfv_bin, tmp_path):
    # two FDEs at the same (nonzero) start: an overlap unless the caller says
    # the starts await relocation
    sec = simple_section(2, 3)
    for f in sec.fdes:
        f.start = 0x40
    p = raw(tmp_path, "o.sframe", encode(sec).data)
    assert run(sfv_bin, p).returncode == 1
    r = run(sfv_bin, "--unrelocated", p)
    assert r.returncode == 0 and "(reason 1) [checks-skipped]" in r.stdout
    # all stored starts 0 (GNU as .o output): detected without the option
    for f in sec.fdes:
        f.start = 0
    p = raw(tmp_path, "z.sframe", encode(sec).data)
    r = run(sfv_bin, p)
    assert r.returncode == 0 and "(reason 4) [checks-skipped]" in r.stdout


def test_canonical_wiring(sfv_bin, good, bad):
    r = run(sfv_bin, "--format=canonical", good)
    assert r.returncode == 0 and json.loads(r.stdout)
    assert run(sfv_bin, "--format=canonical", bad).returncode == 1


def test_list_rules_formats(sfv_bin):
    r = run(sfv_bin, "--list-rules", "--format=json")
    rules = json.loads(r.stdout)
    ids = {x["id"] for x in rules}
    assert {"elf-no-sframe", "elf-fde-outside-load", "required-version", "magic"} <= ids
    for x in rules:
        assert set(x) >= {"id", "severity", "spec", "versions", "summary"}
    assert run(sfv_bin, "--list-rules", "--format=sarif").returncode == 2
    # markdown is docs/RULES.md (make rules-doc), byte for byte
    md = run(sfv_bin, "--list-rules", "--format=markdown")
    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
    assert md.returncode == 0 and md.stdout == doc.read_text(encoding="utf-8")

# SPDX-License-Identifier: MIT
"""--input=auto|elf|raw and --section=NAME."""
import shutil
import subprocess

import pytest

from hostile_lib import linked_elf, run, run_json, rules_of


def test_forced_raw_bad_magic_is_rule_magic(sfv_bin, tmp_path):
    f = tmp_path / "text.bin"
    f.write_bytes(b"hello, world: not an SFrame section at all")
    assert run(sfv_bin, f).returncode == 2          # auto: not recognised
    rc, doc, _ = run_json(sfv_bin, "--input=raw", f)
    d = doc["files"][0]["diagnostics"]
    assert rc == 1 and [x["rule"] for x in d] == ["magic"], d
    assert d[0]["offset"] == 0 and d[0]["found"] == 0x6568 or d[0]["found"] == 0x6865, d
    assert d[0]["expected"] == 0xdee2


def test_forced_raw_empty_file_is_an_empty_section(sfv_bin, tmp_path):
    f = tmp_path / "empty.sframe"
    f.write_bytes(b"")
    p = run(sfv_bin, f)
    assert p.returncode == 2 and b"empty file" in p.stderr
    rc, doc, _ = run_json(sfv_bin, "--input=raw", f)
    d = doc["files"][0]["diagnostics"]
    assert rc == 0 and [(x["rule"], x["severity"]) for x in d] == [("empty-section", "note")]


def test_forced_raw_reads_an_elf_file_as_bytes(sfv_bin, tmp_path):
    f = tmp_path / "x.elf"
    f.write_bytes(linked_elf())
    rc, doc, _ = run_json(sfv_bin, "--input=raw", f)
    assert rc == 1 and doc["files"][0]["format"] == "raw"
    assert rules_of(doc) == ["magic"]


def test_forced_elf_refuses_raw(sfv_bin, tmp_path):
    f = tmp_path / "x.sframe"
    f.write_bytes(b"\xe2\xde\x02\x00" + bytes(24))
    p = run(sfv_bin, "--input=elf", f)
    assert p.returncode == 2 and b"not an ELF file" in p.stderr


def test_bad_input_kind(sfv_bin, tmp_path):
    p = run(sfv_bin, "--input=exe", tmp_path)
    assert p.returncode == 2 and b"bad --input" in p.stderr


def test_section_name_finds_a_renamed_section(sfv_bin, tmp_path):
    if shutil.which("objcopy") is None or shutil.which("objdump") is None:
        pytest.skip("binutils not installed")
    f = tmp_path / "x.elf"
    f.write_bytes(linked_elf())
    r = tmp_path / "r.elf"
    subprocess.run(["objcopy", "--rename-section", ".sframe=.sframe2", str(f), str(r)],
                   check=True)
    # The type still says SHT_GNU_SFRAME: found by type, named otherwise.
    rc, doc, _ = run_json(sfv_bin, r)
    assert "elf-sframe-name" in rules_of(doc)
    rc, doc, _ = run_json(sfv_bin, "--section=.sframe2", r)
    assert doc["files"][0]["sframe"] is not None and rc == 0, doc
    rc, doc, _ = run_json(sfv_bin, "--section=.nothing", r)
    assert rules_of(doc) == ["elf-no-sframe"], doc

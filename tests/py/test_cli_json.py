# SPDX-License-Identifier: MIT
"""--format=json against docs/json-output.schema.json (python3-jsonschema)."""
import json
import pathlib
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
from encoder import encode  # noqa: E402
from matrix import simple_section  # noqa: E402
import elfgen as G  # noqa: E402

SCHEMA = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())


@pytest.fixture
def inputs(tmp_path):
    good = tmp_path / "good.sframe"
    good.write_bytes(encode(simple_section(3, 2)).data)
    bad = tmp_path / "bad.sframe"
    b = bytearray(encode(simple_section(2, 3)).data)
    b[3] = 0x80  # undefined flag
    bad.write_bytes(bytes(b))
    elf = tmp_path / "x.elf"
    sf = G.sframe_for(3, 2, [0x1000, 0x1040], 0x2000)
    elf.write_bytes(G.build(
        [G.Sec(".text", flags=6, addr=0x1000, data=bytes(0x80)),
         G.Sec(".sframe", flags=2, addr=0x2000, data=sf)],
        [G.Seg(G.PT_LOAD, 5, [".text"])]))
    return [str(good), str(bad), str(elf), str(tmp_path / "missing")]


def test_json_matches_schema(sfv_bin, inputs):
    r = subprocess.run([sfv_bin, "--format=json", *inputs], capture_output=True, encoding="utf-8", errors="strict")
    assert r.returncode == 2
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, SCHEMA)
    files = doc["files"]
    assert [f["path"] for f in files] == inputs[:3]
    assert [f["format"] for f in files] == ["raw", "raw", "elf"]
    assert [f["valid"] for f in files] == [True, False, True]
    assert doc["errors"][0]["path"] == inputs[3]
    d = files[1]["diagnostics"][0]
    assert d["rule"] == "flags-undefined" and d["severity"] == "error"
    assert d["offset"] == 3 and d["fde"] is None and d["fre"] is None
    # ELF-level diagnostics carry file offsets, core ones section offsets
    e = {x["rule"]: x for x in files[2]["diagnostics"]}
    assert e["elf-no-pt-sframe"]["offset_space"] == "file"
    assert files[2]["sframe"]["address"] == 0x2000


def test_schema_rejects_wrong_shapes():
    """The schema is not vacuous: documents that break the contract fail."""
    good = {"files": [{"path": "p", "format": "raw", "valid": True, "diagnostics": [
        {"rule": "magic", "severity": "error", "offset": 0, "fde": None, "fre": None,
         "message": "m"}]}]}
    jsonschema.validate(good, SCHEMA)
    for mutate in (lambda d: d["files"][0].update(format="coff"),
                   lambda d: d["files"][0].pop("valid"),
                   lambda d: d["files"][0]["diagnostics"][0].update(severity="fatal"),
                   lambda d: d["files"][0]["diagnostics"][0].update(fde="1"),
                   lambda d: d["files"][0]["diagnostics"][0].pop("offset")):
        bad = json.loads(json.dumps(good))
        mutate(bad)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)


def test_json_empty_run_is_valid_document(sfv_bin, tmp_path):
    r = subprocess.run([sfv_bin, "--format=json", str(tmp_path / "nope")],
                       capture_output=True, encoding="utf-8", errors="strict")
    assert r.returncode == 2
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, SCHEMA)
    assert doc["files"] == []

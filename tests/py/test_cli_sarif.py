# SPDX-License-Identifier: MIT
"""--format=sarif against the SARIF 2.1.0 JSON schema (RTM.5, the schema
of the OASIS 2.1.0 standard; vendored by the npm package
@microsoft/jest-sarif and fetched offline-able by `make sarif-schema`)."""
import json
import pathlib
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
from encoder import encode  # noqa: E402
from matrix import simple_section  # noqa: E402
import elfgen as G  # noqa: E402


@pytest.fixture(scope="module")
def schema():
    path = ROOT / "build" / "sarif" / "sarif-schema-2.1.0.json"
    if not path.exists():
        subprocess.run(["make", "-C", str(ROOT), "sarif-schema"], check=True)
    return json.loads(path.read_text())


def sarif(sfv_bin, *paths):
    r = subprocess.run([sfv_bin, "--format=sarif", *paths], capture_output=True, encoding="utf-8", errors="strict")
    assert r.returncode in (0, 1, 2)
    return r.returncode, json.loads(r.stdout)


def test_sarif_validates_and_maps_results(sfv_bin, schema, tmp_path):
    bad = tmp_path / "bad file.sframe"  # a space: the URI must be encoded
    b = bytearray(encode(simple_section(2, 3)).data)
    b[3] = 0x80
    bad.write_bytes(bytes(b))
    sf = G.sframe_for(3, 2, [0x1000, 0x1040], 0x2000)
    elf = tmp_path / "x.elf"
    elf.write_bytes(G.build(
        [G.Sec(".text", flags=6, addr=0x1000, data=bytes(0x80)),
         G.Sec(".sframe", flags=2, addr=0x2000, data=sf + b"\x01")],
        [G.Seg(G.PT_LOAD, 5, [".text"])]))
    rc, doc = sarif(sfv_bin, str(bad), str(elf), str(tmp_path / "missing"))
    assert rc == 2
    jsonschema.Draft4Validator(schema).validate(doc)
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    listed = json.loads(subprocess.run([sfv_bin, "--list-rules", "--format=json"],
                                       capture_output=True, encoding="utf-8", errors="strict").stdout)
    assert [r["id"] for r in rules] == [r["id"] for r in listed]
    res = run["results"]
    by_rule = {r["ruleId"]: r for r in res}
    f = by_rule["flags-undefined"]
    assert f["level"] == "error" and rules[f["ruleIndex"]]["id"] == "flags-undefined"
    loc = f["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].endswith("bad%20file.sframe")
    assert loc["artifactLocation"]["index"] == 0 and loc["region"]["byteOffset"] == 3
    # a core diagnostic inside an ELF: region is the file offset
    g = by_rule["trailing-garbage"]
    sec_off = g["properties"]["offset"]
    assert g["locations"][0]["physicalLocation"]["region"]["byteOffset"] > sec_off
    w = by_rule["elf-no-pt-sframe"]
    assert w["level"] == "warning" and w["properties"]["offsetSpace"] == "file"
    assert len(run["artifacts"]) == 3
    inv = run["invocations"][0]
    assert inv["executionSuccessful"] is False
    assert "missing" in json.dumps(inv["toolExecutionNotifications"])


def test_sarif_clean_run(sfv_bin, schema, tmp_path):
    p = tmp_path / "g.sframe"
    p.write_bytes(encode(simple_section(3, 3)).data)
    rc, doc = sarif(sfv_bin, str(p))
    assert rc == 0
    jsonschema.Draft4Validator(schema).validate(doc)
    assert doc["runs"][0]["results"] == []
    assert doc["runs"][0]["invocations"][0]["executionSuccessful"] is True


def test_schema_is_not_vacuous(schema):
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                         "results": [{"level": "fatal", "message": {"text": "m"}}]}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(bad)

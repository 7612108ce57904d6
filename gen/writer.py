# SPDX-License-Identifier: MIT
"""Writes cases to disk: OUT/cases/<id>.sframe, OUT/expect/<id>.json (the
canonical decode, for cases a reader may accept) and OUT/manifest.json.

Output is deterministic (stable order, sorted JSON keys in expect files) so
`make gen-check` can compare regenerated files byte for byte.
"""
import json
import os
import shutil
from typing import Dict, List

from canonical import canonical
from decisions import depends_on, offset_kind
from encoder import encode
from model import ABI_NAMES, Case
from spec import DECISIONS, citation, spec_json

# Bump policy: conformance/CHANGELOG.md.
SUITE_VERSION = "1.3.0"


def _offset(case: Case, fields: Dict) -> object:
    if case.offset is None or isinstance(case.offset, int):
        return case.offset
    return fields[case.offset][0]


def case_entry(case: Case, expect: str) -> Dict:
    enc = encode(case.section)
    sec = case.section
    e = {"id": case.id,
         "file": f"cases/{case.id}.sframe",
         "verdict": case.verdict,
         "version": sec.version,
         "abi": ABI_NAMES.get(sec.abi, str(sec.abi)),
         "endian": "big" if sec.endian_big else "little",
         "rule": case.rule,
         "offset": _offset(case, enc.fields),
         "offset_kind": offset_kind(case.offset),
         "description": case.description,
         "expect": expect,
         "spec": spec_json(citation(case.id, case.rule))}
    if case.flags:
        e["flags"] = case.flags
    deps = [d for d in depends_on(case) if d not in case.flags]
    if deps:
        e["depends_on"] = deps
    if case.aliases:
        e["aliases"] = case.aliases
    if case.warnings:
        e["warnings"] = case.warnings
    if case.also:
        e["also"] = case.also
    if case.decision:
        e["decision"] = case.decision
    if case.note:
        e["note"] = case.note
    return e


def write_all(out: str, cases: List[Case]) -> None:
    ids = [c.id for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, f"duplicate case ids: {sorted(dup)}"
    for sub in ("cases", "expect"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        os.makedirs(os.path.join(out, sub))
    entries = []
    for c in cases:
        with open(os.path.join(out, "cases", c.id + ".sframe"), "wb") as fh:
            fh.write(encode(c.section).data)
        expect = None
        if c.decodable:
            expect = f"expect/{c.id}.json"
            with open(os.path.join(out, expect), "w") as fh:
                json.dump(canonical(c.section), fh, indent=1, sort_keys=True)
                fh.write("\n")
        entries.append(case_entry(c, expect))
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        for c in cases:
            unknown = set(c.flags) - set(DECISIONS)
            assert not unknown, f"{c.id}: flags without a DECISIONS entry: {unknown}"
        json.dump({"suite_version": SUITE_VERSION, "decisions": DECISIONS,
                   "cases": entries}, fh, indent=1)
        fh.write("\n")

# SPDX-License-Identifier: MIT
"""Writes cases to disk: OUT/cases/<id>.sframe, OUT/expect/<id>.json (the
canonical decode, for cases a reader may accept) and OUT/manifest.json.

Output is deterministic (stable order, sorted JSON keys in expect files) so
`make gen-check` can compare regenerated files byte for byte.
"""
import itertools
import json
import os
import shutil
from typing import Dict, List

from canonical import SIDES, canonical
from decisions import depends_on, offset_kind
from encoder import encode
from model import ABI_NAMES, Case
from spec import DECISIONS, RETIRED, citation, spec_json

# Bump policy: conformance/CHANGELOG.md.
SUITE_VERSION = "2.0.0"


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


def _dump(path: str, value: Dict) -> None:
    with open(path, "w") as fh:
        json.dump(value, fh, indent=1, sort_keys=True)
        fh.write("\n")


def side_expects(out: str, case: Case, default: Dict) -> List[Dict]:
    """Expect files for the other readings of the decisions the case's decode
    rests on (canonical.SIDES), where they decode it differently."""
    decs = [d for d in depends_on(case) if d in SIDES]
    rows = []
    for choice in itertools.product(*(list(SIDES[d]) for d in decs)):
        sides = {d: v for d, v in zip(decs, choice) if v != next(iter(SIDES[d]))}
        if not sides:
            continue
        value = canonical(case.section, sides)
        if value == default:
            continue
        name = "expect/" + case.id + "".join(f"~{d}={v}" for d, v in sorted(sides.items()))
        _dump(os.path.join(out, name + ".json"), value)
        rows.append({"sides": sides, "expect": name + ".json"})
    return rows


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
        expect, alt = None, []
        if c.decodable:
            expect = f"expect/{c.id}.json"
            value = canonical(c.section)
            _dump(os.path.join(out, expect), value)
            alt = side_expects(out, c, value)
        entries.append(case_entry(c, expect))
        if alt:
            entries[-1]["expect_sides"] = alt
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        for c in cases:
            unknown = set(c.flags) - set(DECISIONS)
            assert not unknown, f"{c.id}: flags without a DECISIONS entry: {unknown}"
        json.dump({"suite_version": SUITE_VERSION, "decisions": DECISIONS,
                   "decision_sides": SIDES, "cases": entries, "retired": list(RETIRED)},
                  fh, indent=1)
        fh.write("\n")

# SPDX-License-Identifier: MIT
"""The consumers column as data: what the measured matrix
(tests/consumers/measure.py) says each rule's consumer bits must be.

Semantics of a bit (docs/CONSUMERS.md): reader R's bit is set on rule X
when some conformance case that breaks X, on a section R otherwise reads
(R accepts the case's valid base), is rejected by R or crashes it; it is
clear when R accepts every such case.  Rules no conclusive case measures
for R keep the bit read from R's source (listed as unmeasured).
"""
import re

BITS = {"KERNEL": 0x01, "GLIBC": 0x02, "LIBSFRAME_2_47": 0x04, "LLVM": 0x08,
        "LIBSFRAME_2_44": 0x10}
RULE_RE = re.compile(r'SFV_RULE\((\w+),\s*"([a-z0-9-]+)",\s*SFV_SEV_\w+,\s*"[^"]*",'
                     r'\s*([^,]+),\s*([^,]+),', re.S)
VERSION_BITS = {"SFV_V1": 1, "SFV_V2": 2, "SFV_V3": 4, "SFV_VALL": 7}

# (rule, bit) pairs no conformance case can measure, and why; their bit is
# read from the reader's source (docs/CONSUMERS.md).  test_column.py checks
# that this list is exactly what the matrix leaves unmeasured.
_V2_ONLY = "its cases are v2 only; the kernel reads v3 (K2)"
_S390X = ("its v2 cases are s390x, big-endian: the glibc harness reads host "
          "(little-endian) byte order only")
_RANGE = "only a v3 (int64) start can overflow; v1/v2 readers cannot meet it"
UNMEASURED = {
    ("auxhdr-bounds", "KERNEL"): _V2_ONLY + "; K4 refuses any auxiliary header",
    ("fdeoff-after-freoff", "KERNEL"): _V2_ONLY + "; K7 refuses it",
    ("fde-subsection-bounds", "KERNEL"): _V2_ONLY + "; K6/K7 refuse it",
    ("fde-fre-block-overlap", "KERNEL"): _V2_ONLY,
    ("fde-subsection-align", "KERNEL"): _V2_ONLY,
    ("fde-zero-size", "KERNEL"): _V2_ONLY,
    ("fdeoff-gap", "KERNEL"): _V2_ONLY,
    ("fixed-fp-offset", "KERNEL"): _V2_ONLY,
    ("fixed-ra-offset-unused", "KERNEL"): _V2_ONLY,
    ("fre-cfa-offset", "KERNEL"): _V2_ONLY,
    ("fre-first-start", "KERNEL"): _V2_ONLY,
    ("fre-mangled-ra-abi", "KERNEL"): _V2_ONLY,
    ("fre-save-offset", "KERNEL"): _V2_ONLY,
    ("fre-unused-bytes", "KERNEL"): _V2_ONLY,
    ("trailing-padding", "KERNEL"): _V2_ONLY + " (the v3 one is refused: no PCREL flag)",
    ("fre-ra-padding", "GLIBC"): _S390X,
    ("fre-s390x-regnum", "GLIBC"): _S390X,
    ("fde-func-range-overflow", "GLIBC"): _RANGE,
    ("fde-func-range-overflow", "LIBSFRAME_2_44"): _RANGE,
    ("fde-func-range-overflow", "LLVM"): _RANGE,
}


def catalogue_bits(def_text):
    """rule id -> consumer mask parsed from src/sfv_rules.def."""
    out = {}
    for m in RULE_RE.finditer(def_text):
        mask = 0
        for name in re.findall(r"SFV_C_(\w+)", m.group(4)):
            if name == "LIBSFRAME":
                mask |= BITS["LIBSFRAME_2_47"]
            elif name != "NONE":
                mask |= BITS[name]
        out[m.group(2)] = mask
    return out


def catalogue_versions(def_text):
    """rule id -> mask of the SFrame versions it applies to (1 << (v - 1))."""
    return {m.group(2): sum(VERSION_BITS[v.strip()] for v in m.group(3).split("|"))
            for m in RULE_RE.finditer(def_text)}


def conclusive(matrix):
    """(rule, reader) -> [(case id, verdict)] over cases made from a base the
    reader accepts, and cases without a recorded base (built whole by gen/,
    not as a base plus one change) that the reader accepts: an acceptance
    shows the rule's breach did not make the reader refuse."""
    out = {}
    for c in matrix["cases"]:
        if not c["rule"]:
            continue
        for name, r in c["readers"].items():
            if r["base"] != "accept" and not (r["base"] is None and r["verdict"] == "accept"):
                continue
            out.setdefault((c["rule"], name), []).append((c["id"], r["verdict"]))
    return out


def measured_bits(matrix):
    """rule -> {bit name: (set?, evidence)} for every measured pair."""
    out = {}
    for (rule, name), cases in conclusive(matrix).items():
        bit = matrix["harnesses"][name]["bit"]
        fails = [f"{i}: {v}" for i, v in cases if v != "accept"]
        out.setdefault(rule, {})[bit] = (bool(fails), fails or [f"{i}: accept" for i, _ in cases])
    return out


def disagreements(matrix, def_text):
    cat = catalogue_bits(def_text)
    out = []
    for rule, per in sorted(measured_bits(matrix).items()):
        if rule not in cat:
            out.append(f"{rule}: measured but not in the catalogue")
            continue
        for bit, (want, evidence) in sorted(per.items()):
            have = bool(cat[rule] & BITS[bit])
            if have != want:
                out.append(f"{rule}: SFV_C_{bit} is {'set' if have else 'clear'} but the "
                           f"reader {'rejected' if want else 'accepted'}: "
                           + "; ".join(evidence[:3]))
    return out


def unmeasured(matrix, def_text, case_rules):
    """(rule, bit) pairs no conclusive case measures although the rule has a
    conformance case (case_rules) and applies to a version the reader reads:
    the bit there is read from the reader's source (set) or unknown (clear)."""
    versions = catalogue_versions(def_text)
    measured = {(rule, matrix["harnesses"][name]["bit"]) for rule, name in conclusive(matrix)}
    out = set()
    for rule in case_rules:
        for h in matrix["harnesses"].values():
            reads = sum(1 << (v - 1) for v in h["versions"])
            if versions[rule] & reads and (rule, h["bit"]) not in measured:
                out.add((rule, h["bit"]))
    return out

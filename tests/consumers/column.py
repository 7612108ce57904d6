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
                     r'\s*[^,]+,\s*([^,]+),', re.S)


def catalogue_bits(def_text):
    """rule id -> consumer mask parsed from src/sfv_rules.def."""
    out = {}
    for m in RULE_RE.finditer(def_text):
        mask = 0
        for name in re.findall(r"SFV_C_(\w+)", m.group(3)):
            if name == "LIBSFRAME":
                mask |= BITS["LIBSFRAME_2_47"]
            elif name != "NONE":
                mask |= BITS[name]
        out[m.group(2)] = mask
    return out


def conclusive(matrix):
    """(rule, reader) -> [(case id, verdict)] over cases made from a base the
    reader accepts."""
    out = {}
    for c in matrix["cases"]:
        if not c["rule"]:
            continue
        for name, r in c["readers"].items():
            if r["base"] != "accept":
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

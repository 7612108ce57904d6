# SPDX-License-Identifier: MIT
"""Derived manifest fields: which implementation decisions an acceptable
case's canonical decode rests on (`depends_on`), and what kind of byte a
case's `offset` points at (`offset_kind`).  Both are computed from the model,
so a new case cannot forget them.
"""
import re
from typing import List, Optional, Set

from encoder import encode
from model import (ABI_AMD64_LE, ABI_S390X_BE, F_FDE_FUNC_START_PCREL,
                   F_FDE_SORTED, FDE_FLEX, Case, Section)

# offset_kind values, in the order a section is laid out.
OFFSET_KINDS = {
    "section-start": "byte 0 of the section",
    "header-field": "first byte of the named SFrame header field",
    "auxiliary-header": "first byte of the auxiliary header",
    "fde-entry": "first byte of the FDE (v3: FDE index) entry",
    "fde-field": "first byte of the FDE field (v3 num_fres/info/info2/rep_size: in the "
                 "FDE attribute)",
    "fde-attribute": "first byte of the v3 FDE attribute",
    "fre-start": "first byte of the FRE (its start address field)",
    "fre-info-byte": "the FRE info byte",
    "fre-data-word": "first byte of the FRE data word",
    "fre-subsection-end": "first byte after the FRE sub-section (sfh_freoff + sfh_fre_len)",
}


def offset_kind(field: object) -> Optional[str]:
    if field is None:
        return None
    if isinstance(field, int):
        assert field == 0, field
        return "section-start"
    name = str(field)
    for rx, kind in ((r"^hdr\.", "header-field"), (r"^aux$", "auxiliary-header"),
                     (r"^fde\d+$", "fde-entry"), (r"^fde\d+\.attr$", "fde-attribute"),
                     (r"^fde\d+\.\w+$", "fde-field"), (r"^fre\d+\.\d+$", "fre-start"),
                     (r"^fre\d+\.\d+\.info$", "fre-info-byte"),
                     (r"^fre\d+\.\d+\.dw\d+$", "fre-data-word"),
                     (r"^end$", "fre-subsection-end")):
        if re.search(rx, name):
            return kind
    raise ValueError(f"offset field {name!r} has no kind")


def _stored_starts_descend(sec: Section) -> bool:
    enc = encode(sec)
    big = sec.endian_big
    vals = []
    for i in range(len(sec.fdes)):
        off, width = enc.fields[f"fde{i}.start"]
        vals.append(int.from_bytes(enc.data[off:off + width], "big" if big else "little",
                                   signed=True))
    return any(b < a for a, b in zip(vals, vals[1:]))


def depends_on(case: Case) -> List[str]:
    """Decoding decisions (gen/spec.py DECISIONS) the expect file relies on."""
    if not case.decodable:
        return []
    sec = case.section
    out: Set[str] = set()
    if (sec.version >= 2 and sec.flags & F_FDE_SORTED and sec.flags & F_FDE_FUNC_START_PCREL
            and _stored_starts_descend(sec)):
        out.add("sorted-by-resolved-start")
    s390x, amd64 = sec.abi == ABI_S390X_BE, sec.abi == ABI_AMD64_LE
    for f in sec.fdes:
        flex = sec.version == 3 and f.fde_type == FDE_FLEX
        for r in f.fres:
            w = r.words
            if not w:
                out.add("no-datawords-all-undefined")
            elif flex:
                if s390x:
                    out.add("s390x-flex-cfa-scaled")
                ctl = [w[0]]
                if len(w) > 2:
                    ctl.append(w[2])
                if len(w) > 4:
                    ctl.append(w[3] if w[2] == 0 else w[4])
                if any(c != 0 and not c & 1 and c >> 3 for c in ctl):
                    out.add("flex-regnum-without-reg-p")
            elif s390x:
                if sec.version == 3 and any(x & 1 for x in w[1:3]):
                    out.add("s390x-v3-odd-word-is-offset")
                if (sec.fixed_ra_value and len(w) < 2) or (sec.fixed_fp and len(w) < 3):
                    out.add("s390x-fixed-ra-offset")
            else:
                ra_word = not amd64 and len(w) >= 2
                fp_word = len(w) >= (2 if amd64 else 3)
                if (sec.fixed_ra_value and ra_word and not amd64) or \
                        (sec.fixed_fp and fp_word):
                    out.add("fixed-offset-fre-word-wins")
    return sorted(out)

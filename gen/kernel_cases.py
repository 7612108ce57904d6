# SPDX-License-Identifier: MIT
"""*-kernel-* cases: one conformance case per fact of the Linux kernel's SFrame
reader (docs/CONSUMERS.md, facts K1-K18, each cited with the file and
commit it comes from; a case for every fact on which the cited revisions
differ) that the rest of the suite does not already show on
a section the kernel would otherwise read (v3, AMD64, SFRAME_F_FDE_SORTED
and SFRAME_F_FDE_FUNC_START_PCREL set, FDEs and FREs present).

Owned by the consumer-profile work (tests/consumers); a block of its own so
it does not collide with gen/mutations.py.  Verdicts are the spec's, as
for every case; what the kernel does is KERNEL below (checked by
tests/consumers against the cited kernel model and --profile=kernel).

reader_cases(): v2 twins of rule cases the rest of the suite has in v3
only, so that the consumers bits of the readers that read v2 only (glibc
2.43, llvm-readobj) are measured rather than read from their source.
"""
import copy
from typing import List

from encoder import encode
from matrix import simple_section, valid
from model import ABI_AMD64_LE, F_FDE_FUNC_START_PCREL, F_FDE_SORTED, FRE, Case
from mutations import (CONCAT_NOTE, EXTRA_WORDS_NOTE, FRE_RANGE_NOTE, TILE_NOTE, Builder,
                       hdr_plus, plt_section)

X86 = ABI_AMD64_LE
# The kernel readers the facts come from (docs/CONSUMERS.md, revisions S1, S4).
KSRC = "kernel/unwind/sframe.c (dylanbhatch/linux 3231d5c5)"
K4SRC = "kernel/unwind/sframe.c (linux-mm/linux-mm 5ce6138798d7)"
V3FLAGS = F_FDE_SORTED | F_FDE_FUNC_START_PCREL

# case id -> (what revision S1 does, what S4 does: accept | reject | oops,
# fact).  --profile=kernel refuses a case when either revision does not
# accept it.  Existing cases of the suite that show a kernel fact on a
# kernel-readable section are listed too, so every fact has its case.
KERNEL = {
    "impldef-abi-endian-amd64-big": ("reject", "reject", "K1"),
    "valid-kernel-v2-section": ("reject", "reject", "K2"),
    "valid-kernel-unsorted-v3": ("reject", "reject", "K3"),
    "valid-secrel-starts-v3": ("reject", "reject", "K3"),
    "invalid-flags-frame-pointer-v3": ("accept", "accept", "K3"),
    "impldef-kernel-auxhdr-present-v3": ("reject", "reject", "K4"),
    "valid-empty-v3": ("reject", "reject", "K5"),
    "valid-kernel-no-fres-v3": ("reject", "reject", "K5"),
    "invalid-section-too-small-2-bytes": ("reject", "reject", "K6"),
    "invalid-fre-subsection-bounds": ("reject", "reject", "K7"),
    "impldef-kernel-fde-fre-gap-v3": ("accept", "accept", "K7"),
    "valid-pcrel-starts-v3": ("accept", "accept", "K8"),
    "invalid-fde-func-start-pcrel-overflow": ("reject", "reject", "K8"),
    "invalid-fde-fre-block-bounds-v3": ("reject", "reject", "K9"),
    "invalid-fde-sorted-v3": ("reject", "reject", "K10"),
    "impldef-kernel-fde-same-start-v3": ("reject", "reject", "K10"),
    "invalid-fde-fre-type-15-v3": ("reject", "reject", "K11"),
    "impldef-kernel-fre-start-range-v3": ("reject", "reject", "K11"),
    "impldef-kernel-fre-start-at-end-v3": ("accept", "reject", "K11"),
    "impldef-kernel-fre-start-range-mask-v3": ("accept", "reject", "K11"),
    "invalid-kernel-fre-dataword-size-3-v3": ("reject", "reject", "K11"),
    "impldef-fre-dataword-count-amd64-3": ("reject", "reject", "K11"),
    "invalid-fde-type-2": ("reject", "reject", "K11"),
    "invalid-flex-count-3": ("reject", "reject", "K11"),
    "invalid-fre-bounds-v3": ("reject", "reject", "K12"),
    "invalid-fre-start-order-descending-v3": ("reject", "reject", "K13"),
    "invalid-kernel-fre-start-order-equal-v3": ("reject", "reject", "K13"),
    "invalid-flex-cfa-reg-p": ("reject", "reject", "K14"),
    "invalid-kernel-fde-mask-rep-size-0-v3": ("oops", "reject", "K15"),
    "invalid-kernel-abi-unknown-v3": ("accept", "accept", "K1"),
    "impldef-kernel-concatenated-v3": ("accept", "accept", "K7"),
    "impldef-fixed-ra-offset-amd64-zero": ("accept", "accept", "K11"),
    "impldef-flex-control-unused": ("accept", "reject", "K14"),
    "valid-kernel-mask-fres-over-size-v3": ("accept", "reject", "K17"),
    "valid-kernel-func-end-past-user-v3": ("accept", "reject", "K18"),
}


def kernel_cases() -> List[Case]:
    b = Builder()
    x3 = simple_section(3, X86, 2, flags=V3FLAGS)
    cases: List[Case] = []

    s = simple_section(2, X86, 2, flags=V3FLAGS)
    cases.append(valid("valid-kernel-v2-section", s,
                       "kernel K2: v2 section (sorted, PC-relative starts); the kernel "
                       "reads v3 only",
                       note=f"Spec-valid; the kernel's reader {KSRC}, "
                       "sframe_read_header, refuses every version but 3."))
    s = simple_section(3, X86, 2, flags=F_FDE_FUNC_START_PCREL)
    cases.append(valid("valid-kernel-unsorted-v3", s,
                       "kernel K3: v3 with PC-relative starts, FDEs in order, "
                       "SFRAME_F_FDE_SORTED clear; the kernel requires the flag",
                       note=f"Spec-valid (the flag is optional); the kernel's reader "
                       f"{KSRC}, sframe_read_header, refuses a section without it."))
    s = copy.deepcopy(x3)
    for f in s.fdes:
        f.fres = []
    cases.append(valid("valid-kernel-no-fres-v3", s,
                       "kernel K5: two v3 FDEs without FREs (outermost frames), "
                       "sfh_num_fres 0; the kernel requires FREs",
                       note=f"Spec-valid (v3 outermost frames); the kernel's reader "
                       f"{KSRC}, sframe_read_header, refuses sfh_num_fres 0."))

    b.impl("impldef-kernel-auxhdr-present-v3", x3, lambda s: setattr(s, "aux", b"\x01\x02\x03\x04"),
           "auxhdr-present", "aux", "kernel K4: v3 section with a 4-byte auxiliary header",
           "accept", "As impldef-auxhdr-present, on a section the kernel would otherwise "
           f"read: the kernel ({KSRC}, sframe_read_header) rejects any auxiliary header.")
    b.impl("impldef-kernel-fde-fre-gap-v3", x3, lambda s: setattr(s, "fde_fre_gap", 4),
           "fde-subsection-size", "hdr.freoff",
           "kernel K7: 4 bytes between the FDE and FRE sub-sections (the kernel only "
           "requires the FRE sub-section not to start inside the FDEs)", "reject",
           "As impldef-fde-subsection-size. " + TILE_NOTE,
           aliases=["invalid-kernel-fde-fre-gap-v3"])

    def same_start(s):
        s.fdes[1].start = s.fdes[0].start
    b.impl("impldef-kernel-fde-same-start-v3", x3, same_start, "fde-func-overlap", "fde1",
           "kernel K10: two FDEs with the same function start", "reject",
           f"As impldef-fde-func-overlap; the kernel ({KSRC}, sframe_validate_section) "
           "also rejects it: it requires strictly ascending function starts.",
           decodable=True)

    def fre(i, j, **kw):
        def f(s):
            for k, v in kw.items():
                setattr(s.fdes[i].fres[j], k, v)
        return f
    b.impl("impldef-kernel-fre-start-range-v3", x3, fre(0, 2, start=0x48), "fre-start-range",
           "fre0.2", "kernel K11: FRE starts at 0x48 in a 0x40-byte function", "reject",
           "As impldef-fre-start-range. " + FRE_RANGE_NOTE, decodable=True,
           aliases=["invalid-kernel-fre-start-range-v3"])
    b.impl("impldef-kernel-fre-start-at-end-v3", x3,
           lambda s: s.fdes[1].fres.append(FRE(0x40, [8])), "fre-start-at-end", "fre1.3",
           "kernel K11: last FRE starts exactly at the function's end", "accept",
           f"As impldef-fre-start-at-end; the kernel's S1 ({KSRC}, __read_fre) accepts "
           f"it (it faults only on a start past the end), S4 ({K4SRC}, __read_fre) "
           "refuses a start at or past the end.")
    mask3 = plt_section(3)
    mask3.flags = V3FLAGS
    b.impl("impldef-kernel-fre-start-range-mask-v3", mask3, fre(1, 1, start=16),
           "fre-start-range", "fre1.1", "kernel K11: MASK FRE starts at 16, outside the "
           "16-byte repetition block (S1 checks INC starts only, S4 refuses it)", "reject",
           "As impldef-fre-start-range-mask. " + FRE_RANGE_NOTE, decodable=True,
           aliases=["invalid-kernel-fre-start-range-mask-v3"])
    b.bad("invalid-kernel-fde-mask-rep-size-0-v3", mask3,
          lambda s: setattr(s.fdes[1], "rep_size", 0), "fde-mask-rep-size", "fde1.rep_size",
          "kernel K15: PC type MASK with rep_size 0 (S1's lookup divides by it, S4 "
          "refuses it at registration)")
    b.bad("invalid-kernel-fre-dataword-size-3-v3", x3, fre(0, 1, dw_size_code=3),
          "fre-dataword-size", "fre0.1.info", "kernel K11: data-word size code 3",
          warnings=["fre-unused-bytes"])
    b.bad("invalid-kernel-fre-start-order-equal-v3", x3,
          lambda s: setattr(s.fdes[0].fres[2], "start", s.fdes[0].fres[1].start),
          "fre-start-order", "fre0.2", "kernel K13: two FREs with the same start address")
    b.bad("invalid-kernel-abi-unknown-v3", x3, lambda s: s.header.__setitem__("abi", 5),
          "abi-unknown", "hdr.abi", "kernel K1: sfh_abi_arch 5 (the kernel does not read it)")
    b.impl("impldef-kernel-concatenated-v3", x3,
           lambda s: setattr(s, "trailing", encode(simple_section(3, X86, 1,
                                                                  flags=V3FLAGS)).data),
           "concatenated-sections", "end",
           "kernel K7: a second v3 section appended (the kernel reads the first one)",
           "reject", "As impldef-concatenated-sections. " + CONCAT_NOTE,
           aliases=["invalid-kernel-concatenated-v3"])
    m = copy.deepcopy(mask3)
    m.fdes[1].size = 1
    m.fdes[1].fres[1].start = 1
    cases.append(valid("valid-kernel-mask-fres-over-size-v3", m,
                       "kernel K17: a PC-type MASK FDE of 1 byte with 2 FREs, at 0 and 1 "
                       "(inside its 16-byte repetition block)",
                       note=f"Spec-valid (MASK FRE starts are bounded by rep_size); "
                       f"{K4SRC}, __read_fde, refuses an FDE with more FREs than function "
                       f"bytes; {KSRC} accepts it."))
    e = simple_section(3, X86, 1, flags=V3FLAGS)
    e.fdes[0].start = (1 << 47) - 0x20
    cases.append(valid("valid-kernel-func-end-past-user-v3", e,
                       "kernel K18: a function that starts 0x20 bytes before 2^47 from the "
                       "section and is 0x40 bytes long",
                       note=f"Spec-valid; the function ends where no user-space text can "
                       f"be, and {K4SRC}, __read_fde, refuses a function that ends past "
                       f"the registered text; {KSRC} checks only the start."))
    return cases + b.cases



def reader_cases() -> List[Case]:
    b = Builder()
    x2 = simple_section(2, X86, 2)
    b.impl("impldef-fre-dataword-count-amd64-3-v2", x2,
           lambda s: setattr(s.fdes[0].fres[1], "words", [16, -16, -24]),
           "fre-dataword-count", "fre0.1.info", "v2 AMD64 FRE with 3 data words", "reject",
           "As impldef-fre-dataword-count-amd64-3. " + EXTRA_WORDS_NOTE,
           aliases=["invalid-fre-dataword-count-amd64-3-v2"])
    b.bad("invalid-fre-subsection-bounds-v2", x2, hdr_plus("fre_len", 1),
          "fre-subsection-bounds", "hdr.fre_len", "v2: sfh_fre_len one byte past the "
          "section end")
    b.impl("impldef-trailing-garbage-v2", x2, lambda s: setattr(s, "trailing", b"\x2a\x00"),
           "trailing-garbage", "end", "v2: nonzero bytes after the FRE sub-section",
           "reject", "As impldef-trailing-garbage, on a v2 section (the version glibc "
           "and llvm-readobj read).")
    return b.cases

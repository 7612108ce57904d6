# SPDX-License-Identifier: MIT
"""Cases for corners the 1.0 suite missed (issue 9, suite 1.1): where two
readings of the spec meet, each case says which reading it tests.
"""
from typing import List

from matrix import simple_fde, simple_section
from model import (ABI_AMD64_LE, ABI_S390X_BE, ABI_SP, BASE_FP, Case,
                   F_FDE_FUNC_START_PCREL, F_FDE_SORTED, FDE_FLEX, FRE, Section,
                   flex_ctl, s390x_cfa_encode)

X86, S390 = ABI_AMD64_LE, ABI_S390X_BE


def gap_cases() -> List[Case]:
    c: List[Case] = []

    # PCREL + sorted: functions 8 bytes apart, closer than the FDE entry size,
    # so the stored (PC-relative) fields descend while the starts ascend.
    for v in (2, 3):
        fdes = [simple_fde(X86, size=8) for _ in range(3)]
        for f in fdes:
            f.fres = [FRE(0, [8]), FRE(1, [16])]
        for k, f in enumerate(fdes):
            f.start = 0x1000 + 8 * k
        s = Section(version=v, abi=X86, fdes=fdes,
                    flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
        c.append(Case(
            id=f"impldef-fde-sorted-pcrel-v{v}", section=s,
            verdict="implementation-defined", rule="fde-sorted", offset="fde1",
            description="sorted + PC-relative starts, functions 8 bytes apart: the "
                        "stored start fields descend, the resolved starts ascend",
            decision="accept", decodable=True, flags=["sorted-by-resolved-start"],
            note="2.3.1 says the entries are 'sorted by sfdi_func_start_offset' (the "
                 "stored field) 'allowing for efficient binary search' (which needs the "
                 "resolved starts); with PCREL the two orders differ. Decided: sorted "
                 "means by resolved start (what GNU ld writes and lookups need); a "
                 "reader checking the stored fields rejects this section."))

    # A flex FRE without data words: 2.4.1 gives count 0 one meaning for every
    # FDE type (RA undefined, outermost frame).
    s = simple_section(3, X86, 1, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
    s.fdes[0].fde_type = FDE_FLEX
    s.fdes[0].fres = [FRE(0, [flex_ctl(ABI_SP[X86], 0, 1), 8], base_reg=BASE_FP),
                      FRE(4, [], base_reg=BASE_FP)]
    c.append(Case(id="valid-flex-no-datawords", section=s, verdict="valid",
                  description="v3 flex FDE whose second FRE has no data words "
                              "(RA undefined: outermost frame)", decodable=True))

    # s390x with a nonzero fixed RA offset: FREs without an RA word.  3.1.3
    # says the RA then 'remains unchanged'; the generic fixed-offset rule
    # (3.2) would locate it at CFA-8.
    s = simple_section(2, S390, 1, fixed_ra=-8)
    s.fdes[0].fres = [FRE(0, [s390x_cfa_encode(160)]),
                      FRE(6, [s390x_cfa_encode(320), -48, -56])]
    c.append(Case(
        id="impldef-fixed-ra-offset-s390x", section=s, verdict="implementation-defined",
        rule="fixed-ra-offset-unused", offset="hdr.fixed_ra",
        description="s390x with sfh_cfa_fixed_ra_offset -8; FRE 0 has no RA word",
        warnings=["fixed-ra-offset-unused"], decision="accept", decodable=True,
        flags=["fixed-ra-offset-unused", "s390x-fixed-ra-offset"],
        note="3.1.3: on s390x 'RA remains unchanged, if the offset is not available'; "
             "3.2 says fixed offsets apply 'if used for the ABI/arch', and s390x does "
             "not use one. Decided: accepted with a warning; the fixed RA offset is "
             "ignored, an FRE without an RA word decodes RA as `same`."))

    # A flex control word with reg_p 0 and nonzero register bits: 3.2 says
    # regnum is 'Effective only if reg_p is 1', so the base is the CFA.
    s = simple_section(3, X86, 1, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
    s.fdes[0].fde_type = FDE_FLEX
    s.fdes[0].fres = [FRE(0, [flex_ctl(ABI_SP[X86], 0, 1), 8], base_reg=BASE_FP),
                      FRE(4, [flex_ctl(ABI_SP[X86], 0, 1), 16, flex_ctl(5, 1, 0), -8],
                          base_reg=BASE_FP)]
    c.append(Case(id="valid-flex-ra-regnum-ignored", section=s, verdict="valid",
                  description="flex RA control word with reg_p 0, deref_p 1 and register "
                              "bits 5: RA = *(CFA - 8), the register bits are not used",
                  decodable=True))
    return c


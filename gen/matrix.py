# SPDX-License-Identifier: MIT
"""Valid golden cases: the full format matrix plus focused valid cases.

Matrix invariant (checked by tests/py/test_gen_matrix.py): for every
version (1, 2, 3) x ABI (v1: no s390x) x FDE type (v3: default and flex)
x PC type (INC, MASK) x FRE type (addr1/2/4) x data-word size (1/2/4), some
FRE of some valid case has exactly that combination.

Every value here is chosen to be clean for our validator's warnings too
(CFA offsets non-negative multiples of 8, save slots negative multiples of
8, FREs starting at 0 inside their function), so matrix cases are accepted
without diagnostics.
"""
import copy
from typing import List

from model import (ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64_LE, ABI_FP,
                   ABI_NAMES, ABI_S390X_BE, ABI_SP, BASE_FP, BASE_SP, Case,
                   F_FDE_FUNC_START_PCREL, F_FDE_SORTED, F_FRAME_POINTER, FDE,
                   FDE_DEFAULT, FDE_FLEX, FRE, PC_INC, PC_MASK, Section,
                   flex_ctl, s390x_cfa_encode, s390x_regnum_encode)

VERSIONS = (1, 2, 3)
ABIS = {1: (ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64_LE),
        2: (ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64_LE, ABI_S390X_BE),
        3: (ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64_LE, ABI_S390X_BE)}

# Values that need exactly the given data-word size.
CFA = {1: 16, 2: 0x1010, 4: 0x101000}
SAVE = {1: -16, 2: -0x1008, 4: -0x100008}
# Function sizes and INC FRE starts that need exactly the given FRE type.
FUNC_SIZE = {0: 0x40, 1: 0x1200, 2: 0x12000}
INC_STARTS = {0: (0, 4, 0x20), 1: (0, 0x104, 0x1100), 2: (0, 0x1004, 0x11000)}
MASK_STARTS = (0, 6, 11)
REP = 16


def default_words(abi: int, n: int, shape: int) -> List[int]:
    """Data words of a default-FDE FRE; shape 0: CFA only, 1: + saves."""
    cfa = CFA[n]
    if abi == ABI_S390X_BE:
        cfa_w = s390x_cfa_encode(cfa + 160)   # real offset cfa + 160
        return [cfa_w] if shape == 0 else [cfa_w, SAVE[n], SAVE[n] - 8]
    if abi == ABI_AMD64_LE:
        return [cfa] if shape == 0 else [cfa, SAVE[n]]
    return [cfa] if shape == 0 else [cfa, SAVE[n] + 8, SAVE[n]]


def flex_words(abi: int, n: int) -> List[int]:
    """Flex FREs per data-word size: n=1 CFA pair only; n=2 CFA + RA pair +
    FP pair (6 words); n=4 DRAP-like deref CFA, RA padding, FP pair (5)."""
    sp, fp = ABI_SP[abi], ABI_FP[abi]
    if n == 1:
        return [flex_ctl(sp, 0, 1), CFA[1]]
    if n == 2:
        return [flex_ctl(fp, 0, 1), CFA[2], flex_ctl(0, 1, 0), SAVE[2] + 8,
                flex_ctl(0, 1, 0), SAVE[2]]
    drap = 10 if abi == ABI_AMD64_LE else 9   # any callee register
    return [flex_ctl(drap, 1, 1), -8, 0, flex_ctl(0, 1, 0), SAVE[4]]


def matrix_fde(version: int, abi: int, fde_type: int, pc_type: int,
               fre_type: int, start: int) -> FDE:
    starts = MASK_STARTS if pc_type == PC_MASK else INC_STARTS[fre_type]
    fres = []
    for j, n in enumerate((1, 2, 4)):
        if fde_type == FDE_FLEX:
            fres.append(FRE(starts[j], flex_words(abi, n), base_reg=BASE_FP, dw_size=n))
        else:
            fres.append(FRE(starts[j], default_words(abi, n, j % 2),
                            base_reg=BASE_SP if j % 2 == 0 else BASE_FP, dw_size=n))
    return FDE(start=start, size=FUNC_SIZE[fre_type], fres=fres, fre_type=fre_type,
               pc_type=pc_type, fde_type=fde_type,
               rep_size=REP if (pc_type == PC_MASK and version >= 2) else 0)


def layout_fdes(fdes: List[FDE], base: int = 0x1000) -> List[FDE]:
    """Places functions one after another (16-byte aligned) from base."""
    at = base
    for f in fdes:
        f.start = at
        at += (f.size + 0x1F) & ~0xF
    return fdes


def matrix_section(version: int, abi: int) -> Section:
    fdes = []
    for fde_type in ((FDE_DEFAULT, FDE_FLEX) if version == 3 else (FDE_DEFAULT,)):
        for pc_type in (PC_INC, PC_MASK):
            for fre_type in (0, 1, 2):
                fdes.append(matrix_fde(version, abi, fde_type, pc_type, fre_type, 0))
    flags = F_FDE_SORTED | (F_FDE_FUNC_START_PCREL if version == 3 else 0)
    return Section(version=version, abi=abi, fdes=layout_fdes(fdes), flags=flags)


def matrix_cases() -> List[Case]:
    out = []
    for v in VERSIONS:
        for abi in ABIS[v]:
            out.append(Case(
                id=f"valid-matrix-v{v}-{ABI_NAMES[abi]}", section=matrix_section(v, abi),
                verdict="valid", decodable=True,
                description=f"v{v} {ABI_NAMES[abi]}: every FDE type x PC type x FRE type, "
                            "each FDE with FREs of data-word size 1, 2 and 4"))
    return out


# ---------------------------------------------------------------- focused

def simple_fde(abi: int, start: int = 0x1000, size: int = 0x40, version: int = 2) -> FDE:
    """A typical small function: push frame, set FP, body."""
    if abi == ABI_AMD64_LE:
        fres = [FRE(0, [8]), FRE(1, [16, -16]), FRE(4, [16, -16], base_reg=BASE_FP)]
    elif abi == ABI_S390X_BE:
        fres = [FRE(0, [s390x_cfa_encode(160)]),
                FRE(6, [s390x_cfa_encode(320), -48, -56])]
    else:
        fres = [FRE(0, [0]), FRE(4, [32, -24, -32]), FRE(8, [32, -24, -32], base_reg=BASE_FP)]
    return FDE(start=start, size=size, fres=fres)


def simple_section(version: int, abi: int, nfdes: int = 2, **kw) -> Section:
    fdes = layout_fdes([simple_fde(abi, version=version) for _ in range(nfdes)])
    return Section(version=version, abi=abi, fdes=fdes, **kw)


def valid(id_, sec, desc, warnings=(), rule=None, verdict="valid", decision=None,
          note=None, aliases=()) -> Case:
    """An acceptable case (decoded by its expect file); an implementation-defined
    one is flagged with its rule's decision."""
    flags = [rule] if verdict == "implementation-defined" and rule else []
    return Case(id=id_, section=sec, verdict=verdict, description=desc, rule=rule,
                warnings=list(warnings), decision=decision, note=note, decodable=True,
                flags=flags, aliases=list(aliases))


def focused_cases() -> List[Case]:
    A64, A64B, X86, S390 = ABI_AARCH64_LE, ABI_AARCH64_BE, ABI_AMD64_LE, ABI_S390X_BE
    c: List[Case] = []

    # Flags.
    for v in (1, 2, 3):
        s = simple_section(v, X86, 3, flags=0)
        s.fdes.reverse()
        c.append(valid(f"valid-unsorted-v{v}", s,
                       "SFRAME_F_FDE_SORTED clear, FDEs in descending address order"))
    for v in (1, 2):
        c.append(valid(f"valid-frame-pointer-flag-v{v}",
                       simple_section(v, X86, 2, flags=F_FDE_SORTED | F_FRAME_POINTER),
                       "SFRAME_F_FRAME_POINTER set (defined in v1 and v2)"))
    for v in (2, 3):
        for pcrel in (0, 1):
            s = simple_section(v, A64, 3, flags=F_FDE_SORTED | (F_FDE_FUNC_START_PCREL * pcrel))
            layout_fdes(s.fdes, base=-0x30000)   # text before .sframe
            c.append(valid(f"valid-{'pcrel' if pcrel else 'secrel'}-starts-v{v}", s,
                           "functions before the section (negative starts), start field "
                           + ("PC-relative (SFRAME_F_FDE_FUNC_START_PCREL)" if pcrel
                              else "relative to the section start")))

    # Empty section, zero-FRE FDE (v3 outermost), RA undefined FREs.
    for v in (1, 2, 3):
        c.append(valid(f"valid-empty-v{v}", Section(version=v, abi=X86, fdes=[]),
                       "no FDEs, no FREs"))
    s = simple_section(3, X86, 2, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
    s.fdes.insert(0, FDE(start=0x800, size=0x20, fres=[]))
    c.append(valid("valid-v3-zero-fre-fde", s,
                   "v3 default FDE without FREs: outermost frame (1.2)"))
    for v in (2, 3):
        s = simple_section(v, X86, 2)
        s.fdes[0].fres.insert(0, FRE(0, []))
        for r in s.fdes[0].fres[1:]:
            r.start += 1
        c.append(valid(f"valid-ra-undefined-v{v}", s,
                       "FRE with data-word count 0: RA undefined, outermost frame "
                       "(v2 erratum 2)"))
        s = simple_section(v, A64, 1)
        s.fdes[0].fres = [FRE(0, [])]
        c.append(valid(f"valid-ra-undefined-aarch64-v{v}", s,
                       "AArch64 FDE whose only FRE has no data words (like _start)"))

    # AArch64 CFA + RA without FP: GNU as 2.40-2.47 for functions saving x30
    # without x29.  Spec 3.1.2 says the count "is either 1 or 3" (a
    # description, no must) and that word 2 is "always" RA, so a 2-word FRE
    # decodes unambiguously: implementation-defined, accepted (issue 8).
    for v in (1, 2, 3):
        s = simple_section(v, A64, 1)
        s.fdes[0].fres[1].words = [16, -16]
        c.append(Case(
            id=f"impldef-aarch64-ra-only-v{v}", section=s,
            verdict="implementation-defined", rule="fre-dataword-count",
            offset="fre0.1.info", decision="accept", decodable=True,
            flags=["aarch64-two-datawords"],
            description="AArch64 FRE with 2 data words: CFA, RA (FP not saved), as GNU as "
                        "writes for functions saving x30 without x29",
            note="3.1.2: 'the number of stack offsets seen on AArch64 per SFrame FRE is "
                 "either 1 or 3' describes what producers emit without a must, and "
                 "'the second stack offset is always used to locate the RA' gives 2 "
                 "words one meaning. Decided: valid input (GNU as 2.40-2.47 write it), "
                 "no diagnostic; a reader holding to '1 or 3' rejects it."))

    # Signal frame, pauth key B, mangled RA.
    s = simple_section(3, A64, 2, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
    s.fdes[1].signal = 1
    c.append(valid("valid-v3-signal-frame", s, "v3 FDE with signal_p set (__restore_rt)"))
    for v in (1, 2, 3):
        for abi in (A64, A64B):
            s = simple_section(v, abi, 2)
            s.fdes[1].pauth_key = 1
            for f in s.fdes:
                for r in f.fres[1:]:
                    r.mangled_ra = 1
            c.append(valid(f"valid-pauth-v{v}-{ABI_NAMES[abi]}", s,
                           "-mbranch-protection=pac-ret: mangled-RA FREs, FDE 1 signed "
                           "with key B"))

    # s390x: CFA encoding, RA padding, v2 register numbers.
    for v in (2, 3):
        s = simple_section(v, S390, 1)
        s.fdes[0].fres = [FRE(0, [s390x_cfa_encode(160)]),
                          FRE(4, [s390x_cfa_encode(160 + 8 * 200)], dw_size=2),
                          FRE(8, [s390x_cfa_encode(160 + 8 * 200), 0, -72]),
                          FRE(12, [s390x_cfa_encode(320), -40, -48], base_reg=BASE_FP)]
        c.append(valid(f"valid-s390x-cfa-and-ra-padding-v{v}", s,
                       "s390x: CFA offsets stored (off-160)/8, RA padding word "
                       "(SFRAME_FRE_RA_OFFSET_INVALID) before an FP offset"))
    s = simple_section(2, S390, 1)
    s.fdes[0].fres = [FRE(0, [s390x_cfa_encode(160)]),
                      FRE(4, [s390x_cfa_encode(160), s390x_regnum_encode(0)]),
                      FRE(8, [s390x_cfa_encode(160), s390x_regnum_encode(0),
                              s390x_regnum_encode(16)])]
    c.append(valid("valid-s390x-v2-regnum", s,
                   "s390x v2 leaf function: RA saved in r0, FP saved in f0 (DWARF 16), "
                   "encoded as (regnum << 1) | 1"))

    # Flex FDEs.
    for abi in (X86, A64, A64B, S390):
        sp, fp = ABI_SP[abi], ABI_FP[abi]
        s = simple_section(3, abi, 1, flags=F_FDE_SORTED | F_FDE_FUNC_START_PCREL)
        s.fdes[0].fde_type = FDE_FLEX
        s.fdes[0].size = 0x80
        s.fdes[0].fres = [
            FRE(0, [flex_ctl(sp, 0, 1), 8], base_reg=BASE_FP),
            FRE(4, [flex_ctl(10, 0, 1), 0], base_reg=BASE_FP, dw_size=1),
            FRE(8, [flex_ctl(10, 0, 1), 0, 0, flex_ctl(fp, 1, 1), 0], base_reg=BASE_FP),
            FRE(16, [flex_ctl(fp, 1, 1), -8, flex_ctl(0, 1, 0), -8, flex_ctl(0, 1, 0), -16],
                base_reg=BASE_FP),
            FRE(24, [flex_ctl(sp, 0, 1), 16, flex_ctl(14, 0, 1), 0], base_reg=BASE_FP),
            FRE(32, [flex_ctl(sp, 0, 1), 16, flex_ctl(0, 1, 0), -8, flex_ctl(11, 0, 1), 0],
                base_reg=BASE_FP, dw_size=2)]
        c.append(valid(f"valid-v3-flex-drap-{ABI_NAMES[abi]}", s,
                       "v3 flex FDE: CFA from a DRAP register, FP = *(FP+0) after RA "
                       "padding, CFA = *(FP-8), RA/FP in registers"))

    # PLT-like FDEs (GNU ld): .plt INC with rep_size 16 (noted), .plt.sec MASK.
    for v in (2, 3):
        flags = F_FDE_SORTED | (F_FDE_FUNC_START_PCREL if v == 3 else 0)
        plt0 = FDE(start=0, size=16, fres=[FRE(0, [16]), FRE(6, [24])])
        pltn = FDE(start=0, size=0x30, pc_type=PC_MASK, rep_size=16,
                   fres=[FRE(0, [8]), FRE(11, [16])])
        s = Section(version=v, abi=X86, flags=flags,
                    fdes=layout_fdes([plt0, pltn, simple_fde(X86)], base=0x1000))
        c.append(valid(f"valid-plt-mask-v{v}", s,
                       ".plt0 (INC) and pltN entries as one MASK FDE with rep_size 16"))
        # MASK FRE starts are offsets inside the repetition block (2.3.3.1:
        # PC % REP_BLOCK_SIZE >= FRE_START_ADDR), bounded by rep_size, not by
        # the function's size.
        for size, what in ((8, "past"), (11, "at")):
            if what == "at" and v != 2:
                continue
            m = copy.deepcopy(s)
            m.fdes[1].size = size
            c.append(valid(f"valid-mask-fre-{what}-size-v{v}", m,
                           f"a MASK FDE of {size} bytes (rep_size 16) whose FRE 1 starts "
                           f"at 11, {what} its function's size, inside the repetition block",
                           note="Spec-valid: a MASK FRE start is matched against PC % "
                                "rep_size. GNU libsframe's sframe_decoder_get_fre asserts "
                                "start <= size (2.47) or start < size (2.44) for every PC "
                                "type and aborts (docs/FINDINGS.md F9)."))
        s = copy.deepcopy(s)
        s.fdes[0].rep_size = 16
        c.append(valid(f"impldef-plt-inc-rep-size-v{v}", s,
                       "GNU ld's .plt FDE: PC type INC with rep_size 16",
                       warnings=["fde-rep-size-unused"], rule="fde-rep-size-unused",
                       verdict="implementation-defined", decision="accept",
                       note="The spec gives rep_size a meaning only for MASK FDEs and "
                            "says nothing of INC ones; ld writes 16 there. Decided: "
                            "accepted, noted (fde-rep-size-unused), ignored for lookups."))

    # Large function, many FDEs, FRE blocks out of FDE order.
    for v in (1, 2, 3):
        big = FDE(start=0, size=0x30000,
                  fres=[FRE(0, [8]), FRE(1, [16]), FRE(0x1FFFF, [0x10000], dw_size=4),
                        FRE(0x2FFF0, [8])])
        s = Section(version=v, abi=X86, fdes=layout_fdes([big, simple_fde(X86)]))
        c.append(valid(f"valid-large-function-v{v}", s,
                       "a 192 KiB function: addr4 FRE starts, 4-byte data words"))
        s = Section(version=v, abi=X86,
                    fdes=layout_fdes([simple_fde(X86, size=0x30) for _ in range(300)]))
        c.append(valid(f"valid-many-fdes-v{v}", s, "300 FDEs"))
        s = simple_section(v, A64, 4)
        s.block_order = [3, 1, 0, 2]
        c.append(valid(f"valid-fre-blocks-out-of-order-v{v}", s,
                       "FRE blocks not in FDE order (GNU ld 2.40 emits that)"))

    # Fixed FP offset (used when an FRE has no FP word).
    s = simple_section(1, X86, 2, fixed_fp=-16)
    c.append(valid("valid-fixed-fp-offset-v1", s,
                   "amd64 with sfh_cfa_fixed_fp_offset -16: FREs without an FP "
                   "word recover FP at CFA-16"))
    # Zero padding after the FRE sub-section (PT_GNU_SFRAME).
    for v in (2, 3):
        s = simple_section(v, X86, 2, trailing=bytes(16))
        c.append(valid(f"impldef-trailing-zero-padding-v{v}", s,
                       "16 zero bytes after the FRE sub-section (as inside PT_GNU_SFRAME)",
                       warnings=["trailing-padding"], rule="trailing-padding",
                       verdict="implementation-defined", decision="accept",
                       note="The spec says the sub-sections tile the section, so nothing "
                            "follows the FRE sub-section, but states no must and readers "
                            "decode the same; PT_GNU_SFRAME contents end in such zeros. "
                            "Decided: accepted, noted.",
                       aliases=[f"valid-trailing-zero-padding-v{v}"]))
    return c

# SPDX-License-Identifier: MIT
"""Declarative description of one SFrame section (the generator's model).

A Section says WHAT the section contains (header fields, functions, their
FREs and data words); gen/encoder.py decides WHERE every byte goes and
computes offsets, lengths and counts.  Nothing here knows about our C code.

Conventions
  * Section.fdes is in FDE-index order.  FDE.start is the function start as
    a section-relative offset (what a reader resolves); the encoder turns it
    into the stored field (PC-relative when the PCREL flag is set).
  * FRE.words are the data words as the producer means them (signed ints for
    offsets, unsigned control words for flex FDEs); the encoder stores their
    low dw_size bytes.
  * Anything a mutation wants to get wrong is either a model change (an FRE
    with a bad word count, ...) or an explicit override/patch, never a
    silent side effect.
"""
from dataclasses import dataclass, field
from typing import Dict, List, Optional

MAGIC = 0xDEE2
HEADER_SIZE = 28
FDE_SIZE = {1: 17, 2: 20, 3: 16}
ATTR_SIZE_V3 = 5

F_FDE_SORTED = 0x1
F_FRAME_POINTER = 0x2
F_FDE_FUNC_START_PCREL = 0x4

ABI_AARCH64_BE = 1
ABI_AARCH64_LE = 2
ABI_AMD64_LE = 3
ABI_S390X_BE = 4
ABI_NAMES = {ABI_AARCH64_BE: "aarch64-be", ABI_AARCH64_LE: "aarch64-le",
             ABI_AMD64_LE: "amd64", ABI_S390X_BE: "s390x"}
ABI_BIG_ENDIAN = {ABI_AARCH64_BE: True, ABI_AARCH64_LE: False,
                  ABI_AMD64_LE: False, ABI_S390X_BE: True}
# DWARF register numbers of the CFA base registers of default FDEs.
ABI_SP = {ABI_AARCH64_BE: 31, ABI_AARCH64_LE: 31, ABI_AMD64_LE: 7, ABI_S390X_BE: 15}
ABI_FP = {ABI_AARCH64_BE: 29, ABI_AARCH64_LE: 29, ABI_AMD64_LE: 6, ABI_S390X_BE: 11}

FRE_ADDR1, FRE_ADDR2, FRE_ADDR4 = 0, 1, 2
ADDR_SIZE = {FRE_ADDR1: 1, FRE_ADDR2: 2, FRE_ADDR4: 4}
PC_INC, PC_MASK = 0, 1
FDE_DEFAULT, FDE_FLEX = 0, 1
BASE_FP, BASE_SP = 0, 1
DW_CODE = {1: 0, 2: 1, 4: 2}

# s390x (spec 3.1.3): stored CFA offset = (offset - 160) / 8.
S390X_CFA_ADJUSTMENT = -160
S390X_CFA_ALIGNMENT = 8


def s390x_cfa_encode(offset: int) -> int:
    """Real CFA offset from SP/FP -> stored data word."""
    assert (offset + S390X_CFA_ADJUSTMENT) % S390X_CFA_ALIGNMENT == 0
    return (offset + S390X_CFA_ADJUSTMENT) // S390X_CFA_ALIGNMENT


def s390x_regnum_encode(regnum: int) -> int:
    """v2 s390x: 'saved in DWARF register regnum' as an FP/RA data word."""
    return (regnum << 1) | 1


def flex_ctl(regnum: int = 0, deref_p: int = 0, reg_p: int = 0) -> int:
    """Flex FDE control word (spec 3.2): regnum << 3 | deref_p << 1 | reg_p."""
    return (regnum << 3) | (deref_p << 1) | reg_p


@dataclass
class FRE:
    start: int
    words: List[int]
    base_reg: int = BASE_SP
    dw_size: Optional[int] = None        # 1, 2, 4; None: smallest that fits
    mangled_ra: int = 0
    dw_size_code: Optional[int] = None   # raw 2-bit code override (mutations)
    dw_count: Optional[int] = None       # raw 4-bit count override (mutations)


@dataclass
class FDE:
    start: int                           # section-relative function start
    size: int
    fres: List[FRE] = field(default_factory=list)
    fre_type: Optional[int] = None       # None: smallest that fits the starts
    pc_type: int = PC_INC
    fde_type: int = FDE_DEFAULT          # v3 only
    rep_size: int = 0                    # v2, v3
    pauth_key: int = 0
    signal: int = 0                      # v3 only
    padding: int = 0                     # v2 sfde_func_padding2
    info_extra: int = 0                  # raw bits OR-ed into the info byte
    info2_extra: int = 0                 # raw bits OR-ed into info2 (v3)
    start_raw: Optional[int] = None      # stored start field override
    num_fres: Optional[int] = None       # stored count override


@dataclass
class Section:
    version: int
    abi: int
    fdes: List[FDE] = field(default_factory=list)
    flags: int = F_FDE_SORTED
    fixed_fp: int = 0
    fixed_ra: Optional[int] = None       # None: ABI default (-8 amd64, else 0)
    aux: bytes = b""                     # auxiliary header bytes
    big_endian: Optional[int] = None     # None: the ABI's byte order
    fdeoff_gap: int = 0                  # bytes between header and FDEs
    fde_fre_gap: int = 0                 # bytes between FDEs and FRE sub-section
    block_order: Optional[List[int]] = None  # FRE blocks' order (FDE indices)
    share_block: Dict[int, int] = field(default_factory=dict)  # FDE i points
    # at FDE j's FRE block (i's own block is not written)
    trailing: bytes = b""                # bytes after the FRE sub-section
    header: Dict[str, int] = field(default_factory=dict)  # stored overrides:
    # magic version flags abi auxhdr_len num_fdes num_fres fre_len fdeoff freoff
    # fixed_fp fixed_ra
    patches: List[tuple] = field(default_factory=list)   # (field name, value)
    truncate: Optional[int] = None       # keep only the first N bytes

    @property
    def endian_big(self) -> bool:
        if self.big_endian is not None:
            return bool(self.big_endian)
        return ABI_BIG_ENDIAN.get(self.abi, False)

    @property
    def fixed_ra_value(self) -> int:
        if self.fixed_ra is not None:
            return self.fixed_ra
        return -8 if self.abi == ABI_AMD64_LE else 0


@dataclass
class Case:
    """One conformance case: a section plus what a reader must conclude.

    verdict: "valid" | "invalid" | "implementation-defined".
    rule: the catalogue rule the case is about (None for plain valid cases).
    offset: a field name of encoder.Encoded.fields, an int, or None.
    warnings: warning/note rules our validator is expected to report.
    also: error rules the one change unavoidably breaks as well.
    decision: for implementation-defined cases, what our validator decided
      ("accept" or "reject"); note: what the spec says and why.
    decodable: write the canonical decode (expect) for this case.
    flags: implementation decisions (gen/spec.py DECISIONS) the case tests;
      implementation-defined cases about a rule get the rule id by default.
    aliases: ids the case had in earlier suite versions (kept resolvable).
    """
    id: str
    section: Section
    verdict: str
    description: str
    rule: Optional[str] = None
    offset: object = None
    warnings: List[str] = field(default_factory=list)
    also: List[str] = field(default_factory=list)
    decision: Optional[str] = None
    note: Optional[str] = None
    decodable: bool = False
    flags: List[str] = field(default_factory=list)
    aliases: List[str] = field(default_factory=list)

# SPDX-License-Identifier: MIT
"""What each case rests on: the spec sentence (section + exact quote) and,
where the spec is silent, the named implementation decision (a flag).

Verdict policy (conformance/README.md, "Verdicts"):
  invalid  - the spec says must/shall, or a reader following the spec would
             decode the section wrongly (undefined enumerator, out of bounds,
             a lookup with no defined answer);
  implementation-defined - the spec is silent (unused bits, ranges it does
             not give, layouts it describes but does not require): readers may
             accept or reject; the case names the decision in `flags`;
  valid    - the spec defines every byte's meaning.

Quotes are copied from the spec text (whitespace collapsed);
tests/py/test_gen_suite.py checks each against the spec files when they are
available.  DOC names the document: "v3" sframe-spec-v3.info (authoritative),
"v2h" the v2 sframe.h, "v1" the v1 texinfo.
"""
import re
from typing import Dict, Optional, Tuple

Cite = Tuple[str, str, str]          # (doc, section, quote)

TILE = ("v3", "2.2", "The two sub-sections tile the SFrame section: each section runs "
        "from the offset given until the start of the next section.")
UNUSED_INFO = ("v3", "2.3.2", "The SFrame FDE attribute has some currently unused bits in "
               "the SFrame FDE info bytes, that may be used for the purpose of extending "
               "the SFrame file format specification for future ABIs.")
FRE_RANGE = ("v3", "2.4", "An SFrame frame row entry (FRE) is a self-sufficient record "
             "containing SFrame stack trace information for a range of contiguous "
             "(instruction) addresses, starting at the specified offset from the start "
             "of the function.")
INC_LOOKUP = ("v3", "2.3.3.1", "Stacktracers perform a (PC >= FRE_START_ADDR) to look up "
              "a matching FRE.")
RA_UNDEF = ("v3", "2.4.1", "A value of zero indicates that the return address (RA) is "
            "undefined.")
AARCH64_COUNT = ("v3", "3.1.2", "Given the nature of things, the number of stack offsets "
                 "seen on AArch64 per SFrame FRE is either 1 or 3.")
S390X_RA = ("v3", "3.1.3", "RA remains unchanged, if the offset is not available or has a "
            "value of ‘SFRAME_FRE_RA_OFFSET_INVALID’.")

# The sentence each rule's cases rest on.
RULES: Dict[str, Cite] = {
    "section-too-small": ("v3", "2.2", "The SFrame header is the first part of an SFrame "
                          "section."),
    "magic": ("v3", "2.1", "The magic number for SFrame section: 0xdee2."),
    "version-unknown": ("v3", "2.1.2", "The following versions are currently valid:"),
    "flags-undefined": ("v3", "2.1.3", "Bits corresponding to the currently undefined "
                        "flags must be set to zero."),
    "abi-unknown": ("v3", "2.2.1", "There are currently four identifiable ABI/arch values "
                    "in the format."),
    "abi-endian": ("v3", "2.1.1", "A consumer library reading or writing SFrame sections "
                   "should detect foreign-endianness by inspecting the SFrame magic number in "
                   "the ‘sfp_magic’ field in the SFrame header."),
    "fixed-ra-offset": ("v3", "3.1.1", "Further, AMD64 ABI mandates that the RA be saved at a "
                        "‘fixed offset’ from the CFA when entering a new function."),
    "auxhdr-bounds": ("v3", "2.2", "The auxiliary SFrame header follows right after the "
                      "‘sframe_header’ structure."),
    "auxhdr-present": ("v3", "2.2", "Bytes in the auxiliary SFrame header may be used to "
                       "convey further ABI-specific information."),
    "fixed-ra-offset-unused": ("v3", "3.1.2", "As RA is being tracked in this ABI, the "
                               "second stack offset is always used to locate the RA"),
    "fixed-fp-offset": ("v3", "2.2", "SFrame header allows specifying explicitly the fixed "
                        "offsets from CFA, if any, from which FP or RA may be recovered."),
    "fdeoff-after-freoff": TILE,
    "fdeoff-gap": ("v3", "2.2", "they are each an offset in bytes into the SFrame section "
                   "where the SFrame FDE sub-section and the SFrame FRE sub-section "
                   "respectively start."),
    "fde-subsection-align": ("v3", "2.3.1", "Each entry of the SFrame function descriptor "
                             "index is naturally aligned."),
    "fde-subsection-bounds": ("v3", "2.2", "The SFrame section contains ‘sfh_num_fdes’ "
                              "number of fixed-length array elements in the SFrame FDE "
                              "sub-section."),
    "fde-subsection-size": TILE,
    "fre-subsection-bounds": ("v3", "2.2", "An explicit length is given for the last "
                              "sub-section, the SFrame Frame Row Entry (SFrame FRE) "
                              "sub-section."),
    "fre-unused-bytes": ("v3", "2.2", "The length in bytes of the SFrame FRE sub-section."),
    "num-fres-mismatch": ("v3", "2.2", "The number of SFrame FREs in the section."),
    "trailing-padding": TILE,
    "trailing-garbage": TILE,
    "concatenated-sections": ("v3", "2", "The SFrame section consists of an SFrame header, "
                              "starting with a preamble, and two other sub-sections"),
    "fde-fre-type": ("v3", "2.3.3", "Choice of three SFrame FRE types."),
    "fde-info-unused": UNUSED_INFO,
    "fde-type-unknown": ("v3", "2.3.3", "Specify the SFrame FDE type. Two possible values:"),
    "fde-info2-unused": UNUSED_INFO,
    "fde-padding": ("v3", "1.3", "Add an unsigned 16-bit integral field to the SFrame "
                    "function descriptor entry to serve as padding."),
    "fde-mask-rep-size": ("v3", "2.3.3.1", "Stacktracers perform a (PC % REP_BLOCK_SIZE "
                          ">= FRE_START_ADDR) to look up a matching FRE."),
    "fde-rep-size-unused": ("v3", "2.3.2", "size of the repetitive code block for which an "
                            "SFrame FDE of type ‘SFRAME_FDE_PCTYPE_MASK’ is used."),
    "fde-pauth-key-abi": ("v3", "2.3.3", "Unsed in AMD64, s390x"),
    "fde-func-range-overflow": ("v3", "2.3.1", "Signed 64-bit integral field specifying "
                                "the offset to the start address of the described "
                                "function."),
    "fde-zero-size": ("v3", "2.3.1", "Unsigned 32-bit integral field specifying the size "
                      "of the function in bytes."),
    "fde-no-fres": ("v3", "1.2", "An SFrame FDE of type ‘SFRAME_FDE_TYPE_DEFAULT’ with no "
                    "FREs is used to indicate an outermost frame."),
    "fde-sorted": ("v3", "2.3.1", "If the SFrame header flag ‘SFRAME_F_FDE_SORTED’ is set, "
                   "then the entries are sorted by ‘sfdi_func_start_offset’, allowing for "
                   "efficient binary search."),
    "fde-func-overlap": ("v3", "2.3", "SFrame function descriptor entry is a conceptual "
                         "entity which contains the function-level metadata necessary for "
                         "stack tracing through the function."),
    "fde-fre-block-overlap": ("v3", "2.3.1", "This offset is relative to the _beginning of "
                              "the SFrame FRE sub-section_."),
    "fde-fre-block-bounds": ("v3", "2.3.1", "This offset is relative to the _beginning of "
                             "the SFrame FRE sub-section_."),
    "fre-bounds": ("v3", "2.4", "To encode this information, each SFrame FRE is followed "
                   "by S*N bytes"),
    "fre-start-order": INC_LOOKUP,
    "fre-first-start": FRE_RANGE,
    "fre-start-range": FRE_RANGE,
    "fre-start-at-end": FRE_RANGE,
    "fre-dataword-size": ("v3", "2.4.1", "Size of data word in bytes. Valid values are: "
                          "‘SFRAME_FRE_DATAWORD_1B’, ‘SFRAME_FRE_DATAWORD_2B’, and "
                          "‘SFRAME_FRE_DATAWORD_4B’."),
    "fre-dataword-count": ("v3", "2.4.1", "Being a 4-bit sized field, a max value of 15 is "
                           "allowed."),
    "fre-mangled-ra-abi": ("v3", "2.4.1", "Indicate whether the return address is mangled "
                           "with any authorization bits (signed RA)."),
    "fre-cfa-offset": ("v3", "3.1", "Typically, these bytes are interpreted as a sequence "
                       "of (signed integer) stack offsets."),
    "fre-save-offset": ("v3", "3.1", "Typically, these bytes are interpreted as a sequence "
                        "of (signed integer) stack offsets."),
    "fre-ra-padding": S390X_RA,
    "fre-s390x-regnum": ("v3", "1.3", "SFRAME_V2_S390X_OFFSET_IS_REGNUM: Test whether FP/RA "
                         "offset is an encoded DWARF register number."),
    "fre-flex-base-reg": ("v3", "2.4.1", "Distinguish between SP or FP based CFA "
                          "recovery."),
    "flex-count": ("v3", "3.2", "For each tracked entity (CFA, RA, FP), the SFrame FRE "
                   "carries a pair of data words to specify the respective recovery rule."),
    "flex-cfa-reg-p": ("v3", "A", "CFA recovery must always specify a base register."),
    "flex-control-unused": ("v3", "3.2", "2 ‘unused’ Unused bit."),
    "flex-padding-position": ("v3", "3.2", "a single padding data word is used instead of "
                              "the pair of Control data word and Offset data word if FP "
                              "recovery rule is to be specified using the subsequent data "
                              "words."),
    "flex-regnum": ("v3", "3.2", "The DWARF register number used as the base."),
    "flex-trailing-padding": ("v3", "3.2", "A value of 0 (i.e., regnum = 0, deref_p = 0, "
                              "reg_p = 0) in the Control Data Word is used to indicate that "
                              "no further data words follow for the tracked entity."),
}

# Cases whose own sentence is more precise than their rule's.
CASES: Dict[str, Cite] = {
    "invalid-abi-s390x-in-v1": ("v3", "1.3", "[Errata 1] Add a new ABI/arch identifier "
                                "SFRAME_ABI_S390X_ENDIAN_BIG for the s390 architecture "
                                "(64-bit) s390x ABI."),
    "impldef-fre-dataword-count-s390x-4": ("v3", "3.1.3", "for default type FDEs, the "
                                           "number of stack offsets seen on s390x per "
                                           "SFrame FRE is either 1, 2, or 3."),
    "impldef-fre-dataword-count-v1-zero": ("v3", "3.1.1", "Irrespective of the ABI, the "
                                           "first stack offset is always used to locate "
                                           "the CFA"),
    "impldef-fre-mangled-ra-amd64": ("v2h", "sframe_fre_info",
                                     "| Mangled-RA (aarch64) | Size of offsets | Number of "
                                     "offsets | base_reg |"),
    "impldef-fixed-ra-offset-s390x": S390X_RA,
    "impldef-aarch64-ra-only-v1": AARCH64_COUNT,
    "impldef-aarch64-ra-only-v2": AARCH64_COUNT,
    "impldef-aarch64-ra-only-v3": AARCH64_COUNT,
    "impldef-fde-sorted-pcrel-v2": ("v3", "2.3.1", "If the SFrame header flag "
                                    "‘SFRAME_F_FDE_SORTED’ is set, then the entries are "
                                    "sorted by ‘sfdi_func_start_offset’, allowing for "
                                    "efficient binary search."),
    "valid-flex-no-datawords": RA_UNDEF,
    "valid-flex-ra-regnum-ignored": ("v3", "3.2", "The DWARF register number used as the "
                                     "base. Effective only if ‘reg_p’ is 1."),
}
CASES["impldef-fde-sorted-pcrel-v3"] = CASES["impldef-fde-sorted-pcrel-v2"]
# Spec-valid cases of gen/kernel_cases.py (a Linux kernel reader fact each,
# docs/CONSUMERS.md): what the spec says of the section the kernel refuses.
CASES["valid-kernel-v2-section"] = ("v3", "2.1.2", "‘SFRAME_VERSION_2’ 2 Second version.")
CASES["valid-kernel-unsorted-v3"] = CASES["impldef-fde-sorted-pcrel-v2"]
CASES["valid-kernel-no-fres-v3"] = RULES["fde-no-fres"]
CASES["valid-kernel-mask-fres-over-size-v3"] = RULES["fre-start-range"]
CASES["valid-kernel-func-end-past-user-v3"] = RULES["fde-func-range-overflow"]

# Valid cases without a rule: what the case exercises.
VALID: Tuple[Tuple[str, Cite], ...] = (
    (r"^valid-matrix-", ("v3", "2.3.3.3", "SFrame format defines three types of SFrame FRE "
                         "entries to efficiently encode the stack trace information for "
                         "such a variety of function sizes.")),
    (r"^valid-unsorted-", ("v3", "2.3.1", "If the SFrame header flag ‘SFRAME_F_FDE_SORTED’ "
                           "is set, then the entries are sorted by "
                           "‘sfdi_func_start_offset’, allowing for efficient binary "
                           "search.")),
    (r"^valid-frame-pointer-flag-", ("v3", "2.1.3", "All functions in the object file "
                                     "preserve frame pointer.")),
    (r"^valid-pcrel-starts-", ("v3", "2.3.1", "the value encoded in the "
                               "‘sfdi_func_start_offset’ field is the offset in bytes to "
                               "the function's start address from the "
                               "‘sfdi_func_start_offset’ field itself.")),
    (r"^valid-secrel-starts-", ("v3", "2.3.1", "Otherwise, it is the offset in bytes from "
                                "the start of the SFrame section.")),
    (r"^valid-empty-", RULES["fde-subsection-bounds"]),
    (r"^valid-v3-zero-fre-fde$", RULES["fde-no-fres"]),
    (r"^valid-ra-undefined-", RA_UNDEF),
    (r"^valid-v3-signal-frame$", ("v3", "2.3.3", "7 ‘signal_p’ Signal frame.")),
    (r"^valid-pauth-", ("v3", "2.3.3", "Specify which key is used for signing the return "
                        "addresses in the SFrame FDE.")),
    (r"^valid-s390x-cfa-and-ra-padding-", S390X_RA),
    (r"^valid-s390x-v2-regnum$", ("v3", "1.3", "SFRAME_V2_S390X_OFFSET_ENCODE_REGNUM: "
                                  "Encode a DWARF register number as an FP/RA offset.")),
    (r"^valid-v3-flex-drap-", ("v3", "3.2", "CFA = *(RBP - 8): (Typical DRAP pattern on "
                               "AMD64)")),
    (r"^valid-plt-mask-", RULES["fde-mask-rep-size"]),
    (r"^valid-mask-fre-(past|at)-size-", RULES["fre-start-range"]),
    (r"^valid-large-function-", ("v3", "2.3.3.3", "The start address offset (in bytes) of "
                                 "the SFrame FRE is an unsigned 32-bit value.")),
    (r"^valid-many-fdes-", RULES["fde-subsection-bounds"]),
    (r"^valid-fre-blocks-out-of-order-", RULES["fde-fre-block-bounds"]),
    (r"^valid-fixed-fp-offset-", RULES["fixed-fp-offset"]),
)

# Implementation decisions (flags): where the spec is silent, what a reader
# may do and what the reference validator does.  Implementation-defined cases name
# the decision they test in `flags`; acceptable cases whose canonical decode
# rests on a decision name it in `depends_on`.
DECISIONS: Dict[str, str] = {
    # acceptance decisions (one per catalogue rule that is implementation-defined)
    "auxhdr-present": "an auxiliary header with no defined contents: accepted, warned",
    "fixed-ra-offset-unused": "a nonzero fixed RA offset on an ABI that tracks RA per FRE: "
                              "accepted, warned",
    "fixed-fp-offset": "a fixed FP offset that is not a negative multiple of 8: accepted, "
                       "warned",
    "fdeoff-gap": "bytes between the header and the FDE sub-section: accepted, warned",
    "fde-subsection-align": "an FDE index not 4-byte aligned: accepted, warned",
    "abi-endian": "an ABI whose byte order is not the section's: rejected (a reader may "
                  "endian-flip, 2.1.1)",
    "fixed-ra-offset": "an AMD64 fixed RA offset other than -8 (the AMD64 ABI's CFA-8): "
                       "rejected",
    "fdeoff-after-freoff": "an FDE sub-section starting after the FRE sub-section: rejected",
    "fde-subsection-size": "bytes between the FDE and FRE sub-sections: rejected",
    "concatenated-sections": "another SFrame section after the FRE sub-section: rejected",
    "fre-dataword-count": "more data words than the ABI interprets (AMD64 > 2, s390x > 3), "
                          "or a v1 FRE without data words: rejected",
    "fre-unused-bytes": "FRE sub-section bytes no FDE uses: accepted, warned "
                        "(error under --Werror)",
    "trailing-padding": "zero bytes after the FRE sub-section: accepted, noted",
    "trailing-garbage": "nonzero bytes after the FRE sub-section: rejected",
    "fde-info-unused": "unused FDE info bits set: accepted, warned (error under --Werror)",
    "fde-info2-unused": "unused info2 bits set: accepted, warned (error under --Werror)",
    "fde-padding": "nonzero v2 sfde_func_padding2: accepted, warned",
    "fde-rep-size-unused": "rep_size on a PC-type INC FDE: accepted, noted, ignored",
    "fde-pauth-key-abi": "pauth_key set on AMD64/s390x: accepted, warned "
                         "(error under --Werror)",
    "fde-zero-size": "a function of size 0: accepted, noted",
    "fde-no-fres": "an FDE without FREs where only v3 default FDEs define one: accepted, "
                   "warned",
    "fde-func-overlap": "overlapping function ranges: rejected",
    "fde-fre-block-overlap": "FDEs sharing an FRE block: rejected",
    "fre-first-start": "a first FRE that does not start at 0: accepted, warned",
    "fre-start-range": "an FRE starting past its function's end (MASK: at or past the "
                       "repetition block): rejected",
    "fre-start-at-end": "an FRE starting at the function's end: accepted, warned",
    "fre-mangled-ra-abi": "the mangled-RA bit on AMD64/s390x: accepted, warned "
                          "(error under --Werror)",
    "fre-cfa-offset": "a CFA offset that is negative or not a multiple of 8: accepted, "
                      "warned",
    "fre-save-offset": "a save slot that is not a negative multiple of 8: accepted, warned",
    "fre-ra-padding": "an s390x RA padding word as the last data word: accepted, warned",
    "fre-s390x-regnum": "an s390x v2 register number outside 0-31 or negative: accepted, "
                        "warned (error under --Werror)",
    "fre-flex-base-reg": "the FRE base-register bit in a flex FDE: ignored, warned",
    "flex-regnum": "a flex register number the ABI lacks: accepted, warned",
    "flex-control-unused": "the unused bit of a flex control word set: accepted, warned "
                           "(error under --Werror)",
    "flex-trailing-padding": "a lone zero control word at the end of a flex FRE: read as "
                             "'no rule', accepted, warned",
    # decoding decisions (conformance/README.md "Decisions where the spec is open")
    "no-datawords-all-undefined": "an FRE without data words: CFA, RA and FP all "
                                  "`undefined` (outermost frame)",
    "fixed-offset-fre-word-wins": "a nonzero fixed RA/FP offset applies only when the FRE "
                                  "has no word for it",
    "s390x-flex-cfa-scaled": "s390x flex FDEs: the CFA offset word is decoded as "
                             "word * 8 + 160, like a default FDE's",
    "s390x-v3-odd-word-is-offset": "v3 s390x default FDEs: an odd RA/FP word is a plain "
                                   "offset (no register-number encoding)",
    "s390x-fixed-ra-offset": "s390x: an RA the FRE does not give stays unchanged "
                             "(`same`, spec 3.1.3) even with a nonzero fixed RA offset",
    "aarch64-two-datawords": "an AArch64 default FRE with 2 data words (CFA, RA; spec "
                             "3.1.2 says 1 or 3): accepted without a diagnostic",
    "sorted-by-resolved-start": "SFRAME_F_FDE_SORTED with PC-relative starts: sorted by "
                                "the resolved function start, not by the stored field",
}


# Ids no case carries any more, even as an alias (the bytes changed): they
# stay listed so that known-failures files naming them keep working.
RETIRED = (
    {"id": "invalid-fre-dataword-count-aarch64-2", "retired_in": "1.1.0",
     "reason": "3.1.2's 'either 1 or 3' has no must and word 2 is 'always' RA: an AArch64 "
               "FRE with CFA and RA is implementation-defined (GNU as 2.40-2.47 write it)",
     "see": ["impldef-aarch64-ra-only-v1", "impldef-aarch64-ra-only-v2",
             "impldef-aarch64-ra-only-v3"]},
)


def citation(case_id: str, rule: Optional[str]) -> Cite:
    if case_id in CASES:
        return CASES[case_id]
    if rule in RULES:
        return RULES[rule]
    for rx, cite in VALID:
        if re.search(rx, case_id):
            return cite
    raise KeyError(f"{case_id}: no spec citation (add one to gen/spec.py)")


def spec_json(cite: Cite) -> Dict[str, str]:
    doc, section, quote = cite
    return {"doc": doc, "section": section, "quote": quote}

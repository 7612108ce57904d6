# SPDX-License-Identifier: MIT
"""Invalid and implementation-defined cases: each one is a valid base section
plus ONE change (BTF-selftest style), named by the catalogue rule it breaks
and the byte offset of the field that is wrong.

The offset convention: the first byte of the field (or structure) the change
made wrong -- a header field, an FDE entry or one of its fields, an FRE or
its info byte or data word, or the first byte after a sub-section.
"""
import copy
from typing import Callable, List, Optional

from encoder import encode
from matrix import layout_fdes, simple_fde, simple_section
from model import (ABI_AARCH64_BE, ABI_AARCH64_LE, ABI_AMD64_LE, ABI_S390X_BE,
                   ABI_SP, BASE_FP, BASE_SP, Case, F_FDE_FUNC_START_PCREL,
                   F_FDE_SORTED, F_FRAME_POINTER, FDE, FDE_FLEX, FRE, PC_MASK,
                   Section, flex_ctl, s390x_cfa_encode, s390x_regnum_encode)

X86, A64, A64B, S390 = ABI_AMD64_LE, ABI_AARCH64_LE, ABI_AARCH64_BE, ABI_S390X_BE
V3FLAGS = F_FDE_SORTED | F_FDE_FUNC_START_PCREL


UNUSED_NOTE = ("The spec calls these bits unused and reserves them for extending the "
               "format; only sfp_flags has 'must be set to zero'. Decided: accepted with a "
               "warning (an error under --Werror); the bit is ignored when decoding.")


def hdr_value(sec: Section, name: str) -> int:
    enc = encode(sec)
    off, width = enc.fields["hdr." + name]
    return int.from_bytes(enc.data[off:off + width], "big" if sec.endian_big else "little")


def flex_section(words_list, abi=X86, dw_size=None, base_reg=BASE_FP) -> Section:
    """v3 section with one flex FDE whose FREs carry the given data words."""
    s = simple_section(3, abi, 2, flags=V3FLAGS)
    s.fdes[0].fde_type = FDE_FLEX
    s.fdes[0].fres = [FRE(4 * k, w, base_reg=base_reg, dw_size=dw_size)
                      for k, w in enumerate(words_list)]
    return s


def plt_section(v: int) -> Section:
    plt0 = FDE(start=0, size=16, fres=[FRE(0, [16]), FRE(6, [24])])
    pltn = FDE(start=0, size=0x30, pc_type=PC_MASK, rep_size=16,
               fres=[FRE(0, [8]), FRE(11, [16])])
    return Section(version=v, abi=X86, flags=F_FDE_SORTED,
                   fdes=layout_fdes([plt0, pltn, simple_fde(X86)]))


def no_fre_fde_section(v: int) -> Section:
    return Section(version=v, abi=X86, fdes=[FDE(start=0x1000, size=0x20, fres=[])])


# Notes of the cases whose verdict is a decision (the spec describes, it
# does not require); kernel_cases.py reuses them for its twins.
TILE_NOTE = ("The spec says the sub-sections tile the section (2.2) as a description, "
             "without a must, and a reader that takes sfh_fdeoff, sfh_freoff and the "
             "counts as given decodes the same FDEs and FREs. Decided: rejected (the bytes "
             "between or around the sub-sections belong to no structure).")
FRE_RANGE_NOTE = ("2.4 gives an FRE's start as an offset from the function's start and "
                  "2.3.3.1 the lookup (INC: PC >= start; MASK: PC % rep_size >= start); "
                  "no sentence requires the start to lie inside the function (or the "
                  "repetition block). No PC the FDE covers reaches such an FRE, so a reader "
                  "that takes it as given decodes every PC the same. Decided: rejected (it "
                  "describes code outside its function; GNU libsframe aborts on an INC one).")
CONCAT_NOTE = ("Like trailing bytes: the spec describes one header and two sub-sections "
               "(2) and says nothing of bytes after sfh_fre_len; a reader of the first "
               "section decodes it correctly. Decided: rejected (a linker concatenated "
               "sections instead of merging them, and the second is invisible).")
ENDIAN_NOTE = ("2.1.1: a consumer 'should detect foreign-endianness by inspecting the "
               "SFrame magic number' and 'may then provide means to endian-flip' the "
               "section, so a reader that does decodes it correctly; the ABI names the "
               "target's byte order. Decided: rejected (no toolchain writes it; the kernel "
               "and glibc refuse it).")
FIXED_RA_NOTE = ("3.1.1: the AMD64 ABI saves the RA at a fixed offset from the CFA, "
                 "encoded in sfh_cfa_fixed_ra_offset; the spec gives 'CFA - 8' only as an "
                 "example (2.2), the AMD64 psABI fixes it. Decided: rejected unless -8.")
EXTRA_WORDS_NOTE = ("2.4.1 allows a data-word count up to 15; 3.1 gives the default FDE's "
                    "words a meaning up to the ABI's count (AMD64: CFA, FP; s390x: CFA, "
                    "RA, FP) and says nothing of more. Decided: rejected (a word no reader "
                    "interprets).")


class Builder:
    def __init__(self) -> None:
        self.cases: List[Case] = []

    def bad(self, id_: str, base: Section, change: Callable[[Section], None],
            rule: str, offset, desc: str, also=(), warnings=(),
            verdict: str = "invalid", decision: Optional[str] = None,
            note: Optional[str] = None, decodable: bool = False, flags=(),
            aliases=()) -> None:
        sec = copy.deepcopy(base)
        change(sec)
        self.cases.append(Case(id=id_, section=sec, verdict=verdict, description=desc,
                               rule=rule, offset=offset, also=list(also),
                               warnings=list(warnings), decision=decision, note=note,
                               decodable=decodable, flags=list(flags),
                               aliases=list(aliases)))

    def impl(self, id_, base, change, rule, offset, desc, decision, note,
             warnings=(), also=(), decodable=None, flags=(), aliases=()) -> None:
        """An implementation-defined case; its flag defaults to its rule."""
        accept = decision == "accept"
        self.bad(id_, base, change, rule, offset, desc, also=also,
                 warnings=list(warnings) or ([rule] if accept else []),
                 verdict="implementation-defined", decision=decision, note=note,
                 decodable=accept if decodable is None else decodable,
                 flags=list(flags) or [rule], aliases=aliases)


def set_hdr(name, value):
    return lambda s: s.header.__setitem__(name, value)


def hdr_plus(name, delta):
    return lambda s: s.header.__setitem__(name, hdr_value(s, name) + delta)


def mutation_cases() -> List[Case]:
    b = Builder()
    x2 = simple_section(2, X86, 2)
    x3 = simple_section(3, X86, 2, flags=V3FLAGS)

    # ---- preamble and header
    b.bad("invalid-section-too-small-v2", x2, lambda s: setattr(s, "truncate", 20),
          "section-too-small", 0, "section cut to 20 bytes, inside the header")
    b.bad("invalid-section-too-small-2-bytes", x3, lambda s: setattr(s, "truncate", 2),
          "section-too-small", 0, "section of 2 bytes: magic only")
    b.bad("invalid-magic", x2, set_hdr("magic", 0xDEE3), "magic", "hdr.magic",
          "sfp_magic 0xdee3")
    b.bad("invalid-magic-zero", x3, set_hdr("magic", 0), "magic", "hdr.magic",
          "sfp_magic 0")
    b.bad("invalid-version-4", x3, set_hdr("version", 4), "version-unknown",
          "hdr.version", "sfp_version 4 (undefined)")
    b.bad("invalid-version-0", x2, set_hdr("version", 0), "version-unknown",
          "hdr.version", "sfp_version 0 (undefined)")
    b.bad("invalid-flags-frame-pointer-v3", x3,
          lambda s: setattr(s, "flags", s.flags | F_FRAME_POINTER), "flags-undefined",
          "hdr.flags", "SFRAME_F_FRAME_POINTER is not defined in v3")
    b.bad("invalid-flags-pcrel-v1", simple_section(1, X86, 2),
          lambda s: setattr(s, "flags", s.flags | F_FDE_FUNC_START_PCREL),
          "flags-undefined", "hdr.flags", "SFRAME_F_FDE_FUNC_START_PCREL is not defined in v1")
    b.bad("invalid-flags-0x80-v2", x2, lambda s: setattr(s, "flags", s.flags | 0x80),
          "flags-undefined", "hdr.flags", "undefined flag bit 0x80")
    b.bad("invalid-abi-5", x2, set_hdr("abi", 5), "abi-unknown", "hdr.abi",
          "sfh_abi_arch 5 (undefined)")
    b.bad("invalid-abi-s390x-in-v1", simple_section(1, A64B, 2), set_hdr("abi", S390),
          "abi-unknown", "hdr.abi", "s390x (4) does not exist in v1 (added by v2 erratum 1)")
    b.impl("impldef-abi-endian-amd64-big", x2, lambda s: setattr(s, "big_endian", 1),
           "abi-endian", "hdr.abi", "AMD64 section stored big-endian", "reject",
           ENDIAN_NOTE, aliases=["invalid-abi-endian-amd64-big"])
    b.impl("impldef-abi-endian-aarch64be-little", simple_section(3, A64B, 2, flags=V3FLAGS),
           lambda s: setattr(s, "big_endian", 0), "abi-endian", "hdr.abi",
           "AArch64 big-endian ABI, section stored little-endian", "reject", ENDIAN_NOTE,
           aliases=["invalid-abi-endian-aarch64be-little"])
    b.impl("impldef-fixed-ra-offset-amd64", x2, lambda s: setattr(s, "fixed_ra", -16),
           "fixed-ra-offset", "hdr.fixed_ra", "AMD64 with fixed RA offset -16 (ABI: CFA-8)",
           "reject", FIXED_RA_NOTE, aliases=["invalid-fixed-ra-offset-amd64"])
    b.impl("impldef-fixed-ra-offset-amd64-zero", x3, lambda s: setattr(s, "fixed_ra", 0),
           "fixed-ra-offset", "hdr.fixed_ra", "AMD64 without a fixed RA offset: RA unlocatable",
           "reject", FIXED_RA_NOTE + " A zero field gives no RA rule at all (3.2: the fixed "
           "offsets apply 'if used').", aliases=["invalid-fixed-ra-offset-amd64-zero"])
    aux = simple_section(2, X86, 1, aux=bytes(8))
    b.bad("invalid-auxhdr-bounds", aux, lambda s: setattr(s, "truncate", 30),
          "auxhdr-bounds", "hdr.auxhdr_len",
          "section cut inside its 8-byte auxiliary header",
          also=["fde-subsection-bounds", "fre-subsection-bounds"])
    b.impl("impldef-auxhdr-present", x2, lambda s: setattr(s, "aux", b"\x01\x02\x03\x04"),
           "auxhdr-present", "aux", "4-byte auxiliary header (contents opaque)", "accept",
           "The spec allows an auxiliary header but no ABI defines its contents. "
           "Decided: accepted with a warning (the Linux kernel rejects it).")
    b.impl("impldef-fixed-ra-offset-aarch64", simple_section(2, A64, 2),
           lambda s: setattr(s, "fixed_ra", -8), "fixed-ra-offset-unused", "hdr.fixed_ra",
           "AArch64 with a fixed RA offset -8", "accept",
           "AArch64 tracks RA per FRE; the spec does not forbid a fixed RA offset. "
           "Decided: accepted with a warning; FREs without an RA word then use it "
           "(spec 3.2: fixed offsets apply when the FRE has no rule).")
    b.impl("impldef-fixed-fp-offset-positive", x2, lambda s: setattr(s, "fixed_fp", 4),
           "fixed-fp-offset", "hdr.fixed_fp", "fixed FP offset +4", "accept",
           "sfh_cfa_fixed_fp_offset is any int8. Decided: a value that is not a "
           "negative multiple of 8 is accepted with a warning.")

    # ---- layout
    empty_pad = Section(version=2, abi=X86, fdes=[], trailing=bytes(4))
    b.impl("impldef-fdeoff-after-freoff", empty_pad, set_hdr("fdeoff", 4),
           "fdeoff-after-freoff", "hdr.fdeoff", "sfh_fdeoff 4 > sfh_freoff 0", "reject",
           TILE_NOTE + " Here the FDE sub-section would start after the FRE sub-section.",
           warnings=["fdeoff-gap"], aliases=["invalid-fdeoff-after-freoff"])
    b.impl("impldef-fdeoff-gap", x2, lambda s: setattr(s, "fdeoff_gap", 8), "fdeoff-gap",
           "hdr.fdeoff", "8 unused bytes between the header and the FDEs", "accept",
           "The spec defines sfh_fdeoff as an offset, so a gap is representable but "
           "meaningless. Decided: accepted with a warning.")
    b.impl("impldef-fde-subsection-align", x2, lambda s: setattr(s, "fdeoff_gap", 2),
           "fde-subsection-align", "hdr.fdeoff", "FDE sub-section at section offset 30",
           "accept", "The spec says FDE index entries are 'naturally aligned' without "
           "saying relative to what. Decided: 4-byte alignment from the section start "
           "is expected, anything else accepted with a warning.",
           warnings=["fdeoff-gap", "fde-subsection-align"])
    nofre2 = no_fre_fde_section(2)
    b.bad("invalid-fde-subsection-bounds", nofre2, set_hdr("num_fdes", 2),
          "fde-subsection-bounds", "hdr.num_fdes",
          "sfh_num_fdes 2 but the section ends after one FDE", warnings=["fde-no-fres"])
    b.impl("impldef-fde-subsection-size", x2, lambda s: setattr(s, "fde_fre_gap", 4),
           "fde-subsection-size", "hdr.freoff",
           "4 bytes between the FDE and FRE sub-sections: they no longer tile", "reject",
           TILE_NOTE, aliases=["invalid-fde-subsection-size"])
    b.bad("invalid-fre-subsection-bounds", x3, hdr_plus("fre_len", 1),
          "fre-subsection-bounds", "hdr.fre_len", "sfh_fre_len one byte past the section end")
    padded = simple_section(2, X86, 2, trailing=bytes(1))
    b.impl("impldef-fre-unused-bytes", padded, hdr_plus("fre_len", 1), "fre-unused-bytes",
           "end", "sfh_fre_len covers a byte no FDE uses", "accept",
           "The spec gives sfh_fre_len as the sub-section's length but does not require "
           "every byte of it to belong to an FDE; readers reach FREs through FDEs and "
           "decode the same. Decided: accepted with a warning (an error under --Werror).",
           aliases=["invalid-fre-unused-bytes"])
    b.bad("invalid-num-fres-mismatch", x2, hdr_plus("num_fres", 1), "num-fres-mismatch",
          "hdr.num_fres", "sfh_num_fres one more than the FDEs hold")
    b.bad("invalid-num-fres-mismatch-v3", x3, hdr_plus("num_fres", -1), "num-fres-mismatch",
          "hdr.num_fres", "sfh_num_fres one less than the FDEs hold")
    b.impl("impldef-concatenated-sections", x2,
           lambda s: setattr(s, "trailing", encode(simple_section(2, X86, 1)).data),
           "concatenated-sections", "end", "a second SFrame section appended", "reject",
           CONCAT_NOTE, aliases=["invalid-concatenated-sections"])
    b.impl("impldef-trailing-garbage", x3, lambda s: setattr(s, "trailing", b"\x2a\x00"),
           "trailing-garbage", "end", "nonzero bytes after the FRE sub-section", "reject",
           "The spec says the sub-sections tile the section (so nothing follows the FRE "
           "sub-section) without a must, and no reader decodes those bytes. Decided: "
           "rejected (they are data some producer meant, or a second section).",
           aliases=["invalid-trailing-garbage"])

    # ---- FDEs
    def fde_set(i, **kw):
        def f(s):
            for k, val in kw.items():
                setattr(s.fdes[i], k, val)
        return f
    b.bad("invalid-fde-fre-type-3-v2", x2, fde_set(1, fre_type=3), "fde-fre-type",
          "fde1.info", "FRE type 3 (undefined)", warnings=["fre-unused-bytes"])
    b.bad("invalid-fde-fre-type-15-v3", x3, fde_set(1, fre_type=15), "fde-fre-type",
          "fde1.info", "FRE type 15 (undefined)", warnings=["fre-unused-bytes"])
    for v in (1, 2, 3):
        base = x3 if v == 3 else simple_section(v, X86, 2)
        b.impl(f"impldef-fde-info-unused-v{v}", base, fde_set(0, info_extra=0x40),
               "fde-info-unused", "fde0.info", "unused bit 6 of the FDE info byte set",
               "accept", UNUSED_NOTE, aliases=[f"invalid-fde-info-unused-v{v}"])
    b.impl("impldef-fde-info-unused-bit7-v2", x2, fde_set(0, info_extra=0x80),
           "fde-info-unused", "fde0.info", "bit 7 of the v2 FDE info byte (unused before v3)",
           "accept", UNUSED_NOTE, aliases=["invalid-fde-info-unused-bit7-v2"])
    b.bad("invalid-fde-type-2", x3, fde_set(0, fde_type=2), "fde-type-unknown",
          "fde0.info2", "FDE type 2 (undefined)")
    b.impl("impldef-fde-info2-unused", x3, fde_set(0, info2_extra=0x20),
           "fde-info2-unused", "fde0.info2", "unused bit 5 of sfda_func_info2 set",
           "accept", UNUSED_NOTE, aliases=["invalid-fde-info2-unused"])
    b.impl("impldef-fde-padding-v2", x2, fde_set(0, padding=0x1234), "fde-padding",
           "fde0.padding", "sfde_func_padding2 0x1234", "accept",
           "v2 calls sfde_func_padding2 padding but does not require zero. Decided: "
           "accepted with a warning.")
    for v in (2, 3):
        b.bad(f"invalid-fde-mask-rep-size-0-v{v}", plt_section(v), fde_set(1, rep_size=0),
              "fde-mask-rep-size", "fde1.rep_size",
              "PC type MASK with rep_size 0 (PC % 0)")
    pauth_note = ("The spec says pauth_key is 'Unsed in AMD64, s390x' and requires no "
                  "value there. Decided: accepted with a warning (an error under --Werror).")
    b.impl("impldef-fde-pauth-key-amd64", x2, fde_set(0, pauth_key=1), "fde-pauth-key-abi",
           "fde0.info", "pauth key B on an AMD64 FDE", "accept", pauth_note,
           aliases=["invalid-fde-pauth-key-amd64"])
    b.impl("impldef-fde-pauth-key-s390x", simple_section(3, S390, 2, flags=V3FLAGS),
           fde_set(1, pauth_key=1), "fde-pauth-key-abi", "fde1.info",
           "pauth key B on an s390x FDE", "accept", pauth_note,
           aliases=["invalid-fde-pauth-key-s390x"])
    one3 = simple_section(3, X86, 1, flags=F_FDE_SORTED)
    b.bad("invalid-fde-func-range-overflow", one3, fde_set(0, start_raw=(1 << 63) - 0x10),
          "fde-func-range-overflow", "fde0", "function start INT64_MAX-15, size 0x40")
    b.bad("invalid-fde-func-start-pcrel-overflow", simple_section(3, X86, 1, flags=V3FLAGS),
          fde_set(0, start_raw=(1 << 63) - 1), "fde-func-range-overflow", "fde0",
          "PC-relative start INT64_MAX: resolving it overflows")
    b.impl("impldef-fde-zero-size", x2, fde_set(1, size=0, fres=[FRE(0, [8])]),
           "fde-zero-size", "fde1.size", "function of size 0", "accept",
           "The spec does not forbid size 0. Decided: accepted with a note (covers "
           "no PC; GNU toolchains make such FDEs on purpose).")
    b.impl("impldef-fde-no-fres-v2", x2, fde_set(1, fres=[]), "fde-no-fres",
           "fde1.num_fres", "v2 FDE without FREs", "accept",
           "Only v3 gives an FRE-less (default) FDE a meaning (outermost frame). "
           "Decided: in v1/v2 accepted with a warning.")
    b.impl("impldef-fde-no-fres-flex-v3", x3, fde_set(1, fres=[], fde_type=FDE_FLEX),
           "fde-no-fres", "fde1.num_fres", "v3 flex FDE without FREs", "accept",
           "v3 defines an FRE-less FDE only for the default type. Decided: a flex one "
           "is accepted with a warning.")
    for v in (1, 2, 3):
        base = simple_section(v, X86, 3, flags=V3FLAGS if v == 3 else F_FDE_SORTED)

        def swap(s):
            s.fdes[0].start, s.fdes[1].start = s.fdes[1].start, s.fdes[0].start
        b.bad(f"invalid-fde-sorted-v{v}", base, swap, "fde-sorted", "fde1",
              "flagged sorted, FDE 1 starts before FDE 0")
    b.impl("impldef-fde-func-overlap", x2,
           lambda s: setattr(s.fdes[1], "start", s.fdes[0].start + 0x20),
           "fde-func-overlap", "fde1", "FDE 1 starts inside FDE 0's function", "reject",
           "The spec does not say whether function ranges may overlap. Decided: "
           "rejected (a lookup could only pick one).", decodable=True)

    def share(s):
        s.fdes[1].fres = copy.deepcopy(s.fdes[0].fres)
        s.share_block = {1: 0}
    b.impl("impldef-fde-fre-block-shared", simple_section(2, X86, 2), share,
           "fde-fre-block-overlap", "fde1.fre_off",
           "FDE 1 points at FDE 0's FRE block (identical FREs)", "reject",
           "The spec does not say whether FRE blocks may be shared. Decided: rejected "
           "(overlapping blocks multiply work and hide corruption).", decodable=True)
    b.bad("invalid-fde-fre-block-bounds-v2", x2,
          lambda s: s.patches.append(("fde1.fre_off", 0x1000)), "fde-fre-block-bounds",
          "fde1.fre_off", "FDE 1's FRE offset 0x1000, past sfh_fre_len",
          also=["num-fres-mismatch"], warnings=["fre-unused-bytes"])
    b.bad("invalid-fde-fre-block-bounds-v3", x3,
          lambda s: s.patches.append(("fde1.fre_off", 0x1000)), "fde-fre-block-bounds",
          "fde1.fre_off", "FDE 1's attribute offset 0x1000, past sfh_fre_len",
          also=["num-fres-mismatch"], warnings=["fre-unused-bytes"])

    # ---- FREs
    a2 = simple_section(2, A64, 2)
    last = lambda s: s.fdes[-1].fres[-1]
    b.bad("invalid-fre-bounds-v2", a2, lambda s: setattr(last(s), "dw_size_code", 2),
          "fre-bounds", "fre1.2", "last FRE claims 4-byte data words: runs past sfh_fre_len",
          warnings=["fre-unused-bytes"])
    b.bad("invalid-fre-bounds-v3", x3, lambda s: setattr(last(s), "dw_count", 5),
          "fre-bounds", "fre1.2", "last FRE claims 5 data words: runs past sfh_fre_len",
          warnings=["fre-unused-bytes"])
    b.bad("invalid-fre-start-order", x2,
          lambda s: setattr(s.fdes[0].fres[2], "start", s.fdes[0].fres[1].start),
          "fre-start-order", "fre0.2", "two FREs with the same start address")
    b.bad("invalid-fre-start-order-descending-v3", x3,
          lambda s: setattr(s.fdes[1].fres[1], "start", 0), "fre-start-order", "fre1.1",
          "FRE 1 starts at 0, before/at FRE 0")
    b.impl("impldef-fre-start-range", x2, lambda s: setattr(s.fdes[0].fres[2], "start", 0x48),
           "fre-start-range", "fre0.2", "FRE starts at 0x48 in a 0x40-byte function", "reject",
           FRE_RANGE_NOTE, decodable=True, aliases=["invalid-fre-start-range"])
    b.impl("impldef-fre-start-range-mask", plt_section(2),
           lambda s: setattr(s.fdes[1].fres[1], "start", 16), "fre-start-range", "fre1.1",
           "MASK FRE starts at 16, outside the 16-byte repetition block", "reject",
           FRE_RANGE_NOTE, decodable=True, aliases=["invalid-fre-start-range-mask"])
    b.impl("impldef-fre-first-start", x2,
           lambda s: s.fdes[1].fres.pop(0), "fre-first-start", "fre1.0",
           "FRE 0 removed: the first FRE starts at 1", "accept",
           "The spec does not require a rule for a function's first byte. Decided: "
           "accepted with a warning.", also=())
    b.impl("impldef-fre-start-at-end", x2,
           lambda s: s.fdes[1].fres.append(FRE(0x40, [8])), "fre-start-at-end", "fre1.3",
           "last FRE starts exactly at the function's end", "accept",
           "Such an FRE covers nothing; GNU as emitted it (libsframe PR 33131). "
           "Decided: accepted with a warning.")
    b.bad("invalid-fre-dataword-size-3", x2,
          lambda s: setattr(s.fdes[0].fres[1], "dw_size_code", 3), "fre-dataword-size",
          "fre0.1.info", "data-word size code 3 (undefined)", warnings=["fre-unused-bytes"])
    b.impl("impldef-fre-dataword-count-amd64-3", x3,
           lambda s: setattr(s.fdes[0].fres[1], "words", [16, -16, -24]),
           "fre-dataword-count", "fre0.1.info", "AMD64 FRE with 3 data words", "reject",
           EXTRA_WORDS_NOTE, aliases=["invalid-fre-dataword-count-amd64-3"])
    b.impl("impldef-fre-dataword-count-s390x-4", simple_section(2, S390, 2),
           lambda s: setattr(s.fdes[0].fres[1], "words", [22, -48, -56, -64]),
           "fre-dataword-count", "fre0.1.info", "s390x FRE with 4 data words", "reject",
           EXTRA_WORDS_NOTE, aliases=["invalid-fre-dataword-count-s390x-4"])
    b.impl("impldef-fre-dataword-count-v1-zero", simple_section(1, X86, 2),
           lambda s: setattr(s.fdes[0].fres[0], "words", []), "fre-dataword-count",
           "fre0.0.info", "v1 FRE without data words (RA-undefined FREs start in v2)",
           "reject", "The v1 spec allows a data-word count 'upto 3', so 0 is representable, "
           "but gives an FRE without a CFA word no meaning; v2's erratum 2 defines one. "
           "Decided: rejected in v1.", aliases=["invalid-fre-dataword-count-v1-zero"])
    b.impl("impldef-fre-mangled-ra-amd64", x2,
           lambda s: setattr(s.fdes[0].fres[1], "mangled_ra", 1), "fre-mangled-ra-abi",
           "fre0.1.info", "mangled-RA bit on AMD64", "accept",
           "v3 2.4.1 defines the bit for every ABI; the v2 sframe.h marks it 'aarch64 "
           "only' / 'Unused (amd64)' without requiring zero. Decided: accepted with a "
           "warning (an error under --Werror).", aliases=["invalid-fre-mangled-ra-amd64"])
    b.impl("impldef-fre-cfa-offset", x2, lambda s: setattr(s.fdes[0].fres[1], "words", [12, -16]),
           "fre-cfa-offset", "fre0.1.dw0", "CFA = SP + 12", "accept",
           "The spec puts no constraint on CFA offsets. Decided: a negative or "
           "non-multiple-of-8 offset is accepted with a warning.")
    b.impl("impldef-fre-save-offset", x2, lambda s: setattr(s.fdes[0].fres[1], "words", [16, 8]),
           "fre-save-offset", "fre0.1.dw1", "FP saved at CFA+8", "accept",
           "The spec puts no constraint on save offsets. Decided: a slot that is not "
           "a negative multiple of 8 is accepted with a warning.")
    for v in (2, 3):
        base = simple_section(v, S390, 2, flags=V3FLAGS if v == 3 else F_FDE_SORTED)
        b.impl(f"impldef-fre-ra-padding-last-v{v}", base,
               lambda s: setattr(s.fdes[0].fres[1], "words", [s390x_cfa_encode(320), 0]),
               "fre-ra-padding", "fre0.1.dw1", "s390x FRE ending with an RA padding word",
               "accept", "SFRAME_FRE_RA_OFFSET_INVALID is padding before an FP offset; "
               "as the last word it says 'RA not saved', same as no word. Decided: "
               "accepted with a warning.")
    s390x2 = simple_section(2, S390, 2)
    regnum_note = ("The spec gives the v2 s390x register-number encoding but no range "
                   "(DWARF 32-47 are s390x control registers; the v3 flex encoding takes "
                   "any regnum). Decided: a number outside the GPRs and FPRs (0-31), or a "
                   "negative one, is accepted with a warning (an error under --Werror).")
    b.impl("impldef-fre-s390x-regnum-40", s390x2,
           lambda s: setattr(s.fdes[0].fres[1], "words",
                             [s390x_cfa_encode(320), s390x_regnum_encode(40), -56]),
           "fre-s390x-regnum", "fre0.1.dw1", "s390x v2 RA 'in DWARF register 40'",
           "accept", regnum_note, aliases=["invalid-fre-s390x-regnum-40"])
    b.impl("impldef-fre-s390x-regnum-negative", s390x2,
           lambda s: setattr(s.fdes[0].fres[1], "words", [s390x_cfa_encode(320), -48, -7]),
           "fre-s390x-regnum", "fre0.1.dw2", "s390x v2 FP word -7: odd and negative",
           "accept", regnum_note, decodable=False,
           aliases=["invalid-fre-s390x-regnum-negative"])

    # ---- flex FDEs
    sp = ABI_SP[X86]
    cfa = [flex_ctl(sp, 0, 1), 16]
    b.impl("impldef-fre-flex-base-reg", flex_section([cfa]),
           lambda s: setattr(s.fdes[0].fres[0], "base_reg", BASE_SP),
           "fre-flex-base-reg", "fre0.0.info",
           "flex FRE with the base-register bit set", "accept",
           "Flex FDEs take the CFA base from the control word; the spec does not say "
           "what the FRE's base-register bit means there. Decided: ignored, warned.")
    b.impl("impldef-flex-regnum", flex_section([cfa, cfa]),
           lambda s: setattr(s.fdes[0].fres[1], "words", [flex_ctl(40, 0, 1), 16]),
           "flex-regnum", "fre0.1.dw0",
           "flex CFA based on DWARF register 40 on AMD64 (no such register)", "accept",
           "Any regnum is encodable. Decided: registers the ABI lacks are accepted "
           "with a warning.")
    good = flex_section([cfa, cfa + [flex_ctl(0, 1, 0), -8]])
    b.bad("invalid-flex-count-3", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", cfa + [flex_ctl(0, 1, 0)]),
          "flex-count", "fre0.1.info", "flex FRE with 3 data words (RA control, no offset)")
    b.bad("invalid-flex-count-7", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", cfa + [2, -8, 2, -16, 0]),
          "flex-count", "fre0.1.info", "flex FRE with 7 data words")
    b.bad("invalid-flex-count-4-padding", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", cfa + [0, -8]),
          "flex-count", "fre0.1.info",
          "flex FRE of 4 words whose RA slot is padding (no FP pair can follow)")
    for words, what in (([0, 0], "[CFA pair, 0, 0] (libsframe testsuite findfre-flex-1)"),
                        ([0], "[CFA pair, 0]"),
                        ([flex_ctl(0, 1, 0), -8, 0], "[CFA pair, RA pair, 0]")):
        b.impl(f"impldef-flex-trailing-padding-{len(words) + 2}", good,
               lambda s, w=words: setattr(s.fdes[0].fres[1], "words", cfa + w),
               "flex-trailing-padding", f"fre0.1.dw{len(words) + 1}",
               f"flex FRE {what}: a lone zero control word at the end", "accept",
               "Spec 3.2 uses a single padding word only before an FP pair, but also "
               "says a 0 control word means no rule for the entity. Decided: a "
               "trailing 0 is read as 'no rule' (as libsframe and objdump do) and "
               "accepted with a warning.")
    b.bad("invalid-flex-cfa-reg-p", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", [flex_ctl(0, 1, 0), 16, 2, -8]),
          "flex-cfa-reg-p", "fre0.1.dw0", "CFA control word with reg_p clear")
    b.impl("impldef-flex-control-unused", good,
           lambda s: setattr(s.fdes[0].fres[1], "words", cfa + [flex_ctl(0, 1, 0) | 4, -8]),
           "flex-control-unused", "fre0.1.dw2", "RA control word with unused bit 2 set",
           "accept", UNUSED_NOTE, aliases=["invalid-flex-control-unused"])
    b.bad("invalid-flex-padding-cfa", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", [0, 16, 2, -8]),
          "flex-padding-position", "fre0.1.dw0", "padding (0) as the CFA control word")
    b.bad("invalid-flex-padding-fp", good,
          lambda s: setattr(s.fdes[0].fres[1], "words", cfa + [0, 0, -16]),
          "flex-padding-position", "fre0.1.dw3", "padding (0) as the FP control word")
    return b.cases

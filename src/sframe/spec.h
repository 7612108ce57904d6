/* SPDX-License-Identifier: MIT */
/* spec.h - SFrame format facts, each decided here once (not API).
 *
 * Where fields are (layout.def, one X-macro table per version), which bits
 * of the info bytes mean what, which flags/ABIs a version defines, and the
 * byte order of an ABI.  decode.c reads with these, the classifiers
 * (classify*.c) judge with them, validate.c points diagnostics with them.
 */
#ifndef SFV_SFRAME_SPEC_H
#define SFV_SFRAME_SPEC_H

#include <stdint.h>
#include "sfv.h"
#include "common/cursor.h"

/* ---- field table (layout.def) ---- */

enum sfv_where { SFV_IN_NONE = 0, SFV_IN_HDR, SFV_IN_FDE, SFV_IN_ATTR };

typedef enum sfv_field {
#define SFV_STRUCT(name, s1, s2, s3)
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3) SFV_FLD_##name,
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
  SFV_FLD_COUNT
} sfv_field;

typedef enum sfv_struct {
#define SFV_STRUCT(name, s1, s2, s3) SFV_ST_##name,
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
  SFV_ST_COUNT
} sfv_struct;

typedef struct sfv_field_loc {
  uint8_t where;             /* enum sfv_where */
  uint8_t off;               /* bytes from the start of `where` */
  uint8_t width;             /* bytes; 0 when where == SFV_IN_NONE */
} sfv_field_loc;

/* The table itself, for the inline accessors below (layout.c defines it).
 * Inline so that a read whose field and version are constants (the per-
 * version decoders in decode.c) compiles to a plain load. */
typedef struct sfv_field_desc {
  uint8_t is_signed;
  sfv_field_loc v[3];
} sfv_field_desc;
static inline const sfv_field_desc *sfv_field_table(void) {
#define HDR SFV_IN_HDR
#define FDE SFV_IN_FDE
#define ATTR SFV_IN_ATTR
#define NONE SFV_IN_NONE
  static const sfv_field_desc fields[SFV_FLD_COUNT] = {
#define SFV_STRUCT(name, s1, s2, s3)
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)              \
  [SFV_FLD_##name] = {sg, {{w1, o1, n1}, {w2, o2, n2}, {w3, o3, n3}}},
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
  };
#undef HDR
#undef FDE
#undef ATTR
#undef NONE
  return fields;
}

/* Location of field f in version 1..3 (versions outside: SFV_IN_NONE). */
static inline sfv_field_loc sfv_field_in(sfv_field f, uint8_t version) {
  sfv_field_loc none = {SFV_IN_NONE, 0, 0};
  if ((unsigned)f >= (unsigned)SFV_FLD_COUNT || version < 1 || version > 3)
    return none;
  return sfv_field_table()[f].v[version - 1];
}
/* 1 when field f is a signed integer. */
static inline int sfv_field_signed(sfv_field f) {
  return (unsigned)f < (unsigned)SFV_FLD_COUNT && sfv_field_table()[f].is_signed;
}
/* Fixed size of a structure in a version (0: not in that version).
 * Inline so that a constant version folds it (lookup's index stride). */
static inline unsigned sfv_struct_size(sfv_struct s, uint8_t version) {
  static const uint8_t sizes[SFV_ST_COUNT][3] = {
#define SFV_STRUCT(name, s1, s2, s3) [SFV_ST_##name] = {s1, s2, s3},
#define SFV_FIELD(name, sg, w1, o1, n1, w2, o2, n2, w3, o3, n3)
#include "sframe/layout.def"
#undef SFV_FIELD
#undef SFV_STRUCT
  };
  if ((unsigned)s >= (unsigned)SFV_ST_COUNT || version < 1 || version > 3)
    return 0;
  return sizes[s][version - 1];
}
/* Section offset of field f of FDE fde (HDR fields: fde may be NULL);
 * 0 when the version has no such field. */
uint64_t sfv_field_at(const sfv_section *sec, const sfv_fde *fde,
                      sfv_field f);
/* Field f of version v of the structure starting at section offset base
 * (its start, per the field's `where`), read through cursor c, whose range
 * bounds the read.  Returns 0 (and *x = 0) when absent in the version or
 * out of c.  Inline, so that a constant field and version fold to one
 * bounds check and a load at a fixed offset. */
__attribute__((always_inline)) static inline int
sfv_field_peek(const sfv_cursor *c, uint64_t base, sfv_field f, uint8_t v,
               int64_t *x) {
  sfv_field_loc l = sfv_field_in(f, v);
  uint64_t raw;
  *x = 0;
  if (l.where == SFV_IN_NONE || base > UINT64_MAX - l.off ||
      !cur_peek(c, base + l.off, l.width, &raw))
    return 0;
  *x = sfv_field_signed(f) ? sfv_sext(raw, l.width) : (int64_t)raw;
  return 1;
}

/* Field f of version v from the window p of its structure (the FDE entry
 * or the v3 attribute), which the caller bounds-checked to the structure's
 * sfv_struct_size() with cur_window(); every field of layout.def lies
 * inside its structure (tests/unit/test_layout.c).  0 when the version has
 * no such field.  Inline: constant f and v fold to one load at a fixed
 * offset. */
__attribute__((always_inline)) static inline int64_t
sfv_field_ld(const uint8_t *p, sfv_field f, uint8_t v, uint8_t be) {
  sfv_field_loc l = sfv_field_in(f, v);
  uint64_t raw;
  if (l.where == SFV_IN_NONE)
    return 0;
  raw = sfv_ld(p + l.off, l.width, be);
  return sfv_field_signed(f) ? sfv_sext(raw, l.width) : (int64_t)raw;
}

/* sfv_field_peek() of the section's version, anywhere in the section. */
__attribute__((always_inline)) static inline int
sfv_field_read(const sfv_section *sec, uint64_t base, sfv_field f, int64_t *v) {
  sfv_cursor c;
  cur_init(&c, sec->data, 0, sec->size, sec->big_endian);
  return sfv_field_peek(&c, base, f, sec->hdr.version, v);
}

/* ---- header facts (2.1, 2.2.1) ---- */

/* Flag bits defined in a version (2.1.3). */
static inline unsigned sfv_flags_defined(uint8_t version) {
  return version == 1 ? 0x3u : version == 2 ? 0x7u : 0x5u;
}
/* Highest ABI/arch identifier of a version (s390x from v2, erratum 1). */
static inline unsigned sfv_abi_max(uint8_t version) {
  return version == 1 ? 3u : 4u;
}
static inline int sfv_abi_known(uint8_t version, uint8_t abi) {
  return abi >= 1 && abi <= sfv_abi_max(version);
}
static inline int sfv_abi_big_endian(uint8_t abi) {
  return abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_S390X_BE;
}
static inline int sfv_abi_is_aarch64(uint8_t abi) {
  return abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_AARCH64_LE;
}
/* AMD64 RA at CFA-8 (3.1.1); the only ABI with a fixed RA offset. */
#define SFV_AMD64_FIXED_RA (-8)

/* DWARF numbering: AMD64 rsp 7 / rbp 6; AArch64 sp 31 / x29 29;
 * s390x r15 / r11. */
static inline int sfv_spec_sp_regnum(uint8_t abi) {
  switch (abi) {
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: return 31;
  case SFV_ABI_AMD64_LE: return 7;
  case SFV_ABI_S390X_BE: return 15;
  default: return -1;
  }
}

static inline int sfv_spec_fp_regnum(uint8_t abi) {
  switch (abi) {
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: return 29;
  case SFV_ABI_AMD64_LE: return 6;
  case SFV_ABI_S390X_BE: return 11;
  default: return -1;
  }
}

/* Function start fields relative to the field itself (2.1.1, erratum 1):
 * the PCREL flag, defined from v2 on.  The version form folds in the
 * per-version copies of the FDE decoder. */
static inline int sfv_pcrel_in(uint8_t version, uint8_t flags) {
  return version >= 2 && (flags & SFV_F_FDE_FUNC_START_PCREL) != 0;
}
static inline int sfv_section_pcrel(const sfv_section *sec) {
  return sfv_pcrel_in(sec->hdr.version, sec->hdr.flags);
}

/* ---- FDE info bytes (2.3.3) ---- */

static inline uint8_t sfv_info_fre_type(uint8_t info) { return info & 0xfu; }
static inline uint8_t sfv_info_pc_type(uint8_t info) {
  return (info >> 4) & 1u;
}
static inline uint8_t sfv_info_pauth_key(uint8_t info) {
  return (info >> 5) & 1u;
}
/* The info byte of a PC type and an FRE type (the other bits 0). */
static inline uint8_t sfv_info_make(uint8_t pc_type, uint8_t fre_type) {
  return (uint8_t)((pc_type & 1u) << 4 | (fre_type & 0xfu));
}
/* v3 only. */
static inline uint8_t sfv_info_signal(uint8_t info) { return (info >> 7) & 1u; }
/* Unused bits of the info byte: v1, v2 bits 6-7; v3 bit 6. */
static inline uint8_t sfv_info_unused(uint8_t version) {
  return version == 3 ? 0x40u : 0xc0u;
}
/* v3 info2: FDE type bits 0-4, unused bits 5-7. */
static inline uint8_t sfv_info2_fde_type(uint8_t info2) { return info2 & 0x1fu; }
#define SFV_INFO2_UNUSED 0xe0u

/* ---- FRE (2.4) ---- */

/* Bytes of an FRE start address for an FRE type (0 if undefined). */
static inline unsigned sfv_fre_addr_size(uint8_t fre_type) {
  return fre_type == SFV_FRE_ADDR1   ? 1u
         : fre_type == SFV_FRE_ADDR2 ? 2u
         : fre_type == SFV_FRE_ADDR4 ? 4u
                                     : 0u;
}
static inline uint8_t sfv_fre_info_base_reg(uint8_t i) { return i & 1u; }
static inline uint8_t sfv_fre_info_count(uint8_t i) { return (i >> 1) & 0xfu; }
static inline uint8_t sfv_fre_info_size_code(uint8_t i) {
  return (i >> 5) & 3u;
}
static inline uint8_t sfv_fre_info_mangled(uint8_t i) { return (i >> 7) & 1u; }
#define SFV_DW_SIZE_CODE_MAX 2u

/* Default FDEs of AMD64 and AArch64 (3.1): the CFA offset (data word 0) is
 * >= 0 and a multiple of 8; a saved RA/FP offset from the CFA (words 1, 2)
 * is < 0 and a multiple of 8.  (s390x stores its words otherwise: see the
 * s390x helpers below and classify.c.) */
static inline int sfv_cfa_offset_ok(int64_t cfa) {
  return cfa >= 0 && ((uint64_t)cfa & 7u) == 0; /* two's complement */
}
static inline int sfv_save_offset_ok(int64_t off) {
  return off < 0 && ((uint64_t)off & 7u) == 0;
}

/* The two predicates above as bit tests, for checking several data words
 * with one load: a data word of w (1, 2, 4) bytes stored in byte order be
 * passes sfv_cfa_offset_ok (save 0) or sfv_save_offset_ok (save 1) iff
 * (x & *mask) == *expect, x being a little-endian load of the bytes from
 * the word's first one on: the predicates test the sign bit and the low 3
 * bits (multiple of 8) of the sign-extended word, nothing else
 * (tests/unit/test_fastpath.c checks the equivalence, every 1- and 2-byte
 * word and a sample of 4-byte ones). */
static inline void sfv_offset_word_bits(unsigned w, uint8_t be, int save,
                                        uint64_t *mask, uint64_t *expect) {
  unsigned sign_byte = be ? 0u : w - 1u, low_byte = be ? w - 1u : 0u;
  uint64_t sign = (uint64_t)0x80u << (8u * sign_byte);
  *mask = sign | (uint64_t)7u << (8u * low_byte);
  *expect = save ? sign : 0u;
}

/* Section offset of FRE r's info byte and of its data word k. */
static inline uint64_t sfv_fre_info_at(const sfv_fde *f, const sfv_fre *r) {
  return r->offset + sfv_fre_addr_size(f->fre_type);
}
static inline uint64_t sfv_fre_dw_at(const sfv_fde *f, const sfv_fre *r,
                                     unsigned k) {
  return sfv_fre_info_at(f, r) + 1u + (uint64_t)k * r->dw_size;
}

/* Flex control word (3.2): its bits are decided in the public decoding
 * face (sfv_decode.h: sfv_flex_reg_p, sfv_flex_deref_p, sfv_flex_regnum,
 * SFV_FLEX_UNUSED_BIT), which printers read too. */

/* s390x v2 (1.3): an odd RA/FP data word w encodes DWARF register w >> 1
 * (a negative odd word encodes nothing the spec defines). */
static inline int sfv_s390x_regnum_word(uint8_t version, int32_t w) {
  return version == 2 && (w & 1);
}
static inline int64_t sfv_s390x_regnum(int32_t w) { return w < 0 ? w : w >> 1; }

/* s390x stored CFA offset -> offset (3.1.3): stored * 8 - (-160); used in
 * default and flex FDEs alike (as GNU as writes and libsframe reads). */
static inline int64_t sfv_s390x_cfa_decode(int32_t v) {
  return (int64_t)v * SFV_S390X_CFA_OFFSET_ALIGNMENT_FACTOR -
         SFV_S390X_CFA_OFFSET_ADJUSTMENT;
}

/* A sufficient bit test for s390x data word k of a default FDE's FRE
 * (same form and load as sfv_offset_word_bits): (x & *mask) == *expect
 * implies that the classifier finds nothing in the word.  Word 0 with its
 * sign bit clear: the stored CFA offset v >= 0 decodes to v * 8 + 160,
 * which sfv_cfa_offset_ok accepts.  Words 1, 2 negative multiples of 8:
 * neither RA padding (0) nor a v2 register number (odd), so an RA or FP
 * saved at that offset from the CFA, which sfv_save_offset_ok accepts.
 * The words it refuses (padding, register numbers, v in [-20, -1]) the
 * fast path leaves to the classifier (tests/unit/test_fastpath.c checks
 * the implication on every 1- and 2-byte word and a sample of 4-byte
 * ones, v2 and v3). */
static inline void sfv_s390x_word_bits(unsigned w, uint8_t be, unsigned k,
                                       uint64_t *mask, uint64_t *expect) {
  sfv_offset_word_bits(w, be, k != 0, mask, expect);
  if (k == 0)
    *mask &= (uint64_t)0x80u << (8u * (be ? 0u : w - 1u));
}

/* A data word's value bits v (w bytes: 1, 2, 4) as they lie in a
 * little-endian load from the word's first byte, stored in byte order be. */
static inline uint64_t sfv_word_lane(uint64_t v, unsigned w, uint8_t be) {
  uint64_t x = 0;
  unsigned i;
  if (!be)
    return v;
  for (i = 0; i < w; i++)
    x |= ((v >> (8u * i)) & 0xffu) << (8u * (w - 1u - i));
  return x;
}

/* A sufficient bit test for a flex FDE's control word (3.2) of w (1, 2,
 * 4) bytes, in value bits (sfv_word_lane places them): (c & *mask) ==
 * *expect implies reg_p set (so not the padding word 0, and a register
 * rule, as the CFA's must be), the unused bit clear and a register number
 * below 2^regbits (regbits <= 5); deref_p and the lower register bits are
 * free.  The fast path asks the classifier which regbits its ABI's
 * register bound admits (tests/unit/test_fastpath.c holds the implication
 * to the classifier on every 1- and 2-byte control word). */
static inline void sfv_flex_control_bits(unsigned w, unsigned regbits,
                                         uint64_t *mask, uint64_t *expect) {
  uint64_t wmask = ((uint64_t)1 << (8u * w)) - 1u; /* w <= 4 */
  uint64_t low = ((uint64_t)1 << (SFV_FLEX_REGNUM_SHIFT + regbits)) - 1u;
  *mask = (SFV_FLEX_REG_P_BIT | SFV_FLEX_UNUSED_BIT | ~low) & wmask;
  *expect = SFV_FLEX_REG_P_BIT;
}

/* ---- fixed RA and flex layout (3.1.1, 3.2) ---- */

/* AMD64 keeps its RA at the fixed offset CFA-8 (3.1.1): 1 when the header
 * says so (or the ABI tracks RA per FRE). */
static inline int sfv_fixed_ra_ok(const sfv_section *sec) {
  return sec->hdr.abi_arch != SFV_ABI_AMD64_LE ||
         sec->hdr.cfa_fixed_ra_offset == SFV_AMD64_FIXED_RA;
}

/* The flex layout (3.2), decided once: where the RA and FP pairs start
 * (-1: no pair), a trailing lone 0 control word (-1: none) and a padding
 * word in a slot where none may stand (-1: none). */
typedef struct sfv_flex_slots {
  int ra;
  int fp;
  int trailing_zero;
  int padding_at;
} sfv_flex_slots;
enum { SFV_FLEX_OK = 0, SFV_FLEX_BAD_COUNT = 1, SFV_FLEX_BAD_PADDING = 2 };
static inline int sfv_flex_layout(const sfv_fre *r, sfv_flex_slots *s) {
  unsigned n = r->dw_count, i = 2, k;
  *s = (sfv_flex_slots){0};
  s->ra = s->fp = -1;
  s->padding_at = s->trailing_zero = -1;
  if (n == 0)
    return SFV_FLEX_OK;
  if (n == 1 || n > 6)
    return SFV_FLEX_BAD_COUNT;
  if (r->dw_raw[0] == 0) {
    s->padding_at = 0;
    return SFV_FLEX_BAD_PADDING;
  }
  /* RA slot (k 0), FP slot (k 1): a pair (control != 0, offset) or a
   * single 0, "no rule" -- in the RA slot the padding before an FP pair;
   * as the last word a non-canonical but unambiguous form (libsframe's
   * findfre-flex-1: [CFA pair, 0, 0]).  A 0 in the FP slot with words after
   * it, a pair cut short, or words left over do not form a rule. */
  for (k = 0; k < 2 && i < n; k++) {
    if (r->dw_raw[i] == 0) {
      if (i + 1 == n) {
        s->trailing_zero = (int)i;
        return SFV_FLEX_OK;
      }
      if (k == 1) {
        s->padding_at = (int)i;
        return SFV_FLEX_BAD_PADDING;
      }
      i += 1;
      continue;
    }
    if (n - i < 2)
      return SFV_FLEX_BAD_COUNT;
    if (k == 0)
      s->ra = (int)i;
    else
      s->fp = (int)i;
    i += 2;
  }
  return i == n ? SFV_FLEX_OK : SFV_FLEX_BAD_COUNT;
}

#endif

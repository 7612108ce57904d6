/* SPDX-License-Identifier: MIT */
/* classify_fre.h - the FRE classifier (3.1 default FDEs, 3.2 flex FDEs),
 * inline: classify.c compiles it once as sfv_classify_fre(); the
 * validator's FRE loop, which runs it for every FRE the fast path does not
 * take, inlines sfv_classify_fre_i() (same code, no call).  Included only
 * by classify.c and validate.c.  Not API. */
#ifndef SFV_SFRAME_CLASSIFY_FRE_H
#define SFV_SFRAME_CLASSIFY_FRE_H

#include "sframe/classify.h"
#include "sframe/spec.h"

/* ---------------------------------------------------------------- */
/* FREs of default FDEs (3.1).                                        */

/* Valid data-word counts.  AMD64: CFA, [FP].  AArch64: CFA, [RA, [FP]]
 * -- 2 (RA without FP) is what GNU as 2.40-2.47 write for functions that
 * save x30 without x29, though 3.1.2 says "either 1 or 3".  s390x: CFA,
 * [RA or padding, [FP]].  v1 has no FRE without data words. */
static inline int default_count_ok(uint8_t ver, uint8_t abi, unsigned n) {
  if (ver == 1 && n == 0)
    return 0;
  return abi == SFV_ABI_AMD64_LE ? n <= 2 : n <= 3;
}

/* s390x DWARF registers: the 16 GPRs and 16 FPRs, 0-31. */
#define S390X_MAX_REGNUM 31

/* abi: the section's, a constant in each inlined copy. */
__attribute__((always_inline)) static inline int
classify_default(const sfv_section *sec, const sfv_fde *f, const sfv_fre *r,
                 const sfv_out *o, uint8_t abi) {
  uint8_t ver = sec->hdr.version;
  int64_t fi = f->index, ri = r->index, cfa;
  unsigned k;
  int no = 0;

  if (!default_count_ok(ver, abi, r->dw_count))
    return SFV_FIND(o, FRE_DATAWORD_COUNT, sfv_fre_info_at(f, r), fi, ri,
                    .dataword_count = r->dw_count);
  if (r->dw_count == 0)
    return 0;
  cfa = abi == SFV_ABI_S390X_BE ? sfv_s390x_cfa_decode(r->dw[0]) : r->dw[0];
  if (!sfv_cfa_offset_ok(cfa))
    no += SFV_FIND(o, FRE_CFA_OFFSET, sfv_fre_dw_at(f, r, 0), fi, ri,
                   .cfa_offset = cfa);
  for (k = 1; k < r->dw_count; k++) {
    /* Which entity word k saves: AMD64 {-, FP}; others {-, RA, FP}. */
    int is_ra = abi != SFV_ABI_AMD64_LE && k == 1;
    uint64_t at = sfv_fre_dw_at(f, r, k);
    int32_t w = r->dw[k];
    if (abi == SFV_ABI_S390X_BE) {
      if (is_ra && w == SFV_FRE_RA_OFFSET_INVALID) {
        if (r->dw_count == 2)
          no += SFV_FIND(o, FRE_RA_PADDING, at, fi, ri);
        continue;
      }
      if (sfv_s390x_regnum_word(ver, w)) {
        int64_t regnum = sfv_s390x_regnum(w);
        if (w < 0 || regnum > S390X_MAX_REGNUM)
          no += SFV_FIND(o, FRE_S390X_REGNUM, at, fi, ri, .regnum = regnum,
                         .max_regnum = S390X_MAX_REGNUM, .dataword = k);
        continue;
      }
    }
    if (!sfv_save_offset_ok(w))
      no += SFV_FIND(o, FRE_SAVE_OFFSET, at, fi, ri, .save_offset = w,
                     .entity = is_ra ? SFV_ENTITY_RA : SFV_ENTITY_FP);
  }
  return no;
}

/* ---------------------------------------------------------------- */
/* FREs of flex FDEs (3.2).                                           */

static inline int flex_max_regnum(uint8_t abi) {
  return abi == SFV_ABI_AMD64_LE ? 16 : 31;
}

static inline int classify_control(const sfv_section *sec, const sfv_fde *f,
                                   const sfv_fre *r, unsigned k,
                                   const sfv_out *o) {
  uint32_t c = r->dw_raw[k];
  uint64_t at = sfv_fre_dw_at(f, r, k);
  int max = flex_max_regnum(sec->hdr.abi_arch);
  int no = 0;
  if (c & SFV_FLEX_UNUSED_BIT)
    no += SFV_FIND(o, FLEX_CONTROL_UNUSED, at, f->index, r->index,
                   .control_word = c, .dataword = k);
  if (sfv_flex_reg_p(c) && (int64_t)sfv_flex_regnum(c) > max)
    no += SFV_FIND(o, FLEX_REGNUM, at, f->index, r->index,
                   .regnum = sfv_flex_regnum(c),
                   .max_regnum = max, .dataword = k);
  return no;
}

static inline int classify_flex(const sfv_section *sec, const sfv_fde *f,
                                const sfv_fre *r, const sfv_out *o) {
  uint64_t info_at = sfv_fre_info_at(f, r);
  int64_t fi = f->index, ri = r->index;
  sfv_flex_slots s;
  int lay = sfv_flex_layout(r, &s);
  int no = 0;

  if (r->base_reg)
    no += SFV_FIND(o, FRE_FLEX_BASE_REG, info_at, fi, ri, .base_reg_bit = 1,
                   .expected_base_reg_bit = 0);
  if (r->dw_count == 0)
    return no;
  if (lay == SFV_FLEX_BAD_COUNT && (r->dw_count == 1 || r->dw_count > 6))
    return no + SFV_FIND(o, FLEX_COUNT, info_at, fi, ri,
                         .dataword_count = r->dw_count);
  if (r->dw_raw[0] == 0)
    no += SFV_FIND(o, FLEX_PADDING_POSITION, sfv_fre_dw_at(f, r, 0), fi, ri,
                   .dataword = 0, .padding_dataword = 2);
  else if (!sfv_flex_reg_p(r->dw_raw[0]))
    no += SFV_FIND(o, FLEX_CFA_REG_P, sfv_fre_dw_at(f, r, 0), fi, ri,
                   .control_word = r->dw_raw[0], .reg_p = 1);
  no += classify_control(sec, f, r, 0, o);
  if (s.ra >= 0)
    no += classify_control(sec, f, r, (unsigned)s.ra, o);
  if (s.fp >= 0)
    no += classify_control(sec, f, r, (unsigned)s.fp, o);
  if (lay == SFV_FLEX_BAD_PADDING && s.padding_at > 0)
    no += SFV_FIND(o, FLEX_PADDING_POSITION,
                   sfv_fre_dw_at(f, r, (unsigned)s.padding_at), fi, ri,
                   .dataword = s.padding_at, .padding_dataword = 2);
  else if (lay == SFV_FLEX_BAD_COUNT)
    no += SFV_FIND(o, FLEX_COUNT, info_at, fi, ri,
                   .dataword_count = r->dw_count);
  if (s.trailing_zero >= 0)
    no += SFV_FIND(o, FLEX_TRAILING_PADDING,
                   sfv_fre_dw_at(f, r, (unsigned)s.trailing_zero), fi, ri,
                   .dataword = s.trailing_zero, .dataword_count = r->dw_count);
  return no;
}

/* sfv_classify_fre for the section's ABI abi, a constant in each inlined
 * copy (the ABI's word layout and ranges fold). */
__attribute__((always_inline)) static inline int
classify_fre_abi(const sfv_section *sec, const sfv_fde *f, const sfv_fre *r,
                 const sfv_out *o, uint8_t abi) {
  int no = 0;
  /* Header facts every rule of this FRE needs; the header classifier
   * reports them, here they only make the verdict "no". */
  if (!sfv_abi_known(sec->hdr.version, abi) || !sfv_fixed_ra_ok(sec))
    return 1;
  if (r->mangled_ra && !sfv_abi_is_aarch64(abi))
    no += SFV_FIND(o, FRE_MANGLED_RA_ABI, sfv_fre_info_at(f, r), f->index,
                   r->index, .abi_arch = abi);
  if (f->fde_type == SFV_FDE_FLEX)
    return no + classify_flex(sec, f, r, o);
  if (f->fde_type == SFV_FDE_DEFAULT)
    return no + classify_default(sec, f, r, o, abi);
  return no + 1; /* undefined FDE type: the FDE classifier says why */
}

__attribute__((always_inline)) static inline int
sfv_classify_fre_i(const sfv_section *sec, const sfv_fde *f, const sfv_fre *r,
                   const sfv_out *o) {
  switch (sec->hdr.abi_arch) {
  case SFV_ABI_AMD64_LE:
    return classify_fre_abi(sec, f, r, o, SFV_ABI_AMD64_LE);
  case SFV_ABI_AARCH64_LE:
    return classify_fre_abi(sec, f, r, o, SFV_ABI_AARCH64_LE);
  case SFV_ABI_AARCH64_BE:
    return classify_fre_abi(sec, f, r, o, SFV_ABI_AARCH64_BE);
  case SFV_ABI_S390X_BE:
    return classify_fre_abi(sec, f, r, o, SFV_ABI_S390X_BE);
  default:
    return 1; /* unknown ABI (sfv_abi_known): the header classifier's */
  }
}

#endif

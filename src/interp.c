/* interp.c - recovery rules of an FRE, per spec chapter 3 ("Interpretation
 * of SFrame FREs"), for every ABI, version and FDE type.
 *
 * Every rule is expressed in the flex form (reg_p, deref_p, regnum, offset):
 *   CFA = reg[SP or FP] + off             -> reg_p 1, deref_p 0
 *   (s390x: off = stored * 8 + 160, in default and flex FDEs alike)
 *   RA/FP saved at CFA + off              -> reg_p 0, deref_p 1
 *   s390x v2 "saved in register N"       -> reg_p 1, deref_p 0, offset 0
 *   not saved / still in place            -> SFV_REC_SAME
 *   no data words (outermost frame)       -> SFV_REC_UNDEFINED (all three)
 */
#include "sfv.h"

static sfv_recovery rec_expr(uint8_t src, uint8_t reg_p, uint8_t deref_p,
                          uint32_t regnum, int64_t off) {
  sfv_recovery r = {0};
  r.kind = SFV_REC_EXPR;
  r.source = src;
  r.reg_p = reg_p;
  r.deref_p = deref_p;
  r.regnum = regnum;
  r.offset = off;
  return r;
}

static sfv_recovery rec_same(void) {
  sfv_recovery r = {0};
  r.kind = SFV_REC_SAME;
  return r;
}

/* RA/FP when the FRE says nothing: the header's fixed offset if any
 * (SFRAME_CFA_FIXED_*_INVALID is 0), else the value is unchanged. */
static sfv_recovery rec_fixed_or_same(int8_t fixed) {
  if (fixed != 0)
    return rec_expr(SFV_SRC_FIXED, 0, 1, 0, fixed);
  return rec_same();
}

/* s390x: stored CFA offset -> real offset (spec 3.1.3:
 * offset1 * ALIGNMENT_FACTOR - ADJUSTMENT). */
static int64_t s390x_cfa_decode(int32_t v) {
  return (int64_t)v * SFV_S390X_CFA_OFFSET_ALIGNMENT_FACTOR -
         SFV_S390X_CFA_OFFSET_ADJUSTMENT;
}

/* An s390x RA/FP data word (default FDE).  Returns 0 on an encoding the
 * spec cannot mean (negative register number). */
static int s390x_save_recovery(uint8_t version, int32_t v, int is_ra,
                           sfv_recovery *out) {
  if (is_ra && v == SFV_FRE_RA_OFFSET_INVALID) {
    *out = rec_same();
    return 1;
  }
  if (version == 2 && (v & 1)) {
    if (v < 0) {
      *out = rec_same();
      return 0;
    }
    *out = rec_expr(SFV_SRC_REGNUM, 1, 0, (uint32_t)v >> 1, 0);
    return 1;
  }
  *out = rec_expr(SFV_SRC_FRE, 0, 1, 0, v);
  return 1;
}

static sfv_status default_recovery(const sfv_section *sec, const sfv_fre *fre,
                                sfv_recovery_set *out) {
  uint8_t abi = sec->hdr.abi_arch;
  uint8_t ver = sec->hdr.version;
  int8_t fixed_ra = sec->hdr.cfa_fixed_ra_offset;
  int8_t fixed_fp = sec->hdr.cfa_fixed_fp_offset;
  int base = fre->base_reg == SFV_BASE_SP ? sfv_abi_sp_regnum(abi)
                                          : sfv_abi_fp_regnum(abi);
  int64_t cfa_off;
  sfv_status st = SFV_OK;

  if (base < 0)
    return SFV_E_ENCODING;
  cfa_off = abi == SFV_ABI_S390X_BE ? s390x_cfa_decode(fre->dw[0]) : fre->dw[0];
  out->cfa = rec_expr(SFV_SRC_FRE, 1, 0, (uint32_t)base, cfa_off);

  switch (abi) {
  case SFV_ABI_AMD64_LE:
    /* CFA, [FP]; RA at the fixed offset. */
    out->ra = fixed_ra != 0 ? rec_expr(SFV_SRC_FIXED, 0, 1, 0, fixed_ra)
                            : (sfv_recovery){0};
    out->fp = fre->dw_count >= 2 ? rec_expr(SFV_SRC_FRE, 0, 1, 0, fre->dw[1])
                                 : rec_fixed_or_same(fixed_fp);
    if (fre->dw_count > 2 || fixed_ra == 0)
      st = SFV_E_ENCODING;
    break;
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE:
    /* CFA, [RA, FP]. */
    out->ra = fre->dw_count >= 2 ? rec_expr(SFV_SRC_FRE, 0, 1, 0, fre->dw[1])
                                 : rec_fixed_or_same(fixed_ra);
    out->fp = fre->dw_count >= 3 ? rec_expr(SFV_SRC_FRE, 0, 1, 0, fre->dw[2])
                                 : rec_fixed_or_same(fixed_fp);
    if (fre->dw_count == 2 || fre->dw_count > 3)
      st = SFV_E_ENCODING;
    break;
  case SFV_ABI_S390X_BE:
    /* CFA, [RA or padding, [FP]]. */
    if (fre->dw_count >= 2) {
      if (!s390x_save_recovery(ver, fre->dw[1], 1, &out->ra))
        st = SFV_E_ENCODING;
    } else {
      out->ra = rec_fixed_or_same(fixed_ra);
    }
    if (fre->dw_count >= 3) {
      if (!s390x_save_recovery(ver, fre->dw[2], 0, &out->fp))
        st = SFV_E_ENCODING;
    } else {
      out->fp = rec_fixed_or_same(fixed_fp);
    }
    if (fre->dw_count > 3)
      st = SFV_E_ENCODING;
    break;
  default:
    return SFV_E_ENCODING;
  }
  return st;
}

static sfv_recovery flex_recovery(uint32_t control, int32_t off) {
  return rec_expr(SFV_SRC_FRE, (uint8_t)(control & 1u),
                   (uint8_t)((control >> 1) & 1u), control >> 3, off);
}

static sfv_status flex_fre_recovery(const sfv_section *sec, const sfv_fre *fre,
                             sfv_recovery_set *out) {
  unsigned n = fre->dw_count, i;
  sfv_status st = SFV_OK;

  out->ra = rec_fixed_or_same(sec->hdr.cfa_fixed_ra_offset);
  out->fp = rec_fixed_or_same(sec->hdr.cfa_fixed_fp_offset);
  if (n < 2) {
    out->cfa = (sfv_recovery){0};
    return SFV_E_ENCODING;
  }
  out->cfa = flex_recovery(fre->dw_raw[0], fre->dw[1]);
  /* s390x stores every CFA offset encoded, flex FDEs included (as GNU as
   * writes it and libsframe 2.47 and the Linux kernel read it). */
  if (sec->hdr.abi_arch == SFV_ABI_S390X_BE)
    out->cfa.offset = s390x_cfa_decode(fre->dw[1]);
  if (!out->cfa.reg_p || (fre->dw_raw[0] & 4u))
    st = SFV_E_ENCODING;
  i = 2;
  if (i < n) {
    if (fre->dw_raw[i] == 0) {
      i += 1; /* RA padding: FP pair must follow */
      if (n - i != 2)
        st = SFV_E_ENCODING;
    } else {
      if (n - i < 2)
        return SFV_E_ENCODING;
      out->ra = flex_recovery(fre->dw_raw[i], fre->dw[i + 1]);
      if (fre->dw_raw[i] & 4u)
        st = SFV_E_ENCODING;
      i += 2;
    }
  }
  if (i < n) {
    if (n - i != 2 || fre->dw_raw[i] == 0)
      return SFV_E_ENCODING;
    out->fp = flex_recovery(fre->dw_raw[i], fre->dw[i + 1]);
    if (fre->dw_raw[i] & 4u)
      st = SFV_E_ENCODING;
  }
  return st;
}

sfv_status sfv_fre_recovery(const sfv_section *sec, const sfv_fde *fde,
                         const sfv_fre *fre, sfv_recovery_set *out) {
  if (sec == NULL || fde == NULL || fre == NULL || out == NULL)
    return SFV_E_ARG;
  *out = (sfv_recovery_set){0};
  out->ra_mangled = fre->mangled_ra;
  out->pauth_key = fde->pauth_key;
  out->signal = fde->signal;
  out->fde_type = fde->fde_type;
  if (fre->dw_count == 0) {
    /* RA undefined: outermost frame (v2 erratum 2; v1 has no such FRE). */
    return sec->hdr.version == 1 ? SFV_E_ENCODING : SFV_OK;
  }
  if (fde->fde_type == SFV_FDE_FLEX)
    return flex_fre_recovery(sec, fre, out);
  if (fde->fde_type != SFV_FDE_DEFAULT)
    return SFV_E_FDE_TYPE;
  return default_recovery(sec, fre, out);
}

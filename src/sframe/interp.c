/* SPDX-License-Identifier: MIT */
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
#include "sframe/classify.h"
#include "sframe/spec.h"

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

/* An s390x RA/FP data word (default FDE): RA padding, a v2 register
 * number, or a stack slot.  A negative "register" is filled as unchanged
 * (the classifier rejects it). */
static sfv_recovery s390x_save_recovery(uint8_t version, int32_t v,
                                        int is_ra) {
  if (is_ra && v == SFV_FRE_RA_OFFSET_INVALID)
    return rec_same();
  if (sfv_s390x_regnum_word(version, v))
    return v < 0 ? rec_same()
                 : rec_expr(SFV_SRC_REGNUM, 1, 0,
                            (uint32_t)sfv_s390x_regnum(v), 0);
  return rec_expr(SFV_SRC_FRE, 0, 1, 0, v);
}

/* Default FDEs (3.1): word 0 the CFA offset from SP/FP; then per ABI
 * AMD64 [FP], AArch64 [RA, [FP]], s390x [RA or padding, [FP]].  Entities
 * without a word: the header's fixed offset, else unchanged.  Fills what
 * the words give; validity is the classifier's. */
static void default_recovery(const sfv_section *sec, const sfv_fre *fre,
                             sfv_recovery_set *out) {
  uint8_t abi = sec->hdr.abi_arch, ver = sec->hdr.version;
  int base = fre->base_reg == SFV_BASE_SP ? sfv_spec_sp_regnum(abi)
                                          : sfv_spec_fp_regnum(abi);
  unsigned n = fre->dw_count;
  int64_t cfa_off =
      abi == SFV_ABI_S390X_BE ? sfv_s390x_cfa_decode(fre->dw[0]) : fre->dw[0];
  unsigned ra_word = abi == SFV_ABI_AMD64_LE ? 0 : 1; /* 0: none */
  unsigned fp_word = abi == SFV_ABI_AMD64_LE ? 1 : 2;

  if (base < 0)
    return;
  out->cfa = rec_expr(SFV_SRC_FRE, 1, 0, (uint32_t)base, cfa_off);
  /* s390x (spec 3.1.3): an RA/FP the FRE does not give "remains
   * unchanged", whatever the header's fixed offsets say. */
  out->ra = abi == SFV_ABI_S390X_BE ? rec_same()
                                    : rec_fixed_or_same(sec->hdr.cfa_fixed_ra_offset);
  out->fp = abi == SFV_ABI_S390X_BE ? rec_same()
                                    : rec_fixed_or_same(sec->hdr.cfa_fixed_fp_offset);
  if (ra_word != 0 && n > ra_word)
    out->ra = abi == SFV_ABI_S390X_BE
                  ? s390x_save_recovery(ver, fre->dw[ra_word], 1)
                  : rec_expr(SFV_SRC_FRE, 0, 1, 0, fre->dw[ra_word]);
  if (n > fp_word)
    out->fp = abi == SFV_ABI_S390X_BE
                  ? s390x_save_recovery(ver, fre->dw[fp_word], 0)
                  : rec_expr(SFV_SRC_FRE, 0, 1, 0, fre->dw[fp_word]);
}

static sfv_recovery flex_recovery(uint32_t control, int32_t off) {
  return rec_expr(SFV_SRC_FRE, sfv_flex_reg_p(control),
                  sfv_flex_deref_p(control), sfv_flex_regnum(control), off);
}

/* Flex FDEs (3.2): the pairs where sfv_flex_layout() puts them. */
static void flex_fre_recovery(const sfv_section *sec, const sfv_fre *fre,
                              sfv_recovery_set *out) {
  sfv_flex_slots sl;
  int lay = sfv_flex_layout(fre, &sl);
  out->ra = rec_fixed_or_same(sec->hdr.cfa_fixed_ra_offset);
  out->fp = rec_fixed_or_same(sec->hdr.cfa_fixed_fp_offset);
  if (fre->dw_count < 2)
    return;
  out->cfa = flex_recovery(fre->dw_raw[0], fre->dw[1]);
  /* s390x stores every CFA offset encoded, flex FDEs included (as GNU as
   * writes it and libsframe 2.47 and the Linux kernel read it). */
  if (sec->hdr.abi_arch == SFV_ABI_S390X_BE)
    out->cfa.offset = sfv_s390x_cfa_decode(fre->dw[1]);
  if (lay != SFV_FLEX_OK)
    return;
  if (sl.ra >= 0)
    out->ra = flex_recovery(fre->dw_raw[sl.ra], fre->dw[sl.ra + 1]);
  if (sl.fp >= 0)
    out->fp = flex_recovery(fre->dw_raw[sl.fp], fre->dw[sl.fp + 1]);
}

sfv_status sfv_fre_recovery(const sfv_section *sec, const sfv_fde *fde,
                            const sfv_fre *fre, sfv_recovery_set *out) {
  int no;
  if (sec == NULL || fde == NULL || fre == NULL || out == NULL)
    return SFV_E_ARG;
  *out = (sfv_recovery_set){0};
  out->ra_mangled = fre->mangled_ra;
  out->pauth_key = fde->pauth_key;
  out->signal = fde->signal;
  out->fde_type = fde->fde_type;
  if (fde->fde_type != SFV_FDE_DEFAULT && fde->fde_type != SFV_FDE_FLEX)
    return SFV_E_FDE_TYPE;
  /* The validator's verdict on this FRE (its FRE classifier, which also
   * says no when a header fact the rule needs is missing: the ABI, AMD64's
   * fixed RA offset). */
  no = sfv_classify_fre(sec, fde, fre, NULL);
  /* No data words: RA undefined, outermost frame (v2 erratum 2; the
   * classifier rejects it in v1).  All three stay SFV_REC_UNDEFINED. */
  if (fre->dw_count != 0) {
    if (fde->fde_type == SFV_FDE_FLEX)
      flex_fre_recovery(sec, fre, out);
    else
      default_recovery(sec, fre, out);
  }
  return no != 0 ? SFV_E_ENCODING : SFV_OK;
}

/* SPDX-License-Identifier: MIT */
/* offsets.c - sframe_fre_get_*: the values of a row entry the caller holds
 * (sframe_find_fre / sframe_decoder_get_fre filled it, data words in host
 * order), read as the ABI reads them, with its error codes. */
#include <string.h>

#include "compat/compat.h"
#include "sframe/spec.h"

#define SFC_IDX_CFA 0u
#define SFC_IDX_RA 1u
#define SFC_IDX_FP 2u

static unsigned fre_count(const sframe_frame_row_entry *fre) {
  return sfv_fre_info_count(fre->fre_info);
}

static unsigned fre_size_code(const sframe_frame_row_entry *fre) {
  return sfv_fre_info_size_code(fre->fre_info);
}

static const unsigned char *fre_words(const sframe_frame_row_entry *fre) {
#if SFV_COMPAT_ABI == 3
  return fre->fre_datawords;
#else
  return fre->fre_offsets;
#endif
}

/* Data word idx: 0 with *errp set and *raw 0 on failure. */
static int word(const sframe_frame_row_entry *fre, unsigned idx, uint32_t *raw,
                int32_t *sval, int *errp) {
  const unsigned char *w;
  unsigned code;
  if (fre == NULL || fre_size_code(fre) > 2 || fre_count(fre) > SFC_MAX_DATAWORDS)
    return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
  if (fre_count(fre) < idx + 1u)
    return sfc_fail(errp, SFRAME_ERR_FREOFFSET_NOPRESENT);
  if (errp != NULL)
    *errp = 0;
  w = fre_words(fre);
  code = fre_size_code(fre);
  if (code == 0) {
    *raw = w[idx];
    *sval = (int8_t)w[idx];
  } else if (code == 1) {
    uint16_t v;
    memcpy(&v, w + 2u * idx, 2);
    *raw = v;
    *sval = (int16_t)v;
  } else {
    uint32_t v;
    memcpy(&v, w + 4u * idx, 4);
    *raw = v;
    *sval = (int32_t)v;
  }
  return 0;
}

/* The signed data word idx, or SFRAME_ERR with *errp set. */
static int32_t sword(const sframe_frame_row_entry *fre, unsigned idx, int *errp) {
  uint32_t raw;
  int32_t v;
  if (word(fre, idx, &raw, &v, errp) != 0)
    return SFRAME_ERR;
  return v;
}

sfc_regid_t sframe_fre_get_base_reg_id(SFC_FCONST sframe_frame_row_entry *fre,
                                       int *errp) {
  if (fre == NULL) {
    (void)sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
    return (sfc_regid_t)~(sfc_regid_t)0;   /* SFRAME_ERR in the return type */
  }
  return fre->fre_info & 1u;
}

bool sframe_fre_get_ra_mangled_p(SFC_DCONST sframe_decoder_ctx *dctx,
                                 SFC_FCONST sframe_frame_row_entry *fre,
                                 int *errp) {
  (void)dctx;
  /* An invalid entry answers true (the library's -1 as a bool). */
  if (fre == NULL || fre_size_code(fre) > 2 || fre_count(fre) > SFC_MAX_DATAWORDS)
    return sfc_fail(errp, SFRAME_ERR_FRE_INVAL) != 0;
  return (fre->fre_info >> 7) & 1u;
}

#if SFV_COMPAT_ABI == 3
uint32_t sframe_get_fre_udata(const sframe_frame_row_entry *fre, int idx, int *errp) {
  uint32_t raw;
  int32_t v;
  if (idx < 0) {
    /* the library's count < idx + 1 never holds: word idx is read */
    return (uint32_t)SFRAME_ERR;
  }
  if (word(fre, (unsigned)idx, &raw, &v, errp) != 0)
    return (uint32_t)SFRAME_ERR;
  return raw;
}

bool sframe_fre_get_ra_undefined_p(const sframe_decoder_ctx *dctx,
                                   const sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  if (fre == NULL || fre_size_code(fre) > 2 || fre_count(fre) > SFC_MAX_DATAWORDS)
    return sfc_fail(errp, SFRAME_ERR_FRE_INVAL) != 0;
  return fre_count(fre) == 0;
}

/* The FP and RA getters' answer: the header's fixed offset (error 0) for
 * a default FDE, or a flex FDE whose word is missing, when the offset is
 * set (non-zero) and the FRE's RA is not undefined (it has data words);
 * else the data word v with its error err. */
static int32_t fixed_or_word(const sframe_frame_row_entry *fre, int8_t fixed, int32_t v,
                             int err, int flex, int *errp) {
  if ((!flex || err != 0) && fixed != 0 && fre != NULL && fre_count(fre) != 0) {
    if (errp != NULL)
      *errp = 0;
    return fixed;
  }
  if (errp != NULL)
    *errp = err;
  return v;
}

int32_t sframe_fre_get_cfa_offset(const sframe_decoder_ctx *dctx,
                                  const sframe_frame_row_entry *fre,
                                  uint32_t fde_type, int *errp) {
  int err = 0;
  int32_t v = sword(fre, fde_type == SFV_FDE_FLEX ? 1u : 0u, &err);
  if (err == 0 && dctx != NULL && dctx->sec.hdr.abi_arch == SFV_ABI_S390X_BE)
    v = sfc_i32(sfc_u32((int64_t)v * 8 + 160));
  if (errp != NULL)
    *errp = err;
  return v;
}

int32_t sframe_fre_get_fp_offset(const sframe_decoder_ctx *dctx,
                                 const sframe_frame_row_entry *fre,
                                 uint32_t fde_type, int *errp) {
  int fp_err = 0;
  int flex = fde_type == SFV_FDE_FLEX;
  int8_t fixed_fp = dctx != NULL ? dctx->sec.hdr.cfa_fixed_fp_offset : 0;
  unsigned idx = dctx != NULL && dctx->sec.hdr.cfa_fixed_ra_offset != 0
                     ? SFC_IDX_RA : SFC_IDX_FP;
  int32_t v;
  if (flex) {
    uint32_t ra_word = sframe_get_fre_udata(fre, (int)(SFC_IDX_RA * 2u), errp);
    idx = errp != NULL && *errp == 0 && ra_word == 0 ? SFC_IDX_FP * 2u
                                                     : SFC_IDX_FP * 2u + 1u;
  }
  v = sword(fre, idx, &fp_err);
  return fixed_or_word(fre, fixed_fp, v, fp_err, flex, errp);
}

int32_t sframe_fre_get_ra_offset(const sframe_decoder_ctx *dctx,
                                 const sframe_frame_row_entry *fre,
                                 uint32_t fde_type, int *errp) {
  int ra_err = 0;
  int flex = fde_type == SFV_FDE_FLEX;
  int8_t fixed_ra = dctx != NULL ? dctx->sec.hdr.cfa_fixed_ra_offset : 0;
  int32_t v = sword(fre, flex ? SFC_IDX_RA * 2u + 1u : SFC_IDX_RA, &ra_err);
  return fixed_or_word(fre, fixed_ra, v, ra_err, flex, errp);
}
#else
/* The FP/RA getters' answer where the header has a fixed offset. */
static int32_t fixed_offset(int8_t fixed, int *errp) {
  if (SFC_FIXED_NOT_PRESENT)
    return sfc_fail(errp, SFRAME_ERR_FREOFFSET_NOPRESENT);
  if (errp != NULL)
    *errp = 0;
  return fixed;
}

int32_t sframe_fre_get_cfa_offset(sframe_decoder_ctx *dctx,
                                  sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  return sword(fre, SFC_IDX_CFA, errp);
}

int32_t sframe_fre_get_fp_offset(sframe_decoder_ctx *dctx,
                                 sframe_frame_row_entry *fre, int *errp) {
  int8_t fixed_fp = dctx != NULL ? dctx->sec.hdr.cfa_fixed_fp_offset : 0;
  if (fixed_fp != 0)
    return fixed_offset(fixed_fp, errp);
  return sword(fre, dctx != NULL && dctx->sec.hdr.cfa_fixed_ra_offset != 0
                        ? SFC_IDX_RA : SFC_IDX_FP, errp);
}

int32_t sframe_fre_get_ra_offset(sframe_decoder_ctx *dctx,
                                 sframe_frame_row_entry *fre, int *errp) {
  int8_t fixed_ra = dctx != NULL ? dctx->sec.hdr.cfa_fixed_ra_offset : 0;
  if (fixed_ra != 0)
    return fixed_offset(fixed_ra, errp);
  return sword(fre, SFC_IDX_RA, errp);
}
#endif

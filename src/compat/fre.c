/* SPDX-License-Identifier: MIT */
/* fre.c - FDE and FRE access of the decoder: sframe_decoder_get_funcdesc*,
 * sframe_decoder_get_fre, sframe_decoder_get_fres_buf and the walk they
 * share.  Where the ABI's libsframe would read outside its copy of the
 * FRE sub-section, overrun its row entry, divide by zero or abort, these
 * return SFRAME_ERR instead. */
#include <string.h>

#include "compat/compat.h"

int sfc_fde(const sframe_decoder_ctx *d, uint32_t i, sfv_fde *out) {
  if (d == NULL || i >= d->sec.hdr.num_fdes || d->sec.hdr.version == 1)
    return -1;
  return sfv_fde_get(&d->sec, i, out) == SFV_OK ? 0 : -1;
}

int sfc_fre_walk(const sframe_decoder_ctx *d, const sfv_fde *fde, uint32_t idx,
                 sfv_fre *fre, sfv_fre *next) {
  sfv_fre_iter it;
  uint32_t i;
  if (idx >= fde->num_fres ||
      sfv_fre_iter_init(&it, &d->sec, fde, d->fre_end) != SFV_OK)
    return -1;
  for (i = 0; i <= idx; i++)
    if (sfv_fre_next(&it, fre) != SFV_OK ||
        (unsigned)fre->dw_count * fre->dw_size > SFC_FRE_DATA_BYTES)
      return -1;
  if (next != NULL && idx + 1 < fde->num_fres &&
      sfv_fre_next(&it, next) != SFV_OK)
    return -1;
  return 0;
}

void sfc_fre_export(const sfv_fre *fre, sframe_frame_row_entry *out) {
  unsigned char *p;
  unsigned k;
  memset(out, 0, sizeof *out);
  out->fre_start_addr = fre->start;
  out->fre_info = fre->info;
#if SFV_COMPAT_ABI == 3
  p = out->fre_datawords;
#else
  p = out->fre_offsets;
#endif
  for (k = 0; k < fre->dw_count; k++, p += fre->dw_size) {
    if (fre->dw_size == 1) {
      *p = (unsigned char)fre->dw_raw[k];
    } else if (fre->dw_size == 2) {
      uint16_t v = (uint16_t)fre->dw_raw[k];
      memcpy(p, &v, 2);
    } else {
      memcpy(p, &fre->dw_raw[k], 4);
    }
  }
}

/* The FRE is one a caller may be handed: a defined data-word size and no
 * more data words than the row entry's kind allows. */
static int fre_sane(const sfv_fre *fre) {
  return fre->dw_size_code <= 2 && fre->dw_count <= SFC_MAX_DATAWORDS;
}

int sframe_decoder_get_fre(SFC_DCONST sframe_decoder_ctx *dctx,
                           unsigned int func_idx, unsigned int fre_idx,
                           sframe_frame_row_entry *fre) {
  sfv_fde fde;
  sfv_fre f;
  if (dctx == NULL || fre == NULL || sfc_fde(dctx, func_idx, &fde) != 0 ||
      sfc_fre_walk(dctx, &fde, fre_idx, &f, NULL) != 0 || !fre_sane(&f))
    return SFRAME_ERR;
  /* 2.47 asserts an FRE starts inside (or at the end of) its function. */
  if (SFV_COMPAT_ABI == 3 && f.start > fde.size)
    return SFRAME_ERR;
  sfc_fre_export(&f, fre);
  return 0;
}

int sframe_decoder_get_funcdesc_v2(SFC_DCONST sframe_decoder_ctx *dctx,
                                   unsigned int i, uint32_t *num_fres,
                                   uint32_t *func_size,
                                   int32_t *func_start_address,
                                   unsigned char *func_info,
                                   uint8_t *rep_block_size) {
  sfv_fde fde;
  if (dctx == NULL || func_start_address == NULL || num_fres == NULL ||
      func_size == NULL || sfc_fde(dctx, i, &fde) != 0)
    return SFRAME_ERR;
  *num_fres = fde.num_fres;
  *func_size = fde.size;
  *func_start_address = (int32_t)fde.start_raw;
  if (func_info != NULL)
    *func_info = fde.info;
  if (rep_block_size != NULL)
    *rep_block_size = fde.rep_size;
  return 0;
}

#if SFV_COMPAT_ABI == 3
int sframe_decoder_get_funcdesc_v3(const sframe_decoder_ctx *dctx, unsigned int i,
                                   uint32_t *num_fres, uint32_t *func_size,
                                   int64_t *start_pc_offset,
                                   unsigned char *func_info,
                                   unsigned char *func_info2,
                                   uint8_t *rep_block_size) {
  sfv_fde fde;
  if (dctx == NULL || dctx->sec.hdr.version != 3 || sfc_fde(dctx, i, &fde) != 0)
    return SFRAME_ERR;
  if (num_fres != NULL)
    *num_fres = fde.num_fres;
  if (start_pc_offset != NULL)
    *start_pc_offset = fde.start_raw;
  if (func_size != NULL)
    *func_size = fde.size;
  if (func_info != NULL)
    *func_info = fde.info;
  if (func_info2 != NULL)
    *func_info2 = fde.info2;
  if (rep_block_size != NULL)
    *rep_block_size = fde.rep_size;
  return 0;
}

/* The FDE's bytes in the FRE sub-section (v3: attribute and FREs), in host
 * order; the size is what its FREs' info bytes say. */
int sframe_decoder_get_fres_buf(const sframe_decoder_ctx *dctx, uint32_t func_idx,
                                char **fres_buf, size_t *fres_buf_size,
                                uint32_t *num_fres) {
  sfv_fde fde;
  sfv_fre_iter it;
  sfv_fre f;
  sfv_status st;
  uint64_t first, base;
  if (dctx == NULL || fres_buf == NULL || fres_buf_size == NULL ||
      num_fres == NULL || sfc_fde(dctx, func_idx, &fde) != 0 ||
      sfv_fre_iter_init(&it, &dctx->sec, &fde, dctx->fre_end) != SFV_OK)
    return SFRAME_ERR;
  while ((st = sfv_fre_next(&it, &f)) == SFV_OK) {
  }
  if (st != SFV_END)
    return SFRAME_ERR;
  base = sfv_fre_subsection_offset(&dctx->sec);
  first = dctx->sec.hdr.version == 3 ? fde.attr_offset : fde.fres_offset;
  *num_fres = fde.num_fres;
  *fres_buf = dctx->fres_host != NULL ? dctx->fres_host + (first - base)
                                      : (char *)dctx->buf + first;
  *fres_buf_size = (size_t)(it.pos - first);
  return 0;
}
#else
int sframe_decoder_get_funcdesc(sframe_decoder_ctx *dctx, unsigned int i,
                                uint32_t *num_fres, uint32_t *func_size,
                                int32_t *func_start_address,
                                unsigned char *func_info) {
  uint8_t rep;
  return sframe_decoder_get_funcdesc_v2(dctx, i, num_fres, func_size,
                                        func_start_address, func_info, &rep);
}

void *sframe_get_funcdesc_with_addr(sframe_decoder_ctx *dctx, int32_t addr,
                                    int *errp) {
  (void)dctx;
  (void)addr;
  sfc_fail(errp, SFRAME_ERR_INVAL);
  return NULL;
}
#endif

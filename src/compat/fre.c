/* SPDX-License-Identifier: MIT */
/* fre.c - FDE and FRE access of the decoder: sframe_decoder_get_funcdesc*,
 * sframe_decoder_get_fre, sframe_decoder_get_fres_buf and the walk they
 * share.  Where the ABI's libsframe would read outside its copy of the
 * FRE sub-section, overrun its row entry, divide by zero or abort, these
 * return SFRAME_ERR instead. */
#include <string.h>

#include "compat/compat.h"
#include "fmt/fmt.h"
#include "sframe/spec.h"

int sfc_fde(const sframe_decoder_ctx *d, uint32_t i, sfv_fde *out) {
  if (d == NULL || i >= d->sec.hdr.num_fdes || !SFC_FDE_VERSION(d->version))
    return -1;
  return sfv_fde_get(&d->sec, i, out) == SFV_OK ? 0 : -1;
}

/* The FRE sub-section as the ABI's libsframe holds it: its copy of
 * fre_len bytes, host order, of which the first fre_avail lie inside the
 * buffer (all of them but in a section read in another layout). */
static uint8_t *fre_copy(const sframe_decoder_ctx *d) {
  return d->fre_avail != 0 ? d->buf + sfv_fre_subsection_offset(&d->sec) : d->buf;
}

void sfc_fre_at(const sframe_decoder_ctx *d, const sfv_fde *fde, uint64_t off,
                sfc_fre_it *it) {
  it->asz = sfv_fre_addr_size(fde->fre_type);
  cur_init(&it->c, fre_copy(d), off, d->fre_avail, sfc_host_big_endian());
  if (off > d->fre_avail)
    it->c.pos = it->c.end = 0;   /* nothing readable */
}

void sfc_fre_begin(const sframe_decoder_ctx *d, const sfv_fde *fde, sfc_fre_it *it) {
  sfc_fre_at(d, fde, (uint64_t)fde->fre_off +
             (d->sec.hdr.version == 3 ? SFV_FDE_ATTR_SIZE_V3 : 0u), it);
}

int sfc_fre_step(sfc_fre_it *it, sfc_fre *fre) {
  uint64_t start;
  uint8_t info;
  unsigned code, count;
  if (it->asz == 0 || !cur_un(&it->c, it->asz, &start) || !cur_u8(&it->c, &info))
    return -1;
  code = sfv_fre_info_size_code(info);
  count = sfv_fre_info_count(info);
  fre->start = (uint32_t)start;
  fre->info = info;
  fre->sane = fmt_dump_fre_words(code, count, SFC_LAYOUT, &fre->nbytes);
  fre->words = it->c.base + it->c.pos;
  return cur_skip(&it->c, fre->nbytes) ? 0 : -1;
}

int sfc_fre_peek_start(const sfc_fre_it *it, uint32_t *start) {
  uint64_t v;
  if (it->asz == 0 || !cur_peek(&it->c, it->c.pos, it->asz, &v))
    return -1;
  *start = (uint32_t)v;
  return 0;
}

void sfc_fre_export(const sfc_fre *fre, sframe_frame_row_entry *out) {
  memset(out, 0, sizeof *out);
  out->fre_start_addr = fre->start;
  out->fre_info = fre->info;
#if SFV_COMPAT_ABI == 3
  memcpy(out->fre_datawords, fre->words, fre->nbytes);
#else
  memcpy(out->fre_offsets, fre->words, fre->nbytes);
#endif
}

/* FRE idx of the FDE, walking from its first FRE; every FRE on the way
 * inside the copy and fitting the row entry.  0 on success. */
static int fre_walk(const sframe_decoder_ctx *d, const sfv_fde *fde, uint32_t idx,
                    sfc_fre *fre) {
  sfc_fre_it it;
  uint32_t i;
  if (idx >= fde->num_fres)
    return -1;
  sfc_fre_begin(d, fde, &it);
  for (i = 0; i <= idx; i++)
    if (sfc_fre_step(&it, fre) != 0 || !sfc_fre_fits(fre))
      return -1;
  return 0;
}

int sframe_decoder_get_fre(SFC_DCONST sframe_decoder_ctx *dctx,
                           unsigned int func_idx, unsigned int fre_idx,
                           sframe_frame_row_entry *fre) {
  sfv_fde fde;
  sfc_fre f;
  if (dctx == NULL || fre == NULL || sfc_fde(dctx, func_idx, &fde) != 0 ||
      fre_walk(dctx, &fde, fre_idx, &f) != 0 || f.sane <= 0)
    return SFRAME_ERR;
  /* The library asserts that the FRE starts inside its function (2.47:
   * or at its end; 2.44: at 0 in a function of size 0). */
#if SFV_COMPAT_ABI == 3
  if (f.start > fde.size)
    return SFRAME_ERR;
#else
  if (fde.size != 0 ? f.start >= fde.size : f.start != 0)
    return SFRAME_ERR;
#endif
  sfc_fre_export(&f, fre);
  return 0;
}

/* FDE i's fields as the v1/v2 getters hand them out; 0 on success. */
static int funcdesc(const sframe_decoder_ctx *dctx, unsigned int i, uint32_t *num_fres,
                    uint32_t *func_size, int32_t *func_start_address,
                    unsigned char *func_info, uint8_t *rep_block_size) {
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

int sframe_decoder_get_funcdesc_v2(SFC_DCONST sframe_decoder_ctx *dctx,
                                   unsigned int i, uint32_t *num_fres,
                                   uint32_t *func_size,
                                   int32_t *func_start_address,
                                   unsigned char *func_info,
                                   uint8_t *rep_block_size) {
  if (dctx != NULL && SFC_FUNCDESC_V2_REFUSED(dctx->version))
    return SFRAME_ERR;
  return funcdesc(dctx, i, num_fres, func_size, func_start_address, func_info,
                  rep_block_size);
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

/* The FDE's bytes in the FRE sub-section, in host order, as the library
 * measures them: from the FDE's FRE offset, 5 bytes (a v3 attribute; v2
 * sections too) and then num_fres FREs walked from there.  Refused where
 * that walk, or the caller's read of the bytes handed out, leaves the
 * library's copy. */
int sframe_decoder_get_fres_buf(const sframe_decoder_ctx *dctx, uint32_t func_idx,
                                char **fres_buf, size_t *fres_buf_size,
                                uint32_t *num_fres) {
  sfv_fde fde;
  sfc_fre_it it;
  sfc_fre f;
  uint32_t i;
  if (dctx == NULL || fres_buf == NULL || fres_buf_size == NULL ||
      num_fres == NULL || sfc_fde(dctx, func_idx, &fde) != 0)
    return SFRAME_ERR;
  sfc_fre_at(dctx, &fde, (uint64_t)fde.fre_off + SFV_FDE_ATTR_SIZE_V3, &it);
  for (i = 0; i < fde.num_fres; i++)
    if (sfc_fre_step(&it, &f) != 0)
      return SFRAME_ERR;
  if (it.c.pos < (uint64_t)fde.fre_off + SFV_FDE_ATTR_SIZE_V3)
    return SFRAME_ERR;          /* the first 5 bytes lie outside the copy */
  *num_fres = fde.num_fres;
  *fres_buf = (char *)(fre_copy(dctx) + fde.fre_off);
  *fres_buf_size = (size_t)(it.c.pos - fde.fre_off);
  return 0;
}
#else
int sframe_decoder_get_funcdesc(sframe_decoder_ctx *dctx, unsigned int i,
                                uint32_t *num_fres, uint32_t *func_size,
                                int32_t *func_start_address,
                                unsigned char *func_info) {
  return funcdesc(dctx, i, num_fres, func_size, func_start_address, func_info, NULL);
}

#if !SFC_FUNCDESC_WITH_ADDR
void *sframe_get_funcdesc_with_addr(sframe_decoder_ctx *dctx, int32_t addr,
                                    int *errp) {
  (void)dctx;
  (void)addr;
  sfc_fail(errp, SFRAME_ERR_INVAL);
  return NULL;
}
#endif
#endif

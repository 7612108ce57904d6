/* SPDX-License-Identifier: MIT */
/* decoder.c - sframe_decode, sframe_decoder_free and the decoder's
 * getters, over libsfv. */
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"

sframe_decoder_ctx *sframe_decode(const char *sf_buf, size_t sf_size, int *errp) {
  sframe_decoder_ctx *d;
  if (sf_buf == NULL || sf_size == 0) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return NULL;
  }
  d = calloc(1, sizeof *d);
  if (d == NULL || (d->buf = malloc(sf_size)) == NULL) {
    free(d);
    sfc_fail(errp, SFRAME_ERR_NOMEM);
    return NULL;
  }
  memcpy(d->buf, sf_buf, sf_size);
  d->size = sf_size;
  if (sfv_open(&d->sec, d->buf, d->size) != SFV_OK) {
    free(d->buf);
    free(d);
    sfc_fail(errp, SFRAME_ERR_BUF_INVAL);
    return NULL;
  }
  return d;
}

void sframe_decoder_free(sframe_decoder_ctx **dctxp) {
  if (dctxp == NULL || *dctxp == NULL)
    return;
  free((*dctxp)->buf);
  free(*dctxp);
  *dctxp = NULL;
}

unsigned int sframe_decoder_get_hdr_size(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : SFV_HEADER_SIZE + dctx->sec.hdr.auxhdr_len;
}

uint8_t sframe_decoder_get_abi_arch(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.abi_arch;
}

uint8_t sframe_decoder_get_version(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.version;
}

uint32_t sframe_decoder_get_num_fidx(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.num_fdes;
}

int8_t sframe_decoder_get_fixed_fp_offset(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.cfa_fixed_fp_offset;
}

int8_t sframe_decoder_get_fixed_ra_offset(SFC_DCONST sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.cfa_fixed_ra_offset;
}

#if SFV_COMPAT_ABI == 3
uint8_t sframe_decoder_get_flags(const sframe_decoder_ctx *dctx) {
  return dctx == NULL ? 0 : dctx->sec.hdr.flags;
}
#endif

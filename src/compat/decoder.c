/* SPDX-License-Identifier: MIT */
/* decoder.c - sframe_decode, sframe_decoder_free and the header getters,
 * over libsfv.
 *
 * sframe_decode admits what the ABI's libsframe admits (header: magic,
 * version, flags, fdeoff <= freoff, as fmt_dump_header_decodes decides
 * for the ABI's layout), except where that library would read outside
 * the section or abort: then SFRAME_ERR_BUF_INVAL (2.44's v1 sections:
 * where their own tables would, sframe_decode).  It places the FDE
 * and FRE sub-sections where the ABI's library reads them (2.47: where
 * sfh_fdeoff/sfh_freoff say; 2.44, 2.40: right after the header and the FDE
 * table, place_tables).  With SFV_LIBSFRAME_STRICT=1 any section
 * sfv_validate reports an error on is refused with SFRAME_ERR_INVAL. */
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "fmt/fmt.h"

/* Everything sframe_decode of the ABI reads (d->sec as opened), inside the
 * buffer. */
static int in_bounds(const sframe_decoder_ctx *d) {
  const sfv_section *sec = &d->sec;
  uint64_t fre_end = sfv_fre_subsection_offset(sec) + sec->hdr.fre_len;
  uint32_t i;
  if (sec->fde_avail != sec->hdr.num_fdes ||
      (sec->hdr.fre_len != 0 && fre_end > sec->size))
    return 0;
  if (sec->hdr.version == 3)
    for (i = 0; i < sec->hdr.num_fdes; i++) {
      sfv_fde fde;
      if (sfv_fde_get(sec, i, &fde) != SFV_OK)
        return 0;
    }
  return 1;
}

static int strict_ok(const sframe_decoder_ctx *d) {
  sfv_options opt;
  sfv_result res;
  memset(&opt, 0, sizeof opt);
  memset(&res, 0, sizeof res);
  return sfv_validate(d->buf, d->size, &opt, NULL, NULL, &res) == SFV_OK &&
         res.errors == 0;
}

/* Opens d->sec over the copy in the library's FDE layout; 0 on success. */
static int open_copy(sframe_decoder_ctx *d) {
  return sfc_open_in_layout(&d->sec, d->buf, d->size) == SFV_OK ? 0 : -1;
}

/* The ABI's table placement (fmt_place_tables): 2.44 and 2.40 read the
 * FDE table right after the (auxiliary) header and the FRE sub-section
 * right after it, whatever sfh_fdeoff and sfh_freoff say; the copy's
 * offsets are rewritten so (in_bounds then refuses a table ending past the
 * buffer; one of no bytes is read nowhere, wherever it lies).  A
 * foreign-endian section was swapped before, where its offsets say
 * (sfc_swap, as the library swaps it in place): its tables are then read
 * from the bytes the swap left, swapped or not, as the library reads
 * them. */
static int place_tables(sframe_decoder_ctx *d) {
  return fmt_place_tables(&d->sec, d->buf, d->size, SFC_LAYOUT);
}

/* sfv_open of a header alone (FDE and FRE counts zeroed so that it opens
 * whatever they claim); 0 on success. */
static int sfv_open_header_only(sfv_section *s, uint8_t *hdr) {
  memset(hdr + 12, 0, 16);
  return sfv_open(s, hdr, SFV_HEADER_SIZE) == SFV_OK ? 0 : -1;
}

/* The error of a header the ABI's libsframe refuses (unknown version or
 * flags, fdeoff > freoff): 2.44 and 2.40 say SFRAME_ERR_NOMEM for a host-order
 * section (BUF_INVAL when it byte-swapped first), 2.47 BUF_INVAL.  The byte
 * order is libsfv's reading of the magic (of a header copy with a known
 * version when the version is unknown). */
static int header_err(const uint8_t *buf) {
  uint8_t hdr[SFV_HEADER_SIZE];
  sfv_section s;
  if (SFV_COMPAT_ABI == 3)
    return SFRAME_ERR_BUF_INVAL;
  memcpy(hdr, buf, sizeof hdr);
  hdr[2] = 2;
  if (sfv_open_header_only(&s, hdr) != 0)
    return SFRAME_ERR_BUF_INVAL;
  return s.big_endian == sfc_host_big_endian() ? SFRAME_ERR_NOMEM : SFRAME_ERR_BUF_INVAL;
}

sframe_decoder_ctx *sframe_decode(const char *sf_buf, size_t sf_size, int *errp) {
  sframe_decoder_ctx *d;
  int err = SFRAME_ERR_BUF_INVAL, strict_bad, foreign, own_layout_ok;
  sfv_status st;
  uint64_t fre_off;
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
  if (d->size < SFV_HEADER_SIZE)
    goto fail;
  st = sfv_open(&d->sec, d->buf, d->size);
  if (st == SFV_E_VERSION) {
    err = header_err(d->buf);
    goto fail;
  }
  if (st != SFV_OK)
    goto fail;
  if (!fmt_dump_header_decodes(d->buf, d->size, SFC_LAYOUT)) {
    err = header_err(d->buf);
    goto fail;
  }
  d->version = d->sec.hdr.version;
  foreign = d->sec.big_endian != sfc_host_big_endian();
  strict_bad = sfc_strict() && !strict_ok(d);   /* of the section as given */
  /* A section the ABI reads in another FDE layout (2.44's v1: its tables
   * then reach 3 bytes an FDE further) decodes where its own tables lie
   * inside the buffer: past it the library's copies take bytes that only
   * its FDE and FRE reads use (its dump prints a v1 section's header
   * alone), and the drop-in refuses each such read (fre_avail, sfc_fde). */
  own_layout_ok = SFC_FDE_LAYOUT(d->version) != d->version && in_bounds(d);
  if ((foreign && sfc_swap(d->buf, d->size) != 0) || open_copy(d) != 0)
    goto fail;
  if (fmt_fde_copy_fails(&d->sec, SFC_LAYOUT)) {
    err = SFRAME_ERR_NOMEM;   /* (never after a byte swap: it walked every
                                 FDE inside the buffer) */
    goto fail;
  }
  if (place_tables(d) != 0)
    goto fail;
  if (!in_bounds(d) && !own_layout_ok)
    goto fail;
  fre_off = sfv_fre_subsection_offset(&d->sec);
  d->fre_avail = fre_off >= d->size ? 0
               : d->size - fre_off < d->sec.hdr.fre_len ? d->size - fre_off
                                                        : d->sec.hdr.fre_len;
  if (strict_bad) {
    err = SFRAME_ERR_INVAL;
    goto fail;
  }
  return d;
fail:
  free(d->buf);
  free(d);
  sfc_fail(errp, err);
  return NULL;
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
  return dctx == NULL ? 0 : dctx->version;
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

/* The offset of FDE func_idx's start field (the first of the entry), also
 * for an index past the table, with SFRAME_ERR_FDE_NOTFOUND then. */
uint32_t sframe_decoder_get_offsetof_fde_start_addr(const sframe_decoder_ctx *dctx,
                                                    uint32_t func_idx, int *errp) {
  uint64_t off;
  if (dctx == NULL) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return 0;
  }
  if (func_idx >= dctx->sec.hdr.num_fdes)
    sfc_fail(errp, SFRAME_ERR_FDE_NOTFOUND);
  else if (errp != NULL)
    *errp = 0;
  if (dctx->sec.hdr.version != 2 && dctx->sec.hdr.version != 3) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return 0;
  }
  off = sframe_decoder_get_hdr_size(dctx) +
        (uint64_t)func_idx * sfv_fde_entry_size(&dctx->sec);
  return (uint32_t)(off & 0xffffffffu);
}
#endif

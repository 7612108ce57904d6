/* SPDX-License-Identifier: MIT */
/* encoder.c - the encoder side of the drop-in, its call sequence:
 * sframe_encode, the sframe_encoder_* functions (adding FDEs and FREs, the
 * getters; the section itself is laid out by encoder_write.c),
 * sframe_calc_fre_type and sframe_fde_create_func_info, written from the
 * documented API so that the bytes sframe_encoder_write returns equal
 * upstream's for the same calls (ld's output must not change with the
 * library).
 *
 * The section this ABI writes (ABI 3: SFrame v3, ABI 1: v2) is laid out by
 * encoder_write.c.
 *
 * Upstream's observable behaviour, kept:
 * - FDEs are kept in call order; the FRE sub-section is written in that
 *   order, each FDE's FREs being the next num_fres of all FREs added; an
 *   FDE's FRE offset is the FRE byte count when the FDE was added.
 * - sorting (ABI 3: when asked; ABI 1: always) orders the FDE index on the
 *   function start (ABI 3: start + the field's own offset, the PC-relative
 *   encoding), stable, and sets SFRAME_F_FDE_SORTED in the context.
 * - the buffer sframe_encoder_write returns belongs to the context.
 * - an ABI whose byte order is not the host's is written in its own order,
 *   with upstream's checks of the finished section (flags the version
 *   defines, FRE sub-section walked from the FDEs, zero padding).
 * Where upstream asserts, overruns its buffer or dereferences NULL, the
 * call fails instead: the add functions return SFRAME_ERR, the write
 * returns NULL with SFRAME_ERR_BUF_INVAL (NULL encoded_size: nothing is
 * written), the getters return 0. */
#include <stdlib.h>
#include <string.h>

#include "common/cursor.h"
#include "compat/encoder.h"

#define SFC_GROW 64u

/* ------------------------------------------------------------ helpers */

/* The FRE info byte upstream's encoder accepts (data word size code 0-2, at
 * most the ABI's data words). */
static int fre_info_ok(uint8_t info) {
  return sfv_fre_info_size_code(info) <= SFV_DW_SIZE_CODE_MAX &&
         sfv_fre_info_count(info) <= SFC_MAX_WORDS;
}
static unsigned fre_bytes(uint8_t fre_type, uint8_t info) {
  return sfv_fre_addr_size(fre_type) + 1u + sfc_fre_words_bytes(info);
}

/* Upstream's bound on an FRE start address within its function. */
static int fre_start_ok(uint32_t start, uint32_t func_size) {
#if SFV_COMPAT_ABI == 3
  return start <= func_size;
#else
  return func_size != 0 ? start < func_size : start == 0;
#endif
}

static int grow(void **tbl, uint32_t *cap, uint32_t need, size_t elem) {
  uint64_t n;
  void *t;
  if (need <= *cap)
    return 1;
  n = (uint64_t)need + SFC_GROW;
  if (n > UINT32_MAX || n > SIZE_MAX / elem)
    return 0;
  t = realloc(*tbl, (size_t)n * elem);
  if (t == NULL)
    return 0;
  *tbl = t;
  *cap = (uint32_t)n;
  return 1;
}

/* ---------------------------------------------------------- API helpers */

uint32_t sframe_calc_fre_type(size_t func_size) {
  static const uint8_t types[] = {SFV_FRE_ADDR1, SFV_FRE_ADDR2, SFV_FRE_ADDR4};
  unsigned i;
  for (i = 0; i < sizeof types; i++)
    if ((uint64_t)func_size < (uint64_t)1 << (8 * sfv_fre_addr_size(types[i])))
      return types[i];
  return SFV_FRE_ADDR1; /* too large for any FRE type: upstream's 0 */
}

unsigned char sframe_fde_create_func_info(uint32_t fre_type, uint32_t fde_type) {
  /* Upstream asserts fre_type <= 2 and fde_type <= 1; this keeps the bits
   * those fields hold. */
  return sfv_info_make((uint8_t)(fde_type & 1u), (uint8_t)(fre_type & 0xfu));
}

/* ---------------------------------------------------------- context */

sframe_encoder_ctx *sframe_encode(uint8_t ver, uint8_t flags, sfc_abi_arg_t abi_arch,
                                  int8_t fixed_fp_offset, int8_t fixed_ra_offset,
                                  int *errp) {
  sframe_encoder_ctx *e;
  if (ver != SFC_ENC_VERSION) {
    sfc_fail(errp, SFRAME_ERR_VERSION_INVAL);
    return NULL;
  }
  e = calloc(1, sizeof *e);
  if (e == NULL) {
    sfc_fail(errp, SFRAME_ERR_NOMEM);
    return NULL;
  }
#if SFV_COMPAT_ABI == 3
  /* The v3 encoder writes PC-relative function starts only. */
  if ((flags & SFV_F_FDE_FUNC_START_PCREL) == 0) {
    free(e);
    sfc_fail(errp, SFRAME_ERR_ECTX_INVAL);
    return NULL;
  }
#endif
  e->flags = flags;
  e->abi = (uint8_t)abi_arch;
  e->fixed_fp = fixed_fp_offset;
  e->fixed_ra = fixed_ra_offset;
  return e;
}

void sframe_encoder_free(sframe_encoder_ctx **ectxp) {
  sframe_encoder_ctx *e;
  if (ectxp == NULL || *ectxp == NULL)
    return;
  e = *ectxp;
  while (e->out != NULL) {
    sfc_out *o = e->out;
    e->out = o->prev;
    free(o);
  }
  free(e->fdes);
  free(e->fres);
  free(e);
  *ectxp = NULL;
}

unsigned int sframe_encoder_get_hdr_size(sframe_encoder_ctx *ectx) {
  return ectx != NULL ? sfc_hdr_size() : 0;
}

uint8_t sframe_encoder_get_abi_arch(sframe_encoder_ctx *ectx) {
  return ectx != NULL ? ectx->abi : 0;
}

uint8_t sframe_encoder_get_version(sframe_encoder_ctx *ectx) {
  return ectx != NULL ? (uint8_t)SFC_ENC_VERSION : 0;
}

uint32_t sframe_encoder_get_num_fidx(sframe_encoder_ctx *ectx) {
  return ectx != NULL ? ectx->nfdes : 0;
}

/* ---------------------------------------------------------- adding */

static sfc_efde *fde_at(sframe_encoder_ctx *e, uint32_t i) {
  return i < e->nfdes ? &e->fdes[i] : NULL;
}

/* Appends an FDE; on failure to grow, upstream forgets every FDE. */
static int add_fde(sframe_encoder_ctx *e, int64_t start, uint32_t size) {
  sfc_efde *f;
  if (!grow((void **)&e->fdes, &e->fdes_cap, e->nfdes + 1u, sizeof *e->fdes)) {
    free(e->fdes);
    e->fdes = NULL;
    e->nfdes = e->fdes_cap = 0;
    return SFRAME_ERR_NOMEM;
  }
  f = &e->fdes[e->nfdes];
  memset(f, 0, sizeof *f);
  f->start = start;
  f->size = size;
  f->fre_off = e->fre_nbytes;
  f->seq = e->nfdes++;
  return 0;
}

int sframe_encoder_add_funcdesc_v2(sframe_encoder_ctx *ectx, int32_t start_addr,
                                   uint32_t func_size, unsigned char func_info,
                                   uint8_t rep_block_size, uint32_t num_fres) {
  (void)num_fres;
  if (ectx == NULL || add_fde(ectx, start_addr, func_size) != 0)
    return SFRAME_ERR;
  ectx->fdes[ectx->nfdes - 1].info = func_info;
  ectx->fdes[ectx->nfdes - 1].rep = rep_block_size;
  return 0;
}

#if SFV_COMPAT_ABI == 3
int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx, int64_t start_addr,
                                uint32_t func_size) {
  if (ectx == NULL)
    return SFRAME_ERR;
  return add_fde(ectx, start_addr, func_size);
}

int sframe_encoder_add_funcdesc_v3(sframe_encoder_ctx *ectx,
                                   int64_t start_pc_offset, uint32_t func_size,
                                   unsigned char func_info,
                                   unsigned char func_info2,
                                   uint8_t rep_block_size, uint32_t num_fres) {
  int err;
  (void)num_fres;
  if (ectx == NULL)
    return SFRAME_ERR_INVAL; /* upstream returns the code itself here */
  err = add_fde(ectx, start_pc_offset, func_size);
  if (err != 0)
    return err;
  ectx->fdes[ectx->nfdes - 1].info = func_info;
  ectx->fdes[ectx->nfdes - 1].info2 = func_info2;
  ectx->fdes[ectx->nfdes - 1].rep = rep_block_size;
  return 0;
}
#else
int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx, int32_t start_addr,
                                uint32_t func_size, unsigned char func_info,
                                uint32_t num_fres) {
  (void)num_fres;
  if (ectx == NULL || add_fde(ectx, start_addr, func_size) != 0)
    return SFRAME_ERR;
  ectx->fdes[ectx->nfdes - 1].info = func_info;
  return 0;
}
#endif

/* Appends FRE r (checked) to FDE f: the byte count grows by the FRE, and
 * by the FDE's attribute with its first FRE. */
static int append_fre(sframe_encoder_ctx *e, sfc_efde *f,
                      const sframe_frame_row_entry *r) {
  sframe_frame_row_entry *d;
  if (!grow((void **)&e->fres, &e->fres_cap, e->nfres + 1u, sizeof *e->fres))
    return 0;
  d = &e->fres[e->nfres++];
  memset(d, 0, sizeof *d);
  d->fre_start_addr = r->fre_start_addr;
  d->fre_info = r->fre_info;
#if SFV_COMPAT_ABI == 3
  memcpy(d->fre_datawords, r->fre_datawords, sfc_fre_words_bytes(r->fre_info));
#else
  memcpy(d->fre_offsets, r->fre_offsets, sfc_fre_words_bytes(r->fre_info));
#endif
  (void)f;
  return 1;
}

int sframe_encoder_add_fre(sframe_encoder_ctx *ectx, unsigned int func_idx,
                           sframe_frame_row_entry *frep) {
  sfc_efde *f;
  uint8_t type;
  if (ectx == NULL || frep == NULL || !fre_info_ok(frep->fre_info))
    return SFRAME_ERR;
  f = fde_at(ectx, func_idx);
  if (f == NULL)
    return SFRAME_ERR;
  type = sfv_info_fre_type(f->info);
  if (sfv_fre_addr_size(type) == 0 || !fre_start_ok(frep->fre_start_addr, f->size))
    return SFRAME_ERR; /* upstream asserts */
  if (!append_fre(ectx, f, frep)) {
    free(ectx->fres); /* upstream drops every FRE when it cannot grow */
    ectx->fres = NULL;
    ectx->nfres = ectx->fres_cap = 0;
    ectx->fre_nbytes = 0;
    return SFRAME_ERR;
  }
  ectx->fre_nbytes += fre_bytes(type, frep->fre_info);
  if (f->num_fres == 0)
    ectx->fre_nbytes += sfc_attr_size();
  ectx->hdr_num_fres = ectx->nfres;
  f->num_fres++;
  return 0;
}

#if SFV_COMPAT_ABI == 3
int sframe_encoder_add_fres_buf(sframe_encoder_ctx *ectx, unsigned int func_idx,
                                uint32_t num_fres, const char *fres_buf,
                                size_t fres_buf_size) {
  sfc_efde *f;
  sfv_cursor c;
  int64_t x;
  uint8_t type;
  uint32_t i;
  const uint8_t be = sfc_host_big_endian();
  if (ectx == NULL || (fres_buf == NULL) != (fres_buf_size == 0))
    return SFRAME_ERR;
  f = fde_at(ectx, func_idx);
  if (f == NULL)
    return SFRAME_ERR;
  /* The buffer is an FDE attribute and its FREs, in host byte order, as
   * sframe_decoder_get_fres_buf gives them. */
  cur_init(&c, (const uint8_t *)fres_buf, 0, fres_buf_size, be);
  if (!cur_has(&c, sfc_attr_size()))
    return SFRAME_ERR; /* upstream reads past the buffer */
  f->num_fres = num_fres;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_INFO, SFC_ENC_VERSION, &x);
  f->info = (uint8_t)x;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_INFO2, SFC_ENC_VERSION, &x);
  f->info2 = (uint8_t)x;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_REP_SIZE, SFC_ENC_VERSION, &x);
  f->rep = (uint8_t)x;
  type = sfv_info_fre_type(f->info);
  c.pos = sfc_attr_size();
  if (num_fres != 0 && sfv_fre_addr_size(type) == 0)
    return SFRAME_ERR; /* upstream asserts */
  for (i = 0; i < num_fres; i++) {
    sframe_frame_row_entry r;
    uint64_t start;
    uint8_t fi;
    unsigned n;
    memset(&r, 0, sizeof r);
    if (!cur_un(&c, sfv_fre_addr_size(type), &start) || !cur_u8(&c, &fi))
      return SFRAME_ERR; /* upstream reads past the buffer */
    r.fre_start_addr = (uint32_t)start;
    r.fre_info = fi;
    if (!fre_info_ok(fi))
      return SFRAME_ERR;
    n = sfc_fre_words_bytes(fi);
    if (cur_window(&c, c.pos, n) == NULL)
      return SFRAME_ERR;
    memcpy(r.fre_datawords, cur_window(&c, c.pos, n), n);
    c.pos += n;
    if (!fre_start_ok(r.fre_start_addr, f->size) || !append_fre(ectx, f, &r))
      return SFRAME_ERR;
  }
  if (c.pos != fres_buf_size)
    return SFRAME_ERR; /* upstream asserts */
  ectx->fre_nbytes += (uint32_t)fres_buf_size;
  ectx->hdr_num_fres = ectx->nfres;
  return 0;
}

uint8_t sframe_encoder_get_flags(sframe_encoder_ctx *ectx) {
  return ectx != NULL ? ectx->flags : 0;
}

uint32_t sframe_encoder_get_offsetof_fde_start_addr(sframe_encoder_ctx *ectx,
                                                    uint32_t func_idx, int *errp) {
  if (func_idx >= sframe_encoder_get_num_fidx(ectx))
    sfc_fail(errp, SFRAME_ERR_FDE_INVAL);
  else if (errp != NULL)
    *errp = 0;
  return sfc_start_field_at(func_idx);
}
#endif

#if SFV_COMPAT_ABI == 3
char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           bool sort_fde_p, int *errp) {
  return sfc_encoder_write(ectx, encoded_size, sort_fde_p, errp);
}
#else
char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           int *errp) {
  return sfc_encoder_write(ectx, encoded_size, 1, errp);
}
#endif

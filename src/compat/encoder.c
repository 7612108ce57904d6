/* SPDX-License-Identifier: MIT */
/* encoder.c - the encoder side of the drop-in: sframe_encode, the
 * sframe_encoder_* functions, sframe_calc_fre_type and
 * sframe_fde_create_func_info, written from the documented API so that the
 * bytes sframe_encoder_write returns equal upstream's for the same calls
 * (ld's output must not change with the library).
 *
 * The section this ABI writes (ABI 3: SFrame v3, ABI 1: v2) is laid out with
 * layout.def through sframe/spec.h; the v2 FDE has no attribute structure
 * (its size is 0), so one writer serves both.
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
#include "compat/compat.h"
#include "sframe/spec.h"

#if SFV_COMPAT_ABI == 3
#define SFC_ENC_VERSION 3u
/* Header flags upstream's byte-order conversion accepts. */
#define SFC_FOREIGN_FLAGS sfv_flags_defined(3)
#else
#define SFC_ENC_VERSION 2u
/* binutils 2.44 predates the PC-relative flag (erratum 1). */
#define SFC_FOREIGN_FLAGS (SFV_F_FDE_SORTED | SFV_F_FRAME_POINTER)
#endif
/* Data words an FRE can carry in this ABI's sframe_frame_row_entry. */
#define SFC_MAX_WORDS (SFC_FRE_DATA_BYTES / 4u)
#define SFC_GROW 64u

typedef struct sfc_efde {
  int64_t start;
  uint32_t size;
  uint32_t fre_off;
  uint32_t num_fres;
  uint32_t seq; /* position before sorting: equal starts keep call order */
  uint8_t info, info2, rep;
} sfc_efde;

typedef struct sfc_out {
  struct sfc_out *prev;
  unsigned char data[];
} sfc_out;

struct sframe_encoder_ctx {
  uint8_t flags, abi;
  int8_t fixed_fp, fixed_ra;
  uint32_t hdr_num_fres; /* the header's count, as the add functions set it */
  sfc_efde *fdes;        /* NULL until the first FDE (and after a failed grow) */
  uint32_t nfdes, fdes_cap;
  sframe_frame_row_entry *fres;
  uint32_t nfres, fres_cap;
  uint32_t fre_nbytes;
  sfc_out *out; /* every buffer sframe_encoder_write returned */
};

/* ------------------------------------------------------------ helpers */

static uint8_t host_big_endian(void) {
  const uint16_t one = 1;
  uint8_t b;
  memcpy(&b, &one, 1);
  return b == 0;
}

static void st_n(uint8_t *p, unsigned n, uint64_t x, uint8_t be) {
  unsigned i;
  for (i = 0; i < n; i++)
    p[be ? n - 1 - i : i] = (uint8_t)(x >> (8 * i));
}

/* Stores field f into structure `where` at p, when the version written
 * keeps f there (a v2 FDE holds what v3 keeps in the attribute). */
static void put(uint8_t *p, enum sfv_where where, sfv_field f, uint64_t x,
                uint8_t be) {
  sfv_field_loc l = sfv_field_in(f, SFC_ENC_VERSION);
  if (l.where == where)
    st_n(p + l.off, l.width, x, be);
}

static void reverse(uint8_t *p, unsigned n) {
  unsigned i;
  for (i = 0; i < n / 2; i++) {
    uint8_t t = p[i];
    p[i] = p[n - 1 - i];
    p[n - 1 - i] = t;
  }
}

/* Reverses every multi-byte field of structure `where` at p. */
static void flip_struct(uint8_t *p, enum sfv_where where) {
  unsigned f;
  for (f = 0; f < SFV_FLD_COUNT; f++) {
    sfv_field_loc l = sfv_field_in((sfv_field)f, SFC_ENC_VERSION);
    if (l.where == where && l.width > 1)
      reverse(p + l.off, l.width);
  }
}

static unsigned hdr_size(void) { return sfv_struct_size(SFV_ST_HEADER, SFC_ENC_VERSION); }
static unsigned fde_size(void) { return sfv_struct_size(SFV_ST_FDE, SFC_ENC_VERSION); }
static unsigned attr_size(void) { return sfv_struct_size(SFV_ST_ATTR, SFC_ENC_VERSION); }

#if SFV_COMPAT_ABI == 3
/* Section offset of FDE i's function start field (upstream's uint32_t
 * arithmetic): what v3's PC-relative starts are relative to. */
static uint32_t start_field_at(uint32_t i) {
  uint32_t at;
  (void)__builtin_mul_overflow(i, fde_size(), &at);
  (void)__builtin_add_overflow(at, hdr_size() + sfv_field_in(SFV_FLD_F_START, SFC_ENC_VERSION).off,
                               &at);
  return at;
}
#endif

/* The FRE info byte upstream's encoder accepts (data word size code 0-2, at
 * most the ABI's data words). */
static int fre_info_ok(uint8_t info) {
  return sfv_fre_info_size_code(info) <= SFV_DW_SIZE_CODE_MAX &&
         sfv_fre_info_count(info) <= SFC_MAX_WORDS;
}
/* Bytes of the data words info announces (info passed fre_info_ok). */
static unsigned fre_words_bytes(uint8_t info) {
  return (unsigned)sfv_fre_info_count(info) << sfv_fre_info_size_code(info);
}
static unsigned fre_bytes(uint8_t fre_type, uint8_t info) {
  return sfv_fre_addr_size(fre_type) + 1u + fre_words_bytes(info);
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

/* -------------------------------------------------------- helpers (API) */

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

sframe_encoder_ctx *sframe_encode(uint8_t ver, uint8_t flags, uint8_t abi_arch,
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
  e->abi = abi_arch;
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
  return ectx != NULL ? hdr_size() : 0;
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
  memcpy(d->fre_datawords, r->fre_datawords, fre_words_bytes(r->fre_info));
#else
  memcpy(d->fre_offsets, r->fre_offsets, fre_words_bytes(r->fre_info));
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
    ectx->fre_nbytes += attr_size();
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
  const uint8_t be = host_big_endian();
  if (ectx == NULL || (fres_buf == NULL) != (fres_buf_size == 0))
    return SFRAME_ERR;
  f = fde_at(ectx, func_idx);
  if (f == NULL)
    return SFRAME_ERR;
  /* The buffer is an FDE attribute and its FREs, in host byte order, as
   * sframe_decoder_get_fres_buf gives them. */
  cur_init(&c, (const uint8_t *)fres_buf, 0, fres_buf_size, be);
  if (!cur_has(&c, attr_size()))
    return SFRAME_ERR; /* upstream reads past the buffer */
  f->num_fres = num_fres;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_INFO, SFC_ENC_VERSION, &x);
  f->info = (uint8_t)x;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_INFO2, SFC_ENC_VERSION, &x);
  f->info2 = (uint8_t)x;
  (void)sfv_field_peek(&c, 0, SFV_FLD_F_REP_SIZE, SFC_ENC_VERSION, &x);
  f->rep = (uint8_t)x;
  type = sfv_info_fre_type(f->info);
  c.pos = attr_size();
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
    n = fre_words_bytes(fi);
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
  return start_field_at(func_idx);
}
#endif

/* ---------------------------------------------------------- writing */

/* The index position FDE i's start is relative to (ABI 3 stores starts
 * relative to their own field; ABI 1 stores them as they are). */
static uint32_t start_anchor(const sframe_encoder_ctx *e, uint32_t i) {
  (void)e;
#if SFV_COMPAT_ABI == 3
  return start_field_at(i);
#else
  (void)i;
  return 0;
#endif
}

static int cmp_fde(const void *a, const void *b) {
  const sfc_efde *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Upstream's (stable) sort on the anchored start, then re-relative; the
 * additions wrap as upstream's int64_t ones do. */
static void sort_fdes(sframe_encoder_ctx *e) {
  uint32_t i;
  if (e->fdes == NULL)
    return;
  for (i = 0; i < e->nfdes; i++) {
    (void)__builtin_add_overflow(e->fdes[i].start, start_anchor(e, i), &e->fdes[i].start);
    e->fdes[i].seq = i;
  }
  qsort(e->fdes, e->nfdes, sizeof *e->fdes, cmp_fde);
  for (i = 0; i < e->nfdes; i++)
    (void)__builtin_sub_overflow(e->fdes[i].start, start_anchor(e, i), &e->fdes[i].start);
  e->flags |= SFV_F_FDE_SORTED;
}

/* The FRE sub-section (attributes and FREs, FDEs in call order) at p, of
 * exactly `len` bytes; 0 where upstream would assert or overrun. */
static int write_fres(const sframe_encoder_ctx *e, uint8_t *p, uint64_t len,
                      uint8_t be) {
  uint64_t at = 0;
  uint32_t i, j, global = 0;
  for (i = 0; i < e->nfdes; i++) {
    const sfc_efde *f = &e->fdes[i];
    uint8_t type = sfv_info_fre_type(f->info);
    if (attr_size() > len - at)
      return 0;
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_NUM_FRES, f->num_fres, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_INFO, f->info, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_INFO2, f->info2, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_REP_SIZE, f->rep, be);
    at += attr_size();
    if (f->num_fres > e->nfres - global)
      return 0;
    for (j = 0; j < f->num_fres; j++) {
      const sframe_frame_row_entry *r = &e->fres[global + j];
      unsigned a = sfv_fre_addr_size(type), w = fre_words_bytes(r->fre_info);
      if (a == 0 || (uint64_t)a + 1u + w > len - at ||
          (a < 4 && r->fre_start_addr >> (8 * a) != 0))
        return 0;
      st_n(p + at, a, r->fre_start_addr, be);
      p[at + a] = r->fre_info;
#if SFV_COMPAT_ABI == 3
      memcpy(p + at + a + 1, r->fre_datawords, w);
#else
      memcpy(p + at + a + 1, r->fre_offsets, w);
#endif
      at += (uint64_t)a + 1u + w;
    }
    global += j;
  }
  return at == len && global == e->hdr_num_fres;
}

static void write_index(const sframe_encoder_ctx *e, uint8_t *p, uint8_t be) {
  uint32_t i;
  for (i = 0; i < e->nfdes; i++, p += fde_size()) {
    const sfc_efde *f = &e->fdes[i];
    memset(p, 0, fde_size());
    put(p, SFV_IN_FDE, SFV_FLD_F_START, (uint64_t)f->start, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_SIZE, f->size, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_FRE_OFF, f->fre_off, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_NUM_FRES, f->num_fres, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_INFO, f->info, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_REP_SIZE, f->rep, be);
  }
}

static void write_header(const sframe_encoder_ctx *e, uint8_t *p, uint8_t be) {
  memset(p, 0, hdr_size());
  put(p, SFV_IN_HDR, SFV_FLD_H_MAGIC, SFV_MAGIC, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_VERSION, SFC_ENC_VERSION, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FLAGS, e->flags, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_ABI, e->abi, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FIXED_FP, (uint8_t)e->fixed_fp, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FIXED_RA, (uint8_t)e->fixed_ra, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_NUM_FDES, e->nfdes, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_NUM_FRES, e->hdr_num_fres, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FRE_LEN, e->fre_nbytes, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FDEOFF, 0, be);
  put(p, SFV_IN_HDR, SFV_FLD_H_FREOFF, (uint64_t)e->nfdes * fde_size(), be);
}

/* Upstream's conversion of the finished host-order section to a foreign
 * byte order: the FDEs walked in index order, each one's FREs at its FRE
 * offset being the next of all FREs; fails where that walk leaves the
 * buffer or disagrees with the header, or on flags the version lacks. */
static uint64_t hdr_field(const sfv_cursor *c, sfv_field f) {
  int64_t v;
  (void)sfv_field_peek(c, 0, f, SFC_ENC_VERSION, &v);
  return (uint64_t)v;
}

static int to_foreign(uint8_t *buf, uint64_t size, uint8_t be) {
  sfv_cursor c;
  uint64_t nfdes, nfres, fre_len, at, fres, fre_bytes = 0;
  uint32_t i, j = 0;
  cur_init(&c, buf, 0, size, be);
  nfdes = hdr_field(&c, SFV_FLD_H_NUM_FDES);
  nfres = hdr_field(&c, SFV_FLD_H_NUM_FRES);
  fre_len = hdr_field(&c, SFV_FLD_H_FRE_LEN);
  if ((hdr_field(&c, SFV_FLD_H_FLAGS) & ~(uint64_t)SFC_FOREIGN_FLAGS) != 0)
    return 0;
  fres = hdr_size() + hdr_field(&c, SFV_FLD_H_FREOFF);
  for (i = 0; i < nfdes; i++) {
    uint64_t fde = hdr_size() + (uint64_t)i * fde_size(), off, n, type, p;
    int64_t v;
    if (cur_window(&c, fde, fde_size()) == NULL)
      return 0;
    (void)sfv_field_peek(&c, fde, SFV_FLD_F_FRE_OFF, SFC_ENC_VERSION, &v);
    off = (uint64_t)v;
    p = fres + off;
    if (attr_size() != 0) {
      if (cur_window(&c, p, attr_size()) == NULL)
        return 0;
      (void)sfv_field_peek(&c, p, SFV_FLD_F_NUM_FRES, SFC_ENC_VERSION, &v);
      n = (uint64_t)v;
      (void)sfv_field_peek(&c, p, SFV_FLD_F_INFO, SFC_ENC_VERSION, &v);
      flip_struct(buf + p, SFV_IN_ATTR);
      fre_bytes += attr_size();
      p += attr_size();
    } else {
      (void)sfv_field_peek(&c, fde, SFV_FLD_F_NUM_FRES, SFC_ENC_VERSION, &v);
      n = (uint64_t)v;
      (void)sfv_field_peek(&c, fde, SFV_FLD_F_INFO, SFC_ENC_VERSION, &v);
    }
    type = sfv_info_fre_type((uint8_t)v);
    flip_struct(buf + fde, SFV_IN_FDE);
    for (; n > 0; n--, j++) {
      unsigned a = sfv_fre_addr_size((uint8_t)type), k, w;
      uint8_t fi;
      if (a == 0 || cur_window(&c, p, a + 1u) == NULL)
        return 0;
      fi = buf[p + a];
      w = fre_words_bytes(fi);
      if (cur_window(&c, p + a + 1u, w) == NULL)
        return 0;
      reverse(buf + p, a);
      for (k = 0; sfv_fre_info_size_code(fi) != 0 && k < sfv_fre_info_count(fi); k++)
        reverse(buf + p + a + 1u + (k << sfv_fre_info_size_code(fi)),
                1u << sfv_fre_info_size_code(fi));
      p += a + 1u + w;
      fre_bytes += a + 1u + w;
    }
  }
#if SFV_COMPAT_ABI == 3
  if (j != nfres || fre_bytes > fre_len)
    return 0;
  for (at = fres + fre_bytes; at < size; at++)
    if (buf[at] != 0)
      return 0;
#else
  (void)fre_len;
  (void)at;
  if (j != nfres || nfdes * fde_size() + fre_bytes != size - hdr_size())
    return 0;
#endif
  flip_struct(buf, SFV_IN_HDR);
  return 1;
}

/* The ABIs whose byte order upstream's encoder knows (others are written
 * in the host's). */
static int abi_order_known(uint8_t abi) {
#if SFV_COMPAT_ABI == 3
  return sfv_abi_known(3, abi);
#else
  return sfv_abi_known(3, abi) && abi != SFV_ABI_S390X_BE; /* 2.44: no s390x */
#endif
}

static char *write_fail(int *errp) {
  sfc_fail(errp, SFRAME_ERR_BUF_INVAL);
  return NULL;
}

static char *encoder_write(sframe_encoder_ctx *e, size_t *encoded_size,
                           int sort, int *errp) {
  uint64_t fsz, size;
  uint8_t *buf;
  sfc_out *o;
  const uint8_t host_be = host_big_endian();
  if (encoded_size == NULL) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return NULL;
  }
  *encoded_size = 0;
  if (e == NULL || errp == NULL) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return NULL;
  }
  fsz = (uint64_t)e->nfdes * fde_size();
  size = hdr_size() + fsz + e->fre_nbytes;
  if (size > SIZE_MAX - sizeof *o || (o = malloc(sizeof *o + (size_t)size)) == NULL) {
    sfc_fail(errp, SFRAME_ERR_NOMEM);
    return NULL;
  }
  o->prev = e->out;
  e->out = o;
  buf = o->data;
#if SFV_COMPAT_ABI == 1
  if (e->fres == NULL)
    return write_fail(errp);
#endif
  if (!write_fres(e, buf + hdr_size() + fsz, e->fre_nbytes, host_be))
    return write_fail(errp);
  if (sort)
    sort_fdes(e);
  if (sort != ((e->flags & SFV_F_FDE_SORTED) != 0) || e->fdes == NULL)
    return write_fail(errp);
  write_header(e, buf, host_be);
  write_index(e, buf + hdr_size(), host_be);
  if (abi_order_known(e->abi) && sfv_abi_big_endian(e->abi) != host_be &&
      !to_foreign(buf, size, host_be))
    return write_fail(errp);
  *encoded_size = (size_t)size;
  return (char *)buf;
}

#if SFV_COMPAT_ABI == 3
char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           bool sort_fde_p, int *errp) {
  return encoder_write(ectx, encoded_size, sort_fde_p, errp);
}
#else
char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           int *errp) {
  return encoder_write(ectx, encoded_size, 1, errp);
}
#endif

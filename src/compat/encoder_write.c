/* SPDX-License-Identifier: MIT */
/* encoder_write.c - the writer of the drop-in's encoder
 * (sframe_encoder_write through sfc_encoder_write): the context encoder.c
 * filled, laid out with layout.def through sframe/spec.h as upstream lays
 * it out: header, FDE index (sorted as upstream sorts), FRE sub-section,
 * in the host's byte order or converted to the ABI's.  The v2 FDE has no
 * attribute structure (its size is 0), so one writer serves v2 and v3. */
#include <stdlib.h>
#include <string.h>

#include "common/cursor.h"
#include "compat/encoder.h"

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

/* ---------------------------------------------------------- writing */

/* The index position FDE i's start is relative to (ABI 3 stores starts
 * relative to their own field; ABI 1 stores them as they are). */
static uint32_t start_anchor(const sframe_encoder_ctx *e, uint32_t i) {
  (void)e;
#if SFV_COMPAT_ABI == 3
  return sfc_start_field_at(i);
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
    if (sfc_attr_size() > len - at)
      return 0;
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_NUM_FRES, f->num_fres, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_INFO, f->info, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_INFO2, f->info2, be);
    put(p + at, SFV_IN_ATTR, SFV_FLD_F_REP_SIZE, f->rep, be);
    at += sfc_attr_size();
    if (f->num_fres > e->nfres - global)
      return 0;
    for (j = 0; j < f->num_fres; j++) {
      const sframe_frame_row_entry *r = &e->fres[global + j];
      unsigned a = sfv_fre_addr_size(type), w = sfc_fre_words_bytes(r->fre_info);
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
  for (i = 0; i < e->nfdes; i++, p += sfc_fde_size()) {
    const sfc_efde *f = &e->fdes[i];
    memset(p, 0, sfc_fde_size());
    put(p, SFV_IN_FDE, SFV_FLD_F_START, (uint64_t)f->start, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_SIZE, f->size, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_FRE_OFF, f->fre_off, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_NUM_FRES, f->num_fres, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_INFO, f->info, be);
    put(p, SFV_IN_FDE, SFV_FLD_F_REP_SIZE, f->rep, be);
  }
}

static void write_header(const sframe_encoder_ctx *e, uint8_t *p, uint8_t be) {
  memset(p, 0, sfc_hdr_size());
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
  put(p, SFV_IN_HDR, SFV_FLD_H_FREOFF, (uint64_t)e->nfdes * sfc_fde_size(), be);
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
  fres = sfc_hdr_size() + hdr_field(&c, SFV_FLD_H_FREOFF);
  for (i = 0; i < nfdes; i++) {
    uint64_t fde = sfc_hdr_size() + (uint64_t)i * sfc_fde_size(), off, n, type, p;
    int64_t v;
    if (cur_window(&c, fde, sfc_fde_size()) == NULL)
      return 0;
    (void)sfv_field_peek(&c, fde, SFV_FLD_F_FRE_OFF, SFC_ENC_VERSION, &v);
    off = (uint64_t)v;
    p = fres + off;
    if (sfc_attr_size() != 0) {
      if (cur_window(&c, p, sfc_attr_size()) == NULL)
        return 0;
      (void)sfv_field_peek(&c, p, SFV_FLD_F_NUM_FRES, SFC_ENC_VERSION, &v);
      n = (uint64_t)v;
      (void)sfv_field_peek(&c, p, SFV_FLD_F_INFO, SFC_ENC_VERSION, &v);
      flip_struct(buf + p, SFV_IN_ATTR);
      fre_bytes += sfc_attr_size();
      p += sfc_attr_size();
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
      w = sfc_fre_words_bytes(fi);
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
  if (j != nfres || nfdes * sfc_fde_size() + fre_bytes != size - sfc_hdr_size())
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

char *sfc_encoder_write(sframe_encoder_ctx *e, size_t *encoded_size, int sort,
                        int *errp) {
  uint64_t fsz, size;
  uint8_t *buf;
  sfc_out *o;
  const uint8_t host_be = sfc_host_big_endian();
  if (encoded_size == NULL) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return NULL;
  }
  *encoded_size = 0;
  if (e == NULL || errp == NULL) {
    sfc_fail(errp, SFRAME_ERR_INVAL);
    return NULL;
  }
  fsz = (uint64_t)e->nfdes * sfc_fde_size();
  size = sfc_hdr_size() + fsz + e->fre_nbytes;
  if (size > SIZE_MAX - sizeof *o || (o = malloc(sizeof *o + (size_t)size)) == NULL) {
    sfc_fail(errp, SFRAME_ERR_NOMEM);
    return NULL;
  }
  o->prev = e->out;
  e->out = o;
  buf = o->data;
#if SFV_COMPAT_ABI != 3
  if (e->fres == NULL)
    return write_fail(errp);
#endif
  if (!write_fres(e, buf + sfc_hdr_size() + fsz, e->fre_nbytes, host_be))
    return write_fail(errp);
  if (sort)
    sort_fdes(e);
  if (sort != ((e->flags & SFV_F_FDE_SORTED) != 0) || e->fdes == NULL)
    return write_fail(errp);
  write_header(e, buf, host_be);
  write_index(e, buf + sfc_hdr_size(), host_be);
  if (abi_order_known(e->abi) && sfv_abi_big_endian(e->abi) != host_be &&
      !to_foreign(buf, size, host_be))
    return write_fail(errp);
  *encoded_size = (size_t)size;
  return (char *)buf;
}


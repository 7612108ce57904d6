/* SPDX-License-Identifier: MIT */
/* swap.c - sframe_decode's byte swap of a foreign-endian section, as the
 * ABI's libsframe does it: in place on its copy, the header, then FDE by
 * FDE its entry (v3: index entry and attribute) and its FREs, each FDE's
 * FREs from its own FRE offset, so that an FRE block that FDEs share is
 * swapped once per FDE (twice swapped is unswapped).  Done on the
 * decoder's copy, every later read sees the library's bytes.
 *
 * Refused (-1) where the library's swap fails (sframe_decode then says
 * SFRAME_ERR_BUF_INVAL) and where it would read or write outside its copy
 * (2.47: an FDE attribute or FRE offset past the buffer's end; 2.44: any
 * FDE or FRE reaching past it, unchecked there), abort (an FRE of type 3
 * or more: sframe_fre_start_addr_size asserts) or the FRE walk outgrows
 * the work budget (FDEs sharing large FRE blocks); a version whose FDEs
 * the ABI's library does not read (SFC_FDE_VERSION).  FDEs are swapped in
 * the layout the library reads them in (SFC_FDE_LAYOUT: 2.44 swaps a v1
 * section's as v2 ones).  2.40 swaps as 2.44 does.  Every store stays
 * inside the buffer. */
#include "common/intree.h" /* the work budget */
#include "compat/compat.h"
#include "fmt/fmt.h"
#include "sframe/spec.h"

static void rev(uint8_t *p, unsigned n) {
  unsigned i;
  for (i = 0; i < n / 2u; i++) {
    uint8_t t = p[i];
    p[i] = p[n - 1u - i];
    p[n - 1u - i] = t;
  }
}

/* Unsigned field f of version v of the structure at p, in host order
 * (read after its swap). */
static uint64_t host_field(const uint8_t *p, sfv_field f, uint8_t v) {
  sfv_field_loc l = sfv_field_in(f, v);
  return sfv_ld(p + l.off, l.width, sfc_host_big_endian());
}

/* The fields libsframe swaps: the header's, and an FDE's start, size, FRE
 * offset and FRE count (v3: the first three in the index entry, the count
 * in the attribute); `where` picks the structure at p. */
static void swap_fields(uint8_t *p, uint8_t v, unsigned where) {
  static const sfv_field hdr[] = {SFV_FLD_H_MAGIC, SFV_FLD_H_NUM_FDES,
                                  SFV_FLD_H_NUM_FRES, SFV_FLD_H_FRE_LEN,
                                  SFV_FLD_H_FDEOFF, SFV_FLD_H_FREOFF};
  static const sfv_field fde[] = {SFV_FLD_F_START, SFV_FLD_F_SIZE,
                                  SFV_FLD_F_FRE_OFF, SFV_FLD_F_NUM_FRES};
  const sfv_field *f = where == SFV_IN_HDR ? hdr : fde;
  unsigned n = where == SFV_IN_HDR ? 6u : 4u, k;
  for (k = 0; k < n; k++) {
    sfv_field_loc l = sfv_field_in(f[k], v);
    if (l.where == where)
      rev(p + l.off, l.width);
  }
}

/* One walk of the library's swap. */
typedef struct swap_walk {
  uint8_t *b;
  uint64_t size;
  uint8_t v;
  uint32_t j;                /* FREs swapped (the library's unsigned int) */
  uint64_t fre_bytes;        /* FRE (and v3 attribute) bytes swapped */
  uint64_t bytes;            /* 2.44: FDE and FRE bytes swapped */
  uint64_t body;             /* 2.44: the bytes after the header, all of
                                which it must swap */
  uint32_t num_fres;         /* the header's */
  uint64_t fre_len;          /* the header's */
  sfv_work work;
} swap_walk;

/* Swaps the FRE at section offset p of FRE type t; its bytes in *len.
 * -1 where the library's swap fails or leaves the buffer. */
static int swap_fre(swap_walk *w, uint64_t p, unsigned t, uint64_t *len) {
  unsigned asz, bytes, code, count, k;
  uint8_t info;
  if (t > SFV_FRE_ADDR4 || !sfv_work_charge(&w->work, 1))
    return -1;
  asz = sfv_fre_addr_size((uint8_t)t);
  if (p > w->size || asz + 1u > w->size - p)
    return -1;
  rev(w->b + p, asz);
  info = w->b[p + asz];
  code = sfv_fre_info_size_code(info);
  count = sfv_fre_info_count(info);
  (void)fmt_dump_fre_words(code, count, SFC_LAYOUT, &bytes);
  if (bytes > w->size - p - asz - 1u)
    return -1;
  if (code == 1 || code == 2)
    for (k = 0; k < count; k++)
      rev(w->b + p + asz + 1u + (uint64_t)k * 2u * code, 2u * code);
  *len = asz + 1u + bytes;
  return 0;
}

/* The FREs of one FDE from section offset p: the library's loop runs j up
 * to its FDE-start index plus the FDE's count, modulo 2^32.  A walk past
 * the header's FRE count, its fre_len (2.47) or the buffer (2.44) cannot
 * end in success any more: stopped there. */
static int swap_fres(swap_walk *w, uint64_t p, uint32_t n, unsigned t) {
  uint32_t end = (uint32_t)(((uint64_t)w->j + n) & 0xffffffffu);
  uint64_t len;
  for (; w->j < end; w->j++) {
    if (w->j >= w->num_fres || swap_fre(w, p, t, &len) != 0)
      return -1;
    p += len;
    w->fre_bytes += len;
    w->bytes += len;
    if (SFV_COMPAT_ABI == 3 ? w->fre_bytes > w->fre_len : w->bytes > w->body)
      return -1;
  }
  return 0;
}

/* FDE i at section offset at, FREs from FRE sub-section offset fres. */
static int swap_fde(swap_walk *w, uint64_t at, uint64_t fres) {
  unsigned fsz = sfv_struct_size(SFV_ST_FDE, w->v), asz = sfv_struct_size(SFV_ST_ATTR, w->v);
  uint8_t *e = w->b + at;
  uint64_t p;
  if (at >= w->size || fsz > w->size - at || !sfv_work_charge(&w->work, 1))
    return -1;
  swap_fields(e, w->v, SFV_IN_FDE);
  w->bytes += fsz;
  p = fres + host_field(e, SFV_FLD_F_FRE_OFF, w->v);
  if (w->v != 3)
    return swap_fres(w, p, (uint32_t)host_field(e, SFV_FLD_F_NUM_FRES, w->v),
                     (unsigned)host_field(e, SFV_FLD_F_INFO, w->v) & 0xfu);
  if (p > w->size || asz > w->size - p)
    return -1;
  swap_fields(w->b + p, w->v, SFV_IN_ATTR);
  w->fre_bytes += asz;
  return swap_fres(w, p + asz,
                   (uint32_t)host_field(w->b + p, SFV_FLD_F_NUM_FRES, w->v),
                   (unsigned)host_field(w->b + p, SFV_FLD_F_INFO, w->v) & 0xfu);
}

int sfc_swap(uint8_t *b, size_t size) {
  swap_walk w;
  uint64_t hdrsz, fdeoff, freoff, k, fdes;
  uint32_t i, num_fdes;
  if (size < SFV_HEADER_SIZE || !SFC_FDE_VERSION(b[2]))
    return -1;
  w.b = b;
  w.size = size;
  w.v = (uint8_t)SFC_FDE_LAYOUT(b[2]);
  w.j = 0;
  w.fre_bytes = w.bytes = 0;
  w.work = sfv_work_for(size);
  swap_fields(b, w.v, SFV_IN_HDR);
  if (SFV_COMPAT_ABI == 3 && host_field(b, SFV_FLD_H_AUXLEN, w.v) != 0)
    return -1;                /* 2.47 cannot swap an auxiliary header */
  hdrsz = SFV_HEADER_SIZE + host_field(b, SFV_FLD_H_AUXLEN, w.v);
  num_fdes = (uint32_t)host_field(b, SFV_FLD_H_NUM_FDES, w.v);
  w.num_fres = (uint32_t)host_field(b, SFV_FLD_H_NUM_FRES, w.v);
  w.fre_len = host_field(b, SFV_FLD_H_FRE_LEN, w.v);
  fdeoff = host_field(b, SFV_FLD_H_FDEOFF, w.v);
  freoff = host_field(b, SFV_FLD_H_FREOFF, w.v);
  fdes = hdrsz + fdeoff;
  w.body = size - (hdrsz < size ? hdrsz : size);
  for (i = 0; i < num_fdes; i++)
    if (swap_fde(&w, fdes + (uint64_t)i * sfv_struct_size(SFV_ST_FDE, w.v),
                 hdrsz + freoff) != 0)
      return -1;
  if (w.j != w.num_fres)
    return -1;
#if SFV_COMPAT_ABI == 3
  if ((uint64_t)num_fdes * sfv_struct_size(SFV_ST_FDE, w.v) > freoff - fdeoff ||
      w.fre_bytes > w.fre_len)
    return -1;
  for (k = hdrsz + freoff + w.fre_bytes; k < size; k++)
    if (b[k] != 0)
      return -1;              /* only zero padding may follow the FREs */
#else
  (void)k;
  if (hdrsz > size || w.bytes != w.body)
    return -1;
#endif
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* fde_buckets.c - fills the lookup buckets of a section whose FDEs are
 * sorted (see fde_buckets.h).
 *
 * Invariant on return: either fdes_sorted is 0, or lk_bucket is
 * non-decreasing with lk_bucket[SFV_LOOKUP_BUCKETS] == fde_avail, and
 * every FDE i whose start lies in slice b has lk_bucket[b] <= i. */
#include "sframe/fde_buckets.h"

/* The bucket loops' turn: lk_bucket[b] = v; returns b + 1. */
__attribute__((always_inline)) static inline uint32_t
fill_one(sfv_section *sec, uint32_t b, uint32_t v) {
  sec->priv.lk_bucket[b] = v;
  return b + 1u;
}

/* lk_bucket[b .. to] = v, for to <= SFV_LOOKUP_BUCKETS (none when
 * to < b); returns the entry past them: to + 1, or b when to < b. */
__attribute__((always_inline)) static inline uint32_t
fill_upto(sfv_section *sec, uint32_t b, uint64_t to, uint32_t v) {
  while (b <= to)
    b = fill_one(sec, b, v);
  return b;
}

/* The first and last FDE's starts (n >= 1 FDEs) and the least shift that
 * puts [*first, *last] in SFV_LOOKUP_BUCKETS slices of 2^*shift bytes.
 * 0, with fdes_sorted cleared, when a start cannot be read or
 * *last < *first. */
__attribute__((always_inline)) static inline int
fill_head(sfv_section *sec, const sfv_cursor *c, uint32_t n, int pcrel,
          int64_t *first, int64_t *last, unsigned *shift) {
  uint64_t span;
  unsigned sh = 0;
  if (!probe_start(sec, c, 0, sec->hdr.version, pcrel, first) ||
      !probe_start(sec, c, n - 1, sec->hdr.version, pcrel, last) ||
      *last < *first) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  span = span_of(*first, *last);
  while ((span >> sh) >= SFV_LOOKUP_BUCKETS)
    sh++;
  *shift = sh;
  return 1;
}

/* FDE i's part of the buckets (starts are non-decreasing, so FDE i fills
 * every slice from *b up to its own): lk_bucket[*b .. slice] = i, *b
 * past its slice.  0, with fdes_sorted cleared, when its start cannot be
 * read or lies outside [first, last]. */
__attribute__((always_inline)) static inline int
fill_fde(sfv_section *sec, const sfv_cursor *c, uint32_t i, int64_t first,
         int64_t last, unsigned shift, int pcrel, uint32_t *b) {
  int64_t s;
  if (!probe_start(sec, c, i, sec->hdr.version, pcrel, &s) || s < first ||
      s > last) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  *b = fill_upto(sec, *b, span_of(first, s) >> shift, i);
  return 1;
}

void sfv_fde_buckets_fill(sfv_section *sec) {
  sfv_cursor c;
  int64_t first, last;
  uint32_t i, n = sec->fde_avail, b = 0;
  unsigned shift = 0;
  int pcrel = sfv_section_pcrel(sec);
  cur_init(&c, sec->data, sec->priv.fde_base, sec->size, sec->big_endian);
  if (!sec->priv.fdes_sorted || n == 0 ||
      !fill_head(sec, &c, n, pcrel, &first, &last, &shift))
    return;
  sec->priv.lk_first = first;
  sec->priv.lk_shift = (uint8_t)shift;
  /* lk_bucket[b] = the number of FDEs in slices below b. */
  for (i = 0; i < n; i++)
    if (!fill_fde(sec, &c, i, first, last, shift, pcrel, &b))
      return;
  /* the slices past the last FDE's */
  fill_upto(sec, b, SFV_LOOKUP_BUCKETS, n);
}

/* SPDX-License-Identifier: MIT */
/* fde_buckets.c - fills the lookup buckets of a section whose FDEs are
 * sorted (see fde_buckets.h).
 *
 * Invariant on return: either fdes_sorted is 0, or lk_bucket is
 * non-decreasing with lk_bucket[SFV_LOOKUP_BUCKETS] == fde_avail, and
 * every FDE i whose start lies in slice b has lk_bucket[b] <= i. */
#include "sframe/fde_buckets.h"

/* FDE i's part of the buckets (starts are non-decreasing, so FDE i fills
 * every slice from *b up to its own): lk_bucket[*b .. slice] = i, *b
 * past its slice.  0, with fdes_sorted cleared, when its start cannot be
 * read or lies outside [first, last]. */
__attribute__((always_inline)) static inline int
fill_fde(sfv_section *sec, const sfv_cursor *c, uint32_t i, int64_t first,
         int64_t last, unsigned shift, int pcrel, uint32_t *b) {
  int64_t s;
  uint64_t slice;
  if (!probe_start(sec, c, i, sec->hdr.version, pcrel, &s) || s < first ||
      s > last) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  slice = span_of(first, s) >> shift;
  while (*b <= slice)
    sec->priv.lk_bucket[(*b)++] = i;
  return 1;
}

/* The slices past the last FDE's: lk_bucket[b ..] = fde_avail. */
__attribute__((always_inline)) static inline void
fill_rest(sfv_section *sec, uint32_t b) {
  while (b <= SFV_LOOKUP_BUCKETS)
    sec->priv.lk_bucket[b++] = sec->fde_avail;
}

void sfv_fde_buckets_fill(sfv_section *sec) {
  sfv_cursor c;
  int64_t first, last;
  uint64_t span;
  uint32_t i, n = sec->fde_avail, b = 0;
  unsigned shift = 0;
  int pcrel = sfv_section_pcrel(sec);
  cur_init(&c, sec->data, sec->priv.fde_base, sec->size, sec->big_endian);
  if (!sec->priv.fdes_sorted || n == 0)
    return;
  if (!probe_start(sec, &c, 0, sec->hdr.version, pcrel, &first) ||
      !probe_start(sec, &c, n - 1, sec->hdr.version, pcrel, &last) ||
      last < first) {
    sec->priv.fdes_sorted = 0;
    return;
  }
  span = span_of(first, last);
  while ((span >> shift) >= SFV_LOOKUP_BUCKETS)
    shift++;
  sec->priv.lk_first = first;
  sec->priv.lk_shift = (uint8_t)shift;
  /* lk_bucket[b] = the number of FDEs in slices below b. */
  for (i = 0; i < n; i++)
    if (!fill_fde(sec, &c, i, first, last, shift, pcrel, &b))
      return;
  fill_rest(sec, b);
}

/* SPDX-License-Identifier: MIT */
/* fde_buckets.c - fills the lookup buckets of a section whose FDEs are
 * sorted (see fde_buckets.h).
 *
 * Invariant on return: either fdes_sorted is 0, or lk_bucket is
 * non-decreasing with lk_bucket[SFV_LOOKUP_BUCKETS] == fde_avail, and
 * every FDE i whose start lies in slice b has lk_bucket[b] <= i. */
#include "sframe/fde_buckets.h"

void sfv_fde_buckets_fill(sfv_section *sec) {
  sfv_cursor c;
  int64_t first, last, s;
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
  /* lk_bucket[b] = the number of FDEs in slices below b (starts are
   * non-decreasing, so FDE i fills every slice up to its own). */
  for (i = 0; i < n; i++) {
    uint64_t slice;
    if (!probe_start(sec, &c, i, sec->hdr.version, pcrel, &s) || s < first ||
        s > last) {
      sec->priv.fdes_sorted = 0;
      return;
    }
    slice = span_of(first, s) >> shift;
    while (b <= slice)
      sec->priv.lk_bucket[b++] = i;
  }
  while (b <= SFV_LOOKUP_BUCKETS)
    sec->priv.lk_bucket[b++] = n;
}

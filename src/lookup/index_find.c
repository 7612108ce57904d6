/* SPDX-License-Identifier: MIT */
/* index_find.c - answers from a built index (index.h): sfv_index_find
 * (a bucket step, two binary searches, one slot), and sfv_index_lookup
 * (find, then the FRE decoded where find says it lies). */
#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"
#include "lookup/index.h"

static sfv_status ix_status(uint32_t c) { return (sfv_status)(IX_CODES >> (8u * c) & 0xffu); }

sfv_status sfv_index_find(const sfv_index *ix, uint64_t pc, sfv_index_hit *hit) {
  const struct sfv_index_fn *fn;
  const struct sfv_index_fre *e;
  const uint32_t *fs;
  uint64_t b, off, start;
  uint32_t lo, len, k, n;

  if (hit == NULL)
    return SFV_E_ARG;
  memset(hit, 0, sizeof *hit);
  if (ix == NULL || ix->sec == NULL)
    return SFV_E_ARG;
  if (ix->nfns == 0 || pc < ix->first)
    return SFV_E_NOT_FOUND;
  b = (pc - ix->first) >> ix->shift;
  if (b >= ix->nbuckets)
    b = ix->nbuckets - 1u;
  /* The answer is in [buckets[b] - 1, buckets[b + 1] - 1]: functions of
   * lower slices start at or below pc, those of higher ones above it; the
   * function at lo starts at or below pc (lo - 1, or 0 = first). */
  lo = ix->buckets[b];
  len = ix->buckets[b + 1u] - lo;
  if (lo > 0) {
    lo--;
    len++;
  }
  while (len > 1) { /* branch-free: greatest i with starts[i] <= pc */
    uint32_t half = len / 2u;
    lo = ix->starts[lo + half] <= pc ? lo + half : lo;
    len -= half;
  }
  start = ix->starts[lo];
  fn = &ix->fns[lo];
  off = pc - start;
  if (off >= fn->size)
    return SFV_E_NOT_FOUND;
  hit->fde_found = 1;
  hit->fde = fn->fde;
  hit->func_start = start;
  if (fn->status != SFV_OK)
    return (sfv_status)fn->status;
  fs = ix->fre_starts + fn->first;
  n = fn->count;
  if (fn->mask_v1) {
    uint32_t i, found = 0;
    for (i = 0; i < n; i++)
      if ((off & fs[i]) == fs[i]) {
        k = i;
        found = 1;
      }
    if (!found)
      return SFV_E_NOT_FOUND;
  } else {
    if (fn->rep_size != 0)
      off %= fn->rep_size;
    if (n == 0 || fs[0] > off)
      return SFV_E_NOT_FOUND;
    for (k = 0; n > 1;) { /* greatest k with fs[k] <= off */
      uint32_t half = n / 2u;
      k = fs[k + half] <= off ? k + half : k;
      n -= half;
    }
  }
  e = &ix->fres[fn->first + k];
  hit->fre = fn->dense ? k : ix->fre_index[fn->xfirst + k];
  /* INC: start + FRE start <= pc, no overflow. */
  hit->fre_start = fn->mask ? fs[k] : start + fs[k];
  hit->fre_offset = ix->fre_base + e->off;
  hit->recovery_status = ix_status(e->rule & 3u);
  hit->recovery = &ix->recs[e->rule >> 2];
  return SFV_OK;
}

sfv_status sfv_index_lookup(const sfv_index *ix, uint64_t pc, sfv_lookup *out) {
  sfv_index_hit h;
  sfv_fre_iter it;
  sfv_status st;
  if (out == NULL)
    return SFV_E_ARG;
  memset(out, 0, sizeof *out);
  st = sfv_index_find(ix, pc, &h);
  if (!h.fde_found)
    return st;
  (void)sfv_fde_get(ix->sec, h.fde, &out->fde); /* as sfv_find_fre() */
  out->func_start = h.func_start;
  if (st != SFV_OK)
    return st;
  if (sfv_fre_iter_init(&it, ix->sec, &out->fde, 0) != SFV_OK)
    return SFV_E_ARG; /* cannot happen: the build walked these FREs */
  it.pos = h.fre_offset;
  it.next = h.fre;
  if ((st = sfv_fre_next(&it, &out->fre)) != SFV_OK)
    return st; /* cannot happen: the build decoded this FRE */
  out->fre_start = h.fre_start;
  out->recovery = *h.recovery;
  out->recovery_status = h.recovery_status;
  return SFV_OK;
}

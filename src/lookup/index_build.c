/* SPDX-License-Identifier: MIT */
/* index_build.c - sfv_index_build: the functions and their FREs into the
 * caller's memory as the plan laid it out (index_plan.c, index_fill.c),
 * sorted by start, checked disjoint, and bucketed by address (index.h). */
#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"
#include "lookup/index.h"

/* (start, fde) order of function slots a < b. */
static int ix_less(const uint64_t *starts, const struct sfv_index_fn *fns,
                   uint32_t a, uint32_t b) {
  return starts[a] < starts[b] || (starts[a] == starts[b] && fns[a].fde < fns[b].fde);
}

static void ix_swap(uint64_t *starts, struct sfv_index_fn *fns, uint32_t a, uint32_t b) {
  uint64_t s = starts[a];
  struct sfv_index_fn f = fns[a];
  starts[a] = starts[b];
  fns[a] = fns[b];
  starts[b] = s;
  fns[b] = f;
}

/* Sift slot r down the heap [0, n) (loop, no recursion). */
static void ix_sift(uint64_t *starts, struct sfv_index_fn *fns, uint32_t r, uint32_t n) {
  for (;;) {
    uint64_t c = 2u * (uint64_t)r + 1u;
    if (c >= n)
      return;
    if (c + 1u < n && ix_less(starts, fns, (uint32_t)c, (uint32_t)c + 1u))
      c++;
    if (!ix_less(starts, fns, r, (uint32_t)c))
      return;
    ix_swap(starts, fns, r, (uint32_t)c);
    r = (uint32_t)c;
  }
}

/* Heap sort of the functions by (start, fde): in place, O(n log n)
 * whatever the order. */
static void ix_sort(uint64_t *starts, struct sfv_index_fn *fns, uint32_t n) {
  uint32_t i;
  for (i = n / 2; i > 0; i--)
    ix_sift(starts, fns, i - 1u, n);
  for (i = n; i > 1; i--) {
    ix_swap(starts, fns, 0, i - 1u);
    ix_sift(starts, fns, 0, i - 1u);
  }
}

static void ix_clear(sfv_index *ix) { memset(ix, 0, sizeof *ix); }

sfv_status sfv_index_build(sfv_index *ix, const sfv_section *sec, void *mem, size_t cap) {
  ix_layout l;
  ix_keys keys;
  ix_out o;
  sfv_status st;
  uint8_t *base = mem;
  uint64_t *starts;
  struct sfv_index_fn *fns;
  uint32_t *buckets;
  uint32_t i, m = 0, b = 0;
  ix_pos pos = {0, 0};
  uint64_t span;
  unsigned shift = 0;
  int sorted = 1;

  if (ix == NULL)
    return SFV_E_ARG;
  ix_clear(ix);
  if (!ix_section_ok(sec) || mem == NULL || ((uintptr_t)mem & (IX_ALIGN - 1u)) != 0)
    return SFV_E_ARG;
  if ((st = sfv_ix_plan(sec, &l, &keys)) != SFV_OK)
    return st;
  if (cap < l.total)
    return SFV_E_ARG;
  starts = (uint64_t *)(void *)base;
  fns = (struct sfv_index_fn *)(void *)(base + l.o_fns);
  buckets = (uint32_t *)(void *)(base + l.o_buckets);
  o.fre_starts = (uint32_t *)(void *)(base + l.o_fre_starts);
  o.fres = (struct sfv_index_fre *)(void *)(base + l.o_fres);
  o.fre_index = (uint32_t *)(void *)(base + l.o_idx);
  o.recs = (sfv_recovery_set *)(void *)(base + l.o_recs);
  o.rstat = base + l.o_rstat;
  o.rcap = l.nrules;
  o.icap = l.nidx;

  /* The functions and their FREs, in FDE order (as sfv_ix_plan() walked
   * them, so the key table makes the same rule entries). */
  ix_keys_clear(&keys);
  for (i = 0; i < sec->fde_avail && m < l.nfns; i++) {
    sfv_fde f;
    uint64_t s;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    memset(&fns[m], 0, sizeof fns[m]);
    starts[m] = s;
    fns[m].size = f.size;
    fns[m].fde = i;
    sfv_ix_fill_fres(sec, &f, &fns[m], &keys, &o, &pos, l.nslots - pos.slot);
    if (fns[m].status == SFV_E_UNINDEXABLE)
      return SFV_E_UNINDEXABLE;
    if (m > 0 && s < starts[m - 1])
      sorted = 0;
    m++;
  }
  if (!sorted)
    ix_sort(starts, fns, m);
  /* Disjoint: each function ends (2^64 at most) at or below the next
   * start; equal starts of nonzero size overlap. */
  for (i = 0; i + 1u < m; i++)
    if (fns[i].size > UINT64_MAX - starts[i] ||
        starts[i] + fns[i].size > starts[i + 1u])
      return SFV_E_UNINDEXABLE;

  /* Buckets (as lookup.c's): slice b covers starts first + [b, b + 1) <<
   * shift; buckets[b] = functions in slices below b.  nbuckets >= 2, so
   * span >> 63 < nbuckets and shift stays below 64. */
  span = m > 0 ? starts[m - 1] - starts[0] : 0;
  while ((span >> shift) >= l.nbuckets)
    shift++;
  for (i = 0; i < m; i++) {
    uint64_t slice = (starts[i] - starts[0]) >> shift;
    while (b <= slice)
      buckets[b++] = i;
  }
  while (b <= l.nbuckets)
    buckets[b++] = m;

  ix->sec = sec;
  ix->first = m > 0 ? starts[0] : 0;
  ix->nfns = m;
  ix->nfres = (uint32_t)pos.slot;
  ix->nbuckets = l.nbuckets;
  ix->shift = (uint8_t)shift;
  ix->starts = starts;
  ix->fns = fns;
  ix->buckets = buckets;
  ix->nrules = (uint32_t)l.nrules;
  ix->fre_base = sfv_fre_subsection_offset(sec);
  ix->fre_starts = o.fre_starts;
  ix->fres = o.fres;
  ix->recs = o.recs;
  ix->fre_index = o.fre_index;
  return SFV_OK;
}

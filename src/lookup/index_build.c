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

/* The build's functions so far: m records, the next free slot and index,
 * whether their starts ascend (in FDE order). */
typedef struct ix_fns {
  uint32_t m;
  int sorted;
  ix_pos pos;
} ix_fns;

/* One turn of ix_fill_fns(), FDE i: when it is a function, its record
 * m (start, size, FDE index) and its FREs.  SFV_E_UNINDEXABLE ends the
 * build. */
__attribute__((always_inline)) static inline sfv_status
ix_fn_turn(const sfv_section *sec, const ix_layout *l, ix_keys *keys, const ix_out *o,
           uint64_t *starts, struct sfv_index_fn *fns, ix_fns *r, uint32_t i) {
  sfv_fde f;
  uint64_t s;
  uint32_t m = r->m;
  if (!ix_fde(sec, i, &f, &s))
    return SFV_OK;
  memset(&fns[m], 0, sizeof fns[m]);
  starts[m] = s;
  fns[m].size = f.size;
  fns[m].fde = i;
  sfv_ix_fill_fres(sec, &f, &fns[m], keys, o, &r->pos, l->nslots - r->pos.slot);
  if (fns[m].status == SFV_E_UNINDEXABLE)
    return SFV_E_UNINDEXABLE;
  if (m > 0 && s < starts[m - 1])
    r->sorted = 0;
  r->m = m + 1u;
  return SFV_OK;
}

/* ix_fill_fns()'s loop: turns of ix_fn_turn over the FDEs from 0 while
 * fewer than l->nfns records are made. */
__attribute__((always_inline)) static inline sfv_status
ix_fns_walk(const sfv_section *sec, const ix_layout *l, ix_keys *keys, const ix_out *o,
            uint64_t *starts, struct sfv_index_fn *fns, ix_fns *r) {
  uint32_t i;
  for (i = 0; i < sec->fde_avail && r->m < l->nfns; i++)
    if (ix_fn_turn(sec, l, keys, o, starts, fns, r, i) != SFV_OK)
      return SFV_E_UNINDEXABLE;
  return SFV_OK;
}

/* The functions and their FREs, in FDE order (as sfv_ix_plan() walked
 * them, so the key table makes the same rule entries), at most the plan's
 * l->nfns records: SFV_OK or SFV_E_UNINDEXABLE. */
static sfv_status ix_fill_fns(const sfv_section *sec, const ix_layout *l, ix_keys *keys,
                              const ix_out *o, uint64_t *starts, struct sfv_index_fn *fns,
                              ix_fns *r) {
  ix_keys_clear(keys);
  r->m = 0;
  r->sorted = 1;
  r->pos.slot = 0;
  r->pos.idx = 0;
  return ix_fns_walk(sec, l, keys, o, starts, fns, r);
}

sfv_status sfv_index_build(sfv_index *ix, const sfv_section *sec, void *mem, size_t cap) {
  ix_layout l;
  ix_keys keys;
  ix_out o;
  sfv_status st;
  uint8_t *base = mem;
  uint64_t *starts;
  struct sfv_index_fn *fns;
  uint32_t *buckets;
  uint32_t i, m, b = 0;
  ix_fns r;
  uint64_t span;
  unsigned shift = 0;

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

  if ((st = ix_fill_fns(sec, &l, &keys, &o, starts, fns, &r)) != SFV_OK)
    return st;
  m = r.m;
  if (!r.sorted)
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
  ix->nfres = (uint32_t)r.pos.slot;
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

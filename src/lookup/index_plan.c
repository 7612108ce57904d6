/* SPDX-License-Identifier: MIT */
/* index_plan.c - the index's plan: how many functions, FRE slots, rule
 * entries and fre_index entries, and where each array lies in the caller's
 * memory (sfv_index_size; the build lays its memory out by the same plan).
 * index.h has the layout. */
#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"
#include "lookup/index.h"

static uint64_t round8(uint64_t x) { return (x + (IX_ALIGN - 1)) & ~(uint64_t)(IX_ALIGN - 1); }

/* FRE slots function f may need: its FRE count, capped by the FREs that
 * fit between its first FRE and the end of the FRE sub-section (each FRE
 * takes 2 bytes at least). */
static uint64_t ix_slots(const sfv_section *sec, const sfv_fde *f) {
  uint64_t end = sfv_fre_end(sec), fit;
  if (ix_mask0(sec, f))
    return 0;
  fit = f->fres_offset < end ? (end - f->fres_offset) / 2u : 0;
  return f->num_fres < fit ? f->num_fres : fit;
}

/* The buckets and the memory's layout for the counts in *l (nfns < 2^32;
 * nidx, nrules <= nslots < 2^30): SFV_E_UNINDEXABLE when the total
 * exceeds size_t. */
static sfv_status ix_lay_out(ix_layout *l) {
  l->nbuckets = 2;
  while (l->nbuckets < l->nfns && l->nbuckets < IX_MAX_BUCKETS)
    l->nbuckets *= 2u;
  /* Every product below is at most 56 * 2^32: no uint64 overflow. */
  l->o_fns = round8((uint64_t)l->nfns * sizeof(uint64_t));
  l->o_buckets = l->o_fns + round8((uint64_t)l->nfns * sizeof(struct sfv_index_fn));
  l->o_fre_starts = l->o_buckets + round8(((uint64_t)l->nbuckets + 1u) * sizeof(uint32_t));
  l->o_fres = l->o_fre_starts + round8(l->nslots * sizeof(uint32_t));
  l->o_idx = l->o_fres + round8(l->nslots * sizeof(struct sfv_index_fre));
  l->o_recs = l->o_idx + round8(l->nidx * sizeof(uint32_t));
  l->o_rstat = l->o_recs + l->nrules * sizeof(sfv_recovery_set);
  l->total = l->o_rstat + l->nrules;
  if (l->total > (uint64_t)SIZE_MAX)
    return SFV_E_UNINDEXABLE;
  return SFV_OK;
}

/* Counts functions and slots (one read of every FDE), then the rule
 * entries (a walk of every function's FREs, as the build walks them), and
 * lays out the memory.  SFV_E_UNINDEXABLE when slots exceed section bytes
 * / 2 (FRE blocks counted more than once) or 2^30 - 1 (a slot's rule
 * keeps 30 bits), or the total exceeds size_t. */
sfv_status sfv_ix_plan(const sfv_section *sec, ix_layout *l, ix_keys *keys) {
  static const ix_out none = {NULL, NULL, NULL, NULL, NULL, UINT64_MAX, UINT64_MAX};
  ix_pos pos = {0, 0};
  uint32_t i;
  memset(l, 0, sizeof *l);
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t s;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    l->nfns++;
    l->nslots += ix_slots(sec, &f);
    if (l->nslots > sec->size / 2u || l->nslots > IX_MAX_SLOTS)
      return SFV_E_UNINDEXABLE;
  }
  ix_keys_clear(keys);
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t s;
    struct sfv_index_fn fn;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    pos.slot = 0; /* sizing writes no slot */
    sfv_ix_fill_fres(sec, &f, &fn, keys, &none, &pos, ix_slots(sec, &f));
    if (fn.status == SFV_E_UNINDEXABLE)
      return SFV_E_UNINDEXABLE;
  }
  l->nrules = keys->nrules;
  l->nidx = pos.idx;
  return ix_lay_out(l);
}

sfv_status sfv_index_size(const sfv_section *sec, size_t *bytes) {
  ix_layout l;
  ix_keys keys;
  sfv_status st;
  if (!ix_section_ok(sec) || bytes == NULL)
    return SFV_E_ARG;
  st = sfv_ix_plan(sec, &l, &keys);
  *bytes = st == SFV_OK ? (size_t)l.total : 0;
  return st;
}

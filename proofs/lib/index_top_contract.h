/* SPDX-License-Identifier: MIT */
/* index_top_contract.h - the contracts above index_fill.c's loops (include
 * the index's sources and index_contract.h first): the plan's counts
 * (proofs/index_plan), the build's FDE loop (ix_fill_fns, proved by
 * proofs/index_fns, assumed by proofs/sfv_index's .build runs), and the
 * built index as sfv_index_find reads it (asserted by .build, assumed by
 * .find).  Apart from index_contract.h so that index_fill's and
 * index_rule's programs do not change with them (index_fill.64.ends.a's
 * solver time moved from 4.6 s to over 150 s of CPU when these unused
 * functions joined it). */
#ifndef SFV_INDEX_TOP_CONTRACT_H
#define SFV_INDEX_TOP_CONTRACT_H

/* The build's FDE loop (index_build.c, static ix_fill_fns) and what
 * sfv_index_find reads of it.  A function record as the build makes it:
 * a counted FDE, a status sfv_ix_fill_fres gives (ix_fill_status), and,
 * when SFV_OK, its slots among the first `slots` and (not dense) its
 * indexes among the first `idx`. */
static inline int ix_fn_ok(const sfv_section *sec, const struct sfv_index_fn *fn,
                           uint64_t slots, uint64_t idx) {
  if (fn->fde >= sec->fde_avail || !ix_fill_status(fn->status) || fn->dense > 1)
    return 0;
  if (fn->status != SFV_OK)
    return 1;
  return (uint64_t)fn->first + fn->count <= slots &&
         (fn->dense || (uint64_t)fn->xfirst + fn->count <= idx);
}

/* ix_fill_fns's precondition: the plan's arrays writable where the build
 * laid them out (the function records and starts for l->nfns, the slots,
 * indexes and rule entries for the plan's counts), o's capacities the
 * plan's, indexes and rule entries at most the slots (ix_plan_counts_ok). */
static inline int ix_fns_pre(const ix_layout *l, const ix_out *o, const uint64_t *starts,
                             const struct sfv_index_fn *fns) {
  return l->nslots <= IX_MAX_SLOTS && l->nidx <= l->nslots && l->nrules <= l->nslots &&
         o->rcap == l->nrules && o->icap == l->nidx && o->fres != NULL &&
         __CPROVER_w_ok(starts, (uint64_t)l->nfns * sizeof *starts) &&
         __CPROVER_w_ok(fns, (uint64_t)l->nfns * sizeof *fns) &&
         __CPROVER_w_ok(o->fre_starts, l->nslots * sizeof *o->fre_starts) &&
         __CPROVER_w_ok(o->fres, l->nslots * sizeof *o->fres) &&
         __CPROVER_w_ok(o->fre_index, l->nidx * sizeof *o->fre_index) &&
         __CPROVER_w_ok(o->recs, l->nrules * sizeof *o->recs) &&
         __CPROVER_w_ok(o->rstat, l->nrules);
}

/* ix_fill_fns's postcondition (the model states its records and slots
 * one index at a time, ix_fn_ok and ix_slot_ok): SFV_OK or
 * SFV_E_UNINDEXABLE; at most the plan's functions, slots and indexes
 * taken; on SFV_OK every record j < m satisfies ix_fn_ok within them,
 * and every slot s below the slots taken its rule entry below rcap (each
 * was written by a walk turn, index_fill.64.turn, or moved there by the
 * packing from one). */
static inline int ix_fns_count_ok(const ix_layout *l, uint32_t m, int sorted, const ix_pos *p) {
  return m <= l->nfns && p->slot <= l->nslots && p->idx <= l->nidx &&
         (sorted == 0 || sorted == 1);
}

/* The invariant of ix_fill_fns's loop (ix_fns_walk), at record j and
 * slot s (the solver's picks: each turn writes record m and, through
 * sfv_ix_fill_fres, slots at or above the slots taken, so a proof at one
 * record and slot is one at every one): the counts within the plan's,
 * the key table's invariant with at most rcap rule entries, record j
 * (j < m) ix_fn_ok within the slots and indexes taken, and slot s (below
 * the slots taken) its rule entry below rcap.  On SFV_OK it is the
 * contract; a turn that ends with SFV_E_UNINDEXABLE keeps the counts. */
static inline int ix_fns_inv(const sfv_section *sec, const ix_layout *l, const ix_out *o,
                             const ix_keys *k, const struct sfv_index_fn *fns, uint32_t m,
                             int sorted, const ix_pos *p, uint64_t j, uint64_t s) {
  return ix_fns_count_ok(l, m, sorted, p) && ix_keys_inv(k) && k->nrules <= o->rcap &&
         (j >= m || ix_fn_ok(sec, &fns[j], p->slot, p->idx)) &&
         (s >= p->slot || ix_slot_ok(o, s));
}

/* sfv_ix_plan's counts (the layout is ix_lay_out's of them): at most
 * fde_avail functions; slots at most IX_MAX_SLOTS and half the section's
 * bytes; fre_index and rule entries at most the slots. */
static inline int ix_plan_counts_ok(const sfv_section *sec, const ix_layout *l) {
  return l->nfns <= sec->fde_avail && l->nslots <= IX_MAX_SLOTS &&
         l->nslots <= sec->size / 2u && l->nidx <= l->nslots &&
         l->nrules <= l->nslots;
}

/* A built index as sfv_index_find reads it (sfv_index_build's result,
 * proofs/sfv_index's .build runs assert it, its .find runs assume it): the
 * section, at least one bucket, a shift below 64, buckets [0, nbuckets]
 * non-decreasing and at most nfns; every record j < nfns ix_fn_ok within
 * nfres slots and nidx fre_index entries; every slot s < nfres its rule
 * entry below nrules.  The records and slots are stated one index at a
 * time (ix_built_fn_ok, ix_built_slot_ok) so that a run can state them at
 * an index the solver picks. */
static inline int ix_built_frame_ok(const sfv_index *ix, const sfv_section *sec) {
  uint64_t b;
  if (ix->sec != sec || ix->nbuckets == 0 || ix->shift >= 64)
    return 0;
  for (b = 0; b <= ix->nbuckets; b++)
    if (ix->buckets[b] > ix->nfns || (b > 0 && ix->buckets[b] < ix->buckets[b - 1u]))
      return 0;
  return 1;
}

static inline int ix_built_fn_ok(const sfv_index *ix, uint64_t j, uint64_t nidx) {
  return j >= ix->nfns || ix_fn_ok(ix->sec, &ix->fns[j], ix->nfres, nidx);
}

static inline int ix_built_slot_ok(const sfv_index *ix, uint64_t s) {
  return s >= ix->nfres || (ix->fres[s].rule >> 2) < ix->nrules;
}

#endif

/* SPDX-License-Identifier: MIT */
/* The lookup index's entry points on every opened section (proof_section_
 * opened) of up to PROOF_MAX_SIZE bytes and PROOF_MAX_FDES FDEs, any FRE
 * counts, in two parts that meet at ix_built_* (proofs/lib/
 * index_contract.h), the built index as sfv_index_find reads it:
 * - PROOF_IX_PART 1 (.build): sfv_index_size, then sfv_index_build into
 *   caller memory of any size up to PROOF_MAX_MEM bytes at any alignment
 *   (too small and misaligned included) or NULL: no undefined behaviour,
 *   nothing written outside the caller's memory (the pointer check sees
 *   every store: the memory is its own object), a build succeeds only in
 *   as much memory as the size said, and its index satisfies
 *   ix_built_frame_ok, ix_built_fn_ok at a record and ix_built_slot_ok at
 *   a slot the solver picks (so at every one), every array inside the
 *   caller's memory.  The plan and the FDE loop are models of their
 *   contracts (ix_plan_model: proofs/index_plan; ix_fill_fns_model: its
 *   contract ix_fns_*, proofs/index_fns); the sort, the disjointness
 *   check and the bucket fill run as written.
 * - PROOF_IX_PART 2 (.find): sfv_index_find and sfv_index_lookup on ANY
 *   index satisfying the ix_built_* invariant (every record and slot),
 *   its arrays each their own object, any PC: no undefined behaviour, a
 *   found FDE is a counted one, an answer's rule inside the rule entries.
 *   sfv_fre_next, which sfv_index_lookup calls at the slot's FRE, is the
 *   model of its proved contract (sfv_fre_next_model, proofs/sfv_find_fre/
 *   models.c: the iterator invariant fre_iter_inv asserted, fre_next_post
 *   assumed; the invariant holds from any position and count, so the
 *   iterator sfv_fre_iter_init made, moved to the slot's FRE, meets it). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "sfv_lookup.h"
#include "../../src/lookup/index_fill.c"
#include "../../src/lookup/index_plan.c"
#include "../../src/lookup/index_build.c"
#include "../../src/lookup/index_find.c"
#include "index_contract.h"
#include "index_top_contract.h"

#ifndef PROOF_MAX_MEM
#define PROOF_MAX_MEM 512
#endif
#ifndef PROOF_MAX_FDES
#define PROOF_MAX_FDES 2
#endif

/* sfv_ix_plan's model (proofs/index_plan proves ix_plan_counts_ok): the
 * counts any values it allows, then the layout ix_lay_out makes of them
 * (the plan's own code).  The plan is a function of the section: the
 * first call's answer is every later call's (sfv_index_size's and
 * sfv_index_build's plan agree). */
static int g_planned;
static sfv_status g_plan_st;
static ix_layout g_plan;
sfv_status ix_plan_model(const sfv_section *sec, ix_layout *l, ix_keys *keys);
sfv_status ix_plan_model(const sfv_section *sec, ix_layout *l, ix_keys *keys) {
  ix_keys any;
  *keys = any;
  if (!g_planned) {
    ix_layout c;
    memset(&c, 0, sizeof c);
    c.nfns = nondet_u32();
    c.nslots = nondet_u64();
    c.nidx = nondet_u64();
    c.nrules = nondet_u64();
    __CPROVER_assume(ix_plan_counts_ok(sec, &c));
    g_plan_st = nondet_u8() ? SFV_E_UNINDEXABLE : ix_lay_out(&c);
    g_plan = c;
    g_planned = 1;
  }
  *l = g_plan;
  return g_plan_st;
}

/* The record and the slot a .build run states its facts at (any). */
static uint64_t g_j, g_s;

/* ix_fill_fns's model (the build's FDE loop; its contract in
 * index_top_contract.h, proved by proofs/index_fns): its precondition
 * asserted (the arrays writable where the plan laid them out, the plan's
 * indexes and rule entries at most its slots), then m, sorted and the slots and indexes taken
 * any values ix_fns_count_ok allows and, on SFV_OK, every record j < m
 * ix_fn_ok (m <= 2 here) and slot g_s, when taken, its rule entry below
 * rcap (ix_slot_ok: stated at the slot the run asserts the result at).
 * It writes nothing: the caller's memory holds any bytes when the build
 * starts and nothing before this loop writes it (the plan model writes
 * none of it), so the records, starts and slots are already any values,
 * which the assumptions then narrow to the contract's. */
sfv_status ix_fill_fns_model(const sfv_section *sec, const ix_layout *l, ix_keys *keys,
                             const ix_out *o, uint64_t *starts, struct sfv_index_fn *fns,
                             ix_fns *r);
sfv_status ix_fill_fns_model(const sfv_section *sec, const ix_layout *l, ix_keys *keys,
                             const ix_out *o, uint64_t *starts, struct sfv_index_fn *fns,
                             ix_fns *r) {
  ix_keys any;
  uint32_t j;
  __CPROVER_assert(ix_fns_pre(l, o, starts, fns), "ix_fill_fns: its precondition");
  *keys = any;
  r->m = nondet_u32();
  r->sorted = nondet_int();
  r->pos.slot = nondet_u64();
  r->pos.idx = nondet_u64();
  __CPROVER_assume(ix_fns_count_ok(l, r->m, r->sorted, &r->pos));
  if (nondet_u8())
    return SFV_E_UNINDEXABLE;
  for (j = 0; j < r->m; j++)
    __CPROVER_assume(ix_fn_ok(sec, &fns[j], r->pos.slot, r->pos.idx));
  if (g_s < r->pos.slot)
    __CPROVER_assume(ix_slot_ok(o, g_s));
  return SFV_OK;
}

/* ix_sort's model at n <= 2 (proofs/index_sort proves ix_sort_post: the
 * records as they were or, at n = 2, the two swapped): its precondition
 * asserted, then one of those two outcomes, the solver's choice. */
void ix_sort_model(uint64_t *starts, struct sfv_index_fn *fns, uint32_t n);
void ix_sort_model(uint64_t *starts, struct sfv_index_fn *fns, uint32_t n) {
  __CPROVER_assert(n <= 2 && __CPROVER_w_ok(starts, (uint64_t)n * sizeof *starts) &&
                       __CPROVER_w_ok(fns, (uint64_t)n * sizeof *fns),
                   "ix_sort: its precondition");
  if (n == 2 && nondet_u8())
    ix_swap(starts, fns, 0, 1);
}

#if PROOF_IX_PART == 1
int main(void) {
  size_t cap, need = 0;
  uint8_t *mem, *m0;
  unsigned skew = nondet_unsigned();
  sfv_section sec;
  sfv_index ix;
  sfv_status st, sz;
  g_j = nondet_u64();
  g_s = nondet_u64();
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  sz = sfv_index_size(&sec, &need);
  __CPROVER_assert(sz == SFV_OK || need == 0, "size: 0 unless SFV_OK");
  /* any alignment: the memory starts skew bytes into its allocation */
  mem = proof_buffer_tail(PROOF_MAX_MEM, &cap);
  __CPROVER_assume(skew < 8 && skew <= cap);
  m0 = mem + skew;
  st = sfv_index_build(&ix, &sec, nondet_u8() ? m0 : NULL, cap - skew);
  if (st != SFV_OK)
    return 0;
  __CPROVER_assert(sz == SFV_OK && need <= cap - skew,
                   "build: only in as much memory as size says");
  __CPROVER_assert((const uint8_t *)ix.starts == m0 &&
                       __CPROVER_r_ok(ix.starts, (uint64_t)ix.nfns * sizeof *ix.starts) &&
                       __CPROVER_r_ok(ix.fns, (uint64_t)ix.nfns * sizeof *ix.fns) &&
                       __CPROVER_r_ok(ix.buckets, ((uint64_t)ix.nbuckets + 1u) * sizeof *ix.buckets) &&
                       __CPROVER_r_ok(ix.fre_starts, (uint64_t)ix.nfres * sizeof *ix.fre_starts) &&
                       __CPROVER_r_ok(ix.fres, (uint64_t)ix.nfres * sizeof *ix.fres) &&
                       __CPROVER_r_ok(ix.fre_index, g_plan.nidx * sizeof *ix.fre_index) &&
                       __CPROVER_r_ok(ix.recs, (uint64_t)ix.nrules * sizeof *ix.recs) &&
                       __CPROVER_same_object(ix.recs, m0) && (const uint8_t *)ix.recs >= m0,
                   "build: every array inside the caller's memory");
  __CPROVER_assert(ix_built_frame_ok(&ix, &sec), "build: the buckets");
  __CPROVER_assert(ix_built_fn_ok(&ix, g_j, g_plan.nidx), "build: record j");
  __CPROVER_assert(ix_built_slot_ok(&ix, g_s), "build: slot s");
  return 0;
}
#else
#ifndef PROOF_IX_MAX_BUCKETS
#define PROOF_IX_MAX_BUCKETS 4
#endif
/* n elements of `size` bytes, n <= max: the tail of one allocation of
 * max + 1 elements (a constant object size, proof_buffer_tail). */
static const void *ix_tail(uint64_t n, uint64_t max, size_t size) {
  uint8_t *a = malloc((max + 1u) * size);
  __CPROVER_assume(a != NULL && n <= max);
  return a + (max + 1u - n) * size;
}

int main(void) {
  sfv_section sec;
  sfv_index ix;
  sfv_index_hit hit;
  sfv_lookup lk;
  sfv_status st;
  uint64_t pc = nondet_u64(), nidx = nondet_u64(), j;
  const uint64_t max_slots = PROOF_MAX_SIZE / 2u;
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  ix.sec = &sec;
  ix.first = nondet_u64();
  ix.fre_base = sfv_fre_subsection_offset(&sec);
  ix.nfns = nondet_u32();
  ix.nfres = nondet_u32();
  ix.nrules = nondet_u32();
  ix.nbuckets = nondet_u32();
  ix.shift = nondet_u8();
  __CPROVER_assume(ix.nfns <= PROOF_MAX_FDES && ix.nbuckets <= PROOF_IX_MAX_BUCKETS &&
                   ix.nfres <= max_slots && nidx <= max_slots && ix.nrules <= max_slots);
  ix.starts = ix_tail(ix.nfns, PROOF_MAX_FDES, sizeof *ix.starts);
  ix.fns = ix_tail(ix.nfns, PROOF_MAX_FDES, sizeof *ix.fns);
  ix.buckets = ix_tail(ix.nbuckets + 1u, PROOF_IX_MAX_BUCKETS + 1u, sizeof *ix.buckets);
  ix.fre_starts = ix_tail(ix.nfres, max_slots, sizeof *ix.fre_starts);
  ix.fres = ix_tail(ix.nfres, max_slots, sizeof *ix.fres);
  ix.fre_index = ix_tail(nidx, max_slots, sizeof *ix.fre_index);
  ix.recs = ix_tail(ix.nrules, max_slots, sizeof *ix.recs);
  __CPROVER_assume(ix_built_frame_ok(&ix, &sec));
  for (j = 0; j < ix.nfns; j++)
    __CPROVER_assume(ix_built_fn_ok(&ix, j, nidx));
  for (j = 0; j < ix.nfres; j++)
    __CPROVER_assume(ix_built_slot_ok(&ix, j));
  st = sfv_index_find(&ix, pc, &hit);
  if (hit.fde_found)
    __CPROVER_assert(hit.fde < sec.fde_avail, "find: a counted FDE");
  if (st == SFV_OK)
    __CPROVER_assert(hit.recovery >= ix.recs && hit.recovery < ix.recs + ix.nrules,
                     "find: the rule one of the rule entries");
  (void)sfv_index_lookup(&ix, pc, &lk);
  return 0;
}
#endif

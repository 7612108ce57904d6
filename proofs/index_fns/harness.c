/* SPDX-License-Identifier: MIT */
/* index_build.c's FDE loop ix_fill_fns (static: the harness includes the
 * file) against its contract ix_fns_* (proofs/lib/index_top_contract.h),
 * by induction over its loop ix_fns_walk (turns of ix_fn_turn), the loop
 * invariant ix_fns_inv stated at a record g_j and a slot g_s the solver
 * picks, on any section (fde_avail any count), any plan of up to
 * PROOF_MAX_SLOTS records and slots whose arrays ix_fns_pre finds
 * writable (each the tail of its own object: the pointer check sees every
 * store past it), any key table:
 * - PROOF_STEP 1, one ix_fn_turn, FDE i < fde_avail, from ANY state
 *   satisfying ix_fns_inv with fewer than l->nfns records: no undefined
 *   behaviour, SFV_OK or SFV_E_UNINDEXABLE, the counts kept within the
 *   plan's, and on SFV_OK the invariant kept;
 * - PROOF_STEP 2, ix_fill_fns with ix_fns_walk the model of that lemma
 *   (the invariant asserted on entry, assumed on SFV_OK, the counts on
 *   SFV_E_UNINDEXABLE): the contract sfv_index's model assumes, its
 *   statuses, ix_fns_count_ok, and on SFV_OK record g_j ix_fn_ok and
 *   slot g_s its rule entry below rcap.
 * sfv_ix_fill_fres is the model of its proved contract (index_models.h:
 * ix_fill_post and ix_fill_slot_ok, proofs/index_fill), sfv_fde_get and
 * sfv_fde_func_start any answer (proofs/sfv_fde_get, proofs/
 * sfv_fde_func_start: no undefined behaviour; ix_fde reads nothing of
 * theirs but the FDE's size and the start).  The key table has
 * PROOF_IX_KEY_SLOTS slots. */
#include "section_proof.h"
#include "../../src/lookup/index_fill.c"
#include "../../src/lookup/index_build.c"
#include "index_contract.h"
#include "index_top_contract.h"
#include "index_models.h"

/* The record and the slot the run states the invariant at (any). */
static uint64_t g_j, g_s;

sfv_status ix_fde_get_any(const sfv_section *sec, uint32_t i, sfv_fde *f);
sfv_status ix_fde_get_any(const sfv_section *sec, uint32_t i, sfv_fde *f) {
  sfv_fde any;
  (void)sec;
  (void)i;
  *f = any;
  return nondet_u8() ? SFV_OK : SFV_E_BOUNDS;
}

sfv_status ix_func_start_any(const sfv_section *sec, const sfv_fde *f, uint64_t *start);
sfv_status ix_func_start_any(const sfv_section *sec, const sfv_fde *f, uint64_t *start) {
  (void)sec;
  (void)f;
  *start = nondet_u64();
  return nondet_u8() ? SFV_OK : SFV_E_BOUNDS;
}

#ifndef PROOF_MAX_SLOTS
#define PROOF_MAX_SLOTS 64
#endif

/* n elements of `size` bytes (n <= PROOF_MAX_SLOTS): the tail of one
 * allocation of PROOF_MAX_SLOTS + 1, as proof_buffer_tail (a constant
 * object size: with the arrays at symbolic sizes the turn ran out of
 * memory, 6.8 GB after 17 s of CPU; the code indexes them with unsigned
 * offsets from their starts, so a store before one would be a pointer
 * overflow). */
static void *array(uint64_t n, size_t size) {
  uint8_t *a = malloc((PROOF_MAX_SLOTS + 1u) * size);
  __CPROVER_assume(a != NULL && n <= PROOF_MAX_SLOTS);
  return a + (PROOF_MAX_SLOTS + 1u - n) * size;
}

/* The loop's state: the plan, where sfv_index_build points o, the key
 * table, the records so far and the arrays. */
typedef struct fns_state {
  ix_layout l;
  ix_out o;
  ix_keys keys;
  ix_fns r;
  uint64_t *starts;
  struct sfv_index_fn *fns;
} fns_state;

/* Any plan ix_fns_pre allows of up to PROOF_MAX_SLOTS records and slots,
 * its arrays allocated where sfv_index_build points o; the key table and
 * the records so far any values. */
static void any_plan(fns_state *x) {
  ix_layout *l = &x->l;
  ix_out *o = &x->o;
  l->nfns = nondet_u32();
  l->nslots = nondet_u64();
  l->nidx = nondet_u64();
  l->nrules = nondet_u64();
  __CPROVER_assume(l->nslots <= IX_MAX_SLOTS && l->nidx <= l->nslots &&
                   l->nrules <= l->nslots);
  x->starts = array(l->nfns, sizeof *x->starts);
  x->fns = array(l->nfns, sizeof *x->fns);
  o->fre_starts = array(l->nslots, sizeof *o->fre_starts);
  o->fres = array(l->nslots, sizeof *o->fres);
  o->fre_index = array(l->nidx, sizeof *o->fre_index);
  o->recs = array(l->nrules, sizeof *o->recs);
  o->rstat = array(l->nrules, 1);
  o->rcap = l->nrules;
  o->icap = l->nidx;
  __CPROVER_assume(ix_fns_pre(l, o, x->starts, x->fns));
  x->r.m = nondet_u32();
  x->r.sorted = nondet_int();
  x->r.pos.slot = nondet_u64();
  x->r.pos.idx = nondet_u64();
}

/* ix_fns_inv of x at g_j and g_s. */
static int inv(const sfv_section *sec, const fns_state *x) {
  return ix_fns_inv(sec, &x->l, &x->o, &x->keys, x->fns, x->r.m, x->r.sorted, &x->r.pos, g_j,
                    g_s);
}

#if PROOF_STEP == 1
static void step(const sfv_section *sec, fns_state *x) {
  uint32_t i = nondet_u32();
  sfv_status st;
  __CPROVER_assume(i < sec->fde_avail && x->r.m < x->l.nfns && inv(sec, x));
  st = ix_fn_turn(sec, &x->l, &x->keys, &x->o, x->starts, x->fns, &x->r, i);
  __CPROVER_assert(st == SFV_OK || st == SFV_E_UNINDEXABLE, "fn turn: its statuses");
  __CPROVER_assert(ix_fns_count_ok(&x->l, x->r.m, x->r.sorted, &x->r.pos),
                   "fn turn: the counts kept");
  if (st == SFV_OK)
    __CPROVER_assert(inv(sec, x), "fn turn: the invariant kept");
}
#else
/* ix_fns_walk's model (the lemma of PROOF_STEP 1 by induction): the
 * invariant asserted on entry, then record g_j, slot g_s, the key table
 * and the counts any values, the invariant on SFV_OK and the counts on
 * SFV_E_UNINDEXABLE assumed. */
sfv_status ix_fns_walk_model(const sfv_section *sec, const ix_layout *l, ix_keys *keys,
                             const ix_out *o, uint64_t *starts, struct sfv_index_fn *fns,
                             ix_fns *r);
sfv_status ix_fns_walk_model(const sfv_section *sec, const ix_layout *l, ix_keys *keys,
                             const ix_out *o, uint64_t *starts, struct sfv_index_fn *fns,
                             ix_fns *r) {
  ix_keys any;
  struct sfv_index_fn fn;
  struct sfv_index_fre e;
  (void)starts;
  __CPROVER_assert(r->m == 0 &&
                       ix_fns_inv(sec, l, o, keys, fns, r->m, r->sorted, &r->pos, g_j, g_s),
                   "ix_fns_walk: the invariant on entry");
  *keys = any;
  if (g_j < l->nfns)
    fns[g_j] = fn;
  if (g_s < l->nslots)
    o->fres[g_s] = e;
  r->m = nondet_u32();
  r->sorted = nondet_int();
  r->pos.slot = nondet_u64();
  r->pos.idx = nondet_u64();
  if (nondet_u8()) {
    __CPROVER_assume(ix_fns_count_ok(l, r->m, r->sorted, &r->pos));
    return SFV_E_UNINDEXABLE;
  }
  __CPROVER_assume(ix_fns_inv(sec, l, o, keys, fns, r->m, r->sorted, &r->pos, g_j, g_s));
  return SFV_OK;
}

static void step(const sfv_section *sec, fns_state *x) {
  const ix_fns *r = &x->r;
  sfv_status st = ix_fill_fns(sec, &x->l, &x->keys, &x->o, x->starts, x->fns, &x->r);
  __CPROVER_assert(st == SFV_OK || st == SFV_E_UNINDEXABLE, "ix_fill_fns: its statuses");
  __CPROVER_assert(ix_fns_count_ok(&x->l, r->m, r->sorted, &r->pos), "ix_fill_fns: the counts");
  if (st == SFV_OK)
    __CPROVER_assert((g_j >= r->m || ix_fn_ok(sec, &x->fns[g_j], r->pos.slot, r->pos.idx)) &&
                         (g_s >= r->pos.slot || ix_slot_ok(&x->o, g_s)),
                     "ix_fill_fns: record j and slot s");
}
#endif

int main(void) {
  sfv_section sec;
  fns_state x;
  proof_section_model(&sec, NULL, 0);
  g_j = nondet_u64();
  g_s = nondet_u64();
  ix_model_slot = g_s;
  any_plan(&x);
  step(&sec, &x);
  return 0;
}

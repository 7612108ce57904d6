/* SPDX-License-Identifier: MIT */
/* index_fill.c's FRE walk and packing (static: the harness includes the file),
 * by induction over each loop (proofs/lib/index_contract.h), on every
 * opened section of up to PROOF_MAX_SIZE bytes, any FDE, sizing (nothing
 * written) or building into arrays of any number of slots, rule entries
 * and indexes up to PROOF_MAX_SLOTS (each its own object: the pointer
 * check sees every store past it):
 * - PROOF_STEP 0, ix_hash: on any window cur_window gives (len bytes of
 *   the section), no undefined behaviour;
 * - PROOF_STEP 1, one ix_fre_turn (ix_walk_fres's whole loop body) from
 *   ANY state satisfying ix_walk_inv (iterator, FREs so far, room, key
 *   table, at most rcap rule entries, any previous start, any fn) and the
 *   slots' fact at a slot j the solver picks (ix_range_slot_ok): no
 *   undefined behaviour, a status of sfv_fre_next's or SFV_E_UNINDEXABLE,
 *   one FRE counted exactly on SFV_OK, the invariant and slot j's fact
 *   kept unless SFV_E_UNINDEXABLE, only fn->dense changed (cleared), and
 *   a build writes one slot (first + n, its rule entry inside the memory)
 *   and nothing else of the slots;
 * - PROOF_STEP 2, one ix_pack_turn from ANY state satisfying ix_pack_inv
 *   (k >= 1) and the slots' fact at j and at the slot it reads: no
 *   undefined behaviour, the invariant kept for k - 1, slot j's fact kept;
 * - PROOF_STEP 3, sfv_ix_fill_fres with ix_walk_fres and ix_pack the models
 *   of those lemmas (invariant asserted on entry, assumed on exit, each
 *   writing any bytes to slot g_s when it may): its postcondition
 *   ix_fill_post and ix_fill_slot_ok at g_s, fn's size and fde kept.
 * sfv_fre_next, ix_rule and sfv_fre_recovery are their proved contracts
 * (fre_next_post, proofs/sfv_fre_next; ix_rule_post, proofs/index_rule;
 * the statuses of proofs/sfv_fre_recovery, *out writable).  The key table has PROOF_IX_KEY_SLOTS slots. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/lookup/index_fill.c"
#include "index_contract.h"

/* sfv_fre_recovery (proofs/sfv_fre_recovery: no undefined behaviour on
 * any FRE; its statuses): writes *out, any recovery set. */
sfv_status sfv_fre_recovery_model(const sfv_section *sec, const sfv_fde *fde,
                                  const sfv_fre *fre, sfv_recovery_set *out);
sfv_status sfv_fre_recovery_model(const sfv_section *sec, const sfv_fde *fde,
                                  const sfv_fre *fre, sfv_recovery_set *out) {
  sfv_recovery_set any;
  (void)sec;
  (void)fde;
  (void)fre;
  __CPROVER_assert(__CPROVER_w_ok(out, sizeof *out), "sfv_fre_recovery: *out writable");
  *out = any;
  return nondet_u8() ? SFV_OK : nondet_u8() ? SFV_E_ENCODING : SFV_E_FDE_TYPE;
}

/* The arrays' sizes: slots, fre_index entries (the harness picks them);
 * the slot the run states the slots' facts at (any). */
static uint64_t g_slots, g_idx, g_s;

/* Slot g_s, when it is one of the n from first and the run builds: any
 * bytes (what a loop's model writes there). */
static void any_slot(const ix_out *o, uint64_t first, uint64_t n) {
  struct sfv_index_fre any;
  if (o->fres != NULL && g_s >= first && g_s - first < n) {
    o->fres[g_s] = any;
    o->fre_starts[g_s] = nondet_u32();
  }
}

uint32_t ix_rule_model(ix_keys *k, const sfv_section *sec, const sfv_fde *f,
                       const sfv_fre *r, int *fresh);
uint32_t ix_rule_model(ix_keys *k, const sfv_section *sec, const sfv_fde *f,
                       const sfv_fre *r, int *fresh) {
  ix_keys any;
  uint64_t n0 = k->nrules;
  uint32_t rule = nondet_u32();
  (void)sec;
  (void)f;
  (void)r;
  __CPROVER_assert(ix_keys_inv(k) && n0 < UINT32_MAX, "ix_rule: the table");
  *k = any;
  *fresh = nondet_int();
  __CPROVER_assume(ix_rule_post(k, n0, rule, *fresh));
  return rule;
}

sfv_status ix_walk_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                         ix_keys *keys, const ix_out *o, sfv_fre_iter *it, ix_walk *w);
sfv_status ix_walk_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                         ix_keys *keys, const ix_out *o, sfv_fre_iter *it, ix_walk *w) {
  ix_walk w0 = *w;
  ix_keys any;
  uint64_t n0 = keys->nrules;
  uint8_t dense = fn->dense;
  sfv_status st = nondet_u8() ? SFV_E_UNINDEXABLE : SFV_END;
  (void)f;
  __CPROVER_assert(w->n == 0 && ix_walk_inv(sec, it, w, keys, n0, g_slots, o->rcap),
                   "ix_walk_fres: the invariant on entry");
  any_slot(o, w->first, w->room);
  it->pos = nondet_u64();
  it->next = nondet_u32();
  *keys = any;
  w->n = nondet_u64();
  w->prev = nondet_u32();
  if (nondet_u8())
    fn->dense = 0;
  if (nondet_u8()) /* any of sfv_fre_next's errors */
    st = nondet_u8() ? SFV_E_BOUNDS : nondet_u8() ? SFV_E_FRE_TYPE : SFV_E_DATAWORD_SIZE;
  __CPROVER_assume(w->first == w0.first && w->room == w0.room &&
                   w->fre_base == w0.fre_base && fn->dense <= dense);
  __CPROVER_assume(st == SFV_E_UNINDEXABLE
                       ? w->n <= w->room && ix_keys_inv(keys)
                       : ix_walk_inv(sec, it, w, keys, n0, g_slots, o->rcap) &&
                             ix_range_slot_ok(o, w->first, w->n, g_s));
  return st;
}

uint64_t ix_pack_model(const ix_out *o, uint64_t first, uint64_t n, uint64_t xfirst);
uint64_t ix_pack_model(const ix_out *o, uint64_t first, uint64_t n, uint64_t xfirst) {
  uint64_t w = nondet_u64();
  __CPROVER_assert(o->fres != NULL && ix_pack_inv(first, n, xfirst, n, 0, g_slots, g_idx) &&
                       ix_range_slot_ok(o, first, n, g_s),
                   "ix_pack: the invariant on entry");
  any_slot(o, first, n);
  __CPROVER_assume(w <= n && ix_range_slot_ok(o, first, n, g_s));
  return w;
}

#ifndef PROOF_MAX_SLOTS
#define PROOF_MAX_SLOTS 64
#endif

/* An array of n elements of `size` bytes (n <= PROOF_MAX_SLOTS): the tail
 * of one allocation of PROOF_MAX_SLOTS + 1, as proof_buffer_tail (a
 * constant object size; the code indexes it with unsigned offsets from
 * its start, so a store before it would be a pointer overflow). */
static void *tail_array(uint64_t n, size_t size) {
  uint8_t *a;
#if PROOF_STEP == 3 /* writes nothing itself: an array of n elements */
  a = malloc(n * size);
  __CPROVER_assume(a != NULL);
  return a;
#endif
  a = malloc((PROOF_MAX_SLOTS + 1u) * size);
  __CPROVER_assume(a != NULL);
  return a + (PROOF_MAX_SLOTS + 1u - n) * size;
}

/* Sizing (none, as sfv_ix_plan passes it) or arrays of g_slots slots, g_idx
 * indexes and o->rcap rule entries, each its own allocation, at most
 * PROOF_MAX_SLOTS of each. */
static void any_out(ix_out *o) {
  uint64_t r = nondet_u64();
  g_slots = nondet_u64();
  g_idx = nondet_u64();
#if PROOF_STEP == 3
  __CPROVER_assume(g_slots < IX_MAX_SLOTS && g_idx < IX_MAX_SLOTS && r < IX_MAX_SLOTS);
#else
  __CPROVER_assume(g_slots <= PROOF_MAX_SLOTS && g_idx <= PROOF_MAX_SLOTS &&
                   r <= PROOF_MAX_SLOTS);
#endif
  if (nondet_u8()) {
    ix_out none = {NULL, NULL, NULL, NULL, NULL, UINT64_MAX, UINT64_MAX};
    *o = none;
    return;
  }
  o->fre_starts = tail_array(g_slots, sizeof *o->fre_starts);
  o->fres = tail_array(g_slots, sizeof *o->fres);
  o->fre_index = tail_array(g_idx, sizeof *o->fre_index);
  o->recs = tail_array(r, sizeof *o->recs);
  o->rstat = tail_array(r, 1);
  o->rcap = r;
  o->icap = g_idx;
}

static int fn_same(const struct sfv_index_fn *a, const struct sfv_index_fn *b) {
  return a->size == b->size && a->fde == b->fde && a->first == b->first &&
         a->count == b->count && a->xfirst == b->xfirst && a->rep_size == b->rep_size &&
         a->mask_v1 == b->mask_v1 && a->mask == b->mask && a->status == b->status;
}

#if PROOF_STEP == 0
static void step(const sfv_section *sec) {
  sfv_cursor c;
  uint64_t len = nondet_u64();
  const uint8_t *p;
  cur_init(&c, sec->data, 0, sec->size, sec->big_endian);
  p = cur_window(&c, nondet_u64(), len);
  if (p != NULL)
    (void)ix_hash(p, len, nondet_u8());
}
#elif PROOF_STEP == 1
static void step(const sfv_section *sec) {
  sfv_fde f;
  sfv_fre_iter it;
  ix_walk w, w0;
  ix_keys keys;
  ix_out o;
  struct sfv_index_fn fn, fn0;
  uint64_t n0 = nondet_u64(), j = nondet_u64();
  uint32_t sj = 0;
  struct sfv_index_fre ej = {0, 0};
  sfv_status st;
  proof_fde_model(sec, &f);
  fre_iter_any(&it, sec);
  any_out(&o);
  __CPROVER_assume(ix_walk_inv(sec, &it, &w, &keys, n0, g_slots, o.rcap) &&
                   ix_range_slot_ok(&o, w.first, w.n, j));
  w0 = w;
  fn0 = fn;
  if (o.fres != NULL && j < g_slots) {
    sj = o.fre_starts[j];
    ej = o.fres[j];
  }
  st = ix_fre_turn(sec, &f, &fn, &keys, &o, &it, &w);
  __CPROVER_assert(ix_turn_status(st), "turn: its statuses");
  __CPROVER_assert(st == SFV_OK ? w.n == w0.n + 1u : w.n == w0.n, "turn: n counts its FRE");
  __CPROVER_assert(st == SFV_E_UNINDEXABLE ||
                       (ix_walk_inv(sec, &it, &w, &keys, n0, g_slots, o.rcap) &&
                        ix_range_slot_ok(&o, w.first, w.n, j)),
                   "turn: the invariant kept");
  __CPROVER_assert(w.first == w0.first && w.room == w0.room && w.fre_base == w0.fre_base &&
                       fn_same(&fn, &fn0) && (fn.dense == fn0.dense || fn.dense == 0),
                   "turn: its frame");
  if (o.fres != NULL && st == SFV_OK)
    __CPROVER_assert(ix_slot_ok(&o, w0.first + w0.n), "turn: the slot's rule inside the memory");
  if (o.fres != NULL && j < g_slots && j != w0.first + w0.n)
    __CPROVER_assert(o.fre_starts[j] == sj && o.fres[j].off == ej.off && o.fres[j].rule == ej.rule,
                     "turn: no other slot written");
}
#elif PROOF_STEP == 2
static void step(const sfv_section *sec) {
  ix_out o;
  uint64_t first = nondet_u64(), n = nondet_u64(), xfirst = nondet_u64();
  uint64_t k = nondet_u64(), w = nondet_u64(), j = nondet_u64();
  uint32_t min_later = nondet_u32();
  (void)sec;
  any_out(&o);
  __CPROVER_assume(o.fres != NULL && k >= 1 &&
                   ix_pack_inv(first, n, xfirst, k, w, g_slots, g_idx));
  /* the slots' invariant at j and at the slot the turn reads */
  __CPROVER_assume(ix_range_slot_ok(&o, first, n, j) &&
                   ix_range_slot_ok(&o, first, n, first + k - 1u));
  ix_pack_turn(&o, first, n, xfirst, k, &w, &min_later);
  __CPROVER_assert(ix_pack_inv(first, n, xfirst, k - 1u, w, g_slots, g_idx) &&
                       ix_range_slot_ok(&o, first, n, j),
                   "pack: the invariant kept");
}
#else
static void step(const sfv_section *sec) {
  sfv_fde f;
  ix_keys keys;
  ix_out o;
  ix_pos p, p0;
  struct sfv_index_fn fn, fn0;
  uint64_t room = nondet_u64(), n0;
  proof_fde_model(sec, &f);
  any_out(&o);
  g_s = nondet_u64();
  __CPROVER_assume(ix_keys_inv(&keys) && keys.nrules < UINT32_MAX &&
                   room < UINT32_MAX - keys.nrules && keys.nrules <= o.rcap);
  __CPROVER_assume(p.slot <= g_slots && room <= g_slots - p.slot && p.idx <= o.icap &&
                   p.idx <= IX_MAX_SLOTS);
  n0 = keys.nrules;
  p0 = p;
  fn0 = fn;
  sfv_ix_fill_fres(sec, &f, &fn, &keys, &o, &p, room);
  __CPROVER_assert(ix_fill_post(&fn, &keys, &o, &p0, &p, room, n0) &&
                       ix_fill_slot_ok(&fn, &o, &p0, &p, g_s) && fn.size == fn0.size &&
                       fn.fde == fn0.fde,
                   "sfv_ix_fill_fres: its contract");
}
#endif

int main(void) {
  sfv_section sec;
  proof_section_opened(&sec);
  step(&sec);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* index_contract.h - the contracts of index_fill.c's loops (static; include
 * src/lookup/index_fill.c first): the key table's ix_rule, one turn of
 * sfv_ix_fill_fres's FRE walk (ix_fre_turn), one turn of its packing
 * (ix_pack_turn), and sfv_ix_fill_fres itself.  Proved by proofs/index_fill
 * (the walk and the packing by induction: any state satisfying the
 * invariant, one turn keeps it); assumed by the models that replace them
 * (proofs/index_fill's ends run, proofs/sfv_index), so no FRE walk, key
 * hash or probe is unrolled there.
 *
 * The build's writes do not rest on the plan and the build counting alike:
 * ix_fre_turn checks each slot against the walk's room and each rule
 * against o->rcap, sfv_ix_fill_fres each index run against o->icap (ix_out). */
#ifndef SFV_INDEX_CONTRACT_H
#define SFV_INDEX_CONTRACT_H

#include "find_fre_walks_contract.h" /* fre_iter_inv, fre_skip_status */

/* The key table: at most IX_KEY_MAX keys, every held rule number one of
 * the entries made. */
static inline int ix_keys_inv(const ix_keys *k) {
  uint32_t s;
  if (k->used > IX_KEY_MAX)
    return 0;
  for (s = 0; s < IX_KEY_SLOTS; s++)
    if (k->rule[s] != 0 && k->rule[s] - 1u >= k->nrules)
      return 0;
  return 1;
}

/* ix_rule(k, ...) from a table with nrules0 entries made (nrules0 <
 * UINT32_MAX): a fresh rule is entry nrules0, made now; another one an
 * entry made before.  The table's invariant kept. */
static inline int ix_rule_post(const ix_keys *k, uint64_t nrules0, uint32_t rule,
                               int fresh) {
  if (fresh != 0 && fresh != 1)
    return 0;
  if (fresh ? rule != nrules0 || k->nrules != nrules0 + 1u
            : rule >= nrules0 || k->nrules != nrules0)
    return 0;
  return ix_keys_inv(k);
}

/* Sizing (o->fres NULL: nothing written, rcap and icap UINT64_MAX) or
 * building: the arrays hold `slots` slots and o->rcap rule entries. */
static inline int ix_out_ok(const ix_out *o, uint64_t slots) {
  if (o->fres == NULL)
    return o->fre_starts == NULL && o->fre_index == NULL && o->recs == NULL &&
           o->rstat == NULL && o->rcap == UINT64_MAX && o->icap == UINT64_MAX;
  (void)slots;
  return o->fre_starts != NULL && o->fre_index != NULL && o->recs != NULL &&
         o->rstat != NULL && o->rcap < IX_MAX_SLOTS;
}

/* The walk's loop invariant: an iterator on sec (fre_iter_inv), at most
 * room FREs so far, inside the `slots` the memory holds, the key table's
 * invariant, at most one rule entry made per FRE since nrules0 (so
 * nrules stays below 2^32 - 1: nrules0 + room is), and at most rcap
 * entries made (o->rcap: UINT64_MAX when sizing; building, a fresh
 * entry at rcap ends the walk). */
static inline int ix_walk_inv(const sfv_section *sec, const sfv_fre_iter *it,
                              const ix_walk *w, const ix_keys *k, uint64_t nrules0,
                              uint64_t slots, uint64_t rcap) {
  return fre_iter_inv(it, sec) && w->n <= w->room && w->room <= slots &&
         w->first <= slots - w->room &&
         w->fre_base == sfv_fre_subsection_offset(sec) && ix_keys_inv(k) &&
         nrules0 < UINT32_MAX && w->room < UINT32_MAX - nrules0 &&
         k->nrules >= nrules0 && k->nrules - nrules0 <= w->n && k->nrules <= rcap;
}

/* A slot the build filled: its rule entry inside the memory. */
static inline int ix_slot_ok(const ix_out *o, uint64_t j) {
  return (o->fres[j].rule >> 2) < o->rcap;
}

/* Slot j when the slots [first, first + n) are filled (building): its
 * rule entry inside the memory if it is one of them.  The walk's and the
 * packing's invariant at one slot, the solver's pick (so at every one: a
 * walk turn writes slot first + n alone, a packing turn one slot of the
 * range from another, whose fact the turn's proof assumes too). */
static inline int ix_range_slot_ok(const ix_out *o, uint64_t first, uint64_t n, uint64_t j) {
  return o->fres == NULL || j < first || j - first >= n || ix_slot_ok(o, j);
}

/* The statuses of one ix_fre_turn: sfv_fre_next's and SFV_E_UNINDEXABLE. */
static inline int ix_turn_status(sfv_status st) {
  return fre_skip_status(st) || st == SFV_E_UNINDEXABLE;
}

/* The packing's invariant before the turn of slot k - 1 (k from n down to
 * 1): w of the n - k slots after it kept, the slots and their indexes
 * inside the memory. */
static inline int ix_pack_inv(uint64_t first, uint64_t n, uint64_t xfirst, uint64_t k,
                              uint64_t w, uint64_t slots, uint64_t idx) {
  return k <= n && w <= n - k && first <= slots && n <= slots - first &&
         xfirst <= idx && n <= idx - xfirst;
}

/* sfv_ix_fill_fres(sec, f, fn, k, o, p, room) from *p0, a key table satisfying
 * ix_keys_inv with nrules0 entries made (nrules0 + room < 2^32 - 1,
 * nrules0 <= o->rcap), the slots p0->slot + [0, room) inside the `slots`
 * the memory holds, p0->idx at most o->icap and IX_MAX_SLOTS:
 *   - fn->status is SFV_OK, or every PC's status: SFV_E_NOT_FOUND (MASK
 *     rep_size 0), an error of the walk (SFV_E_BOUNDS, SFV_E_FRE_TYPE,
 *     SFV_E_DATAWORD_SIZE) or SFV_E_UNINDEXABLE; fn->dense 0 or 1;
 *   - not SFV_OK: *p as it was, no slot counted, dense;
 *   - SFV_OK: n <= room slots taken (p->slot = p0->slot + n), fn's slots
 *     [first, first + count) among them and ending with them; dense: no
 *     index taken; else n indexes taken (p->idx <= o->icap), fn's
 *     [xfirst, xfirst + count) among them and ending with them;
 *   - unless SFV_E_UNINDEXABLE: the key table's invariant, at most room
 *     rule entries made, at most o->rcap in all;
 *   - SFV_OK, building: every slot p0->slot + [0, n) its rule entry below
 *     o->rcap (ix_fill_slot_ok, stated at one slot j). */
static inline int ix_fill_status(uint8_t st) {
  return st == SFV_OK || st == SFV_E_NOT_FOUND || st == SFV_E_BOUNDS ||
         st == SFV_E_FRE_TYPE || st == SFV_E_DATAWORD_SIZE || st == SFV_E_UNINDEXABLE;
}

static inline int ix_fill_post(const struct sfv_index_fn *fn, const ix_keys *k,
                               const ix_out *o, const ix_pos *p0, const ix_pos *p,
                               uint64_t room, uint64_t nrules0) {
  uint64_t n = p->slot - p0->slot;
  if (!ix_fill_status(fn->status) || fn->dense > 1)
    return 0;
  if (fn->status != SFV_E_UNINDEXABLE &&
      !(ix_keys_inv(k) && k->nrules >= nrules0 && k->nrules - nrules0 <= room &&
        k->nrules <= o->rcap))
    return 0;
  if (fn->status != SFV_OK)
    return p->slot == p0->slot && p->idx == p0->idx && fn->count == 0 && fn->dense;
  if (p->slot < p0->slot || n > room || fn->first < p0->slot ||
      (uint64_t)fn->first + fn->count != p->slot)
    return 0;
  if (fn->dense)
    return p->idx == p0->idx;
  return p->idx >= p0->idx && p->idx - p0->idx == n && p->idx <= o->icap &&
         fn->xfirst >= p0->idx && (uint64_t)fn->xfirst + fn->count == p->idx;
}

/* ix_fill_post's slots, at slot j: taken on SFV_OK, its rule entry
 * inside the memory (the walk wrote it, or the packing moved one of the
 * walk's there). */
static inline int ix_fill_slot_ok(const struct sfv_index_fn *fn, const ix_out *o,
                                  const ix_pos *p0, const ix_pos *p, uint64_t j) {
  return fn->status != SFV_OK || p->slot < p0->slot ||
         ix_range_slot_ok(o, p0->slot, p->slot - p0->slot, j);
}

#endif

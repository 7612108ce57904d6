/* SPDX-License-Identifier: MIT */
/* index_models.h - models of index_fill.c's proved contracts for the
 * harnesses that call them (include src/lookup/index_fill.c and
 * index_contract.h first; goto-instrument --replace-calls puts them in
 * place). */
#ifndef SFV_INDEX_MODELS_H
#define SFV_INDEX_MODELS_H

/* The slot a run states the slots' facts at (the harness picks any; its
 * fact there stands for every slot's). */
static uint64_t ix_model_slot;

/* sfv_ix_fill_fres's model (proofs/index_fill proves ix_fill_post and
 * ix_fill_slot_ok): its precondition asserted, fn's written fields, the
 * key table and *p any values ix_fill_post allows; building, slot
 * ix_model_slot any bytes when it is one the walk may write (p->slot +
 * [0, room)), its rule entry below rcap when taken on SFV_OK.  The
 * fre_index entries, rule entries and verdicts it also writes are left
 * as they were: no run that uses it reads them after. */
void ix_fill_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                   ix_keys *k, const ix_out *o, ix_pos *p, uint64_t room);
void ix_fill_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                   ix_keys *k, const ix_out *o, ix_pos *p, uint64_t room) {
  ix_pos p0 = *p;
  ix_keys any;
  struct sfv_index_fn fn0 = *fn;
  uint64_t n0 = k->nrules, s = ix_model_slot;
  (void)sec;
  (void)f;
  __CPROVER_assert(ix_keys_inv(k) && n0 < UINT32_MAX && room < UINT32_MAX - n0 &&
                       n0 <= o->rcap && p->idx <= o->icap && p->idx <= IX_MAX_SLOTS &&
                       (o->fres == NULL ||
                        (__CPROVER_w_ok(o->fres + p->slot, room * sizeof *o->fres) &&
                         __CPROVER_w_ok(o->fre_starts + p->slot, room * sizeof(uint32_t)))),
                   "sfv_ix_fill_fres: its precondition");
  if (o->fres != NULL && s >= p0.slot && s - p0.slot < room) {
    struct sfv_index_fre e;
    o->fres[s] = e;
    o->fre_starts[s] = nondet_u32();
  }
  *k = any;
  fn->first = nondet_u32();
  fn->count = nondet_u32();
  fn->xfirst = nondet_u32();
  fn->dense = nondet_u8();
  fn->rep_size = nondet_u8();
  fn->mask_v1 = nondet_u8();
  fn->mask = nondet_u8();
  fn->status = nondet_u8();
  p->slot = nondet_u64();
  p->idx = nondet_u64();
  __CPROVER_assume(ix_fill_post(fn, k, o, &p0, p, room, n0) &&
                   ix_fill_slot_ok(fn, o, &p0, p, s) && fn->size == fn0.size &&
                   fn->fde == fn0.fde);
}

#endif

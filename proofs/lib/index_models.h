/* SPDX-License-Identifier: MIT */
/* index_models.h - models of index_fill.c's proved contracts for the
 * harnesses that call them (include src/lookup/index_fill.c and
 * index_contract.h first; goto-instrument --replace-calls puts them in
 * place). */
#ifndef SFV_INDEX_MODELS_H
#define SFV_INDEX_MODELS_H

/* sfv_ix_fill_fres's model (proofs/index_fill proves ix_fill_post): its
 * precondition asserted, fn's written fields, the key table and *p any
 * values ix_fill_post allows; a build's slots [first, first + count) get
 * rule entries below rcap (what each turn writes, index_fill.64.turn). */
void ix_fill_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                   ix_keys *k, const ix_out *o, ix_pos *p, uint64_t room);
void ix_fill_model(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                   ix_keys *k, const ix_out *o, ix_pos *p, uint64_t room) {
  ix_pos p0 = *p;
  ix_keys any;
  struct sfv_index_fn fn0 = *fn;
  uint64_t n0 = k->nrules, j;
  (void)sec;
  (void)f;
  __CPROVER_assert(ix_keys_inv(k) && n0 < UINT32_MAX && room < UINT32_MAX - n0 &&
                       p->idx <= o->icap && p->idx < IX_MAX_SLOTS &&
                       (o->fres == NULL ||
                        (__CPROVER_w_ok(o->fres + p->slot, room * sizeof *o->fres) &&
                         __CPROVER_w_ok(o->fre_starts + p->slot, room * sizeof(uint32_t)))),
                   "sfv_ix_fill_fres: its precondition");
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
  __CPROVER_assume(ix_fill_post(fn, k, o, &p0, p, room, n0) && fn->size == fn0.size &&
                   fn->fde == fn0.fde);
  if (o->fres != NULL)
    for (j = 0; j < fn->count; j++) {
      uint32_t rule = nondet_u32();
      __CPROVER_assume((rule >> 2) < o->rcap);
      o->fres[fn->first + j].rule = rule;
    }
}

#endif

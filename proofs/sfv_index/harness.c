/* SPDX-License-Identifier: MIT */
/* sfv_index_size, sfv_index_build, sfv_index_find and sfv_index_lookup on
 * every opened section (proof_section_opened) of up to PROOF_MAX_SIZE
 * bytes and PROOF_MAX_FDES FDEs, any FRE counts (sfv_ix_fill_fres is the model
 * of its proved contract, so no FRE walk is unrolled), with caller memory
 * of any size up to PROOF_MAX_MEM bytes at any alignment (too small and
 * misaligned included), NULL memory, and any PC: no undefined behaviour,
 * nothing written outside the caller's memory (the pointer check sees
 * every store: the memory is its own object), a build succeeds only in
 * enough memory and then sfv_index_find answers with an FDE that is
 * counted and a rule inside the memory; sfv_index_lookup no undefined
 * behaviour (sfv_fre_next is its model, so its "cannot happen" branches
 * are reachable here). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "sfv_lookup.h"
#include "../../src/lookup/index_fill.c"
#include "../../src/lookup/index_plan.c"
#include "../../src/lookup/index_build.c"
#include "../../src/lookup/index_find.c"
#include "index_contract.h"

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

#ifndef PROOF_MAX_MEM
#define PROOF_MAX_MEM 512
#endif
#ifndef PROOF_MAX_FDES
#define PROOF_MAX_FDES 2
#endif

int main(void) {
  size_t cap, need = 0;
  uint8_t *mem;
  unsigned skew = nondet_unsigned();
  uint64_t pc = nondet_u64();
  sfv_section sec;
  sfv_index ix;
  sfv_index_hit hit;
  sfv_lookup lk;
  sfv_status st, sz;
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  sz = sfv_index_size(&sec, &need);
  __CPROVER_assert(sz == SFV_OK || need == 0, "size: 0 unless SFV_OK");
  /* any alignment: the memory starts skew bytes into its allocation */
  mem = proof_buffer(PROOF_MAX_MEM, &cap);
  __CPROVER_assume(skew < 8 && skew <= cap);
  st = sfv_index_build(&ix, &sec, nondet_u8() ? mem + skew : NULL, cap - skew);
  if (st != SFV_OK)
    return 0;
  __CPROVER_assert(sz == SFV_OK && need <= cap - skew,
                   "build: only in as much memory as size says");
  st = sfv_index_find(&ix, pc, &hit);
  if (hit.fde_found)
    __CPROVER_assert(hit.fde < sec.fde_avail, "find: a counted FDE");
  if (st == SFV_OK)
    __CPROVER_assert((const uint8_t *)hit.recovery >= mem + skew &&
                         (const uint8_t *)(hit.recovery + 1) <= mem + cap,
                     "find: the rule inside the memory");
  (void)sfv_index_lookup(&ix, pc, &lk); /* no UB (sfv_fre_next its model) */
  return 0;
}

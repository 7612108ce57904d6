/* SPDX-License-Identifier: MIT */
/* The models that replace lookup.c's FRE walks and sfv_fre_next in the
 * sfv_find_fre proof (proof.mk: goto-instrument --replace-calls): each
 * asserts its callee's precondition and returns any result its contract
 * allows (proofs/lib/find_fre_walks_contract.h, proved by
 * proofs/find_fre_walks; fre_iter_contract.h's fre_next_post and the
 * iterator invariant, both asserted by proofs/sfv_fre_next).  No FRE walk and no data-word loop is in this
 * proof's formula. */
#define PROOF_SECTION_BUFFER proof_buffer_tail
#include "section_proof.h"
#include "find_fre_walks_contract.h"

/* Any status of sfv_fre_skip's (an enum value: a nondet integer cast to
 * sfv_status would fail the enum-range check). */
static sfv_status any_skip_status(void) {
  switch (nondet_u8()) {
  case 0: return SFV_OK;
  case 1: return SFV_END;
  case 2: return SFV_E_FRE_TYPE;
  case 3: return SFV_E_BOUNDS;
  default: return SFV_E_DATAWORD_SIZE;
  }
}

int walk_sorted_model(const sfv_section *sec, const sfv_fde *f, uint64_t off,
                      unsigned asz, uint64_t *pos, uint32_t *idx);
sfv_status walk_all_model(sfv_fre_iter *it, uint64_t off, int mask_v1,
                          uint64_t *pos, uint32_t *idx, int *found);
sfv_status sfv_fre_next_model(sfv_fre_iter *it, sfv_fre *out);

int walk_sorted_model(const sfv_section *sec, const sfv_fde *f, uint64_t off,
                      unsigned asz, uint64_t *pos, uint32_t *idx) {
  int found = nondet_int();
  (void)sec;
  (void)off;
  __CPROVER_assert(asz == 1 || asz == 2 || asz == 4, "walk_sorted: asz");
  *pos = nondet_u64();
  *idx = nondet_u32();
  __CPROVER_assume(walk_sorted_post(f, found, *pos));
  return found;
}

sfv_status walk_all_model(sfv_fre_iter *it, uint64_t off, int mask_v1,
                          uint64_t *pos, uint32_t *idx, int *found) {
  sfv_fre_iter before = *it;
  sfv_status st;
  (void)off;
  (void)mask_v1;
  __CPROVER_assert(all_inv(it->sec, it, it->pos, *found, *pos),
                   "walk_all: the invariant on entry");
  it->pos = nondet_u64();
  it->next = nondet_u32();
  *pos = nondet_u64();
  *idx = nondet_u32();
  *found = nondet_int();
  st = any_skip_status();
  __CPROVER_assume(fre_skip_status(st) && st != SFV_END &&
                   all_inv(before.sec, it, before.pos, *found, *pos) &&
                   all_frame(&before, it));
  return st;
}

sfv_status sfv_fre_next_model(sfv_fre_iter *it, sfv_fre *out) {
  sfv_fre_iter before = *it;
  sfv_status st = any_skip_status();
  __CPROVER_assert(it->sec != NULL && fre_iter_inv(it, it->sec),
                   "sfv_fre_next: the invariant");
  proof_fre_model(out);
  it->pos = nondet_u64();
  it->next = nondet_u32();
  __CPROVER_assume(fre_iter_inv(it, before.sec) &&
                   fre_next_post(&before, it, out, st));
  return st;
}

/* SPDX-License-Identifier: MIT */
/* The model of fde_buckets.c's fill_fde (one turn of
 * sfv_fde_buckets_fill's FDE loop) in the sfv_fde_buckets_two proof
 * (proof.mk: goto-instrument --replace-calls fill_fde:fill_fde_model):
 * it asserts the loop invariant of proofs/lib/fde_buckets_fill_contract.h
 * at the call, then either refuses (fdes_sorted cleared) or leaves any
 * buckets and any b satisfying the invariant one FDE further: what
 * proofs/fde_buckets_step proves of fill_fde.  No bucket fill of an FDE
 * is in this proof's formula. */
#include "fde_buckets_fill_contract.h"

/* The section's starts, read once by the harness (fill_starts_read):
 * every call compares against the same values. */
fill_starts fill_fde_starts;

int fill_fde_model(sfv_section *sec, const sfv_cursor *c, uint32_t i,
                   int64_t first, int64_t last, unsigned shift, int pcrel,
                   uint32_t *b);

int fill_fde_model(sfv_section *sec, const sfv_cursor *c, uint32_t i,
                   int64_t first, int64_t last, unsigned shift, int pcrel,
                   uint32_t *b) {
  struct sfv_section_priv any;
  fill_starts fs = fill_fde_starts;
  (void)c;
  (void)pcrel;
  fill_slices(&fs, first, shift);
  __CPROVER_assert(i < sec->fde_avail &&
                       fill_inv_all(sec, &fs, first, last, shift, i, *b),
                   "fill_fde: the invariant at the call");
  if (nondet_u8() == 0) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  memcpy(sec->priv.lk_bucket, any.lk_bucket, sizeof any.lk_bucket);
  *b = nondet_u32();
  __CPROVER_assume(fill_inv_all(sec, &fs, first, last, shift, i + 1u, *b));
  return 1;
}

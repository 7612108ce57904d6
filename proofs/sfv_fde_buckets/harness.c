/* SPDX-License-Identifier: MIT */
/* sfv_fde_buckets_fill alone, on every opened section
 * (proof_section_opened) of up to PROOF_MAX_FDES FDEs with the flag
 * sfv_open sets before it (fdes_sorted: the resolved starts are
 * non-decreasing, each resolves), any contents otherwise: no undefined
 * behaviour, and on return either fdes_sorted is 0 or the buckets satisfy
 * fde_buckets.c's invariant in the exact form the lookup's binary search
 * (lookup.c, find_fde_sorted) rests on:
 * - lk_bucket is non-decreasing and lk_bucket[SFV_LOOKUP_BUCKETS] is
 *   fde_avail;
 * - every FDE i (start as sfv_fde_get resolves it) lies at or after
 *   lk_first, in a slice b < SFV_LOOKUP_BUCKETS, and
 *   lk_bucket[b] <= i < lk_bucket[b + 1].
 * The bucket index and the FDE are chosen by the solver, so each assertion
 * holds for all of them.  Proved, this is the contract the sfv_open and
 * lookup harnesses take as a model of the buckets. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "sframe/fde_buckets.h"

#ifndef PROOF_MAX_FDES
#define PROOF_MAX_FDES 2
#endif

int main(void) {
  sfv_section sec;
  uint32_t k, i = nondet_u32(), b = nondet_u32();
  int64_t s, prev = 0;
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  /* sfv_open's precondition: starts resolved and non-decreasing */
  for (k = 0; k < sec.fde_avail; k++) {
    __CPROVER_assume(proof_fde_start(&sec, k, &s));
    __CPROVER_assume(k == 0 || prev <= s);
    prev = s;
  }
  sec.priv.fdes_sorted = 1;
  sfv_fde_buckets_fill(&sec);
  if (!sec.priv.fdes_sorted)
    return 0;
  __CPROVER_assume(b < SFV_LOOKUP_BUCKETS);
  __CPROVER_assert(sec.priv.lk_bucket[b] <= sec.priv.lk_bucket[b + 1],
                   "lk_bucket non-decreasing");
  __CPROVER_assert(sec.priv.lk_bucket[SFV_LOOKUP_BUCKETS] == sec.fde_avail,
                   "the last bucket is the FDE count");
  if (i < sec.fde_avail) {
    uint64_t slice;
    (void)proof_fde_start(&sec, i, &s);
    __CPROVER_assert(s >= sec.priv.lk_first, "every start at or after lk_first");
    slice = span_of(sec.priv.lk_first, s) >> sec.priv.lk_shift;
    __CPROVER_assert(slice < SFV_LOOKUP_BUCKETS, "every start in a slice");
    if (slice < SFV_LOOKUP_BUCKETS)
      __CPROVER_assert(sec.priv.lk_bucket[slice] <= i &&
                           i < sec.priv.lk_bucket[slice + 1],
                       "FDE i counted in its slice");
  }
  return 0;
}

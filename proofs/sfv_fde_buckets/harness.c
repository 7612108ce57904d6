/* SPDX-License-Identifier: MIT */
/* sfv_fde_buckets_fill alone, on every opened section
 * (proof_section_opened) of up to PROOF_MAX_FDES FDEs satisfying its
 * precondition (proofs/lib/fde_buckets_contract.h: what sfv_open checks
 * before it calls it), fdes_sorted set, any contents otherwise: no
 * undefined behaviour, and its postcondition at a bucket b and an FDE i
 * the solver picks (so at every one): either fdes_sorted is 0 or the
 * buckets satisfy fde_buckets.c's invariant in the form the lookup's
 * binary search rests on.  The lookup proofs take this contract as their
 * model of the buckets. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "fde_buckets_contract.h"

int main(void) {
  sfv_section sec;
  uint32_t k, i = nondet_u32(), b = nondet_u32();
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  for (k = 0; k < sec.fde_avail; k++)
    __CPROVER_assume(fde_buckets_pre_at(&sec, k));
  sec.priv.fdes_sorted = 1;
  sfv_fde_buckets_fill(&sec);
  __CPROVER_assert(fde_buckets_post_at(&sec, b, i), "the buckets' invariant");
  return 0;
}

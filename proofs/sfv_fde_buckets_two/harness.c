/* SPDX-License-Identifier: MIT */
/* sfv_fde_buckets_fill alone (proofs/sfv_fde_buckets with its FDE loop's
 * body a model), on every opened section (proof_section_opened) of up to
 * PROOF_MAX_FDES FDEs satisfying its
 * precondition (proofs/lib/fde_buckets_contract.h: what sfv_open checks
 * before it calls it), fdes_sorted set, any contents otherwise: no
 * undefined behaviour, and its postcondition at a bucket b the solver
 * picks and at every FDE: either fdes_sorted is 0 or the
 * buckets satisfy fde_buckets.c's invariant in the form the lookup's
 * binary search rests on.  The lookup proofs take this contract as their
 * model of the buckets.  The FDE loop's body, fill_fde, is the model of
 * its proved step (fill_fde_model.c, proofs/fde_buckets_step). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "fde_buckets_fill_contract.h"

/* fill_fde's model reads the starts from here (fill_fde_model.c). */
extern fill_starts fill_fde_starts;

int main(void) {
  sfv_section sec;
  uint32_t k, b = nondet_u32();
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  for (k = 0; k < sec.fde_avail; k++)
    __CPROVER_assume(fde_buckets_pre_at(&sec, k));
  fill_starts_read(&sec, &fill_fde_starts, 0, 0);
  sec.priv.fdes_sorted = 1;
  sfv_fde_buckets_fill(&sec);
  for (k = 0; k <= PROOF_MAX_FDES; k++) /* every FDE, then any bucket */
    __CPROVER_assert(fde_buckets_post_at(&sec, b, k), "the buckets' invariant");
  return 0;
}

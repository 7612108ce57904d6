/* SPDX-License-Identifier: MIT */
/* The burst of proofs/lib/deliver_contract.h is deliver()'s lemma
 * (proofs/sfv_v_deliver: deliver_post from any state satisfying
 * deliver_inv; the counters saturate, src/common/count.h, so no room is
 * needed) applied k times: the induction over k,
 * checked on any states (no code runs).
 *   base: a state satisfying the invariant is a burst of 0 from itself
 *     (with the emitter kept);
 *   step: from any state A, a state B a burst of k from A, and a state C
 *     that one deliver() makes of B (deliver_post, deliver_em_kept: what
 *     the lemma proves, from any B satisfying the invariant, which a
 *     burst keeps), C is a burst of k + 1 from A.
 * The whole-validator proof assumes deliver_burst_post in place of the
 * findings its models send (proofs/lib/burst_model.h). */
#include "proof.h"
#include "deliver_contract.h"

static sfv_result ra, rb, rc;
static vctx a, b, c;

static void any_state(vctx *v, sfv_result *r) {
  r->errors = nondet_u32();
  r->warnings = nondet_u32();
  r->notes = nondet_u32();
  r->suppressed = nondet_u32();
  v->res = r;
  v->em.fn = nondet_u8() ? (sfv_diag_fn)(uintptr_t)1 : NULL;
  v->em.ctx = nondet_u8() ? (void *)&ra : NULL;
  v->em.max = nondet_u32();
  v->em.delivered = nondet_u32();
  v->em.stop = nondet_int();
}

int main(void) {
  deliver_state s0, sb, s;
  uint32_t reca = nondet_u32(), recb = nondet_u32(), recc = nondet_u32();
  uint64_t k = nondet_u64();
  __CPROVER_assume(k < UINT32_MAX);
  any_state(&a, &ra);
  any_state(&b, &rb);
  any_state(&c, &rc);

  /* base */
  __CPROVER_assume(deliver_inv(&a, reca));
  deliver_save(&s, &a, reca);
  __CPROVER_assert(deliver_burst_post(&a, &s, reca, 0) &&
                       deliver_em_kept(&a.em, &a.em),
                   "burst: the base");

  /* step */
  deliver_save(&s0, &a, reca);
  __CPROVER_assume(deliver_burst_post(&b, &s0, recb, k) &&
                   deliver_em_kept(&b.em, &a.em));
  deliver_save(&sb, &b, recb);
  __CPROVER_assume(deliver_post(&c, &sb, recc) &&
                   deliver_em_kept(&c.em, &b.em));
  __CPROVER_assert(deliver_burst_post(&c, &s0, recc, k + 1u) &&
                       deliver_em_kept(&c.em, &a.em),
                   "burst: the step");
  return 0;
}

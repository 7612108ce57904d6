/* SPDX-License-Identifier: MIT */
/* validate.c's deliver() (static: the harness includes the file) against
 * proofs/lib/deliver_contract.h: from ANY emitter and counters satisfying
 * the invariant and the precondition (any cap, delivered count, stop
 * flag, callback or none, which may ask to stop), any finding of a known
 * rule and severity and any section size: no undefined behaviour; the
 * postcondition; the callback, given only a diagnostic of a known rule
 * with its offset clipped to the section, at most once; the cap, the
 * callback and its context kept.  The whole-validator proof assumes this
 * contract in deliver's place. */
#include "proof.h"
#include "../../src/sframe/validate.c"
#include "deliver_contract.h"

static vctx v;
static unsigned received;

static int cb(void *ctx, const sfv_diag *d) {
  __CPROVER_assert(ctx == &received, "callback: the caller's context");
  __CPROVER_assert((unsigned)d->rule < (unsigned)SFV_RULE_COUNT,
                   "callback: a known rule");
  __CPROVER_assert(d->offset <= v.sec.size,
                   "callback: the offset inside the section or at its end");
  received++;
  return nondet_int();
}

int main(void) {
  sfv_result res;
  sfv_finding f;
  deliver_state s;
  sfv_emitter em0;
  v.res = &res;
  v.em.fn = nondet_u8() ? cb : NULL;
  v.em.ctx = &received;
  v.em.stop = nondet_int();
  v.em.max = nondet_u32();
  v.em.delivered = nondet_u32();
  v.sec.size = nondet_size();
  received = nondet_unsigned();
  __CPROVER_assume(deliver_inv(&v, received) && deliver_finding_ok(&f));
  em0 = v.em;
  deliver_save(&s, &v, received);
  deliver(&v, &f);
  __CPROVER_assert(deliver_post(&v, &s, received), "deliver: postcondition");
  __CPROVER_assert(deliver_em_kept(&v.em, &em0),
                   "deliver: cap, callback and context kept, a stop kept");
  return 0;
}

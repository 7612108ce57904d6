/* SPDX-License-Identifier: MIT */
/* burst_model.h - the findings a model of a lemma sends to the validator's
 * own delivery (v->out: deliver(), validate.c), in the whole-validator
 * run (PROOF_BURST): n of them at once, as deliver_burst_post
 * (deliver_contract.h) says n deliveries leave the emitter and the
 * counters, the corollary of deliver()'s lemma (proofs/sfv_v_deliver,
 * the induction: proofs/deliver_burst).  Asserted first: the sink is the
 * validator's own delivery (o is v->out, v its context) and the lemma's
 * precondition holds (the invariant): the real
 * code that ran since the last model kept them, and so did the models.
 * The burst then covers n - 1 or n deliveries, and a last one (when the
 * solver picks it) is a real call of deliver() on a finding of a known
 * rule, so the callback's path, its request to stop included, stays in
 * the formula.  proof_received is the harness's callback count. */
#ifndef SFV_BURST_MODEL_H
#define SFV_BURST_MODEL_H

#include "deliver_contract.h"
#include "proof.h"

extern unsigned proof_received;

static inline void proof_send_one(const sfv_out *o);

/* Saves in *s, then makes any values of, what deliveries change: the
 * delivered count, the result counters and proof_received. */
static inline void proof_havoc_counts(vctx *v, deliver_state *s) {
  deliver_save(s, v, proof_received);
  v->em.delivered = nondet_u32();
  v->res->errors = nondet_u32();
  v->res->warnings = nondet_u32();
  v->res->notes = nondet_u32();
  v->res->suppressed = nondet_u32();
  proof_received = nondet_unsigned();
}

/* The frame at a model's entry: deliver()'s invariant asserted (the real
 * code since the last model kept it); then a cut: the emitter's counts,
 * the result counters and proof_received any values that satisfy it,
 * none above what it was (so the solver reasons from here on without the
 * deliveries before). */
static inline void proof_frame(vctx *v) {
  deliver_state s;
#ifndef PROOF_UB_ONLY
  __CPROVER_assert(deliver_inv(v, proof_received),
                   "frame: deliver()'s invariant at a model's entry");
#endif
  proof_havoc_counts(v, &s);
  __CPROVER_assume(deliver_inv(v, proof_received) &&
                   v->em.delivered <= s.delivered &&
                   v->res->errors <= s.errors &&
                   v->res->warnings <= s.warnings &&
                   v->res->notes <= s.notes &&
                   v->res->suppressed <= s.suppressed &&
                   proof_received <= s.received);
}

/* k deliveries' worth of change to the emitter, the counters and
 * proof_received (k <= n), as deliver_burst_post allows.  Asserted: the
 * invariant, and k inside the induction's range (proofs/deliver_burst:
 * k < 2^32).  Nothing is assumed of the counters' values: they saturate
 * (src/common/count.h) and deliver()'s lemma holds from any. */
static inline void proof_burst_of(vctx *v, uint64_t n, uint64_t k) {
  deliver_state s;
#ifndef PROOF_UB_ONLY
  __CPROVER_assert(deliver_inv(v, proof_received),
                   "burst: deliver's invariant");
  __CPROVER_assert(k <= n && k <= UINT32_MAX,
                   "burst: inside the induction's range");
#endif
  proof_havoc_counts(v, &s);
  if (!v->em.stop)
    v->em.stop = nondet_int();
  __CPROVER_assume(deliver_burst_post(v, &s, proof_received, k));
}

static inline void proof_burst(const sfv_out *o, uint64_t n) {
  vctx *v = o->ctx;
  int last = n != 0 && nondet_u8() != 0;
  __CPROVER_assert(o == &v->out, "burst: to the validator's own delivery");
  proof_burst_of(v, n, last ? n - 1u : n);
  if (last)
    proof_send_one(o);
}

#endif

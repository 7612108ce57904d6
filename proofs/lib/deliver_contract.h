/* SPDX-License-Identifier: MIT */
/* deliver_contract.h - the contract of validate.c's deliver() (static: the
 * validator's sfv_out, which turns a finding into a diagnostic), proved by
 * proofs/sfv_v_deliver from ANY state satisfying it.
 *
 * Its state is the emitter (cap, delivered, stop) and the result's
 * counters; received counts the diagnostics the caller's callback was
 * given (the proofs' callbacks count them).  The invariant: no more
 * delivered than the cap, every one received was delivered, and every
 * delivered one counted by its severity.  Precondition: the invariant
 * and a finding of a known rule and severity; any counter values (they
 * saturate at UINT32_MAX, src/common/count.h, and never wrap).
 * Postcondition: the invariant; each counter and the delivered count up
 * by at most one, at most one of errors, warnings and notes; the cap,
 * callback and context kept, a stop kept; the callback given at most one
 * diagnostic, of a known rule, its offset inside the section or at its
 * end.
 *
 * A burst of k deliveries (deliver_burst_post): by induction over k with
 * deliver_post as the step, from any state satisfying the invariant: the
 * invariant, each counter, the delivered count and the received count up
 * by at most k, errors + warnings + notes by at most k in all, the cap,
 * callback and context kept, a stop kept.  proofs/deliver_burst checks
 * the base and the step; the whole-validator run puts a burst in place of
 * the findings a model of a lemma sends (burst_model.h). */
#ifndef SFV_DELIVER_CONTRACT_H
#define SFV_DELIVER_CONTRACT_H

#include "sframe/validate.h"

static inline int deliver_inv(const vctx *v, uint32_t received) {
  const sfv_result *r = v->res;
  return r != NULL && received <= v->em.delivered &&
         v->em.delivered <= v->em.max &&
         (uint64_t)r->errors + r->warnings + r->notes >= v->em.delivered;
}

/* The finding: a known rule and severity (what sfv_find sends). */
static inline int deliver_finding_ok(const sfv_finding *f) {
  return (unsigned)f->rule < (unsigned)SFV_RULE_COUNT &&
         (f->severity == SFV_SEV_ERROR || f->severity == SFV_SEV_WARNING ||
          f->severity == SFV_SEV_NOTE);
}

typedef struct deliver_state {
  uint32_t errors, warnings, notes, suppressed, received, delivered;
} deliver_state;

static inline void deliver_save(deliver_state *s, const vctx *v,
                                uint32_t received) {
  s->errors = v->res->errors;
  s->warnings = v->res->warnings;
  s->notes = v->res->notes;
  s->suppressed = v->res->suppressed;
  s->received = received;
  s->delivered = v->em.delivered;
}

/* now is was or was + 1 (without wrapping). */
static inline int deliver_up1(uint32_t now, uint32_t was) {
  return now == was || (uint64_t)now == (uint64_t)was + 1u;
}

static inline int deliver_post(const vctx *v, const deliver_state *s,
                               uint32_t received) {
  const sfv_result *r = v->res;
  return deliver_inv(v, received) && deliver_up1(r->errors, s->errors) &&
         deliver_up1(r->warnings, s->warnings) &&
         deliver_up1(r->notes, s->notes) &&
         deliver_up1(r->suppressed, s->suppressed) &&
         (uint64_t)r->errors + r->warnings + r->notes <=
             (uint64_t)s->errors + s->warnings + s->notes + 1u &&
         deliver_up1(received, s->received) &&
         deliver_up1(v->em.delivered, s->delivered);
}

/* The cap, callback and context kept, a stop kept (was: the emitter
 * before). */
static inline int deliver_em_kept(const sfv_emitter *now,
                                  const sfv_emitter *was) {
  return now->max == was->max && now->fn == was->fn &&
         now->ctx == was->ctx && (!was->stop || now->stop);
}

/* A burst's postcondition (above). */
static inline int deliver_upk(uint32_t now, uint32_t was, uint64_t k) {
  return now >= was && now - was <= k;
}

static inline int deliver_burst_post(const vctx *v, const deliver_state *s,
                                     uint32_t received, uint64_t k) {
  const sfv_result *r = v->res;
  return deliver_inv(v, received) && deliver_upk(r->errors, s->errors, k) &&
         deliver_upk(r->warnings, s->warnings, k) &&
         deliver_upk(r->notes, s->notes, k) &&
         deliver_upk(r->suppressed, s->suppressed, k) &&
         (uint64_t)r->errors + r->warnings + r->notes <=
             (uint64_t)s->errors + s->warnings + s->notes + k &&
         deliver_upk(received, s->received, k) &&
         deliver_upk(v->em.delivered, s->delivered, k);
}

#endif

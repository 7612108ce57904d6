/* SPDX-License-Identifier: MIT */
/* deliver_contract.h - the contract of validate.c's deliver() (static: the
 * validator's sfv_out, which turns a finding into a diagnostic), proved by
 * proofs/sfv_v_deliver from ANY state satisfying it.
 *
 * Its state is the emitter (cap, delivered, stop) and the result's
 * counters; received counts the diagnostics the caller's callback was
 * given (the proofs' callbacks count them).  The invariant: no more
 * delivered than the cap, every one received was delivered, and every
 * delivered one counted by its severity.  Precondition: the invariant,
 * a finding of a known rule and severity, and every counter below 2^31
 * (far from wrapping: a section of N bytes draws far fewer findings).
 * Postcondition: the invariant; each counter up by at most one, at most
 * one of errors, warnings and notes; the cap, callback and context kept,
 * a stop kept; the callback given at most one diagnostic, of a known
 * rule, its offset inside the section or at its end.
 *
 * sfv_validate sets up the invariant (nothing delivered, counters 0) and
 * nothing but deliver() writes the emitter; the walk and the fast path
 * only raise counters (walk_contract.h, fast_contract.h), which keeps it.
 * So the cap and the counts hold for every section whatever the
 * whole-validator run at a given N checks of them (docs/PROOFS.md). */
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

static inline int deliver_room(const vctx *v) {
  const sfv_result *r = v->res;
  return r->errors < (1u << 31) && r->warnings < (1u << 31) &&
         r->notes < (1u << 31) && r->suppressed < (1u << 31);
}

typedef struct deliver_state {
  uint32_t errors, warnings, notes, suppressed, received;
} deliver_state;

static inline void deliver_save(deliver_state *s, const vctx *v,
                                uint32_t received) {
  s->errors = v->res->errors;
  s->warnings = v->res->warnings;
  s->notes = v->res->notes;
  s->suppressed = v->res->suppressed;
  s->received = received;
}

static inline int deliver_up1(uint32_t now, uint32_t was) {
  return now == was || now == was + 1u;
}

static inline int deliver_post(const vctx *v, const deliver_state *s,
                               uint32_t received) {
  const sfv_result *r = v->res;
  return deliver_inv(v, received) && deliver_up1(r->errors, s->errors) &&
         deliver_up1(r->warnings, s->warnings) &&
         deliver_up1(r->notes, s->notes) &&
         deliver_up1(r->suppressed, s->suppressed) &&
         (r->errors - s->errors) + (r->warnings - s->warnings) +
                 (r->notes - s->notes) <=
             1u &&
         deliver_up1(received, s->received);
}

#endif

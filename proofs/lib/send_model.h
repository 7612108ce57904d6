/* SPDX-License-Identifier: MIT */
/* send_model.h - what the models of proved lemmas (proofs/sfv_validate)
 * send to a finding sink: n findings, each any finding of a known rule and
 * severity (what the lemmas' sinks check), in turn (PROOF_SEND: a loop of
 * the model's own, named after it, for its own unwinding bound); in the
 * whole-validator run (PROOF_BURST), where every model's sink is the
 * validator's own delivery, one burst (burst_model.h). */
#ifndef SFV_SEND_MODEL_H
#define SFV_SEND_MODEL_H

#include "common/report.h"
#include "proof.h"
#ifdef PROOF_BURST
#include "burst_model.h"
#endif

/* One finding: any of a known rule and severity.  (No loop: a model with
 * a bound of its own loops over it, under a loop name of its own.) */
static inline void proof_send_one(const sfv_out *o) {
  sfv_finding g;
  unsigned rule = nondet_unsigned(), sev = nondet_unsigned();
  __CPROVER_assume(rule < (unsigned)SFV_RULE_COUNT);
  __CPROVER_assume(sev == SFV_SEV_ERROR || sev == SFV_SEV_WARNING ||
                   sev == SFV_SEV_NOTE);
  g.rule = (sfv_rule_id)rule;
  g.severity = (sfv_severity)sev;
  if (o->fn != NULL)
    o->fn(o->ctx, &g);
}

#ifdef PROOF_BURST
#define PROOF_SEND(o, n) proof_burst((o), (n))
#define PROOF_FRAME(v) proof_frame(v)
#else
#define PROOF_FRAME(v) ((void)0)
#define PROOF_SEND(o, n)                                                   \
  for (uint64_t proof_i_ = 0, proof_n_ = (n); proof_i_ < proof_n_;         \
       proof_i_++)                                                         \
  proof_send_one(o)
#endif

static inline void proof_send_findings(const sfv_out *o, unsigned n) {
  PROOF_SEND(o, n);
}

#endif

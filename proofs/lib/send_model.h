/* SPDX-License-Identifier: MIT */
/* send_model.h - what the models of proved lemmas (proofs/sfv_validate)
 * send to a finding sink: n findings, each any finding of a known rule and
 * severity (what the lemmas' sinks check), in turn. */
#ifndef SFV_SEND_MODEL_H
#define SFV_SEND_MODEL_H

#include "common/report.h"

static inline void proof_send_findings(const sfv_out *o, unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++) {
    sfv_finding g;
    __CPROVER_assume((unsigned)g.rule < (unsigned)SFV_RULE_COUNT);
    __CPROVER_assume(g.severity == SFV_SEV_ERROR ||
                     g.severity == SFV_SEV_WARNING ||
                     g.severity == SFV_SEV_NOTE);
    if (o->fn != NULL)
      o->fn(o->ctx, &g);
  }
}

#endif

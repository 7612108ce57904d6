/* SPDX-License-Identifier: MIT */
/* finding_sink.h - v->out for the lemmas of the validator's passes: every
 * finding must be of a known rule and severity and come with the
 * validator's context; they are counted (proof_sink_sent), and any one
 * may stop the run (v->em.stop), as the validator's callback may. */
#ifndef SFV_FINDING_SINK_H
#define SFV_FINDING_SINK_H

#include "sframe/validate.h"
#include "proof.h"

static vctx *proof_sink_v;
static unsigned proof_sink_sent;

static void proof_sink(void *ctx, const sfv_finding *g) {
  __CPROVER_assert(ctx == proof_sink_v, "finding: the validator's context");
  __CPROVER_assert((unsigned)g->rule < (unsigned)SFV_RULE_COUNT &&
                       (g->severity == SFV_SEV_ERROR ||
                        g->severity == SFV_SEV_WARNING ||
                        g->severity == SFV_SEV_NOTE),
                   "finding: a known rule and severity");
  proof_sink_sent++;
  if (nondet_u8() != 0)
    proof_sink_v->em.stop = 1;
}

/* Points v->out of *v at the sink. */
static inline void proof_sink_attach(vctx *v) {
  proof_sink_v = v;
  v->out = (sfv_out){proof_sink, v};
}

#endif

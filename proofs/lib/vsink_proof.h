/* SPDX-License-Identifier: MIT */
/* vsink_proof.h - the validator state and finding sink of the harnesses of
 * the validator's lemmas (proofs/sfv_v_walk_fres, proofs/sfv_v_fast_fres,
 * proofs/sfv_v_fde_index, and stage 4's through stage4_proof.h): one vctx
 * v, and a sink for v->out that checks each finding (v->out's context, a
 * known rule and severity), counts it in sent and may stop the run, as
 * the validator's callback may.  Included once, by the harness. */
#ifndef SFV_VSINK_PROOF_H
#define SFV_VSINK_PROOF_H

#include "sframe/validate.h"
#include "proof.h"

static vctx v;
static unsigned sent;
static unsigned elsewhere; /* a v->out.ctx other than the validator's */

static void sink(void *ctx, const sfv_finding *g) {
  __CPROVER_assert(ctx == v.out.ctx, "finding: v->out's context");
  __CPROVER_assert((unsigned)g->rule < (unsigned)SFV_RULE_COUNT &&
                       (g->severity == SFV_SEV_ERROR ||
                        g->severity == SFV_SEV_WARNING ||
                        g->severity == SFV_SEV_NOTE),
                   "finding: a known rule and severity");
  sent++;
  if (nondet_u8() != 0)
    v.em.stop = 1;
}

/* v.out: the sink, with the validator's context. */
static inline void vsink_attach(void) { v.out = (sfv_out){sink, &v}; }

#endif

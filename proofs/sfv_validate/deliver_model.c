/* SPDX-License-Identifier: MIT */
/* The model of validate.c's deliver() in the whole-validator runs that
 * check the cap, the counts and the frame (N.<split>.cap: mk/prove.mk
 * removes the function pointers, then --replace-calls
 * deliver:deliver_model): its proved contract (proofs/sfv_v_deliver,
 * proofs/lib/deliver_contract.h), a burst of one: the finding and the
 * lemma's precondition asserted, the emitter and the counters any state
 * deliver_post allows.  The runs without .cap run the real deliver()
 * (no undefined behaviour, the callback's assertions). */
#include "proof.h"
#include "send_model.h"

void deliver_model(void *ctx, const sfv_finding *f);

void deliver_model(void *ctx, const sfv_finding *f) {
  __CPROVER_assert(deliver_finding_ok(f),
                   "deliver: a finding of a known rule and severity");
  proof_burst_of((vctx *)ctx, 1, 1);
}

/* SPDX-License-Identifier: MIT */
/* The model of stage 4's clean pass in the whole-validator proof
 * (goto-instrument --replace-calls sfv_v_clean_pass:clean_model_pass):
 * any result the contract proofs/lib/clean_contract.h allows (proved by
 * proofs/sfv_v_clean_pass): the precondition asserted, the scratch and
 * the fast path's back-off any values, nothing reported, 0 or 1
 * returned; in the whole-validator run, the fast path's tables checked
 * as zeroed at its entry (table_frame.h). */
#include "proof.h"
#include "clean_contract.h"
#include "send_model.h"
#include "table_frame.h"

int clean_model_pass(vctx *v, const pass_a *pa, span *spans);

int clean_model_pass(vctx *v, const pass_a *pa, span *spans) {
  clean_state s;
  int r = nondet_int();
  __CPROVER_assert(clean_pre(v, pa, spans), "clean pass: precondition");
  TABLE_FRAME_ASSERT(v, "clean pass");
  PROOF_FRAME(v);
  clean_save(&s, v);
  if (spans != NULL)
    __CPROVER_havoc_object(spans);
  v->fast_skip = nondet_unsigned();
  v->fast_miss = nondet_unsigned();
  __CPROVER_assume(clean_post(v, &s, r, 0));
  return r;
}

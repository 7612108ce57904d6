/* SPDX-License-Identifier: MIT */
/* The model of the FRE fast path in the whole-validator proof (mk/prove.mk
 * calls goto-instrument --replace-calls sfv_v_fast_fres:fast_model_fres,
 * sfv_v_fast_fres_find:fast_model_find): any result the contract
 * proofs/lib/fast_contract.h allows (proved by proofs/sfv_v_fast_fres):
 * the iterator, budget, previous start and result counters moved as it
 * says, and (find) up to d findings of known rules sent to v->out; the
 * tables checked as zeroed at the call in the whole-validator run
 * (table_frame.h). */
#include "proof.h"
#include "fast_contract.h"
#include "send_model.h"
#include "table_frame.h"

void fast_model_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
                     uint32_t *prev_start);
void fast_model_find(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                     sfv_work *b, uint32_t *prev_start);

static void fast_model(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                       sfv_work *b, uint32_t *prev_start, int find) {
  fast_state s;
  unsigned sent = nondet_unsigned();
  __CPROVER_assert(fast_pre(v, f, it), "fast path: precondition");
  TABLE_FRAME_ASSERT(v, "fast path");
  fast_save(&s, v, it, b, prev_start);
  it->pos = nondet_u64();
  it->next = nondet_u32();
  *prev_start = nondet_u32();
  if (b != NULL)
    b->left = nondet_u64();
  v->res->errors = nondet_u32();
  v->res->warnings = nondet_u32();
  v->res->notes = nondet_u32();
  v->res->suppressed = nondet_u32();
  __CPROVER_assume(fast_post(v, it, b, prev_start, &s, find, sent));
  proof_send_findings(&v->out, sent);
}

void fast_model_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
                     uint32_t *prev_start) {
  fast_model(v, f, it, b, prev_start, 0);
}

void fast_model_find(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                     sfv_work *b, uint32_t *prev_start) {
  fast_model(v, f, it, b, prev_start, 1);
}

/* SPDX-License-Identifier: MIT */
/* The models of stage 4's cross-FDE passes in the whole-validator proof
 * (goto-instrument --replace-calls
 * sfv_v_func_overlap_filled:cross_model_func_overlap,
 * sfv_v_blocks_ordered:cross_model_blocks_ordered,
 * sfv_v_blocks_fallback:cross_model_blocks_fallback): any result the
 * contracts of proofs/lib/cross_contract.h allow (proved by
 * proofs/sfv_v_func_overlap_filled, proofs/sfv_v_blocks_ordered,
 * proofs/sfv_v_blocks_fallback): the precondition asserted, the scratch,
 * the fast path's back-off and the result counters moved as they say, and
 * up to the stated number of findings of known rules sent to v->out
 * (proofs/lib/send_model.h: one at a time, each model by a loop of its
 * own, cross_model_<name>.0, for its own unwinding bound; one burst in
 * the whole-validator run). */
#include <string.h>

#include "proof.h"
#include "cross_contract.h"
#include "send_model.h"
#include "table_frame.h"

void cross_model_func_overlap(vctx *v, const pass_a *pa, span_fill *sf);
void cross_model_blocks_ordered(vctx *v, const pass_a *pa, span *spans);
void cross_model_blocks_fallback(vctx *v, const pass_a *pa);

/* The walks' share of the block passes: fast_skip, fast_miss (<= 5), each
 * result counter up by at most up; the fast path's tables checked as
 * zeroed in the whole-validator run (table_frame.h).  Returns how many
 * findings to send, at most most. */
static uint64_t cross_model_walks(vctx *v, uint64_t up, uint64_t most) {
  stage4_counts c;
  uint64_t sent = nondet_u64();
  TABLE_FRAME_ASSERT(v, "block walks");
  stage4_save(&c, v);
  walk_havoc(v, NULL); /* what the walks may change, no budget here */
  __CPROVER_assume(v->fast_miss <= 5u && stage4_counted(v, &c, up) &&
                   sent <= most);
  return sent;
}

void cross_model_func_overlap(vctx *v, const pass_a *pa, span_fill *sf) {
  uint32_t j = nondet_u32();
  uint64_t sent = nondet_u64();
  span_stats any;
  __CPROVER_assert(overlap_pre(v, pa, sf), "func overlap: precondition");
  PROOF_FRAME(v);
  if (j < sf->st.n)
    __CPROVER_assert(span_ok(sf, j), "func overlap: every span filled");
  __CPROVER_assume(sent <= overlap_findings(sf));
  __CPROVER_havoc_object(sf->a);
  memcpy(sf->st.b, any.b, sizeof sf->st.b);
  PROOF_SEND(&v->out, sent);
}

void cross_model_blocks_ordered(vctx *v, const pass_a *pa, span *spans) {
  uint64_t sent;
  __CPROVER_assert(stage4_pre(v, pa) && stage4_room(spans, pa->n),
                   "blocks ordered: precondition");
  PROOF_FRAME(v);
  if (spans != NULL)
    __CPROVER_havoc_object(spans);
  sent = cross_model_walks(v, pa->fre_len, ordered_findings(pa));
  PROOF_SEND(&v->out, sent);
}

void cross_model_blocks_fallback(vctx *v, const pass_a *pa) {
  uint64_t sent;
  __CPROVER_assert(stage4_pre(v, pa), "blocks fallback: precondition");
  PROOF_FRAME(v);
  sent = cross_model_walks(v, (uint64_t)pa->n * pa->fre_len,
                           fallback_findings(pa));
  PROOF_SEND(&v->out, sent);
}

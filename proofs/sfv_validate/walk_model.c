/* SPDX-License-Identifier: MIT */
/* The model of one FDE's FRE walk in the whole-validator proof (mk/prove.mk
 * calls goto-instrument --replace-calls sfv_v_walk_fres:walk_model_fres,
 * sfv_v_walk_fres_quiet:walk_model_quiet): any result the contract
 * proofs/lib/walk_contract.h allows (proved by proofs/sfv_v_walk_fres):
 * the end position, budget, counters and fast-path back-off moved as it
 * says, and up to WALK_FINDINGS findings of known rules sent to v->out;
 * in the whole-validator run, the fast path's tables checked as zeroed
 * at its entry (table_frame.h). */
#include "proof.h"
#include "walk_contract.h"
#include "send_model.h"
#include "table_frame.h"

uint64_t walk_model_fres(vctx *v, const sfv_fde *f, sfv_work *b);
int walk_model_quiet(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                     uint32_t prev_start, sfv_work *b, uint64_t *end);

static uint64_t walk_model(vctx *v, const sfv_fde *f, uint64_t p0,
                           sfv_work *b, int quiet) {
  walk_state s;
  unsigned sent = nondet_unsigned();
  uint64_t e = nondet_u64();
  __CPROVER_assert(walk_pre(v, f, p0), "FRE walk: precondition");
  TABLE_FRAME_ASSERT(v, "FRE walk");
  walk_save(&s, v, p0, b);
  walk_havoc(v, b);
  __CPROVER_assume(walk_post(v, b, &s, e, quiet, sent));
  proof_send_findings(&v->out, sent);
  return e;
}

uint64_t walk_model_fres(vctx *v, const sfv_fde *f, sfv_work *b) {
  return walk_model(v, f, f->fres_offset, b, 0);
}

int walk_model_quiet(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                     uint32_t prev_start, sfv_work *b, uint64_t *end) {
  (void)prev_start;
  *end = walk_model(v, f, it->pos, b, 1);
  return nondet_int();
}

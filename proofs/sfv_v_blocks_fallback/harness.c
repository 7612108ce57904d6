/* SPDX-License-Identifier: MIT */
/* validate_cross.c's sfv_v_blocks_fallback (no scratch, blocks out of
 * order: each walked in index order under a budget of fre_len bytes) on
 * any validator state stage4_pre allows (stage4_proof.h): no undefined
 * behaviour, and the postcondition the whole-validator proof assumes in
 * its place (proofs/sfv_validate/cross_model.c,
 * proofs/lib/cross_contract.h): at most n * WALK_FINDINGS(fre_len) + 2
 * findings, each of a known rule and severity, every result counter up by
 * at most n * fre_len, fast_miss <= 5, v->out as it was.  One FDE's FRE
 * walk is its proved contract (proofs/lib/walk_contract.h). */
#include "stage4_proof.h"

int main(void) {
  pass_a pa;
  stage4_counts c;
  sfv_out out0;
  stage4_any(&pa);
  stage4_save(&c, &v);
  out0 = v.out;
  sfv_v_blocks_fallback(&v, &pa);
  __CPROVER_assert(sent <= fallback_findings(&pa),
                   "blocks fallback: at most n * WALK_FINDINGS(fre_len) + 2 "
                   "findings");
  __CPROVER_assert(stage4_counted(&v, &c, (uint64_t)pa.n * pa.fre_len),
                   "blocks fallback: counters up by at most n * fre_len");
  __CPROVER_assert(v.fast_miss <= 5u && v.out.fn == out0.fn &&
                       v.out.ctx == out0.ctx,
                   "blocks fallback: back-off bound, v->out as it was");
  return 0;
}

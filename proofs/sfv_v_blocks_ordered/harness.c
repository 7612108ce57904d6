/* SPDX-License-Identifier: MIT */
/* validate_cross.c's sfv_v_blocks_ordered (the FRE blocks in sub-section
 * order: with scratch sorted by fre_off, else in index order) on any
 * validator state stage4_pre allows (stage4_proof.h), scratch NULL or 2 n
 * spans of any contents: no undefined behaviour, and the postcondition
 * the whole-validator proof assumes in its place
 * (proofs/sfv_validate/cross_model.c, proofs/lib/cross_contract.h): at
 * most n + 3 fre_len + 1 findings, each of a known rule and severity,
 * every result counter up by at most fre_len, fast_miss <= 5, v->out as
 * it was; every write inside the scratch.  One FDE's FRE walk is its
 * proved contract (proofs/lib/walk_contract.h, whose model asserts the
 * walk's precondition at each call). */
#include "stage4_proof.h"

int main(void) {
  pass_a pa;
  span *spans;
  stage4_counts c;
  sfv_out out0;
  stage4_any(&pa);
  spans = stage4_scratch(pa.n, 1);
  stage4_save(&c, &v);
  out0 = v.out;
  sfv_v_blocks_ordered(&v, &pa, spans);
  __CPROVER_assert(sent <= ordered_findings(&pa),
                   "blocks ordered: at most n + 3 fre_len + 1 findings");
  __CPROVER_assert(stage4_counted(&v, &c, pa.fre_len),
                   "blocks ordered: counters up by at most fre_len");
  __CPROVER_assert(v.fast_miss <= 5u && v.out.fn == out0.fn &&
                       v.out.ctx == out0.ctx,
                   "blocks ordered: back-off bound, v->out as it was");
  return 0;
}

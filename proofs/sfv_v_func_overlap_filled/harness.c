/* SPDX-License-Identifier: MIT */
/* validate_cross.c's sfv_v_func_overlap_filled (the sort of the function
 * spans, then the sweep) on any validator state stage4_pre allows
 * (stage4_proof.h) and any spans satisfying its precondition
 * (cross_contract.h: overlap_pre, every span span_ok; contents and
 * statistics any values else, the index field too): no undefined
 * behaviour, and the postcondition the whole-validator proof assumes in
 * its place (proofs/sfv_validate/cross_model.c): at most one finding per
 * span, each of a known rule and severity, no result counter moved,
 * v->out as it was; every write inside the 2 n spans (its own object). */
#include "stage4_proof.h"

int main(void) {
  pass_a pa;
  span_fill sf;
  span_stats any;
  stage4_counts c;
  sfv_out out0;
  uint32_t i, n0;
  stage4_any(&pa);
  sf.a = stage4_scratch(pa.n, 0);
  sf.st = any;
  __CPROVER_assume(overlap_pre(&v, &pa, &sf));
  for (i = 0; i < sf.st.n; i++)
    __CPROVER_assume(span_ok(&sf, i));
  stage4_save(&c, &v);
  out0 = v.out;
  n0 = sf.st.n;
  sfv_v_func_overlap_filled(&v, &pa, &sf);
  __CPROVER_assert(sent <= n0, "overlap: at most one finding per span");
  __CPROVER_assert(stage4_counted(&v, &c, 0), "overlap: counters kept");
  __CPROVER_assert(v.out.fn == out0.fn && v.out.ctx == out0.ctx,
                   "overlap: v->out as it was");
  return 0;
}

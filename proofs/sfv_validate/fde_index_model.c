/* SPDX-License-Identifier: MIT */
/* The models of validate.c's FDE-level passes in the whole-validator
 * proof (mk/prove.mk: goto-instrument --replace-calls
 * check_fde_index:fde_index_model, all_starts_zero:starts_zero_model): any
 * result the contracts of proofs/lib/fde_index_contract.h allow (proved by
 * proofs/sfv_v_fde_index), each asserting its precondition at the call. */
#include "proof.h"
#include "fde_index_contract.h"
#include "send_model.h"

void fde_index_model(vctx *v, pass_a *pa, span_fill *sf);
int starts_zero_model(const vctx *v, uint32_t n);

/* check_fde_index: the pass stops before FDE i (every FDE, or a callback
 * asked to stop), its invariant holding there; the spans it kept any
 * values span_ok allows (the scratch object havocked whole: no caller
 * reads it past them); up to FDE_INDEX_FINDINGS(i) findings sent. */
void fde_index_model(vctx *v, pass_a *pa, span_fill *sf) {
  uint32_t i = nondet_u32(), k;
  uint64_t sent = nondet_u64();
  span_stats any;
  __CPROVER_assert(fde_index_pre(v, pa) && fde_index_room(pa, sf) &&
                       sf->st.n == 0 && sf->st.runs == 1,
                   "FDE index pass: precondition");
  PROOF_FRAME(v);
  pa->blocks_ascending = nondet_int();
  pa->funcs_in_order = nondet_int();
  pa->ranges_ok = nondet_int();
  pa->prefix_end = nondet_u32();
  sf->st = any;
  if (sf->a != NULL)
    __CPROVER_havoc_object(sf->a);
  __CPROVER_assume(fde_index_inv(v, pa, sf, i) &&
                   sent <= FDE_INDEX_FINDINGS(i));
  for (k = 0; k < sf->st.n; k++)
    __CPROVER_assume(span_ok(sf, k));
  PROOF_SEND(&v->out, sent);
}

int starts_zero_model(const vctx *v, uint32_t n) {
  int r = nondet_int();
  __CPROVER_assert(v->sec.fde_avail >= n, "all_starts_zero: precondition");
  __CPROVER_assume(r == 0 || r == 1);
  __CPROVER_assume(n >= 2 || r == 0);
  return r;
}

/* SPDX-License-Identifier: MIT */
/* validate_clean.c's sfv_v_clean_pass (stage 4 in one pass that reports
 * nothing: each FDE decoded and classified with a counting sink, its FREs
 * walked, the function ranges swept or sorted and swept, the blocks
 * checked to tile the sub-section) on any validator state stage4_pre
 * allows (stage4_proof.h), scratch NULL or 2 n spans of any contents: no
 * undefined behaviour, and proofs/lib/clean_contract.h's postcondition,
 * which the whole-validator proof assumes in its place
 * (proofs/sfv_validate/clean_model.c): 0 or 1, no finding sent (the
 * sink counts any), no counter moved, v->out, the emitter and the flags
 * as they were, fast_miss <= 5; every write inside the scratch.  Its
 * callees with loops over FREs or spans are their proved contracts: the
 * fast path (fast_contract.h), the quiet walk (walk_contract.h) and the
 * sorted sweep (cross_contract.h, whose model asserts its precondition:
 * so this proves the clean pass establishes it). */
#include "stage4_proof.h"
#include "clean_contract.h"

int main(void) {
  pass_a pa;
  span *spans;
  clean_state s;
  int r;
  stage4_any(&pa);
  spans = stage4_scratch(pa.n, 1);
  v.unreloc = nondet_u8() != 0;
  clean_save(&s, &v);
  r = sfv_v_clean_pass(&v, &pa, spans);
  __CPROVER_assert(clean_post(&v, &s, r, sent), "clean pass: postcondition");
  return 0;
}

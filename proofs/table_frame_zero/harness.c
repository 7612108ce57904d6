/* SPDX-License-Identifier: MIT */
/* The tables as sfv_validate zeroes them satisfy the fast path's tables'
 * invariant (proofs/lib/table_frame.h): on any validator state (any
 * section header, any table contents, any info byte j), the entries at j
 * that table_frame_zeroed says are 0 (info, find_ix, and flex_info in
 * version 3; no finding template yet) make fast_table_ok hold at j.  No
 * code runs; with it the whole-validator runs' check of the zeroed
 * entries is a check of the invariant. */
#define PROOF_TABLE_FRAME 1
#include "table_frame.h"

TABLE_FRAME_J;

static vctx v;

int main(void) {
  vfast *ft = malloc(sizeof *ft);
  sfv_section any;
  __CPROVER_assume(ft != NULL);
  v.sec = any;
  v.ft = ft;
  v.find_n = nondet_unsigned();
  v.memo = nondet_int();
  table_frame_pick();
  __CPROVER_assume(table_frame_zeroed(&v));
  __CPROVER_assert(fast_table_ok(&v, proof_table_j),
                   "zeroed entries satisfy the tables' invariant");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* index_build.c's ix_sort (static: the harness includes the file) on
 * n <= PROOF_N function records and starts, any values, each array its own
 * object: no undefined behaviour and ix_sort_post, the outcome
 * proofs/sfv_index's sort model chooses between: at n < 2 nothing
 * changed, at n = 2 the two records and starts as they were or swapped,
 * ascending by (start, FDE index) either way. */
#include "proof.h"
#include "../../src/lookup/index_build.c"

static int fn_eq(const struct sfv_index_fn *a, const struct sfv_index_fn *b) {
  return a->size == b->size && a->fde == b->fde && a->first == b->first &&
         a->count == b->count && a->xfirst == b->xfirst && a->dense == b->dense &&
         a->rep_size == b->rep_size && a->mask_v1 == b->mask_v1 && a->mask == b->mask &&
         a->status == b->status;
}

int main(void) {
  uint32_t n = nondet_u32();
  uint64_t starts[2], s0[2];
  struct sfv_index_fn fns[2], f0[2];
  __CPROVER_assume(n <= PROOF_N && PROOF_N <= 2);
  s0[0] = starts[0];
  s0[1] = starts[1];
  f0[0] = fns[0];
  f0[1] = fns[1];
  ix_sort(starts, fns, n);
  if (n < 2)
    __CPROVER_assert(starts[0] == s0[0] && starts[1] == s0[1] && fn_eq(&fns[0], &f0[0]) &&
                         fn_eq(&fns[1], &f0[1]),
                     "sort: below two records nothing changes");
  else
    __CPROVER_assert(((starts[0] == s0[0] && starts[1] == s0[1] && fn_eq(&fns[0], &f0[0]) &&
                       fn_eq(&fns[1], &f0[1])) ||
                      (starts[0] == s0[1] && starts[1] == s0[0] && fn_eq(&fns[0], &f0[1]) &&
                       fn_eq(&fns[1], &f0[0]))) &&
                         !ix_less(starts, fns, 1, 0),
                     "sort: two records kept or swapped, ascending");
  return 0;
}

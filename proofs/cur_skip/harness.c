/* SPDX-License-Identifier: MIT */
/* cur_skip: a skip of any length, on a cursor anywhere in a buffer of any
 * length (lib/cursor_proof.h): in bounds, succeeds exactly when the bytes
 * are there, and a failure changes nothing. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c, c0;
  uint64_t end;
  uint8_t *buf = cursor_proof_setup(&c, &end);
  c0 = c;
  {
  uint64_t n = nondet_u64();
  int ok = cur_skip(&c, n);
  __CPROVER_assert(ok == (n <= end - c0.pos), "cur_skip");
  __CPROVER_assert(c.pos == (ok ? c0.pos + n : c0.pos), "cur_skip: advance");
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

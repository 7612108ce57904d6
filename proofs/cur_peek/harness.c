/* SPDX-License-Identifier: MIT */
/* cur_peek: n <= 8 bytes at any offset, without moving, on a cursor anywhere in a buffer of any
 * length (lib/cursor_proof.h): in bounds, succeeds exactly when the bytes
 * are there, and a failure changes nothing. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c, c0;
  uint64_t end;
  uint8_t *buf = cursor_proof_setup(&c, &end);
  c0 = c;
  {
  unsigned n = PROOF_N; /* each width 1..8 in its own run (mk/prove.mk) */
  uint64_t at = nondet_u64(), v = nondet_u64(), v0 = v;
  int ok;
  ok = cur_peek(&c, at, n, &v);
  __CPROVER_assert(ok == (at <= end && n <= end - at), "cur_peek: succeeds iff inside");
  __CPROVER_assert(c.pos == c0.pos, "cur_peek: does not move");
  if (ok)
    cursor_proof_value(buf + at, n, v, c.big_endian);
  else
    __CPROVER_assert(v == v0, "cur_peek: failure changes nothing");
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

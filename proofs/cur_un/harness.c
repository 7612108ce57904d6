/* SPDX-License-Identifier: MIT */
/* cur_un: n <= 8 bytes in the byte order, on a cursor anywhere in a buffer of any
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
  uint64_t v = nondet_u64(), v0 = v;
  int ok;
  ok = cur_un(&c, n, &v);
  __CPROVER_assert(ok == (n <= end - c0.pos), "cur_un: succeeds iff n bytes are left");
  if (ok) {
    __CPROVER_assert(c.pos == c0.pos + n, "cur_un: advance");
    cursor_proof_value(buf + c0.pos, n, v, c.big_endian);
  } else {
    __CPROVER_assert(c.pos == c0.pos && v == v0, "cur_un: failure changes nothing");
  }
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

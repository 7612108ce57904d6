/* SPDX-License-Identifier: MIT */
/* cur_u8: one byte, on a cursor anywhere in a buffer of any
 * length (lib/cursor_proof.h): in bounds, succeeds exactly when the bytes
 * are there, and a failure changes nothing. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c, c0;
  uint64_t end;
  uint8_t *buf = cursor_proof_setup(&c, &end);
  c0 = c;
  {
  uint8_t v = nondet_u8(), v0 = v;
  int ok = cur_u8(&c, &v);
  __CPROVER_assert(ok == (c0.pos < end), "cur_u8: succeeds iff a byte is left");
  if (ok)
    __CPROVER_assert(c.pos == c0.pos + 1 && v == buf[c0.pos], "cur_u8: value, advance");
  else
    __CPROVER_assert(c.pos == c0.pos && v == v0, "cur_u8: failure changes nothing");
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* cur_u16: 2 bytes, on a cursor anywhere in a buffer of any
 * length (lib/cursor_proof.h): in bounds, succeeds exactly when the bytes
 * are there, and a failure changes nothing. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c, c0;
  uint64_t end;
  uint8_t *buf = cursor_proof_setup(&c, &end);
  c0 = c;
  {
  uint16_t v;
  int ok = cur_u16(&c, &v);
  __CPROVER_assert(ok == (2 <= end - c0.pos), "cur_u16");
  if (ok)
    cursor_proof_value(buf + c0.pos, 2, v, c.big_endian);
  else
    __CPROVER_assert(c.pos == c0.pos, "cur_u16: failure changes nothing");
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* cur_window: a window of any length at any offset, on a cursor anywhere in a buffer of any
 * length (lib/cursor_proof.h): in bounds, succeeds exactly when the bytes
 * are there, and a failure changes nothing. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c, c0;
  uint64_t end;
  uint8_t *buf = cursor_proof_setup(&c, &end);
  c0 = c;
  {
  uint64_t at = nondet_u64(), n = nondet_u64();
  const uint8_t *w = cur_window(&c, at, n);
  if (w != NULL) {
    __CPROVER_assert(w == buf + at && at + n <= end && at + n >= at,
                     "cur_window: the window is inside the range");
    /* its first and last bytes are readable */
    if (n > 0)
      __CPROVER_assert(w[0] == buf[at] && w[n - 1] == buf[at + n - 1],
                       "cur_window: readable");
  } else {
    __CPROVER_assert(at > end || n > end - at, "cur_window: NULL only when outside");
  }
  }
  cursor_proof_invariant(&c, end);
  (void)buf;
  (void)c0;
  return 0;
}

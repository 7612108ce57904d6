/* SPDX-License-Identifier: MIT */
/* cur_init, cur_left and cur_has (src/common/cursor.h) on any buffer and
 * any position: the invariant and the exact answer, for any n. */
#include "cursor_proof.h"

int main(void) {
  sfv_cursor c;
  uint64_t end, n = nondet_u64();
  (void)cursor_proof_setup(&c, &end);
  __CPROVER_assert(cur_left(&c) == end - c.pos, "cur_left");
  __CPROVER_assert(cur_has(&c, n) == (c.pos + n <= end && c.pos + n >= c.pos),
                   "cur_has: n bytes are left, without wrap-around");
  cursor_proof_invariant(&c, end);
  return 0;
}

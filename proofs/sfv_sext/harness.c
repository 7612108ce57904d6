/* SPDX-License-Identifier: MIT */
/* sfv_sext (src/common/cursor.h) for any value and width 1..8: the
 * two's-complement value of the low 8*bytes bits, without overflow. */
#include "common/cursor.h"
#include "proof.h"

int main(void) {
  {
  /* sfv_sext: the two's-complement value of the low 8*bytes bits. */
  uint64_t x = nondet_u64();
  unsigned bytes = nondet_unsigned();
  int64_t s;
  unsigned bits;
  __CPROVER_assume(bytes >= 1 && bytes <= 8);
  s = sfv_sext(x, bytes);
  bits = 8u * bytes;
  if (bits < 64) {
    uint64_t m = ((uint64_t)1 << bits) - 1u;
    __CPROVER_assert(((uint64_t)s & m) == (x & m), "sfv_sext: low bits kept");
    __CPROVER_assert(s >= -((int64_t)1 << (bits - 1)) &&
                         s < ((int64_t)1 << (bits - 1)),
                     "sfv_sext: in range");
  } else {
    __CPROVER_assert((uint64_t)s == x, "sfv_sext: 64-bit identity");
  }
  }
  return 0;
}

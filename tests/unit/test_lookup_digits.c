/* SPDX-License-Identifier: MIT */
/* test_lookup_digits.c - the batch lookup's hand-written numbers
 * (src/fmt/lookup_line.c: decimal two digits a step with the digit count
 * from the bit width, hex two digits a step) against printf, through
 * fmt_lookup_fde_part: text " IDX 0xSTART SIZE", JSON
 * ',"fde_index":IDX,"fde_start":START,"fde_size":SIZE'.  Values: 0, every
 * 2^k - 2 .. 2^k + 2 and 10^k - 2 .. 10^k + 2 (each digit-count and
 * bit-width edge), the extremes, and 2^21 pseudo-random values of random
 * width. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fmt/fmt.h"

static unsigned bad;

static void one(uint64_t v) {
  char got[FMT_LOOKUP_FDE_MAX + 1], want[FMT_LOOKUP_FDE_MAX + 1];
  uint32_t small = (uint32_t)v ^ (uint32_t)(v >> 32);
  size_t n = fmt_lookup_fde_part(got, small, v, small, FMT_TEXT);
  int w = snprintf(want, sizeof want, " %u 0x%llx %u", small, (unsigned long long)v, small);
  t_checks++;
  if ((n != (size_t)w || memcmp(got, want, n) != 0) && bad++ < 5)
    CHECKF(0, "text %#llx: '%.*s' != '%s'", (unsigned long long)v, (int)n, got, want);
  n = fmt_lookup_fde_part(got, small, v, small, FMT_JSON);
  w = snprintf(want, sizeof want, ",\"fde_index\":%u,\"fde_start\":%llu,\"fde_size\":%u",
               small, (unsigned long long)v, small);
  t_checks++;
  if ((n != (size_t)w || memcmp(got, want, n) != 0) && bad++ < 5)
    CHECKF(0, "json %llu: '%.*s' != '%s'", (unsigned long long)v, (int)n, got, want);
}

/* v - 2 .. v + 2, those in [0, 2^64). */
static void around(uint64_t v) {
  uint64_t d;
  for (d = 1; d <= 2; d++)
    if (v >= d)
      one(v - d);
  one(v);
  for (d = 1; d <= 2; d++)
    if (v <= UINT64_MAX - d)
      one(v + d);
}

int main(void) {
  uint64_t x = 29, p, r;
  unsigned k;
  long i;
  one(0);
  one(UINT64_MAX);
  for (k = 0; k < 64; k++)
    around((uint64_t)1 << k);
  for (p = 1;; p *= 10u) {
    around(p);
    if (p > UINT64_MAX / 10u)
      break;
  }
  for (i = 0; i < (1L << 21); i++) {
    r = t_rand(&x);
    one(r >> (r & 63u));
  }
  return t_exit("test_lookup_digits");
}

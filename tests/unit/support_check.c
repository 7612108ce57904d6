/* SPDX-License-Identifier: MIT */
/* support_check.c - failure reporting and PRNG for the unit tests. */
#include <stdarg.h>
#include <stdio.h>

#include "check.h"

unsigned long t_failures;
unsigned long t_checks;

void t_fail(const char *file, int line, const char *cond, const char *fmt,
            ...) {
  t_failures++;
  if (t_failures > 200) {
    if (t_failures == 201)
      fprintf(stderr, "... further failures not printed\n");
    return;
  }
  fprintf(stderr, "%s:%d: FAILED: %s", file, line, cond);
  if (fmt != NULL) {
    va_list ap;
    fputs(" -- ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
  }
  fputc('\n', stderr);
}

int t_exit(const char *prog) {
  if (t_failures != 0) {
    fprintf(stderr, "%s: %lu of %lu checks FAILED\n", prog, t_failures,
            t_checks);
    return 1;
  }
  printf("%s: all %lu checks passed\n", prog, t_checks);
  return 0;
}

/* xorshift64; left shifts mask first so no bit is shifted out (the
 * sanitizer build flags unsigned-shift-base and unsigned overflow). */
uint64_t t_rand(uint64_t *s) {
  uint64_t x = *s ? *s : 0x9e3779b97f4a7c15u;
  x ^= (x & (UINT64_MAX >> 13)) << 13;
  x ^= x >> 7;
  x ^= (x & (UINT64_MAX >> 17)) << 17;
  *s = x;
  return x;
}

uint64_t t_below(uint64_t *s, uint64_t n) { return t_rand(s) % n; }

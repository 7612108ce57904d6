/* SPDX-License-Identifier: MIT */
/* check.h - minimal assertion helpers for the unit tests.
 *
 * A failed CHECK prints file:line, the condition and an optional message,
 * counts the failure and continues; t_exit() returns nonzero if anything
 * failed.  No test is ever skipped silently.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

extern unsigned long t_failures;
extern unsigned long t_checks;

void t_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Prints a summary for the program; returns its exit status. */
int t_exit(const char *prog);

#define CHECK(cond)                                                          \
  do {                                                                       \
    t_checks++;                                                              \
    if (!(cond))                                                             \
      t_fail(__FILE__, __LINE__, #cond, NULL);                               \
  } while (0)

#define CHECKF(cond, ...)                                                    \
  do {                                                                       \
    t_checks++;                                                              \
    if (!(cond))                                                             \
      t_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                        \
  } while (0)

/* Integer equality, printing both values and a context string. */
#define CHECK_EQ(a, b, ctx)                                                  \
  do {                                                                       \
    long long a_ = (long long)(a), b_ = (long long)(b);                     \
    t_checks++;                                                              \
    if (a_ != b_)                                                            \
      t_fail(__FILE__, __LINE__, #a " == " #b, "%s: got %lld (0x%llx), want %lld (0x%llx)", \
             (ctx), a_, (unsigned long long)a_, b_, (unsigned long long)b_); \
  } while (0)

#define CHECK_EQU(a, b, ctx)                                                 \
  do {                                                                       \
    unsigned long long a_ = (unsigned long long)(a),                         \
                       b_ = (unsigned long long)(b);                         \
    t_checks++;                                                              \
    if (a_ != b_)                                                            \
      t_fail(__FILE__, __LINE__, #a " == " #b, "%s: got 0x%llx, want 0x%llx", \
             (ctx), a_, b_);                                                 \
  } while (0)

/* Deterministic PRNG (xorshift64), so runs are reproducible. */
uint64_t t_rand(uint64_t *state);
/* Uniform in [0, n); n > 0. */
uint64_t t_below(uint64_t *state, uint64_t n);

#endif

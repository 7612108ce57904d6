/* SPDX-License-Identifier: MIT */
/* bench_util.h - timing and reporting helpers of the bench (bench_util.c). */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* This thread's CPU time, seconds. */
double bench_now(void);
/* Seconds per call of an operation: min and median over the repetitions. */
typedef struct bstat {
  double min;
  double med;
  unsigned reps;
  uint64_t calls;            /* calls made in the first repetition */
} bstat;

/* Times op(ctx): a warm-up call, then REPS repetitions (7; 3 when one call
 * takes over 100 ms, or with quick), each a loop of at least 20 ms. */
bstat bench_time(void (*op)(void *), void *ctx, int quick);
/* Prints "  NAME  min median MB/s MB/s". */
void bench_row(const char *name, const bstat *s, double mb);
/* CPU model, cores, compiler, date. */
void bench_print_machine(void);
/* Whole file, malloc'd; NULL on error (message on stderr). */
unsigned char *bench_slurp(const char *path, size_t *n);

#endif

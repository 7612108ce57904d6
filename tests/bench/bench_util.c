/* SPDX-License-Identifier: MIT */
/* bench_util.c - timing (thread CPU time, min and median of repetitions),
 * the machine line and file reading for the bench. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"

/* CPU time of this thread, not wall-clock: on a machine shared with other
 * jobs the time spent descheduled is not the code's. */
double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

bstat bench_time(void (*op)(void *), void *ctx, int quick) {
  double t[7], t0, one;
  unsigned reps, r;
  uint64_t k = 1, i;
  bstat s = {0};

  t0 = bench_now();
  op(ctx); /* warm-up; also sizes the loop */
  one = bench_now() - t0;
  if (one < 0.02)
    k = (uint64_t)(0.02 / (one > 1e-7 ? one : 1e-7)) + 1;
  reps = quick || one > 0.1 ? 3 : 7;
  for (r = 0; r < reps; r++) {
    t0 = bench_now();
    for (i = 0; i < k; i++)
      op(ctx);
    t[r] = (bench_now() - t0) / (double)k;
  }
  qsort(t, reps, sizeof t[0], cmp_double);
  s.min = t[0];
  s.med = t[reps / 2];
  s.reps = reps;
  s.calls = k;
  return s;
}

static void fmt_time(char *buf, size_t n, double sec) {
  if (sec < 1e-6)
    snprintf(buf, n, "%.1f ns", sec * 1e9);
  else if (sec < 1e-3)
    snprintf(buf, n, "%.2f us", sec * 1e6);
  else
    snprintf(buf, n, "%.2f ms", sec * 1e3);
}

void bench_row(const char *name, const bstat *s, double mb) {
  char a[32], b[32];
  fmt_time(a, sizeof a, s->min);
  fmt_time(b, sizeof b, s->med);
  printf("  %-28s %10s %10s %12.1f %12.1f\n", name, a, b, mb / s->min,
         mb / s->med);
}

void bench_print_machine(void) {
  char line[512], model[256] = "unknown";
  FILE *f = fopen("/proc/cpuinfo", "r");
  long cpus = 0;
  time_t t = time(NULL);
  struct tm tm;
  if (f != NULL) {
    while (fgets(line, sizeof line, f) != NULL) {
      if (strncmp(line, "model name", 10) == 0) {
        char *c = strchr(line, ':');
        cpus++;
        if (c != NULL && model[0] == 'u') {
          snprintf(model, sizeof model, "%s", c + 2);
          model[strcspn(model, "\n")] = '\0';
        }
      }
    }
    fclose(f);
  }
  gmtime_r(&t, &tm);
  strftime(line, sizeof line, "%Y-%m-%d %H:%M UTC", &tm);
  printf("bench: %s; CPU: %s (%ld logical CPUs); compiler: "
#ifdef __clang__
         "clang "
#else
         "gcc "
#endif
         "%s\n", line, model, cpus, __VERSION__);
  printf("Times are this thread's CPU time per call (CLOCK_THREAD_CPUTIME_ID): min "
         "and median of the repetitions.\nRatios compare numbers from this run "
         "only (shared machine: caches and frequency are shared, absolute numbers "
         "vary between runs).\n");
}

unsigned char *bench_slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  unsigned char *p = NULL;
  long len;
  if (f == NULL) {
    perror(path);
    return NULL;
  }
  if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (p = malloc((size_t)len + 1)) != NULL &&
      fread(p, 1, (size_t)len, f) == (size_t)len) {
    *n = (size_t)len;
  } else {
    perror(path);
    free(p);
    p = NULL;
  }
  fclose(f);
  return p;
}

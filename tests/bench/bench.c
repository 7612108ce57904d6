/* bench.c - throughput of libsfv on raw SFrame sections (make bench).
 *
 * For each file: sfv_validate with scratch (MB/s and sections/s), and
 * sfv_find_fre at every FDE's start and middle (lookups/s).  Prints peak
 * RSS at the end.  Numbers are measurements, not assertions: nothing here
 * fails on speed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "sfv.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  unsigned char *p = NULL;
  long len;
  if (f == NULL)
    return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (p = malloc((size_t)len + 1)) != NULL &&
      fread(p, 1, (size_t)len, f) == (size_t)len) {
    *n = (size_t)len;
  } else {
    free(p);
    p = NULL;
  }
  fclose(f);
  return p;
}

static void bench_file(const char *path) {
  size_t n = 0, scratch_size;
  unsigned char *data = slurp(path, &n);
  void *scratch;
  sfv_section sec;
  sfv_options opt = {0};
  sfv_result res;
  double t0, dt;
  unsigned long iters = 0, lookups = 0, found = 0;
  uint32_t i;

  if (data == NULL || sfv_open(&sec, data, n) != SFV_OK) {
    fprintf(stderr, "bench: %s: not a readable SFrame section\n", path);
    free(data);
    return;
  }
  scratch_size = sfv_scratch_size(sec.fde_avail);
  scratch = malloc(scratch_size);
  opt.scratch = scratch;
  opt.scratch_size = scratch_size;
  t0 = now();
  do {
    sfv_validate(data, n, &opt, NULL, NULL, &res);
    iters++;
  } while ((dt = now() - t0) < 0.5);
  printf("%-60s %8zu B %5u FDEs  validate %9.1f MB/s %10.0f sections/s  (%u errors)\n",
         path, n, sec.fde_avail, (double)n * (double)iters / dt / 1e6,
         (double)iters / dt, res.errors);

  t0 = now();
  do {
    for (i = 0; i < sec.fde_avail; i++) {
      sfv_fde f;
      uint64_t a;
      sfv_lookup lk;
      if (sfv_fde_get(&sec, i, &f) != SFV_OK ||
          sfv_fde_func_start(&sec, &f, &a) != SFV_OK)
        continue;
      found += sfv_find_fre(&sec, a, &lk) == SFV_OK;
      found += sfv_find_fre(&sec, a + f.size / 2, &lk) == SFV_OK;
      lookups += 2;
    }
  } while ((dt = now() - t0) < 0.5 && sec.fde_avail > 0);
  if (lookups)
    printf("%-60s %8s   %5s        lookup %11.0f lookups/s (%s search, %.1f%% found)\n",
           "", "", "", (double)lookups / dt,
           sfv_fdes_verified_sorted(&sec) ? "binary" : "linear", 100.0 * (double)found / (double)lookups);
  free(scratch);
  free(data);
}

int main(int argc, char **argv) {
  struct rusage ru;
  int i;
  if (argc < 2) {
    fprintf(stderr, "usage: bench SECTION...\n");
    return 2;
  }
  for (i = 1; i < argc; i++)
    bench_file(argv[i]);
  getrusage(RUSAGE_SELF, &ru);
  printf("peak RSS %ld KiB (includes the input files and the scratch arrays)\n",
         ru.ru_maxrss);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* bench_cfi.c - cost of the .sframe vs .eh_frame comparison
 * (sfv_elf_cfi_compare) per ELF file named on the command line: best of 5
 * runs, MB/s of file size, functions compared per second.
 * A measurement only (make bench); no test asserts speed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sfv.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int i;
  printf("%-60s %10s %8s %10s %9s %12s\n", "file (CFI comparison)", "bytes", "funcs",
         "intervals", "MB/s", "funcs/s");
  for (i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    long n;
    unsigned char *buf;
    sfv_elf e;
    sfv_cfi_compare_result r;
    size_t ss;
    void *scratch;
    double best = 1e9;
    int k;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) <= 0) {
      fprintf(stderr, "%s: cannot read\n", argv[i]);
      return 2;
    }
    rewind(f);
    buf = malloc((size_t)n);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n)
      return 2;
    fclose(f);
    if (sfv_elf_open(&e, buf, (size_t)n) != SFV_OK)
      return 2;
    ss = sfv_elf_cfi_scratch_size(&e);
    scratch = malloc(ss ? ss : 1);
    for (k = 0; k < 5; k++) {
      double t0 = now(), dt;
      if (sfv_elf_cfi_compare(&e, scratch, ss, 0, NULL, NULL, NULL, &r) != SFV_OK) {
        fprintf(stderr, "%s: no .eh_frame/.sframe pair\n", argv[i]);
        break;
      }
      dt = now() - t0;
      if (dt < best)
        best = dt;
    }
    printf("%-60s %10zu %8u %10llu %9.1f %12.0f\n", argv[i], (size_t)n, r.functions,
           (unsigned long long)r.intervals, (double)n / best / 1e6, r.functions / best);
    free(scratch);
    free(buf);
  }
  return 0;
}

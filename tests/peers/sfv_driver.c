/* SPDX-License-Identifier: MIT */
/* sfv_driver.c - test driver for the printers behind --dump and --lookup
 * (fmt_dump_section, fmt_lookup_print in build/libsfvfmt.a) on a raw .sframe
 * file, independent of the command line.
 *
 *   sfv_driver dump LAYOUT FILE [VMA]        LAYOUT: 240, 244 or 247
 *   sfv_driver lookup FILE VMA text|json PC...
 *
 * The dump is not capped (--dump-rows=0); lookup JSON is one object per
 * line.  Exit status: what the printer returned (0/1), 2 on usage/I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt/fmt.h"

static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t cap = 0, len = 0, got;
  if (f == NULL)
    return NULL;
  do {
    if (len == cap) {
      unsigned char *nb = realloc(buf, cap ? cap * 2 : 4096);
      if (nb == NULL) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = nb;
      cap = cap ? cap * 2 : 4096;
    }
    got = fread(buf + len, 1, cap - len, f);
    len += got;
  } while (got != 0);
  fclose(f);
  *n = len;
  return buf;
}

int main(int argc, char **argv) {
  unsigned char *data;
  size_t n = 0;
  int rc = 0, i;

  if (argc >= 4 && strcmp(argv[1], "dump") == 0) {
    uint64_t vma = argc > 4 ? strtoull(argv[4], NULL, 0) : 0;
    data = slurp(argv[3], &n);
    if (data == NULL) {
      perror(argv[3]);
      return 2;
    }
    fmt_dump_opts opt;
    memset(&opt, 0, sizeof opt);
    opt.objdump_version = atoi(argv[2]);
    opt.vma = vma;
    rc = fmt_dump_section(stdout, data, n, &opt, NULL);
    free(data);
    return rc;
  }
  if (argc >= 6 && strcmp(argv[1], "lookup") == 0) {
    sfv_section sec;
    int fmt = strcmp(argv[4], "json") == 0 ? FMT_JSON : FMT_TEXT;
    data = slurp(argv[2], &n);
    if (data == NULL) {
      perror(argv[2]);
      return 2;
    }
    if (sfv_open(&sec, data, n) != SFV_OK) {
      fputs("sfv_driver: not a readable SFrame section\n", stderr);
      free(data);
      return 2;
    }
    sfv_set_vma(&sec, strtoull(argv[3], NULL, 0));
    for (i = 5; i < argc; i++) {
      fmt_lookup_answer a;
      fmt_lookup_answer_find(&sec, strtoull(argv[i], NULL, 0), &a);
      if (fmt_lookup_print(stdout, &sec, &a, fmt, NULL, NULL, NULL) != 0)
        rc = 1;
      if (fmt == FMT_JSON)
        fputc('\n', stdout);
    }
    free(data);
    return rc;
  }
  fputs("usage: sfv_driver dump LAYOUT FILE [VMA]\n"
        "       sfv_driver lookup FILE VMA text|json PC...\n", stderr);
  return 2;
}

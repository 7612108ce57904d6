/* SPDX-License-Identifier: MIT */
/* peer_read.h - reads a whole input file for the peer oracle programs
 * (dump_ref, find_ref, find_ref_v1).  Exits with status 2 and a message on
 * any I/O error: the tests treat that as a harness failure, not a verdict. */
#ifndef PEER_READ_H
#define PEER_READ_H

#include <stdio.h>
#include <stdlib.h>

static char *peer_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;
  if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0) {
    perror(path);
    exit(2);
  }
  buf = malloc((size_t)n + 1);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    perror(path);
    exit(2);
  }
  fclose(f);
  *len = (size_t)n;
  return buf;
}

#endif

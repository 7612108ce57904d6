/* SPDX-License-Identifier: MIT */
/* dump_ref.c - reference for --dump: GNU libsframe's own dump_sframe()
 * (the function objdump --sframe calls) on a raw .sframe file.
 *
 *   dump_ref FILE [VMA]
 *
 * Linked against one libsframe (sid's static libsframe.a, trixie's, or
 * bookworm's libsframe.so.0 by path); only sframe_decode, dump_sframe and
 * sframe_decoder_free are used, declared here so that one source fits every
 * version.  Exit 0 after a dump, 3 when sframe_decode rejects the section,
 * 2 on usage/I/O errors.  The peer may abort on bad input: run it out of
 * process. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "peer_read.h"

void *sframe_decode(const char *buf, size_t size, int *errp);
void dump_sframe(void *ctx, uint64_t addr);
void sframe_decoder_free(void **ctx);

int main(int argc, char **argv) {
  char *buf;
  size_t n;
  int err = 0;
  void *ctx;
  uint64_t vma = 0;

  if (argc < 2 || argc > 3) {
    fputs("usage: dump_ref FILE [VMA]\n", stderr);
    return 2;
  }
  if (argc == 3)
    vma = strtoull(argv[2], NULL, 0);
  buf = peer_read(argv[1], &n);
  ctx = sframe_decode(buf, n, &err);
  if (ctx == NULL) {
    fprintf(stderr, "dump_ref: sframe_decode failed (%d)\n", err);
    return 3;
  }
  dump_sframe(ctx, vma);
  fflush(stdout);
  sframe_decoder_free(&ctx);
  free(buf);
  return 0;
}

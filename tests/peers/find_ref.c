/* SPDX-License-Identifier: MIT */
/* find_ref.c - lookup oracle: GNU libsframe's sframe_find_fre (sid 2.47,
 * SFrame v2/v3, linked statically from sid's libsframe.a).
 *
 *   find_ref FILE VMA PC...
 *
 * For each PC (a target address; libsframe takes it relative to the
 * section, so VMA is subtracted) prints one line:
 *   PC found START INFO N W0 .. W(N-1) cfa C|- fp F|- ra R|-
 * (START: the FRE's start offset in its function, INFO: the FRE info byte,
 * Wk: data words as unsigned values, C/F/R: libsframe's default-FDE
 * getters, "-" when the getter reports an error), or
 *   PC none ERR
 * Exit 0, 3 when sframe_decode rejects the section, 2 on usage/I/O.
 * libsframe asserts on some bad input: run this out of process. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "peer_read.h"

#include "sframe-api.h"

static void getter(const char *name, int32_t v, int err) {
  if (err)
    printf(" %s -", name);
  else
    printf(" %s %" PRId32, name, v);
}

int main(int argc, char **argv) {
  char *buf;
  size_t n;
  int err = 0, i;
  sframe_decoder_ctx *ctx;
  uint64_t vma;

  if (argc < 3) {
    fputs("usage: find_ref FILE VMA PC...\n", stderr);
    return 2;
  }
  vma = strtoull(argv[2], NULL, 0);
  buf = peer_read(argv[1], &n);
  ctx = sframe_decode(buf, n, &err);
  if (ctx == NULL) {
    fprintf(stderr, "find_ref: sframe_decode failed (%d)\n", err);
    return 3;
  }
  for (i = 3; i < argc; i++) {
    uint64_t pc = strtoull(argv[i], NULL, 0);
    sframe_frame_row_entry fre;
    int e, k, cnt;
    int32_t v;
    int rc = sframe_find_fre(ctx, (int64_t)(pc - vma), &fre);
    if (rc != 0) {
      printf("0x%" PRIx64 " none %d\n", pc, rc);
      continue;
    }
    cnt = (fre.fre_info >> 1) & 0xf;
    printf("0x%" PRIx64 " found %" PRIu32 " %u %d", pc, fre.fre_start_addr,
           (unsigned)fre.fre_info, cnt);
    for (k = 0; k < cnt; k++)
      printf(" %" PRIu32, sframe_get_fre_udata(&fre, k, &e));
    e = 0;
    v = sframe_fre_get_cfa_offset(ctx, &fre, SFRAME_FDE_TYPE_DEFAULT, &e);
    getter("cfa", v, e);
    e = 0;
    v = sframe_fre_get_fp_offset(ctx, &fre, SFRAME_FDE_TYPE_DEFAULT, &e);
    getter("fp", v, e);
    e = 0;
    v = sframe_fre_get_ra_offset(ctx, &fre, SFRAME_FDE_TYPE_DEFAULT, &e);
    getter("ra", v, e);
    putchar('\n');
  }
  fflush(stdout);
  sframe_decoder_free(&ctx);
  free(buf);
  return 0;
}

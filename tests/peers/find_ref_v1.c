/* SPDX-License-Identifier: MIT */
/* find_ref_v1.c - lookup oracle for SFrame v1: sframe_find_fre of
 * bookworm's libsframe.so.0 (binutils 2.40), linked by path.  Same command
 * line and output as find_ref.c:
 *   find_ref_v1 FILE VMA PC...
 *   PC found START INFO N W0 .. W(N-1) cfa C|- fp F|- ra R|-
 *   PC none ERR
 * The 2.40 API is declared here (no headers are installed for it); its
 * sframe_frame_row_entry is {uint32_t start; uint8_t offsets[12]; uint8_t
 * info;}, which `struct fre_v1` mirrors. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "peer_read.h"
#include <string.h>

struct fre_v1 {
  uint32_t start;
  unsigned char offsets[12];
  unsigned char info;
  unsigned char pad[47];          /* room should the real struct be larger */
};

void *sframe_decode(const char *buf, size_t size, int *errp);
void sframe_decoder_free(void **ctx);
int sframe_find_fre(void *ctx, int32_t pc, struct fre_v1 *fre);
int32_t sframe_fre_get_cfa_offset(void *ctx, struct fre_v1 *fre, int *errp);
int32_t sframe_fre_get_fp_offset(void *ctx, struct fre_v1 *fre, int *errp);
int32_t sframe_fre_get_ra_offset(void *ctx, struct fre_v1 *fre, int *errp);

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
  void *ctx;
  uint64_t vma;

  if (argc < 3) {
    fputs("usage: find_ref_v1 FILE VMA PC...\n", stderr);
    return 2;
  }
  vma = strtoull(argv[2], NULL, 0);
  buf = peer_read(argv[1], &n);
  ctx = sframe_decode(buf, n, &err);
  if (ctx == NULL) {
    fprintf(stderr, "find_ref_v1: sframe_decode failed (%d)\n", err);
    return 3;
  }
  for (i = 3; i < argc; i++) {
    uint64_t pc = strtoull(argv[i], NULL, 0);
    struct fre_v1 fre;
    int e, k, cnt, sz;
    int32_t v;
    int rc;
    memset(&fre, 0, sizeof fre);
    rc = sframe_find_fre(ctx, (int32_t)(uint32_t)(pc - vma), &fre);
    if (rc != 0) {
      printf("0x%" PRIx64 " none %d\n", pc, rc);
      continue;
    }
    cnt = (fre.info >> 1) & 0xf;
    sz = 1 << ((fre.info >> 5) & 3);
    printf("0x%" PRIx64 " found %" PRIu32 " %u %d", pc, fre.start,
           (unsigned)fre.info, cnt);
    for (k = 0; k < cnt && (k + 1) * sz <= 12; k++) {
      uint32_t w = 0;
      int b;
      for (b = sz - 1; b >= 0; b--)   /* host (little-endian) order */
        w = (w << 8) | fre.offsets[k * sz + b];
      printf(" %" PRIu32, w);
    }
    e = 0;
    v = sframe_fre_get_cfa_offset(ctx, &fre, &e);
    getter("cfa", v, e);
    e = 0;
    v = sframe_fre_get_fp_offset(ctx, &fre, &e);
    getter("fp", v, e);
    e = 0;
    v = sframe_fre_get_ra_offset(ctx, &fre, &e);
    getter("ra", v, e);
    putchar('\n');
  }
  fflush(stdout);
  sframe_decoder_free(&ctx);
  free(buf);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* bench_ls.c - the GNU libsframe side of `make bench`.
 *
 * Compiled twice: against sid's libsframe 2.47 headers (-DLS_V=47, SFrame
 * v2/v3) and against trixie's 2.44 headers (-DLS_V=44, v1/v2 without the
 * PC-relative flag).  The 2.44 object and library get their sframe_*
 * symbols renamed (objcopy --redefine-syms, mk/bench.mk) so both link
 * into one bench binary.  Exported names: ls47_* / ls44_* (bench_ls.h).
 *
 * What is measured for libsframe is what a consumer must do to see every
 * FDE and FRE of a section through its API: sframe_decode (which copies
 * the section and byte-swaps it when needed), then sframe_decoder_get_
 * funcdesc_* and sframe_decoder_get_fre for every FDE and FRE, then
 * sframe_decoder_free.  libsframe checks FREs only when they are read.
 */
#include <stdint.h>
#include <stddef.h>

#include <sframe-api.h>

#include "bench_ls.h"

#if LS_V == 47
#define FN(name) ls47_##name
#else
#define FN(name) ls44_##name
#endif

int FN(available)(void) { return 1; }

void *FN(open)(const void *buf, size_t n) {
  int err = 0;
  return sframe_decode((const char *)buf, n, &err);
}

void FN(close)(void *ctx) {
  sframe_decoder_ctx *d = ctx;
  sframe_decoder_free(&d);
}

/* One decode + walk + free.  Returns a checksum of what was read (so the
 * work cannot be optimized away), or -1 when sframe_decode refused. */
long long FN(decode_walk)(const void *buf, size_t n, uint64_t *fres_read) {
  int err = 0;
  sframe_decoder_ctx *d = sframe_decode((const char *)buf, n, &err);
  long long sum = 0;
  uint32_t i, j, nf;
  uint8_t ver;
  if (d == NULL)
    return -1;
  nf = sframe_decoder_get_num_fidx(d);
  ver = sframe_decoder_get_version(d);
  for (i = 0; i < nf; i++) {
    uint32_t num_fres = 0, size = 0;
    unsigned char info = 0;
    uint8_t rep = 0;
#if LS_V == 47
    if (ver == 3) {
      int64_t start = 0;
      unsigned char info2 = 0;
      if (sframe_decoder_get_funcdesc_v3(d, i, &num_fres, &size, &start, &info,
                                         &info2, &rep) != 0)
        continue;
      sum += start + info2;
    } else
#endif
    {
      int32_t start = 0;
      if (sframe_decoder_get_funcdesc_v2(d, i, &num_fres, &size, &start, &info,
                                         &rep) != 0)
        continue;
      sum += start;
    }
    (void)ver;
    sum += size + info + rep;
    for (j = 0; j < num_fres; j++) {
      sframe_frame_row_entry fre;
      if (sframe_decoder_get_fre(d, i, j, &fre) != 0)
        break;
      sum += fre.fre_start_addr + fre.fre_info;
      ++*fres_read;
    }
  }
  sframe_decoder_free(&d);
  return sum;
}

/* sframe_find_fre at a section-relative pc: 1 found, 0 not found.
 * *key receives FRE start and info (to compare answers with libsfv). */
int FN(find)(void *ctx, int64_t pc, uint64_t *key) {
  sframe_frame_row_entry fre;
#if LS_V == 47
  if (sframe_find_fre(ctx, pc, &fre) != 0)
    return 0;
#else
  if (pc < INT32_MIN || pc > INT32_MAX ||
      sframe_find_fre(ctx, (int32_t)pc, &fre) != 0)
    return 0;
#endif
  *key = ((uint64_t)fre.fre_start_addr << 8) | fre.fre_info;
  return 1;
}

/* SPDX-License-Identifier: MIT */
/* support_index.c - see index_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "index_check.h"
#include "memo_check.h"
#include "../../fuzz/index_diff.h"

#define GUARD 64u
#define MAX_PCS 200000u

static uint32_t lim_fdes = 4096, lim_fres = 64;

void index_check_limits(uint32_t max_fdes, uint32_t max_fres) {
  lim_fdes = max_fdes;
  lim_fres = max_fres;
}

static int untouched(const unsigned char *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != 0xcd)
      return 0;
  return 1;
}

sfv_status index_check(const sfv_section *sec, const uint64_t *extra, size_t nextra,
                       const char *ctx) {
  static uint64_t pcs[MAX_PCS];
  sfv_index ix;
  size_t need = 0, n, i;
  unsigned char *mem;
  sfv_status st = sfv_index_size(sec, &need), bst;
  unsigned bad = 0;

  CHECKF(st == SFV_OK || st == SFV_E_UNINDEXABLE, "%s: sfv_index_size %s", ctx,
         sfv_status_name(st));
  if (st != SFV_OK) {
    CHECKF(sfv_index_build(&ix, sec, pcs, sizeof pcs) == st, "%s: build != size status", ctx);
    return st;
  }
  /* 8-aligned (malloc), plus one byte to misalign, plus a guard. */
  mem = malloc(need + GUARD + 8u);
  CHECK(mem != NULL);
  if (mem == NULL)
    return SFV_E_ARG;
  memset(mem, 0xcd, need + GUARD + 8u);
  if (need > 0) {
    CHECKF(sfv_index_build(&ix, sec, mem, need - 1u) == SFV_E_ARG,
           "%s: cap one byte short accepted", ctx);
    CHECKF(untouched(mem, need + GUARD + 8u), "%s: written with a cap too small", ctx);
  }
  CHECKF(sfv_index_build(&ix, sec, mem + 1, need + 1u) == SFV_E_ARG,
         "%s: misaligned memory accepted", ctx);
  CHECKF(untouched(mem, need + GUARD + 8u), "%s: written to misaligned memory", ctx);
  CHECKF(sfv_index_find(&ix, 0, &(sfv_index_hit){0}) == SFV_E_ARG,
         "%s: a refused build still answers", ctx);
  bst = sfv_index_build(&ix, sec, mem, need);
  CHECKF(bst == SFV_OK || bst == SFV_E_UNINDEXABLE, "%s: build %s", ctx,
         sfv_status_name(bst));
  CHECKF(untouched(mem + need, GUARD + 8u), "%s: build wrote past cap", ctx);
  if (bst == SFV_OK) {
    n = index_diff_pcs(sec, pcs, MAX_PCS - nextra, lim_fdes, lim_fres);
    for (i = 0; i < nextra; i++)
      pcs[n++] = extra[i];
    for (i = 0; i < n; i++) {
      const char *why = index_diff_pc(&ix, pcs[i]);
      if (why != NULL && bad++ < 5)
        CHECKF(0, "%s: pc %#llx: %s differs from sfv_find_fre", ctx,
               (unsigned long long)pcs[i], why);
      t_checks++;
    }
    memo_check(sec, &ix, pcs, n, ctx);
  }
  free(mem);
  return bst;
}

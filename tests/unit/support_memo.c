/* SPDX-License-Identifier: MIT */
/* support_memo.c - see memo_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fmt/fmt.h"
#include "memo_check.h"

#define BIG_FDES 4096u   /* the command's table sizes (src/cli/lookup_batch.c) */
#define BIG_RULES 512u

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* One pass over pcs in their order; returns the mismatches. */
static unsigned pass(const sfv_section *sec, const sfv_index *ix, const uint64_t *pcs,
                     size_t n, int format, uint32_t nf, uint32_t nr, const char *ctx) {
  static fmt_memo_fde fdes[BIG_FDES];
  static fmt_memo_rules rules[BIG_RULES];
  static const char tail[] = ",\"valid\":true";
  char want[FMT_LOOKUP_LINE_MAX + sizeof tail], got[FMT_LOOKUP_LINE_MAX + sizeof tail];
  fmt_lookup_memo m;
  unsigned bad = 0;
  size_t i;
  memset(fdes, 0, nf * sizeof *fdes);
  memset(rules, 0, nr * sizeof *rules);
  fmt_lookup_memo_init(&m, sec, ix, format, fdes, nf, rules, nr);
  for (i = 0; i < n; i++) {
    sfv_index_hit h;
    fmt_lookup_answer a;
    size_t lw, lg;
    if (sfv_index_find(ix, pcs[i], &h) != SFV_OK)
      continue;
    fmt_lookup_answer_find(sec, pcs[i], &a);
    lw = fmt_lookup_line(want, sec, &a, format, tail, sizeof tail - 1u);
    lg = fmt_lookup_memo_line(&m, got, pcs[i], &h, tail, sizeof tail - 1u);
    t_checks++;
    if ((lw != lg || memcmp(want, got, lw) != 0) && bad++ < 3)
      CHECKF(0, "%s: pc %#llx (%s, tables %u/%u): memo line '%.*s' != '%.*s'", ctx,
             (unsigned long long)pcs[i], format == FMT_JSON ? "json" : "text", nf, nr,
             (int)lg, got, (int)lw, want);
  }
  return bad;
}

void memo_check(const sfv_section *sec, const sfv_index *ix, uint64_t *pcs, size_t n,
                const char *ctx) {
  static const uint32_t sizes[2][2] = {{1u, 1u}, {BIG_FDES, BIG_RULES}};
  uint64_t seed = 29;
  size_t i, order, s;
  int format;
  for (order = 0; order < 2; order++) {
    if (order == 0) {
      for (i = n; i > 1; i--) {   /* shuffled */
        size_t j = (size_t)t_below(&seed, i);
        uint64_t t;
        t = pcs[i - 1];
        pcs[i - 1] = pcs[j];
        pcs[j] = t;
      }
    } else {
      qsort(pcs, n, sizeof *pcs, cmp_u64);
    }
    for (s = 0; s < 2; s++)
      for (format = 0; format < 2; format++)
        (void)pass(sec, ix, pcs, n, format ? FMT_JSON : FMT_TEXT, sizes[s][0], sizes[s][1],
                   ctx);
  }
}

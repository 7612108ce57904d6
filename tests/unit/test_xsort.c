/* SPDX-License-Identifier: MIT */
/* test_xsort.c - the cross-FDE sort (validate_cross.c's radix sort) orders
 * exactly as the comparison (key, FDE index) does, whatever the keys:
 * colliding, all equal, negative, spanning all 64 bits, in reverse order,
 * differing in one byte only.  Checked twice: on the sort itself (private
 * header validate.h, against qsort) and through sfv_validate(), whose
 * fde-func-overlap and fde-fre-block-overlap diagnostics (order included)
 * must be the ones a sweep in (key, index) order gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diagsink.h"
#include "sbuild.h"
#include "sfv.h"
#include "sframe/validate.h"

#define MAXN 4200

static uint64_t seed = 0x5eed50f7;

/* ---------------------------------------------------------------- */
/* The sort against qsort by (lo, fill position).                      */

static int by_lo_idx(const void *x, const void *y) {
  const span *a = x, *b = y;
  if (a->lo != b->lo)
    return a->lo < b->lo ? -1 : 1;
  return a->idx < b->idx ? -1 : a->idx > b->idx;
}

enum {
  K_RANDOM, K_FEW, K_EQUAL, K_NEGATIVE, K_FULL, K_REVERSE, K_REVERSE_WIDE,
  K_ONE_BYTE, K_AROUND_ZERO, K_OFFSETS, K_RUNS, K_RUNS_TIES, K_COUNT
};
static const char *const kind_name[K_COUNT] = {
    "random", "few distinct", "all equal", "negative", "all 64 bits",
    "reverse", "reverse, wide steps", "one byte differs", "around zero",
    "shuffled offsets", "2-6 ascending runs", "2-6 runs, equal keys"};

/* Key i of n of a pattern; `param` varies the pattern between runs. */
static int64_t key_of(int kind, uint32_t i, uint32_t n, uint64_t param,
                      const int64_t few[3]) {
  uint64_t r = t_rand(&seed);
  switch (kind) {
  case K_RANDOM: return (int64_t)r;
  case K_FEW: return few[r % 3];
  case K_EQUAL: return few[0];
  case K_NEGATIVE: return -(int64_t)(r >> (param % 40 + 1)) - 1;
  case K_FULL:
    return i % 4 == 0 ? INT64_MIN : i % 4 == 1 ? INT64_MAX : (int64_t)r;
  case K_REVERSE: return (int64_t)(n - i) - (int64_t)(param % 1000);
  case K_REVERSE_WIDE:
    return INT64_MAX - (int64_t)i * (int64_t)((param >> 8) % 0xffffffffffu + 1);
  case K_ONE_BYTE:
    return (int64_t)(((uint64_t)few[0] & ~((uint64_t)0xff << (8 * (param % 8)))) |
                     ((r & 0xff) << (8 * (param % 8))));
  case K_AROUND_ZERO: return (int64_t)(r % 11) - 5;
  case K_OFFSETS: return (int64_t)(((uint64_t)i * 2654435761u) % n) * 16;
  default: {
    /* Runs of equal length, each ascending (what GNU ld writes: FDEs
     * sorted, FRE blocks in a few runs); with ties, runs repeat keys. */
    uint64_t runs = 2 + param % 5, q = (uint64_t)i * runs / n;
    uint64_t first = (q * n + runs - 1) / runs; /* first i of run q */
    int64_t t = (int64_t)(i - first) * 16;
    return kind == K_RUNS_TIES ? t : t + (int64_t)q * 3 - 1000;
  }
  }
}

static void sort_matches_qsort(void) {
  static span a[2 * MAXN], want[MAXN];
  static const uint32_t sizes[] = {0, 1, 2, 3, 17, 255, 256, 257, 1000, MAXN};
  unsigned k, z, rep;
  for (k = 0; k < K_COUNT; k++)
    for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
      for (rep = 0; rep < 4; rep++) {
        uint32_t n = sizes[z], i, bad = n;
        uint64_t param = t_rand(&seed);
        int64_t few[3];
        span *got;
        char ctx[96];
        for (i = 0; i < 3; i++)
          few[i] = (int64_t)t_rand(&seed);
        for (i = 0; i < n; i++) {
          a[i].lo = key_of((int)k, i, n, param, few);
          a[i].size = (uint32_t)t_rand(&seed);
          a[i].idx = i;
          want[i] = a[i];
        }
        qsort(want, n, sizeof want[0], by_lo_idx);
        got = sfv_v_sort_spans(a, a + n, n);
        snprintf(ctx, sizeof ctx, "%s, n %u, run %u", kind_name[k], n, rep);
        CHECKF(got == a || got == a + n, "%s: result outside the arrays", ctx);
        for (i = 0; i < n && bad == n; i++)
          if (got[i].lo != want[i].lo || got[i].idx != want[i].idx ||
              got[i].size != want[i].size)
            bad = i;
        CHECKF(bad == n, "%s: position %u holds (%lld, %u), want (%lld, %u)",
               ctx, bad, bad < n ? (long long)got[bad].lo : 0,
               bad < n ? got[bad].idx : 0,
               bad < n ? (long long)want[bad].lo : 0,
               bad < n ? want[bad].idx : 0);
      }
}

/* ---------------------------------------------------------------- */
/* Through sfv_validate: diagnostics of a sweep in (key, index) order.  */

#define NF 200

static sink s;
static uint8_t buf[64 * 1024];
static sb_fde fdes[NF];
static span ref[NF];
static const sb_fre one_fre = {.start = 0, .dw_count = 1, .dw_size = 0,
                               .dw = {8}};

/* An expected diagnostic: FDE, found, expected, aux. */
typedef struct want_diag {
  int64_t fde, found, expected, aux;
} want_diag;

static void compare(const char *ctx, sfv_rule_id rule, const want_diag *w,
                    unsigned nw) {
  unsigned i, k = 0, bad = 0;
  for (i = 0; i < s.n && i < SINK_MAX; i++) {
    const sfv_diag *d = &s.d[i];
    if (d->rule != rule)
      continue;
    if (k >= nw || d->fde != w[k].fde || d->found != w[k].found ||
        d->expected != w[k].expected || d->aux != w[k].aux) {
      if (bad++ == 0)
        t_fail(__FILE__, __LINE__, "diagnostic in (key, index) order",
               "%s: diagnostic %u is FDE %lld (%lld, %lld, %lld), want FDE "
               "%lld (%lld, %lld, %lld)",
               ctx, k, (long long)d->fde, (long long)d->found,
               (long long)d->expected, (long long)d->aux,
               k < nw ? (long long)w[k].fde : -1,
               k < nw ? (long long)w[k].found : -1,
               k < nw ? (long long)w[k].expected : -1,
               k < nw ? (long long)w[k].aux : -1);
    }
    k++;
  }
  CHECK(s.n < SINK_MAX);
  CHECK_EQ(k, nw, ctx);
}

static size_t build(uint32_t n, const uint32_t *order, sb_layout *lay) {
  sb_section d;
  memset(&d, 0, sizeof d);
  d.version = 3;
  d.abi = SB_ABI_AMD64;
  d.fixed_ra = -8;
  d.fdes = fdes;
  d.nfdes = n;
  d.block_order = order;
  return sb_build(&d, buf, sizeof buf, lay);
}

/* Function starts of a pattern, FDE 1 below FDE 0 so that the index is
 * out of order from the start (the index-order pass reports no overlap);
 * the sorted sweep reports the overlaps. */
static void func_overlap_order(void) {
  unsigned k, rep;
  for (k = 0; k < K_COUNT; k++)
    for (rep = 0; rep < 3; rep++) {
      static want_diag w[NF];
      uint64_t param = t_rand(&seed);
      int64_t few[3], max_end = INT64_MIN;
      uint32_t i, n = NF, nw = 0, owner = 0;
      sb_layout lay;
      sfv_result res;
      size_t size;
      char ctx[96];
      for (i = 0; i < 3; i++)
        few[i] = (int64_t)(t_rand(&seed) | 1); /* never all starts 0 */
      memset(fdes, 0, sizeof fdes);
      for (i = 0; i < n; i++) {
        int64_t lo = key_of((int)k, i, n, param, few);
        uint32_t sz = (uint32_t)t_below(&seed, 0x40);
        /* Ranges must not overflow (else no overlap check runs). */
        if (lo > INT64_MAX - 0x40)
          lo = INT64_MAX - 0x40;
        fdes[i].start = lo;
        fdes[i].size = sz;
        fdes[i].fres = &one_fre;
        fdes[i].nfres = 1;
      }
      if (fdes[1].start >= fdes[0].start) {
        fdes[0].start = fdes[1].start == INT64_MAX - 0x40
                            ? fdes[1].start
                            : fdes[1].start + 1;
        fdes[1].start = fdes[0].start - 1;
      }
      for (i = 0; i < n; i++)
        ref[i] = (span){fdes[i].start, fdes[i].size, i};
      qsort(ref, n, sizeof ref[0], by_lo_idx);
      for (i = 0; i < n; i++) {
        int64_t hi = ref[i].lo + (int64_t)ref[i].size;
        if (ref[i].size == 0)
          continue;
        if (max_end != INT64_MIN && ref[i].lo < max_end)
          w[nw++] = (want_diag){ref[i].idx, ref[i].lo, max_end, owner};
        if (hi > max_end) {
          max_end = hi;
          owner = ref[i].idx;
        }
      }
      size = build(n, NULL, &lay);
      memset(&s, 0, sizeof s);
      sink_validate(&s, buf, size, 0, 0, 1, &res);
      snprintf(ctx, sizeof ctx, "function starts %s, run %u", kind_name[k], rep);
      compare(ctx, SFV_R_FDE_FUNC_OVERLAP, w, nw);
    }
}

/* FRE blocks of 8 bytes (5-byte attribute, one 3-byte FRE) in a shuffled
 * order; some FDEs then point at another FDE's block (colliding fre_off),
 * all at one (all equal), or far outside the FRE sub-section (fre_off
 * spanning 32 bits: not walked).  The walk in (fre_off, index) order
 * reports each block starting before the furthest end walked. */
enum { B_SHUFFLED, B_REVERSE, B_COLLIDE, B_ALL_EQUAL, B_WIDE, B_COUNT };
static const char *const bkind_name[B_COUNT] = {
    "shuffled", "reverse", "colliding", "all equal", "spanning 32 bits"};

static void block_overlap_order(void) {
  unsigned k, rep;
  for (k = 0; k < B_COUNT; k++)
    for (rep = 0; rep < 3; rep++) {
      static want_diag w[NF];
      static uint32_t order[NF], off[NF];
      uint32_t i, n = NF, nw = 0, owner = 0, outside = 0;
      uint64_t prev_end = 0;
      int have_prev = 0;
      sb_layout lay;
      sfv_result res;
      size_t size;
      char ctx[96];
      memset(fdes, 0, sizeof fdes);
      for (i = 0; i < n; i++) {
        fdes[i].start = 0x1000 + 0x100 * (int64_t)i;
        fdes[i].size = 0x80;
        fdes[i].fres = &one_fre;
        fdes[i].nfres = 1;
        order[i] = k == B_REVERSE ? n - 1 - i : i;
      }
      for (i = n - 1; k != B_REVERSE && i > 0; i--) {
        uint32_t j = (uint32_t)t_below(&seed, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      size = build(n, order, &lay);
      for (i = 0; i < n; i++) {
        uint64_t at = lay.fde_base + (uint64_t)i * 16 + SB_FDE3_FREOFF;
        off[i] = (uint32_t)sb_get(buf, at, 4, 0);
        if (k == B_COLLIDE && t_below(&seed, 3) == 0)
          off[i] = off[t_below(&seed, n)];
        else if (k == B_ALL_EQUAL)
          off[i] = off[0];
        else if (k == B_WIDE && t_below(&seed, 4) == 0)
          off[i] = (uint32_t)(t_rand(&seed) | 0x80000000u) >> t_below(&seed, 12);
        sb_put(buf, at, 4, off[i], 0);
      }
      for (i = 0; i < n; i++)
        ref[i] = (span){off[i], 0, i};
      qsort(ref, n, sizeof ref[0], by_lo_idx);
      for (i = 0; i < n; i++) {
        uint64_t start = (uint64_t)ref[i].lo;
        if (start + SB_ATTR_SIZE > lay.fre_len) {
          outside++; /* fde-fre-block-bounds: not walked */
          continue;
        }
        if (have_prev && start < prev_end) {
          w[nw++] = (want_diag){ref[i].idx, (int64_t)start, (int64_t)prev_end,
                                owner};
          continue;
        }
        prev_end = start + 8;
        owner = ref[i].idx;
        have_prev = 1;
      }
      memset(&s, 0, sizeof s);
      sink_validate(&s, buf, size, 0, 0, 1, &res);
      snprintf(ctx, sizeof ctx, "FRE blocks %s, run %u", bkind_name[k], rep);
      compare(ctx, SFV_R_FDE_FRE_BLOCK_OVERLAP, w, nw);
      CHECK_EQ(sink_count(&s, SFV_R_FDE_FRE_BLOCK_BOUNDS), outside, ctx);
      CHECK(k != B_WIDE || outside > 0);
    }
}

int main(void) {
  sort_matches_qsort();
  func_overlap_order();
  block_overlap_order();
  return t_exit("test_xsort");
}

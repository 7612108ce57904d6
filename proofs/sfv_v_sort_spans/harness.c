/* SPDX-License-Identifier: MIT */
/* The sorts of validate_cross.c (sort_any under sfv_v_sort_filled,
 * sfv_v_sort_blocks and sfv_v_sort_spans: a few ascending runs merged,
 * else radix sorted) on any n <= PROOF_SORT_N elements of any contents,
 * filled and noted as sfv_v_fill_add / sfv_v_block_add fill them: no
 * undefined behaviour, the statistics satisfy cross_contract.h's
 * stats_ok, and the result (a or tmp) holds the elements in
 * non-decreasing key order, a permutation of them: spans (filled with
 * idx = their position, as every caller fills them) come out in (key,
 * idx) order, each the input span its idx names (so stable, and a
 * permutation); blocks sorted by fre_off, each value as often as in the
 * input (checked for a value the solver picks).  PROOF_BLK: 0 spans
 * through sfv_v_sort_filled, 1 blocks, 2 spans through sfv_v_sort_spans
 * (its own statistics pass).  PROOF_SORT_MIN: the least n (the radix
 * runs: more than MERGE_RUNS runs need 5 elements). */
#include "proof.h"
#include "../../src/sframe/validate_cross.c"
#include "cross_contract.h"

#ifdef PROOF_N
#define PROOF_SORT_N PROOF_N /* a run's value (proof.mk) */
#endif
#ifndef PROOF_SORT_N
#define PROOF_SORT_N 4
#endif
#ifndef PROOF_SORT_MIN
#define PROOF_SORT_MIN 0
#endif

static uint64_t key_at(const void *a, uint32_t i) {
  return elem_key(a, i, PROOF_BLK == 1);
}

/* The radix runs (PROOF_SORT_MIN > MERGE_RUNS): only the elements the
 * radix sort takes, more than MERGE_RUNS runs. */
static void radix_only(const span_stats *st) {
  if (PROOF_SORT_MIN > MERGE_RUNS)
    __CPROVER_assume(st->runs > MERGE_RUNS);
}

int main(void) {
  uint32_t n = nondet_u32(), i;
  span sa[PROOF_SORT_N], st[PROOF_SORT_N], s0[PROOF_SORT_N];
  uint64_t ba[PROOF_SORT_N], bt[PROOF_SORT_N], b0[PROOF_SORT_N];
  const void *r;
  span_stats stats;
  __CPROVER_assume(n >= PROOF_SORT_MIN && n <= PROOF_SORT_N);
  if (PROOF_BLK == 1) {
    block_fill bf;
    bf.a = ba;
    stats_init(&bf.st);
    for (i = 0; i < n; i++)
      sfv_v_block_add(&bf, nondet_u32(), nondet_u32());
    memcpy(b0, ba, sizeof ba);
    stats = bf.st;
    __CPROVER_assert(stats_ok(&bf.st), "stats_ok of the blocks noted");
    radix_only(&stats);
    r = sfv_v_sort_blocks(&bf, bt);
    __CPROVER_assert(r == ba || r == bt, "blocks: the result in a or tmp");
  } else {
    span_fill sf;
    sfv_v_fill_init(&sf, sa);
    for (i = 0; i < n; i++)
      sfv_v_fill_add(&sf, nondet_i64(), nondet_u32(), i);
    memcpy(s0, sa, sizeof sa);
    stats = sf.st;
    __CPROVER_assert(stats_ok(&sf.st), "stats_ok of the spans noted");
    radix_only(&stats);
    r = PROOF_BLK == 0 ? sfv_v_sort_filled(&sf, st)
                       : sfv_v_sort_spans(sa, st, n);
    __CPROVER_assert(r == sa || r == st, "spans: the result in a or tmp");
  }
  for (i = 0; i + 1 < n; i++)
    __CPROVER_assert(key_at(r, i) <= key_at(r, i + 1), "sorted by key");
  if (PROOF_BLK == 1) {
    /* A permutation: any value occurs as often in the result. */
    uint32_t j = nondet_u32(), in = 0, out = 0;
    const uint64_t *ro = r;
    uint64_t x;
    __CPROVER_assume(j < n);
    x = b0[j];
    for (i = 0; i < n; i++) {
      in += b0[i] == x;
      out += ro[i] == x;
    }
    __CPROVER_assert(in == out, "blocks: a permutation");
  } else {
    const span *ro = r;
    for (i = 0; i < n; i++) {
      __CPROVER_assert(ro[i].idx < n && ro[i].lo == s0[ro[i].idx].lo &&
                           ro[i].size == s0[ro[i].idx].size,
                       "spans: each one of the input");
      if (i + 1 < n)
        __CPROVER_assert(key_at(r, i) < key_at(r, i + 1) ||
                             ro[i].idx < ro[i + 1].idx,
                         "spans: stable (so no input twice)");
    }
  }
  return 0;
}

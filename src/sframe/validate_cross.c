/* SPDX-License-Identifier: MIT */
/* validate_cross.c - the validator's cross-FDE checks that need order:
 * function overlap of unsorted FDEs (sort, then sweep) and the FRE blocks
 * in FRE-sub-section order (overlap, unused bytes), with caller scratch and
 * a stable radix sort; without scratch, a byte-budgeted fallback.
 * Work: O(n) in the FDEs with scratch (at most 8 radix passes); FRE bytes
 * decoded <= fre_len.
 */
#include <string.h>

#include "sframe/validate.h"
#include "sframe/spec.h"

enum { RADIX_BITS = 8, RADIX = 1 << RADIX_BITS, RADIX_DIGITS = 64 / RADIX_BITS };

/* Digits counted per histogram pass: 4 KB of counters on the stack. */
enum { RADIX_GROUP = 4 };

/* The sorts below take spans (blk 0) or the clean pass's 8-byte blocks
 * (blk 1: fre_off in the high half is the key), blk a constant in each
 * inlined copy. */
__attribute__((always_inline)) static inline uint64_t
elem_key(const void *a, uint32_t i, int blk) {
  return blk ? ((const uint64_t *)a)[i] >> 32 : span_key(&((const span *)a)[i]);
}

__attribute__((always_inline)) static inline void
elem_move(void *to, uint32_t j, const void *from, uint32_t i, int blk) {
  if (blk)
    ((uint64_t *)to)[j] = ((const uint64_t *)from)[i];
  else
    ((span *)to)[j] = ((const span *)from)[i];
}

/* Counts digits g..g+3 of every key - min (written out: the compiler keeps
 * a loop over the digits as a loop). */
__attribute__((always_inline)) static inline void
histogram(uint32_t (*count)[RADIX], const void *a, uint32_t n, uint64_t min,
          unsigned g, int blk) {
  uint32_t i;
  for (i = 0; i < n; i++) {
    uint64_t k = (elem_key(a, i, blk) - min) >> (RADIX_BITS * g);
    count[0][k & (RADIX - 1)]++;
    count[1][(k >> RADIX_BITS) & (RADIX - 1)]++;
    count[2][(k >> (2 * RADIX_BITS)) & (RADIX - 1)]++;
    count[3][(k >> (3 * RADIX_BITS)) & (RADIX - 1)]++;
  }
}

/* Stable LSD radix sort of a[0..n) by key, min and max its smallest and
 * largest key: keys are taken relative to min, and a digit every key
 * shares is not passed over, so clustered keys (function starts, FRE
 * offsets) take 3 or 4 passes.  Work: a histogram pass per 4 digits, at
 * most 8 scatter passes. */
__attribute__((always_inline)) static inline void *
radix_sort(void *a, void *tmp, uint32_t n, uint64_t min, uint64_t max,
           int blk) {
  uint32_t count[RADIX_GROUP][RADIX];
  unsigned digits = 0, g, d, j;
  uint32_t i;
  while (digits < RADIX_DIGITS && ((max - min) >> (RADIX_BITS * digits)) != 0)
    digits++;
  for (g = 0; g < digits; g += RADIX_GROUP) {
    memset(count, 0, sizeof count);
    histogram(count, a, n, min, g, blk);
    for (d = g; d < digits && d < g + RADIX_GROUP; d++) {
      uint32_t *c = count[d - g], sum = 0;
      unsigned shift = RADIX_BITS * d;
      void *t;
      /* The smallest key's digits are all 0: c[0] == n means every key
       * has digit 0 here, and the pass would not move anything. */
      if (c[0] == n)
        continue;
      for (j = 0; j < RADIX; j++) {
        uint32_t here = c[j];
        c[j] = sum;
        sum += here;
      }
      for (i = 0; i < n; i++) {
        uint64_t k = elem_key(a, i, blk) - min;
        elem_move(tmp, c[(k >> shift) & (RADIX - 1)]++, a, i, blk);
      }
      t = a;
      a = tmp;
      tmp = t;
    }
  }
  return a;
}

/* Merges the ascending runs a[b[k], b[k+1]) (k < r, b[r] = n) pairwise,
 * ties taken from the left run, until one is left; tmp holds n elements.
 * Returns the array holding the result.  Work: n per pass, ceil(log2 r)
 * passes. */
__attribute__((always_inline)) static inline void *
merge_runs(void *a, void *tmp, uint32_t *b, unsigned r, int blk) {
  while (r > 1) {
    unsigned k, out = 0;
    void *t;
    for (k = 0; k < r; k += 2) {
      uint32_t i = b[k], m = b[k + 1], j = m, o = i;
      uint32_t e = k + 2 <= r ? b[k + 2] : m;
      while (i < m && j < e)
        if (elem_key(a, j, blk) < elem_key(a, i, blk))
          elem_move(tmp, o++, a, j++, blk);
        else
          elem_move(tmp, o++, a, i++, blk);
      while (i < m)
        elem_move(tmp, o++, a, i++, blk);
      while (j < e)
        elem_move(tmp, o++, a, j++, blk);
      b[out++] = b[k];
    }
    b[out] = b[r];
    r = out;
    t = a;
    a = tmp;
    tmp = t;
  }
  return a;
}

/* Stable sort of the st->n elements a[] by key (equal keys keep their
 * order: filled in index order, they come out in (key, idx) order); tmp
 * has room for st->n elements.  Returns the array holding the result (a
 * or tmp).  A few ascending runs are merged, anything else radix sorted.
 * Work: O(n) whatever the keys (at most 2 merge or 8 radix passes). */
__attribute__((always_inline)) static inline void *
sort_any(void *a, void *tmp, span_stats *st, int blk) {
  if (st->n < 2)
    return a;
  if (st->runs > MERGE_RUNS)
    return radix_sort(a, tmp, st->n, st->min, st->max, blk);
  st->b[st->runs] = st->n;
  return merge_runs(a, tmp, st->b, st->runs, blk);
}

static span *sort_noted(span *a, span *tmp, span_stats *st) {
  return sort_any(a, tmp, st, 0);
}

span *sfv_v_sort_filled(span_fill *sf, span *tmp) {
  return sort_noted(sf->a, tmp, &sf->st);
}

uint64_t *sfv_v_sort_blocks(block_fill *bf, uint64_t *tmp) {
  return sort_any(bf->a, tmp, &bf->st, 1);
}

span *sfv_v_sort_spans(span *a, span *tmp, uint32_t n) {
  span_stats st;
  uint32_t i;
  stats_init(&st);
  for (i = 0; i < n; i++)
    stats_note(&st, &a[i]);
  return sort_noted(a, tmp, &st);
}

size_t sfv_scratch_size(uint32_t num_fdes) {
  /* Two arrays of spans: the radix sort's source and destination. */
  return (size_t)num_fdes * 2 * sizeof(span) + _Alignof(span);
}

/* The scratch's first span-aligned byte, reached from the caller's pointer
 * by pointer arithmetic only (the address is read, never turned back into
 * a pointer), with room for 2 * n spans; else NULL. */
span *sfv_v_scratch_spans(const sfv_options *opt, uint32_t n) {
  size_t skip, avail;
  if (opt->scratch == NULL)
    return NULL;
  skip = (uintptr_t)opt->scratch & (_Alignof(span) - 1);
  skip = (_Alignof(span) - skip) & (_Alignof(span) - 1);
  if (skip > opt->scratch_size)
    return NULL;
  avail = (opt->scratch_size - skip) / sizeof(span) / 2;
  if (avail < n)
    return NULL;
  return (span *)(void *)((unsigned char *)opt->scratch + skip);
}

static void func_overlap(vctx *v, const span *s, const span *owner) {
  sfv_fde f;
  if (sfv_fde_get_i(&v->sec, s->idx, &f) != SFV_E_RANGE)
    SFV_FIND(&v->out, FDE_FUNC_OVERLAP, f.offset, s->idx, SFV_NONE,
             .func_start = sfv_v_report_addr(v, s->lo),
             .covering_func_end =
                 sfv_v_report_addr(v, owner->lo + (int64_t)owner->size),
             .covering_fde = owner->idx);
}

/* FDE i was in check_fde_index's prefix sweep: below prefix_end and not
 * skipped there for its FRE block (fre_off + attribute past fre_len). */
static int in_prefix_sweep(const vctx *v, const pass_a *pa, uint32_t i) {
  sfv_fde f;
  return i < pa->prefix_end &&
         sfv_fde_get_index(&v->sec, i, &f) != SFV_E_RANGE &&
         sfv_v_block_inside(&v->sec, f.fre_off, pa->fre_len);
}

/* The sweep of function ranges sorted by (lo, idx), reporting each
 * overlap check_fde_index has not: the prefix FDEs it swept come here in
 * the same order (ascending starts, ties by index), so one reported there
 * is one starting below the furthest end of the swept prefix FDEs before
 * it (pmax).  Zero-length ranges never overlap. */
static void func_sweep(vctx *v, const pass_a *pa, const span *a, size_t n) {
  int64_t max_end = INT64_MIN, pmax = INT64_MIN;
  size_t owner = 0, i;
  for (i = 0; i < n && !v->em.stop; i++) {
    int64_t hi = a[i].lo + (int64_t)a[i].size;
    int swept, reported;
    if (a[i].size == 0)
      continue;
    swept = in_prefix_sweep(v, pa, a[i].idx);
    reported = swept && pmax != INT64_MIN && a[i].lo < pmax;
    if (swept && hi > pmax)
      pmax = hi;
    if (max_end != INT64_MIN && a[i].lo < max_end) {
      if (!reported)
        func_overlap(v, &a[i], &a[owner]);
      if (hi > max_end) {
        max_end = hi;
        owner = i;
      }
      continue;
    }
    max_end = hi;
    owner = i;
  }
}

/* ---------------------------------------------------------------- */

/* Starts loading FDE i's index entry (i < fde_avail) into the cache. */
static inline void prefetch_fde(const sfv_section *s, uint32_t i) {
  const uint8_t *e = s->data + s->priv.fde_base + (uint64_t)i * s->priv.fde_size;
  __builtin_prefetch(e);
  __builtin_prefetch(e + s->priv.fde_size - 1);
}

/* An FDE whose FRE block can be walked: it decodes, its block starts
 * inside the FRE sub-section (fre_len clipped to the buffer), a defined FRE
 * type, and (v1/v2) at least one FRE. */
static int block_usable(const vctx *v, uint32_t i, uint64_t fre_len,
                        sfv_fde *f) {
  return sfv_fde_get_i(&v->sec, i, f) == SFV_OK &&
         sfv_v_block_inside(&v->sec, f->fre_off, fre_len) &&
         f->fre_type <= SFV_FRE_ADDR4 &&
         (v->sec.hdr.version == 3 || f->num_fres != 0);
}

/* Function overlap of FDEs not in address order: sort the spans filled
 * (all FDEs i < pa->n whose range sfv_v_fde_range() accepts, in index
 * order), then sweep.  sf->a has room for 2 * pa->n spans. */
void sfv_v_func_overlap_filled(vctx *v, const pass_a *pa, span_fill *sf) {
  func_sweep(v, pa, sort_noted(sf->a, sf->a + pa->n, &sf->st), sf->st.n);
}

/* Spans {fre_off, 0, i} of FDEs i < n (n <= fde_avail). */
static void fill_fre_offs(const sfv_section *s, uint32_t n, span_fill *sf) {
  fre_off_reader r;
  uint32_t i;
  sfv_v_fre_off_init(&r, s);
  for (i = 0; i < n; i++)
    sfv_v_fill_add(sf, sfv_v_fre_off(&r, i), 0, i);
}

/* Stage 4b: FRE blocks in FRE-sub-section order (spans sorted by fre_off,
 * or the index order when that is already ascending).  Each block is
 * walked only when it starts at or after the furthest byte walked so far,
 * so walked ranges are disjoint and total work <= fre_len; a block starting
 * before that point overlaps the block that reached it. */
void sfv_v_blocks_ordered(vctx *v, const pass_a *pa, span *spans) {
  const sfv_section *s = &v->sec;
  uint32_t i, n = 0, owner = 0;
  uint64_t prev_end = 0, unused = 0, first_gap = 0;
  int have_prev = 0, have_gap = 0;

  if (spans != NULL) {
    /* Sorted by the index field fre_off alone: reading each attribute
     * here, in index order, would miss the cache once per FDE; the walk
     * below skips the blocks block_usable() refuses. */
    span_fill sf;
    sfv_v_fill_init(&sf, spans);
    fill_fre_offs(s, pa->n, &sf);
    n = sf.st.n;
    spans = sort_noted(spans, spans + pa->n, &sf.st);
  } else {
    n = pa->n;
  }
  for (i = 0; i < n && !v->em.stop; i++) {
    sfv_fde f;
    uint32_t idx = spans != NULL ? spans[i].idx : i;
    uint64_t start;
    /* In fre_off order the index entries come in no memory order: fetch
     * the entry of the span SFV_V_AHEAD places on while this one is
     * walked (idx < pa->n <= fde_avail: the entry is inside the buffer). */
    if (spans != NULL && i + SFV_V_AHEAD < n)
      prefetch_fde(s, spans[i + SFV_V_AHEAD].idx);
    if (!block_usable(v, idx, pa->fre_len, &f))
      continue;
    start = f.fre_off;
    if (have_prev && start < prev_end) {
      SFV_FIND(&v->out, FDE_FRE_BLOCK_OVERLAP,
               sfv_field_at(s, &f, SFV_FLD_F_FRE_OFF), idx, SFV_NONE,
               .block_start = (int64_t)start,
               .owner_block_end = (int64_t)prev_end, .owner_fde = owner);
      continue;
    }
    if (start > prev_end) {
      if (!have_gap)
        first_gap = prev_end;
      have_gap = 1;
      unused += start - prev_end;
    }
    prev_end = sfv_v_walk_fres(v, &f, NULL) - s->priv.fre_base;
    owner = idx;
    have_prev = 1;
  }
  if (v->em.stop)
    return;
  if (prev_end < pa->fre_len) {
    if (!have_gap)
      first_gap = prev_end;
    unused += pa->fre_len - prev_end;
  }
  if (unused != 0)
    SFV_FIND(&v->out, FRE_UNUSED_BYTES, s->priv.fre_base + first_gap, SFV_NONE,
             SFV_NONE, .unused_bytes = (int64_t)unused,
             .expected_unused_bytes = 0);
}

/* Without scratch and with blocks out of order: walk in index order under a
 * budget of fre_len bytes; conclude only what the byte count proves. */
void sfv_v_blocks_fallback(vctx *v, const pass_a *pa) {
  const sfv_section *s = &v->sec;
  sfv_work b = sfv_work_of(pa->fre_len);
  unsigned attr_size = sfv_struct_size(SFV_ST_ATTR, s->hdr.version);
  uint64_t used = 0;
  uint32_t i;
  fre_off_reader r;
  sfv_v_fre_off_init(&r, s);
  for (i = 0; i < pa->n && !v->em.stop && !b.hit; i++) {
    sfv_fde f;
    /* Blocks out of order: fetch the block of the FDE SFV_V_AHEAD places
     * on (its attribute and first FREs) while this one is walked. */
    if (i + SFV_V_AHEAD < pa->n)
      sfv_v_prefetch_block(&r, s, i + SFV_V_AHEAD);
    if (!block_usable(v, i, pa->fre_len, &f))
      continue;
    if (attr_size != 0 && !sfv_work_charge(&b, attr_size))
      break;
    used += sfv_v_walk_fres(v, &f, &b) - s->priv.fre_base - f.fre_off;
  }
  if (v->em.stop)
    return;
  if (b.hit || used > pa->fre_len)
    SFV_FIND(&v->out, FRE_BLOCKS_INCONSISTENT, s->priv.fre_base, SFV_NONE,
             SFV_NONE, .bytes_used = (int64_t)used,
             .fre_len = (int64_t)pa->fre_len);
  else if (used < pa->fre_len)
    SFV_FIND(&v->out, FRE_UNUSED_BYTES, s->priv.fre_base, SFV_NONE, SFV_NONE,
             .unused_bytes = (int64_t)(pa->fre_len - used),
             .expected_unused_bytes = 0);
  SFV_FIND(&v->out, CHECKS_SKIPPED, s->priv.fre_base, SFV_NONE, SFV_NONE,
           .reason = SFV_SKIP_NO_SCRATCH);
}


/* validate_cross.c - the validator's cross-FDE checks that need order:
 * function overlap of unsorted FDEs (sort, then sweep) and the FRE blocks
 * in FRE-sub-section order (overlap, unused bytes), with caller scratch and
 * an in-place heapsort; without scratch, a byte-budgeted fallback.
 * Work: O(n log n) in the FDEs with scratch; FRE bytes decoded <= fre_len.
 */
#include "validate.h"
#include "spec.h"

static int span_less(const span *a, const span *b) {
  return a->lo < b->lo || (a->lo == b->lo && a->idx < b->idx);
}

static void sift_down(span *a, size_t root, size_t n) {
  for (;;) {
    size_t child = 2 * root + 1, big = root;
    if (child < n && span_less(&a[big], &a[child]))
      big = child;
    if (child + 1 < n && span_less(&a[big], &a[child + 1]))
      big = child + 1;
    if (big == root)
      return;
    span t = a[root];
    a[root] = a[big];
    a[big] = t;
    root = big;
  }
}

static void heapsort_spans(span *a, size_t n) {
  size_t i;
  if (n < 2)
    return;
  for (i = n / 2; i > 0; i--)
    sift_down(a, i - 1, n);
  for (i = n - 1; i > 0; i--) {
    span t = a[0];
    a[0] = a[i];
    a[i] = t;
    sift_down(a, 0, i);
  }
}

static void swap_spans(span *x, span *y) {
  span t = *x;
  *x = *y;
  *y = t;
}

/* Introsort without recursion: quicksort (median of three, Hoare
 * partition) keeping the larger part on an explicit stack and going on with
 * the smaller, so the stack never holds more than log2(n) < 64 parts; a
 * part whose depth budget (2 log2 n) runs out is heapsorted (n log n in the
 * worst case, whatever the input); parts under 16 get an insertion sort.
 * Keys (lo, idx) are unique, so the order is the heapsort's exactly. */
void sfv_v_sort_spans(span *a, size_t n) {
  struct part {
    size_t lo, n;
    unsigned budget;
  } st[64];
  unsigned top = 0, depth = 0;
  size_t k;
  for (k = n; k > 1; k >>= 1)
    depth += 2;
  st[top++] = (struct part){0, n, depth};
  while (top > 0) {
    struct part p = st[--top];
    while (p.n > 16 && p.budget > 0 && top < 64) {
      span *b = a + p.lo, piv;
      size_t m = p.n / 2, last = p.n - 1, left;
      int64_t i = -1, j = (int64_t)p.n;
      if (span_less(&b[m], &b[0]))
        swap_spans(&b[m], &b[0]);
      if (span_less(&b[last], &b[m])) {
        swap_spans(&b[last], &b[m]);
        if (span_less(&b[m], &b[0]))
          swap_spans(&b[m], &b[0]);
      }
      piv = b[m];
      for (;;) {
        do
          i++;
        while (span_less(&b[i], &piv));
        do
          j--;
        while (span_less(&piv, &b[j]));
        if (i >= j)
          break;
        swap_spans(&b[i], &b[j]);
      }
      left = (size_t)j + 1; /* [0, left) <= pivot <= [left, n) */
      p.budget--;
      if (left < p.n - left) {
        st[top++] = (struct part){p.lo + left, p.n - left, p.budget};
        p.n = left;
      } else {
        st[top++] = (struct part){p.lo, left, p.budget};
        p.lo += left;
        p.n -= left;
      }
    }
    if (p.n > 16) {
      heapsort_spans(a + p.lo, p.n);
    } else {
      for (k = 1; k < p.n; k++) {
        size_t q = p.lo + k;
        while (q > p.lo && span_less(&a[q], &a[q - 1])) {
          swap_spans(&a[q], &a[q - 1]);
          q--;
        }
      }
    }
  }
}

size_t sfv_scratch_size(uint32_t num_fdes) {
  return (size_t)num_fdes * sizeof(span) + _Alignof(span);
}

span *sfv_v_scratch_spans(const sfv_options *opt, uint32_t n) {
  uintptr_t p, a;
  size_t avail;
  if (opt->scratch == NULL)
    return NULL;
  p = (uintptr_t)opt->scratch;
  a = (p + (_Alignof(span) - 1)) & ~(uintptr_t)(_Alignof(span) - 1);
  if (a - p > opt->scratch_size)
    return NULL;
  avail = (opt->scratch_size - (size_t)(a - p)) / sizeof(span);
  if (avail < n)
    return NULL;
  return (span *)a;
}

/* Sweep over spans in ascending lo: report each span starting below the
 * furthest end seen so far.  Zero-length spans never overlap. */
typedef void (*overlap_fn)(vctx *v, const span *s, const span *owner);

static void sweep(vctx *v, const span *a, size_t n, overlap_fn fn) {
  int64_t max_end = INT64_MIN;
  size_t owner = 0, i;
  for (i = 0; i < n && !v->em.stop; i++) {
    if (a[i].hi <= a[i].lo)
      continue;
    if (max_end != INT64_MIN && a[i].lo < max_end) {
      fn(v, &a[i], &a[owner]);
      if (a[i].hi > max_end) {
        max_end = a[i].hi;
        owner = i;
      }
      continue;
    }
    max_end = a[i].hi;
    owner = i;
  }
}

static void func_overlap(vctx *v, const span *s, const span *owner) {
  sfv_fde f;
  if (sfv_fde_get(&v->sec, s->idx, &f) != SFV_E_RANGE)
    SFV_FIND(&v->out, FDE_FUNC_OVERLAP, f.offset, s->idx, SFV_NONE,
             .func_start = sfv_v_report_addr(v, s->lo),
             .covering_func_end = sfv_v_report_addr(v, owner->hi),
             .covering_fde = owner->idx);
}

/* ---------------------------------------------------------------- */

/* An FDE whose FRE block can be walked: v3 attribute inside the FRE
 * sub-section (fre_len clipped to the buffer), v1/v2 FRE offset inside it,
 * a defined FRE type. */
static int block_usable(const vctx *v, uint32_t i, uint64_t fre_len,
                        sfv_fde *f) {
  if (sfv_fde_get(&v->sec, i, f) != SFV_OK)
    return 0;
  if (v->sec.hdr.version == 3)
    return (uint64_t)f->fre_off + sfv_struct_size(SFV_ST_ATTR, 3) <= fre_len &&
           f->fre_type <= SFV_FRE_ADDR4;
  return f->fre_off <= fre_len && f->fre_type <= SFV_FRE_ADDR4 &&
         f->num_fres != 0;
}

/* Function overlap for FDEs not in address order: sort, then sweep. */
void sfv_v_func_overlap_sorted(vctx *v, const pass_a *pa, span *spans) {
  uint32_t i, k = 0;
  for (i = 0; i < pa->n; i++) {
    sfv_fde f;
    int64_t lo, hi;
    /* Index fields only (the range): no attribute read per FDE. */
    if (sfv_fde_get_index(&v->sec, i, &f) == SFV_E_RANGE ||
        !sfv_v_fde_range(v, &f, &lo, &hi))
      continue;
    spans[k].lo = lo;
    spans[k].hi = hi;
    spans[k].idx = i;
    k++;
  }
  sfv_v_sort_spans(spans, k);
  sweep(v, spans, k, func_overlap);
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
    for (i = 0; i < pa->n; i++) {
      sfv_fde f;
      if (sfv_fde_get_index(&v->sec, i, &f) == SFV_E_RANGE)
        continue;
      spans[n].lo = f.fre_off;
      spans[n].hi = 0;
      spans[n].idx = i;
      n++;
    }
    sfv_v_sort_spans(spans, n);
  } else {
    n = pa->n;
  }
  for (i = 0; i < n && !v->em.stop; i++) {
    sfv_fde f;
    uint32_t idx = spans != NULL ? spans[i].idx : i;
    uint64_t start;
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
  budget b = {pa->fre_len, 0};
  unsigned attr_size = sfv_struct_size(SFV_ST_ATTR, s->hdr.version);
  uint64_t used = 0;
  uint32_t i;
  for (i = 0; i < pa->n && !v->em.stop && !b.hit; i++) {
    sfv_fde f;
    if (!block_usable(v, i, pa->fre_len, &f))
      continue;
    if (attr_size != 0) {
      if (b.left < attr_size) {
        b.hit = 1;
        break;
      }
      b.left -= attr_size;
    }
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


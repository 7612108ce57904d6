/* validate_clean.c - stage 4 in one pass for sections that draw no
 * finding there: each FDE decoded once, its FREs walked by the fast path
 * in the same step.
 *
 * The staged passes (validate.c check_fde_index, validate_cross.c's block
 * walk) decode every FDE twice and walk the FRE blocks in FRE-sub-section
 * order, so that diagnostics come out in their documented order.  When
 * there is no diagnostic to order, one pass proves the same: this one runs
 * first, reports nothing, and either proves that the staged passes would
 * report nothing (returns 1: stage 4 is done) or gives up (returns 0) at
 * the first thing it cannot prove, and the staged passes then run from the
 * start as if it had not.  It proves, FDE by FDE in index order:
 *   - the FDE decodes (attribute inside the buffer), its block starts
 *     inside the FRE sub-section and the FDE classifier reports nothing
 *     (asked with a counting sfv_out);
 *   - its function range is representable and overlaps no other: in
 *     index order, the overlap sweep of check_fde_index on the same
 *     ranges; out of order (not allowed under FDE_SORTED: a finding), with
 *     scratch, the staged sort-and-sweep itself, its findings counted;
 *   - every FRE of its block is taken by the fast path (validate_fast.c),
 *     which stops at the first FRE that would draw a finding;
 *   - the blocks tile the FRE sub-section: contiguous from offset 0 to its
 *     end, in index order, or -- with scratch -- once sorted by offset
 *     (neither gap nor overlap: no FRE_UNUSED_BYTES, no block overlap);
 *   - FRE counts add up to the header's.
 * Work: each FDE decoded once; FRE bytes walked <= fre_len (a budget: an
 * overlap ends the pass before it can walk a byte twice over the length);
 * with scratch, one sort of the blocks when they are not in index order
 * and one of the functions when those are not.
 * So a section with findings costs at most one extra partial pass.
 */
#include "validate.h"
#include "classify.h"
#include "spec.h"

static void count_finding(void *ctx, const sfv_finding *fi) {
  (void)fi;
  ++*(unsigned *)ctx;
}

/* The FREs of f, all by the fast path under budget *b: 1 with *end the
 * section offset where its block ends, 0 when the fast path stopped. */
static int walk_clean(vctx *v, const sfv_fde *f, budget *b, uint64_t *end) {
  sfv_fre_iter it;
  uint32_t prev_start = 0;
  if (!sfv_v_fast_usable(v, f) ||
      sfv_fre_iter_init(&it, &v->sec, f, 0) != SFV_OK)
    return 0;
  sfv_v_fast_fres(v, f, &it, b, &prev_start);
  *end = it.pos;
  return it.next == it.count;
}

/* FDEs visited in index order while their blocks are not: the block of
 * FDE i (attribute and first FREs) is asked for this many FDEs ahead, so
 * that its cache miss overlaps the work on the FDEs before it.  Inline:
 * gcc drops a call to a function that only prefetches (no side effect). */
enum { PREFETCH_AHEAD = 16 };

__attribute__((always_inline)) static inline void
prefetch_block(const sfv_section *s, uint32_t i, uint32_t n) {
  int64_t off;
  if (i < n && s->priv.fre_base < s->size &&
      sfv_field_read(s, s->priv.fde_base + (uint64_t)i * s->priv.fde_size,
                     SFV_FLD_F_FRE_OFF, &off) &&
      (uint64_t)off < s->size - s->priv.fre_base)
    __builtin_prefetch(s->data + s->priv.fre_base + (uint64_t)off);
}

/* Blocks recorded in spans[0, n) ([lo, hi) in the FRE sub-section), out of
 * index order: 1 when, sorted, they tile [0, fre_len). */
static int blocks_tile(span *spans, uint32_t n, uint64_t fre_len) {
  int64_t end = 0;
  uint32_t i;
  sfv_v_sort_spans(spans, n);
  for (i = 0; i < n; i++) {
    if (spans[i].lo != end)
      return 0;
    end = spans[i].hi;
  }
  return (uint64_t)end == fre_len;
}

int sfv_v_clean_pass(vctx *v, const pass_a *pa, span *spans) {
  const sfv_section *s = &v->sec;
  unsigned attr_size = sfv_struct_size(SFV_ST_ATTR, s->hdr.version);
  unsigned findings = 0;
  sfv_out quiet = {count_finding, &findings};
  budget b = {pa->fre_len, 0};
  int64_t prev_lo = 0, max_end = INT64_MIN;
  uint64_t fres_total = 0, prev_end = 0;
  int in_order = 1, funcs_in_order = 1;
  int sorted_flag = (s->hdr.flags & SFV_F_FDE_SORTED) != 0;
  uint32_t i;

  if (!v->fast || v->unreloc)
    return 0;
  for (i = 0; i < pa->n; i++) {
    sfv_fde f;
    int64_t lo, hi;
    uint64_t end, blk;
    if (!in_order)
      prefetch_block(s, i + PREFETCH_AHEAD, pa->n);
    if (sfv_fde_get(s, i, &f) != SFV_OK ||
        (uint64_t)f.fre_off + attr_size > pa->fre_len ||
        (sfv_classify_fde(s, &f, &quiet), findings != 0) ||
        !sfv_v_fde_range(v, &f, &lo, &hi))
      return 0;
    /* As check_fde_index: functions out of order are an FDE_SORTED
     * finding under the flag, else sorted and swept (with scratch). */
    if (i > 0 && lo < prev_lo) {
      if (sorted_flag || spans == NULL)
        return 0;
      funcs_in_order = 0;
    }
    if (funcs_in_order && hi > lo) {
      if (max_end != INT64_MIN && lo < max_end)
        return 0;
      if (hi > max_end)
        max_end = hi;
    }
    prev_lo = lo;
    fres_total += f.num_fres;
    /* The block: walked within what is left of the budget. */
    blk = f.fre_off;
    if (!walk_clean(v, &f, &b, &end))
      return 0;
    end -= s->priv.fre_base;
    if (blk != prev_end) {
      if (spans == NULL)
        return 0; /* the staged walk would go without scratch */
      in_order = 0;
    }
    if (spans != NULL) {
      spans[i].lo = (int64_t)blk;
      spans[i].hi = (int64_t)end;
      spans[i].idx = i;
    }
    prev_end = end;
  }
  if (pa->n == s->hdr.num_fdes && fres_total != s->hdr.num_fres)
    return 0;
  if (in_order ? prev_end != pa->fre_len
               : !blocks_tile(spans, pa->n, pa->fre_len))
    return 0;
  if (!funcs_in_order) {
    /* The staged sort-and-sweep itself, its findings counted (the spans
     * are free again: the blocks are proven). */
    sfv_out staged = v->out;
    v->out = quiet;
    sfv_v_func_overlap_sorted(v, pa, spans);
    v->out = staged;
    if (findings != 0)
      return 0;
  }
  return 1;
}

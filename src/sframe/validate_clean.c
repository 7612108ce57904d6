/* SPDX-License-Identifier: MIT */
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
 *     scratch, the staged sort-and-sweep itself on the ranges this pass
 *     kept (from the first FDE out of order on; the ones before it read
 *     again), its findings counted;
 *   - every FRE of its block draws no finding: taken by the fast path
 *     (validate_fast.c: default and flex FDEs), or, from the first FRE it
 *     leaves, by the block walk with its findings counted;
 *   - the blocks tile the FRE sub-section: contiguous from offset 0 to its
 *     end, in index order, or -- with scratch -- once sorted by offset
 *     (neither gap nor overlap: no FRE_UNUSED_BYTES, no block overlap);
 * Scratch (2n spans, sfv_scratch_size): the function ranges as spans in
 * its first half, the blocks (8 bytes each) in the third quarter and
 * their sort's second array or a bitmap of their starts in the fourth;
 * once the blocks are proven, the second half is the function sort's
 * second array.
 *   - FRE counts add up to the header's.
 * Work: each FDE decoded once; FRE bytes walked <= fre_len (a budget: an
 * overlap ends the pass before it can walk a byte twice over the length);
 * with scratch, one sort (or bitmap check, O(n + fre_len / 64)) of the
 * blocks when they are not in index order and one sort of the functions
 * when those are not.
 * So a section with findings costs at most one extra partial pass.
 */
#include <string.h>

#include "sframe/validate.h"
#include "sframe/classify.h"
#include "sframe/spec.h"

/* The FREs of f under budget *b: 1 with *end the section offset where its
 * block ends when every one is walked without a finding.  The fast path
 * first; from the first FRE it does not take, the block walk itself, its
 * findings counted. */
static int walk_clean(vctx *v, const sfv_fde *f, sfv_work *b, uint64_t *end) {
  sfv_fre_iter it;
  uint32_t prev_start = 0;
  if (sfv_fre_iter_init_i(&it, &v->sec, f, 0) != SFV_OK)
    return 0;
  if (sfv_v_fast_usable(v, f)) {
    sfv_v_fast_fres(v, f, &it, b, &prev_start);
    if (it.next == it.count) {
      *end = it.pos;
      return 1;
    }
  }
  return sfv_v_walk_fres_quiet(v, f, &it, prev_start, b, end);
}

/* Whether the n blocks a[] (offset << 32 | size) tile [0, fre_len),
 * decided with a bitmap of their starts in bits[0, room): 1 or 0; -1
 * when not decided here (a block of 0 bytes, or fre_len past the bitmap).
 * With every size > 0: they tile iff their sizes add up to fre_len, no
 * two start at the same offset, one starts at 0 and each ends at fre_len
 * or where one starts (the chain from 0 then reaches fre_len, its sizes
 * add up to fre_len already, so no block is off it). */
static int blocks_tile_bits(const uint64_t *a, uint32_t n, uint64_t fre_len,
                            uint64_t *bits, uint64_t room) {
  uint64_t sum = 0;
  uint32_t i;
  if (fre_len / 64u >= room)
    return -1;
  memset(bits, 0, (size_t)(fre_len / 64u + 1u) * sizeof *bits);
  for (i = 0; i < n; i++) {
    uint64_t off = a[i] >> 32, size = (uint32_t)a[i];
    if (size == 0)
      return -1;
    if (off >= fre_len || (bits[off / 64u] >> (off % 64u)) & 1u)
      return 0;
    bits[off / 64u] |= (uint64_t)1 << (off % 64u);
    sum += size;
  }
  if (sum != fre_len || !(bits[0] & 1u))
    return 0;
  for (i = 0; i < n; i++) {
    uint64_t end = (a[i] >> 32) + (uint32_t)a[i];
    if (end != fre_len &&
        (end > fre_len || !((bits[end / 64u] >> (end % 64u)) & 1u)))
      return 0;
  }
  return 1;
}

/* Blocks filled into bf (offset << 32 | size in the FRE sub-section;
 * room for cap entries from bf->a), out of index order: 1 when they tile
 * [0, fre_len): once sorted when a merge of a few runs sorts them (GNU
 * ld's two), else by the bitmap of starts where it decides. */
static int blocks_tile(block_fill *bf, uint64_t fre_len, uint64_t cap) {
  uint64_t end = 0;
  uint32_t i, n = bf->st.n;
  const uint64_t *a;
  int t = bf->st.runs > MERGE_RUNS
              ? blocks_tile_bits(bf->a, n, fre_len, bf->a + n, cap - n)
              : -1;
  if (t >= 0)
    return t;
  a = sfv_v_sort_blocks(bf, bf->a + n);
  for (i = 0; i < n; i++) {
    if (a[i] >> 32 != end)
      return 0;
    end = (a[i] >> 32) + (uint32_t)a[i];
  }
  return end == fre_len;
}

/* The function ranges of FDEs [0, n) into sf (they passed the clean
 * pass: each decodes and sfv_v_fde_range accepts it), read again. */
static void funcs_refill(vctx *v, uint32_t n, span_fill *sf) {
  uint32_t i;
  for (i = 0; i < n; i++) {
    sfv_fde f;
    int64_t lo, hi;
    if (sfv_fde_get_index(&v->sec, i, &f) == SFV_OK &&
        sfv_v_fde_range(v, &f, &lo, &hi))
      sfv_v_fill_add(sf, lo, f.size, i);
  }
}

int sfv_v_clean_pass(vctx *v, const pass_a *pa, span *spans) {
  const sfv_section *s = &v->sec;
  unsigned findings = 0;
  sfv_out quiet = {sfv_v_count_finding, &findings};
  sfv_work b = sfv_work_of(pa->fre_len);
  int64_t prev_lo = 0, max_end = INT64_MIN;
  uint64_t fres_total = 0, prev_end = 0, prev_blk = 0;
  int in_order = 1, funcs_in_order = 1;
  int sorted_flag = (s->hdr.flags & SFV_F_FDE_SORTED) != 0;
  fre_off_reader rd;
  span_fill funcs;           /* with scratch, functions out of order: each
                                range, in index order */
  block_fill blocks;         /* with scratch: each block, in index order */
  uint32_t i;

  if (!v->fast || v->unreloc)
    return 0;
  sfv_v_fre_off_init(&rd, s);
  sfv_v_fill_init(&funcs, spans);
  blocks.a = spans != NULL ? (uint64_t *)(void *)(spans + pa->n) : NULL;
  stats_init(&blocks.st);
  for (i = 0; i < pa->n; i++) {
    sfv_fde f;
    int64_t lo, hi;
    uint64_t end, blk;
    /* Blocks out of index order: each one's cache miss is started
     * SFV_V_AHEAD FDEs early, to overlap the work on the FDEs before it. */
    if (!in_order && i + SFV_V_AHEAD < pa->n)
      sfv_v_prefetch_block(&rd, s, i + SFV_V_AHEAD);
    if (sfv_fde_get_i(s, i, &f) != SFV_OK ||
        !sfv_v_block_inside(s, f.fre_off, pa->fre_len) ||
        (sfv_classify_fde(s, &f, &quiet), findings != 0) ||
        !sfv_v_fde_range(v, &f, &lo, &hi))
      return 0;
    /* As check_fde_index: functions out of order are an FDE_SORTED
     * finding under the flag, else sorted and swept (with scratch). */
    if (i > 0 && lo < prev_lo && funcs_in_order) {
      if (sorted_flag || spans == NULL)
        return 0;
      funcs_in_order = 0;
      funcs_refill(v, i, &funcs);
    }
    if (!funcs_in_order)
      sfv_v_fill_add(&funcs, lo, f.size, i);
    if (funcs_in_order && hi > lo) {
      if (max_end != INT64_MIN && lo < max_end)
        return 0;
      if (hi > max_end)
        max_end = hi;
    }
    prev_lo = lo;
    fres_total += f.num_fres;
    /* The block: walked within what is left of the budget, unless it
     * starts inside the previous block (an overlap: shared blocks). */
    blk = f.fre_off;
    if ((i > 0 && blk >= prev_blk && blk < prev_end) ||
        !walk_clean(v, &f, &b, &end))
      return 0;
    end -= s->priv.fre_base;
    if (blk != prev_end) {
      if (spans == NULL)
        return 0; /* the staged walk would go without scratch */
      in_order = 0;
    }
    sfv_v_block_add(&blocks, (uint32_t)blk, (uint32_t)(end - blk));
    /* (blk <= end <= fre_len < 2^32) */
    prev_blk = blk;
    prev_end = end;
  }
  if (pa->n == s->hdr.num_fdes && fres_total != s->hdr.num_fres)
    return 0;
  if (in_order ? prev_end != pa->fre_len
               : !blocks_tile(&blocks, pa->fre_len, 2u * (uint64_t)pa->n))
    return 0;
  if (!funcs_in_order) {
    /* The staged sort and sweep itself on the ranges kept, its findings
     * counted (the second half is free again: the blocks are proven). */
    sfv_out staged = v->out;
    v->out = quiet;
    sfv_v_func_overlap_filled(v, pa, &funcs);
    v->out = staged;
    if (findings != 0)
      return 0;
  }
  return 1;
}

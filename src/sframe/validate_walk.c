/* SPDX-License-Identifier: MIT */
/* validate_walk.c - stage 4 for one FDE: its FRE block FRE by FRE (the
 * FRE classifier, start-address order and range), shared by the driver
 * (validate.c) and the cross-FDE passes (validate_cross.c); below both.
 *
 * Invariants: never reads past the FRE sub-section (the iterator's limit);
 * with a budget, decodes at most b->left FRE bytes plus one FRE; the fast
 * path (validate_fast.c) and this loop give the same diagnostics.
 */
#include "sframe/validate.h"
#include "sframe/classify_fre.h"
#include "sframe/spec.h"

/* What depends on the FRE's neighbours and its FDE: start addresses. */
static void check_fre_start(vctx *v, const sfv_fde *f, const sfv_fre *r,
                            const sfv_fre *prev) {
  int64_t fi = f->index, ri = r->index;

  if (prev != NULL && r->start <= prev->start)
    SFV_FIND(&v->out, FRE_START_ORDER, r->offset, fi, ri, .fre_start = r->start,
             .previous_fre_start = prev->start, .previous_fre = prev->index);
  if (r->index == 0 && r->start != 0)
    SFV_FIND(&v->out, FRE_FIRST_START, r->offset, fi, 0, .fre_start = r->start,
             .expected_fre_start = 0);
  if (r->start < sfv_v_fre_start_bound(v, f))
    return;
  if (f->pc_type == SFV_PC_MASK && v->sec.hdr.version >= 2)
    SFV_FIND(&v->out, FRE_START_RANGE, r->offset, fi, ri, .fre_start = r->start,
             .range_size = f->rep_size);
  else if (r->start > f->size)
    SFV_FIND(&v->out, FRE_START_RANGE, r->offset, fi, ri, .fre_start = r->start,
             .range_size = f->size);
  else
    SFV_FIND(&v->out, FRE_START_AT_END, r->offset, fi, ri,
             .fre_start = r->start, .func_size = f->size);
}

/* The fast path's turn at the top of the walk's loop, at iterator *it:
 * after n fruitless tries in a row (every FRE drew a finding) the next
 * 2^n - 1 FREs (n <= 5) go straight to the slow path; else the fast path
 * advances *it.  Either path gives the same diagnostics, so the back-off
 * only moves cost.  1 when the walk ends here: a finding of the fast path
 * stopped the run, or it took the block's last FRE (*done: what
 * sfv_fre_next would say, SFV_END). */
__attribute__((always_inline)) static inline int
fast_turn(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
          uint32_t *prev_start, int *done) {
  uint32_t before = it->next;
  if (v->fast_skip > 0) {
    v->fast_skip--;
    return 0;
  }
  sfv_v_fast_fres_find(v, f, it, b, prev_start);
  if (v->em.stop)
    return 1; /* its last FRE's finding stopped the run */
  if (it->next == it->count) {
    *done = 1;
    return 1;
  }
  if (it->next != before)
    v->fast_miss = 0;
  else if (v->fast_miss < 5)
    v->fast_miss++;
  v->fast_skip = it->next != before ? 0 : (1u << v->fast_miss) - 1u;
  return 0;
}

/* One turn of walk_fres's loop at iterator *it (prev_start: the start of
 * FRE it->next - 1, if any; fast: sfv_v_fast_usable; *turned: the fast
 * path had this turn already): the fast path's turn, then one FRE by the
 * slow path.  1 when the walk goes on.  The walk's loop is nothing but
 * these turns, so a proof of one turn from any state satisfying the
 * walk's invariant covers walks of any length (proofs/sfv_v_walk_fres).
 * Reads the section only through sfv_fre_next_i: a failed FRE's fields
 * are those its info byte gives when that byte was read. */
__attribute__((always_inline)) static inline int
walk_turn(vctx *v, const sfv_fde *f, sfv_fre_iter *it, uint32_t *prev_start,
          sfv_work *b, int fast, int *turned, int *done) {
  sfv_fre cur, prev;
  sfv_status st;
  if (*turned)
    *turned = 0;
  else if (fast && fast_turn(v, f, it, b, prev_start, done))
    return 0;
  st = sfv_fre_next_i(it, &cur);
  if (st == SFV_END) {
    *done = 1;
    return 0;
  }
  if (st == SFV_E_DATAWORD_SIZE) {
    SFV_FIND(&v->out, FRE_DATAWORD_SIZE,
             it->pos + sfv_fre_addr_size(f->fre_type), f->index, it->next,
             .dataword_size_code = cur.dw_size_code,
             .max_dataword_size_code = SFV_DW_SIZE_CODE_MAX);
    return 0;
  }
  if (st != SFV_OK) {
    /* Truncated: say how much the FRE needs if its info byte is there
     * (then sfv_fre_next_i decoded its count and size code; asz 0, an
     * undefined FRE type, cannot reach here: the iterator's FRE type is
     * its FDE's, which sfv_fre_iter_init_i accepted). */
    uint64_t left = it->limit > it->pos ? it->limit - it->pos : 0;
    unsigned asz = sfv_fre_addr_size(f->fre_type);
    int64_t need = asz + 1;
    if (asz != 0 && left > asz)
      need += (int64_t)((unsigned)cur.dw_count << cur.dw_size_code);
    SFV_FIND(&v->out, FRE_BOUNDS, it->pos, f->index, it->next,
             .bytes_needed = need, .bytes_left = (int64_t)left);
    return 0;
  }
  if (b != NULL && !sfv_work_charge(b, cur.length))
    return 0;
  /* FRE cur.index - 1 was the previous one, whichever path took it;
   * *prev_start is its start (set below or by the fast path). */
  prev.index = cur.index > 0 ? cur.index - 1 : 0;
  prev.start = *prev_start;
  check_fre_start(v, f, &cur, cur.index > 0 ? &prev : NULL);
  if (v->abi_ok)
    (void)sfv_classify_fre_i(&v->sec, f, &cur, &v->out);
  *prev_start = cur.start; /* all check_fre_start reads of prev */
  return 1;
}

/* Decodes and checks the FREs of f from iterator it on (never past the
 * FRE sub-section; prev_start: the start of FRE it->next - 1, if any);
 * returns the section offset where its block ends, as far as it could be
 * read, and *done: whether it read them all (SFV_END).  With b != NULL,
 * stops when the budget is spent.  FREs the fast path (validate_fast.c)
 * proves finding-free it passes over; the others take this loop, one at a
 * time, so the diagnostics are this loop's.  turned: the fast path had
 * its turn at it already (fast_turn), so the loop starts with the slow
 * path. */
static uint64_t walk_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *itp,
                          uint32_t prev_start, sfv_work *b, int *done,
                          int turned) {
  sfv_fre_iter it = *itp;
  int fast = sfv_v_fast_usable(v, f);
  *done = 0;
  while (!v->em.stop &&
         walk_turn(v, f, &it, &prev_start, b, fast, &turned, done))
    ;
  return it.pos;
}

uint64_t sfv_v_walk_fres(vctx *v, const sfv_fde *f, sfv_work *b) {
  sfv_fre_iter it;
  uint32_t prev_start = 0;
  int done = 0;
  if (sfv_fre_iter_init_i(&it, &v->sec, f, 0) != SFV_OK)
    return f->fres_offset;
  /* The loop's first turn here: a block the fast path takes whole (every
   * FRE, its findings sent) needs no slow-path frame. */
  if (!v->em.stop && sfv_v_fast_usable(v, f)) {
    if (fast_turn(v, f, &it, b, &prev_start, &done))
      return it.pos;
    return walk_fres(v, f, &it, prev_start, b, &done, 1);
  }
  return walk_fres(v, f, &it, 0, b, &done, 0);
}

int sfv_v_walk_fres_quiet(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                          uint32_t prev_start, sfv_work *b, uint64_t *end) {
  unsigned findings = 0;
  sfv_out reported = v->out;
  int done;
  v->out = (sfv_out){sfv_v_count_finding, &findings};
  *end = walk_fres(v, f, it, prev_start, b, &done, 0);
  v->out = reported;
  return done && findings == 0;
}

/* A section-relative position as the value diagnostics report: the target
 * address (two's-complement bit pattern, printed by "{...:a}") when the vma
 * is known, else the section-relative value.  Callers pass positions
 * sfv_v_fde_range() accepted, so the addition cannot leave [0, 2^64]. */
int64_t sfv_v_report_addr(const vctx *v, int64_t pos) {
  uint64_t a;
  if (!(v->opt->flags & SFV_OPT_VMA) || !sfv_addr_add(v->opt->vma, pos, &a))
    return pos;
  return sfv_sext(a, 8);
}

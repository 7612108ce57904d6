/* SPDX-License-Identifier: MIT */
/* cfi_compare_mask.c - a PC-mask FDE against .eh_frame, block by block.
 *
 * A PC-mask FDE (v2/v3) answers at PC p with the last FRE whose start is
 * <= (p - fstart) % rep_size (spec 2.3.3.1, The SFrame FDE PC Types).  The
 * .eh_frame rows over the FDE's range are walked in runs of equal rules;
 * a run [lo, hi) covers the block offsets from (lo - fstart) % rep_size on,
 * min(hi - lo, rep_size) of them (wrapping once at rep_size), and each FRE
 * whose block interval meets them is compared with the run at the first
 * PC of the run where the FRE applies.  So the work is one unit per run
 * plus one per FRE passed, never one per block: a huge range with a tiny
 * rep_size costs what its .eh_frame rows cost.  The FRE walk goes forward
 * from run to run and restarts only where a run wraps round the block, so
 * runs shorter than a block cost O(1) each on average, and a run of a
 * block or more at most two passes over the block's FREs (FRE starts
 * ascend below rep_size <= 255: at most 255 FREs a pass).
 *
 * Runs whose rules SFrame cannot express (a CFA or RA/FP rule that is a
 * DWARF expression other than register + offset [deref], e.g. the .plt
 * rows of GNU ld) are not compared; their bytes are counted and noted once
 * per FDE (cfi-mask-skipped), as is the whole range of a v1 FDE (its bit
 * rule has no block intervals) or of one with rep_size 0 (no lookup
 * answers there: fde-mask-rep-size).
 *
 * Invariants: no allocation; every run and every FRE passed is charged to
 * the comparison's budget; each mismatch category is reported at most once
 * per FRE of the FDE; FREs out of order or starting at or past rep_size end
 * the walk (the validator's findings).
 */
#include "cfi/cmp_state.h"

typedef struct mask_walk {
  cmp *c;
  fnc f;
  const sfv_cfi_row *row;
  uint64_t fstart;
  uint64_t rep;
  int gap_reported;
  /* the FRE walk, resumed by the next piece when it starts at or after
   * cur's start (runs shorter than a block go forward until they wrap) */
  int ready;
  int have_nxt;
  sfv_fre_iter it;
  sfv_fre cur, nxt;
} mask_walk;

/* 1 when two rows give the same rules to everything compared. */
static int same_rules(const cmp *c, const sfv_cfi_row *a, const sfv_cfi_row *b) {
  uint32_t ra, rb;
  int64_t oa, ob;
  int k;
  if (sfv_cmp_cfa_of(c->cfi, &a->s, &ra, &oa) != sfv_cmp_cfa_of(c->cfi, &b->s, &rb, &ob) ||
      ra != rb || oa != ob || a->s.ra_signed != b->s.ra_signed ||
      a->s.ra_signed_pc != b->s.ra_signed_pc)
    return 0;
  for (k = 0; k < 2; k++) {
    norm x = sfv_cmp_from_cfi(c->cfi, &a->s.regs[k], k);
    norm y = sfv_cmp_from_cfi(c->cfi, &b->s.regs[k], k);
    if (x.kind != y.kind || x.val != y.val || x.reg != y.reg)
      return 0;
  }
  return 1;
}

/* 1 when a row's rules include a DWARF expression SFrame cannot express:
 * such rows are skipped, not compared. */
static int is_expression(const cmp *c, const sfv_cfi_row *row) {
  uint32_t reg;
  int64_t off;
  unsigned ck = sfv_cmp_cfa_of(c->cfi, &row->s, &reg, &off);
  int k;
  if (cmp_cfa_expr_unrepresentable(c, ck))
    return 1;
  for (k = 0; k < 2; k++) {
    uint8_t kind = sfv_cmp_from_cfi(c->cfi, &row->s.regs[k], k).kind;
    if (kind == SFV_CFI_R_EXPR || kind == SFV_CFI_R_VAL_EXPR)
      return 1;
  }
  return 0;
}

/* Compares block offsets [a, b) (b <= rep), offset a being at PC pc.
 * 0 when the walk must end (budget spent, FREs unreadable or out of
 * order). */
static int walk_piece(mask_walk *w, uint64_t a, uint64_t b, uint64_t pc) {
  cmp *c = w->c;
  const sfv_fde *fde = w->f.fde;
  sfv_recovery_set rec;
  if (!w->ready || cmp_fre_start(&w->f, &w->cur) > a) {
    uint64_t s0;
    if (sfv_fre_iter_init(&w->it, c->sec, fde, 0) != SFV_OK ||
        sfv_fre_next(&w->it, &w->cur) != SFV_OK || !charge(c, 1))
      return 0;
    w->ready = 1;
    w->have_nxt = sfv_fre_next(&w->it, &w->nxt) == SFV_OK;
    s0 = cmp_fre_start(&w->f, &w->cur);
    if (s0 > a && !w->gap_reported) { /* offsets before the first FRE */
      w->gap_reported = 1;
      w->f.mismatched = 1;
      CMP_FIND(c, CFI_FRE_GAP, fde->offset, fde->index, SFV_NONE,
               .gap_size = as_i64((s0 < b ? s0 : b) - a), .pc = as_i64(pc));
    }
  }
  for (;;) {
    uint64_t s = cmp_fre_start(&w->f, &w->cur);
    uint64_t e = w->have_nxt ? cmp_fre_start(&w->f, &w->nxt) : w->rep;
    uint64_t lo, hi;
    if (w->cur.start >= w->rep || (w->have_nxt && w->nxt.start <= w->cur.start))
      return 0;
    if (e > w->rep)
      e = w->rep;
    lo = s > a ? s : a;
    hi = e < b ? e : b;
    if (lo < hi && sfv_fre_recovery(c->sec, fde, &w->cur, &rec) == SFV_OK) {
      c->res->intervals++;
      sfv_cmp_at(c, &w->f, w->row, &w->cur, &rec, pc + (lo - a));
    }
    if (!w->have_nxt || e >= b)
      return 1;
    if (!charge(c, 1))
      return 0;
    w->cur = w->nxt;
    w->have_nxt = sfv_fre_next(&w->it, &w->nxt) == SFV_OK;
  }
}

/* The run `row` over [lo, hi) (inside the FDE's range). */
static int walk_run(mask_walk *w, uint64_t lo, uint64_t hi) {
  uint64_t o = (lo - w->fstart) % w->rep;
  uint64_t len = hi - lo < w->rep ? hi - lo : w->rep;
  uint64_t first_end = o + len < w->rep ? o + len : w->rep;
  w->c->res->pc_bytes += hi - lo;
  if (!walk_piece(w, o, first_end, lo))
    return 0;
  if (o + len > w->rep)
    return walk_piece(w, 0, o + len - w->rep, lo + (w->rep - o));
  return 1;
}

int sfv_cmp_mask(cmp *c, const sfv_cfi_fde *cf, const sfv_fde *fde,
                 uint64_t fstart, uint64_t fend) {
  uint8_t seen[CAT_COUNT][32] = {{0}};
  uint64_t cend = cf->pc_begin + cf->pc_range; /* checked by the reader */
  uint64_t end = fend < cend ? fend : cend;
  uint64_t skipped = 0, compared = 0;
  uint32_t track[SFV_CFI_MAX_TRACK];
  sfv_cfi_interp ip;
  sfv_cfi_row run, nx = {0};
  sfv_status st;
  mask_walk w = {0};

  if (fde->num_fres == 0)
    return sfv_cmp_segment(c, cf, fde, fstart, fend); /* no block to walk */
  w.c = c;
  w.f.cf = cf;
  w.f.fde = fde;
  w.f.caf = cf->cie.code_align > 0 ? cf->cie.code_align : 1;
  w.f.seen = seen;
  w.fstart = fstart;
  w.rep = fde->rep_size;
  w.row = &run;
  if (c->sec->hdr.version < 2 || w.rep == 0) {
    skipped = end - fstart;
  } else if (sfv_cfi_interp_init(&ip, c->cfi, cf, track,
                                 sfv_cmp_track_regs(c, cf, track), c->stack,
                                 c->cap, &c->work.left) == SFV_OK) {
    st = sfv_cfi_interp_next(&ip, &run);
    while (st == SFV_OK && run.pc_lo < end) {
      uint64_t lo, hi;
      c->res->cfi_rows++;
      /* the run: following rows back to back with the same rules */
      while ((st = sfv_cfi_interp_next(&ip, &nx)) == SFV_OK && nx.pc_lo == run.pc_hi &&
             run.pc_hi < end && same_rules(c, &run, &nx)) {
        c->res->cfi_rows++;
        run.pc_hi = nx.pc_hi;
      }
      lo = run.pc_lo > fstart ? run.pc_lo : fstart;
      hi = run.pc_hi < end ? run.pc_hi : end;
      if (!charge(c, 1))
        break;
      if (lo < hi && is_expression(c, &run)) {
        skipped += hi - lo;
      } else if (lo < hi) {
        compared += hi - lo;
        if (!walk_run(&w, lo, hi))
          break;
      }
      run = nx;
    }
    if (st != SFV_OK && st != SFV_END)
      sfv_cmp_interp_failed(c, &ip);
  }
  if (compared > 0)
    c->res->mask_compared++;
  if (skipped > 0) {
    c->res->mask_skipped++;
    CMP_FIND(c, CFI_MASK_SKIPPED, fde->offset, fde->index, SFV_NONE,
             .skipped_bytes = as_i64(skipped), .func_size = as_i64(end - fstart),
             .func_start = as_i64(fstart));
  }
  return w.f.mismatched;
}

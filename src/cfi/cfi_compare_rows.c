/* SPDX-License-Identifier: MIT */
/* cfi_compare_rows.c - one function present in both sections, walked over
 * the union of CFI row and FRE boundaries (see src/cfi/cfi_compare.c).
 *
 * Invariants: no allocation; each interval and each FRE passed over is
 * charged to the comparison's budget (charge(), src/common/work.h); each mismatch
 * category is reported at most once per FRE, at the first PC where it
 * shows.
 */
#include "cfi/cmp_state.h"

/* SFrame recovery rule -> comparable form (see sfv_recovery). */
static norm from_sframe(const sfv_recovery *r) {
  norm n = {SFV_CFI_R_SAME, 0, 0};
  if (r->kind == SFV_REC_UNDEFINED && r->source != SFV_SRC_NONE) {
    n.kind = SFV_CFI_R_UNDEF;
  } else if (r->kind != SFV_REC_EXPR) {
    /* SAME, or not filled (nothing said: AMD64 RA without fixed offset is
     * the validator's finding) */
  } else if (!r->reg_p) {
    n.kind = r->deref_p ? SFV_CFI_R_OFFSET : SFV_CFI_R_VAL_OFFSET;
    n.val = r->offset;
  } else if (!r->deref_p && r->offset == 0) {
    n.kind = SFV_CFI_R_REGISTER;
    n.reg = r->regnum;
  } else {
    n.kind = r->deref_p ? K_AT_REG : K_VAL_REG;
    n.val = r->offset;
    n.reg = r->regnum;
  }
  return n;
}

/* CFI rule -> comparable form.  "Unspecified" is "same value" (the
 * callee-saved default every unwinder applies); for the FP, "undefined" is
 * "same value" too: SFrame has no way to say it and tracks FP only when it
 * is saved (the equivalences stated in cfi-ra-rule and cfi-fp-rule).
 * Expressions of the form DW_OP_bregN off [DW_OP_deref] become the
 * register-based forms they are. */
norm sfv_cmp_from_cfi(const sfv_cfi *cfi, const sfv_cfi_reg *r, int is_fp) {
  norm n = {r->kind, 0, 0};
  uint32_t reg;
  int64_t off;
  int deref;
  if (n.kind == SFV_CFI_R_UNSPEC || (is_fp && n.kind == SFV_CFI_R_UNDEF))
    n.kind = SFV_CFI_R_SAME;
  if (n.kind == SFV_CFI_R_OFFSET || n.kind == SFV_CFI_R_VAL_OFFSET) {
    n.val = r->offset;
  } else if (n.kind == SFV_CFI_R_REGISTER) {
    n.reg = r->reg;
  } else if ((n.kind == SFV_CFI_R_EXPR || n.kind == SFV_CFI_R_VAL_EXPR) &&
             sfv_cfi_expr_simple(cfi, r->expr, &reg, &off, &deref)) {
    /* EXPR: saved at the address computed; VAL_EXPR: the value itself */
    int at = n.kind == SFV_CFI_R_EXPR ? !deref : deref;
    if (n.kind == SFV_CFI_R_EXPR && deref)
      return n; /* saved at *(reg + off): no SFrame form */
    n.kind = at ? K_AT_REG : K_VAL_REG;
    n.val = off;
    n.reg = reg;
    if (!at && off == 0) {
      n.kind = SFV_CFI_R_REGISTER;
      n.val = 0;
    }
  }
  return n;
}

/* CFA of a row: kind (0 none, 1 register + offset, 2 other expression,
 * 3 *(register + offset)), register and offset. */
unsigned sfv_cmp_cfa_of(const sfv_cfi *cfi, const sfv_cfi_state *s,
                       uint32_t *reg, int64_t *off) {
  int deref;
  *reg = s->cfa_reg;
  *off = s->cfa_offset;
  if (s->cfa_kind != SFV_CFI_CFA_EXPR)
    return s->cfa_kind;
  if (!sfv_cfi_expr_simple(cfi, s->cfa_expr, reg, off, &deref))
    return 2;
  return deref ? 3u : 1u;
}

/* Reports a category at most once per FRE. */
static int once(fnc *f, int cat, uint32_t fre_index) {
  if (f->reported[cat] == fre_index + 1u)
    return 0;
  f->reported[cat] = fre_index + 1u;
  f->mismatched = 1;
  return 1;
}

/* The RA or FP rule family (cfi-ra-rule/-value, cfi-fp-rule/-value): the
 * rule is chosen at run time, each reported with its own slot names. */
enum reg_which { W_RA, W_FP };

/* what: 0 the rule's kind differs, 1 its offset or register. */
static void report_rule(cmp *c, enum reg_which w, int what, uint64_t off,
                        int64_t fde, int64_t fre, int64_t sframe, int64_t cfi,
                        int64_t pc) {
  switch ((int)w * 2 + what) {
  case W_RA * 2 + 0:
    CMP_FIND(c, CFI_RA_RULE, off, fde, fre, .sframe_ra_rule = sframe,
             .cfi_ra_rule = cfi, .pc = pc);
    break;
  case W_RA * 2 + 1:
    CMP_FIND(c, CFI_RA_VALUE, off, fde, fre, .sframe_ra_value = sframe,
             .cfi_ra_value = cfi, .pc = pc);
    break;
  case W_FP * 2 + 0:
    CMP_FIND(c, CFI_FP_RULE, off, fde, fre, .sframe_fp_rule = sframe,
             .cfi_fp_rule = cfi, .pc = pc);
    break;
  default:
    CMP_FIND(c, CFI_FP_VALUE, off, fde, fre, .sframe_fp_value = sframe,
             .cfi_fp_value = cfi, .pc = pc);
    break;
  }
}

static void cmp_reg(cmp *c, fnc *f, const sfv_fre *fre, uint64_t pc,
                    enum reg_which w, norm s, norm d) {
  int64_t fde = f->fde->index, idx = fre->index;
  int cat = w == W_FP ? CAT_FP : CAT_RA;
  if (s.kind != d.kind) {
    if (once(f, cat, fre->index))
      report_rule(c, w, 0, fre->offset, fde, idx, s.kind, d.kind, as_i64(pc));
  } else if (s.reg != d.reg) {
    if (once(f, cat, fre->index))
      report_rule(c, w, 1, fre->offset, fde, idx, s.reg, d.reg, as_i64(pc));
  } else if (s.val != d.val) {
    if (once(f, cat, fre->index))
      report_rule(c, w, 1, fre->offset, fde, idx, s.val, d.val, as_i64(pc));
  }
}

/* RA: an .eh_frame RA that is undefined (an outermost frame) where the
 * v1/v2 FRE gives a rule is the note cfi-ra-undefined, once per function:
 * v1 has no way to say it and v2 only since its errata (an FRE without data
 * words), which GNU as 2.44 and LLVM 22 do not use.  v3 producers mark the
 * outermost frame, so there it stays cfi-ra-rule. */
static void compare_ra(cmp *c, fnc *f, const sfv_fre *fre, uint64_t pc, norm s,
                       norm d) {
  if (d.kind == SFV_CFI_R_UNDEF && s.kind != SFV_CFI_R_UNDEF &&
      c->sec->hdr.version < 3) {
    if (!f->ra_undef_noted) {
      f->ra_undef_noted = 1;
      CMP_FIND(c, CFI_RA_UNDEFINED, fre->offset, f->fde->index, fre->index,
               .sframe_ra_rule = s.kind, .cfi_ra_rule = d.kind, .pc = as_i64(pc));
    }
    return;
  }
  cmp_reg(c, f, fre, pc, W_RA, s, d);
}

/* One interval [pc, ...) where `row` and `fre` both hold. */
static void compare_at(cmp *c, fnc *f, const sfv_cfi_row *row,
                       const sfv_fre *fre, const sfv_recovery_set *rec,
                       uint64_t pc) {
  norm ra_cfi = sfv_cmp_from_cfi(c->cfi, &row->s.regs[0], 0);
  int64_t fde = f->fde->index, idx = fre->index;

  if (rec->cfa.kind == SFV_REC_UNDEFINED) {
    /* Outermost frame: RA undefined; SFrame says nothing else. */
    norm s = {SFV_CFI_R_UNDEF, 0, 0};
    cmp_reg(c, f, fre, pc, W_RA, s, ra_cfi);
    return;
  }
  {
    unsigned sk = rec->cfa.kind != SFV_REC_EXPR || !rec->cfa.reg_p ? 0u
                  : rec->cfa.deref_p ? 3u : 1u;
    uint32_t creg;
    int64_t coff;
    unsigned ck = sfv_cmp_cfa_of(c->cfi, &row->s, &creg, &coff);
    if (sk != ck) {
      if (once(f, CAT_CFA, fre->index))
        CMP_FIND(c, CFI_CFA_KIND, fre->offset, fde, idx, .sframe_cfa_kind = sk,
                 .cfi_cfa_kind = ck, .pc = as_i64(pc));
    } else if ((sk == 1 || sk == 3) && rec->cfa.regnum != creg) {
      if (once(f, CAT_CFA, fre->index))
        CMP_FIND(c, CFI_CFA_REG, fre->offset, fde, idx,
                 .sframe_cfa_reg = rec->cfa.regnum, .cfi_cfa_reg = creg,
                 .pc = as_i64(pc));
    } else if ((sk == 1 || sk == 3) && rec->cfa.offset != coff) {
      if (once(f, CAT_CFA, fre->index))
        CMP_FIND(c, CFI_CFA_OFFSET, fre->offset, fde, idx,
                 .sframe_cfa_offset = rec->cfa.offset, .cfi_cfa_offset = coff,
                 .pc = as_i64(pc));
    }
  }
  compare_ra(c, f, fre, pc, from_sframe(&rec->ra), ra_cfi);
  if (c->aarch64) {
    if ((fre->mangled_ra != 0) != (row->s.ra_signed != 0) &&
        once(f, CAT_RA_MANGLED, fre->index))
      CMP_FIND(c, CFI_RA_MANGLED, fre->offset, fde, idx,
               .sframe_ra_mangled = fre->mangled_ra,
               .cfi_ra_signed = row->s.ra_signed, .pc = as_i64(pc));
    if (row->s.ra_signed && !f->key_reported &&
        f->fde->pauth_key != f->cf->cie.bkey) {
      f->key_reported = 1;
      f->mismatched = 1;
      CMP_FIND(c, CFI_RA_PAUTH_KEY, f->fde->offset, fde, SFV_NONE,
               .sframe_pauth_key = f->fde->pauth_key,
               .cfi_pauth_key = f->cf->cie.bkey, .pc = as_i64(pc));
    }
  }
  cmp_reg(c, f, fre, pc, W_FP, from_sframe(&rec->fp),
          sfv_cmp_from_cfi(c->cfi, &row->s.regs[1], 1));
}

void sfv_cmp_interp_failed(cmp *c, const sfv_cfi_interp *ip) {
  if (ip->err == SFV_CFI_ERR_BUDGET)
    return; /* reported once by the caller */
  CMP_FIND(c, CFI_UNREADABLE, c->cfi->file_offset + ip->err_off, SFV_NONE,
           SFV_NONE, .error_offset = as_i64(ip->err_off),
           .entry_offset = as_i64(ip->fde.offset), .reason = ip->err);
}

unsigned sfv_cmp_track_regs(const cmp *c, const sfv_cfi_fde *cf, uint32_t *t) {
  t[0] = cf->cie.ra_reg;
  t[1] = c->fp;
  t[2] = c->sp;
  return 3;
}

/* FRE start as .eh_frame can say it: DW_CFA_advance_loc counts code
 * alignment units, so a start that is not a multiple of the CIE's factor
 * (only possible in code that is not made of instructions, e.g. `.byte` on
 * AArch64) is compared as rounded down, where the CFI row changes. */
static uint64_t fre_start(const fnc *f, const sfv_fre *fre) {
  return fre->start - fre->start % f->caf;
}

/* A v3 default FDE without FREs marks an outermost frame (spec 1.2): the
 * .eh_frame RA must be undefined over the whole function. */
static void compare_outermost(cmp *c, fnc *f, sfv_cfi_interp *ip,
                              uint64_t fstart, uint64_t end) {
  sfv_cfi_row row;
  sfv_status st;
  norm undef = {SFV_CFI_R_UNDEF, 0, 0};
  while ((st = sfv_cfi_interp_next(ip, &row)) == SFV_OK && row.pc_lo < end) {
    norm ra = sfv_cmp_from_cfi(c->cfi, &row.s.regs[0], 0);
    uint64_t lo = row.pc_lo > fstart ? row.pc_lo : fstart;
    uint64_t hi = row.pc_hi < end ? row.pc_hi : end;
    c->res->cfi_rows++;
    if (hi <= lo)
      continue;
    c->res->intervals++;
    c->res->pc_bytes += hi - lo;
    if (ra.kind != SFV_CFI_R_UNDEF) {
      f->mismatched = 1;
      CMP_FIND(c, CFI_RA_RULE, f->fde->offset, f->fde->index, SFV_NONE,
               .sframe_ra_rule = undef.kind, .cfi_ra_rule = ra.kind,
               .pc = as_i64(lo));
      return;
    }
  }
  if (st != SFV_OK && st != SFV_END)
    sfv_cmp_interp_failed(c, ip);
}

/* Walks the SFrame function `fde` (starting at fstart, ending at fend)
 * against the CFI FDE cf, over [fstart, min(fend, CFI end)); 1 when it
 * found a mismatch (the caller counts functions, not FDEs). */
int sfv_cmp_segment(cmp *c, const sfv_cfi_fde *cf, const sfv_fde *fde,
                            uint64_t fstart, uint64_t fend) {
  sfv_cfi_interp ip;
  sfv_cfi_row row;
  sfv_fre_iter it;
  sfv_fre cur, nxt;
  sfv_recovery_set rec;
  uint32_t track[SFV_CFI_MAX_TRACK];
  uint64_t cend = cf->pc_begin + cf->pc_range; /* checked by the reader */
  uint64_t end, pc;
  int have_nxt;
  sfv_status st;
  fnc f = {0};

  f.cf = cf;
  f.fde = fde;
  f.caf = cf->cie.code_align > 0 ? cf->cie.code_align : 1;
  end = fend < cend ? fend : cend;

  if (sfv_cfi_interp_init(&ip, c->cfi, cf, track, sfv_cmp_track_regs(c, cf, track),
                          c->stack, c->cap, &c->work.left) != SFV_OK ||
      sfv_fre_iter_init(&it, c->sec, fde, 0) != SFV_OK)
    return 0;
  if (fde->num_fres == 0 && c->sec->hdr.version >= 3 && fde->signal) {
    CMP_FIND(c, CFI_SIGNAL_EMPTY, fde->offset, fde->index, SFV_NONE,
             .func_size = as_i64(end - fstart), .func_start = as_i64(fstart));
    return 0;
  }
  if (fde->num_fres == 0 && c->sec->hdr.version >= 3 &&
      fde->fde_type == SFV_FDE_DEFAULT) {
    compare_outermost(c, &f, &ip, fstart, end);
    return f.mismatched;
  }
  if (fde->num_fres == 0 || sfv_fre_next(&it, &cur) != SFV_OK) {
    if (fde->num_fres == 0)
      CMP_FIND(c, CFI_FRE_GAP, fde->offset, fde->index, SFV_NONE,
               .gap_size = as_i64(end - fstart), .pc = as_i64(fstart));
    return 0;
  }
  have_nxt = sfv_fre_next(&it, &nxt) == SFV_OK;
  st = sfv_cfi_interp_next(&ip, &row);
  if (st == SFV_OK)
    c->res->cfi_rows++;
  pc = fstart;
  while (pc < end) {
    uint64_t fre_lo, fre_hi, hi;
    if (!charge(c, 1))
      break;
    while (st == SFV_OK && row.pc_hi <= pc) {
      st = sfv_cfi_interp_next(&ip, &row);
      if (st == SFV_OK)
        c->res->cfi_rows++;
    }
    if (st != SFV_OK) {
      if (st != SFV_END)
        sfv_cmp_interp_failed(c, &ip);
      break;
    }
    while (have_nxt && fre_start(&f, &nxt) <= pc - fstart) {
      /* FREs out of order: the validator's finding; every FRE passed
       * is charged (a large code alignment factor folds many into one
       * interval, and FDEs may share one block) */
      if (nxt.start <= cur.start || !charge(c, 1))
        goto out;
      cur = nxt;
      have_nxt = sfv_fre_next(&it, &nxt) == SFV_OK;
    }
    if (have_nxt && nxt.start <= cur.start)
      goto out;
    fre_lo = fstart + fre_start(&f, &cur);
    fre_hi = have_nxt ? fstart + fre_start(&f, &nxt) : fend;
    if (pc < fre_lo) { /* PCs before the first FRE */
      hi = fre_lo < end ? fre_lo : end;
      CMP_FIND(c, CFI_FRE_GAP, fde->offset, fde->index, SFV_NONE,
               .gap_size = as_i64(hi - pc), .pc = as_i64(pc));
      f.mismatched = 1;
      pc = hi;
      continue;
    }
    hi = row.pc_hi < fre_hi ? row.pc_hi : fre_hi;
    if (hi > end)
      hi = end;
    if (sfv_fre_recovery(c->sec, fde, &cur, &rec) == SFV_OK) {
      c->res->intervals++;
      c->res->pc_bytes += hi - pc;
      compare_at(c, &f, &row, &cur, &rec, pc);
    }
    pc = hi;
  }
out:
  return f.mismatched;
}

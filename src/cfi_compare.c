/* cfi_compare.c - does .sframe say what .eh_frame says?
 *
 * For every .eh_frame FDE with a resolvable range, the SFrame FDE starting
 * at the same address is looked up (sfv_find_fde); present in both, the
 * function is walked over the union of CFI row boundaries and FRE
 * boundaries, and at each interval the CFA (kind, register, offset), the RA
 * rule (kind, offset/register, AArch64 signing state and key) and the FP
 * rule are compared (rules "CFI comparison" in sfv_rules.def).  A function
 * in one section only is reported, with the reason where SFrame cannot
 * express its CFI.
 *
 * Invariants: no allocation (remember_state stack and matched-FDE bitmap in
 * the caller's scratch, or a small local stack); every CFI instruction,
 * interval and FDE lookup is charged to one budget, linear in the sizes of
 * both sections, and the run stops with a note when it is spent; each
 * mismatch category is reported at most once per FRE, at the first PC
 * where it shows.
 */
#include "cfi_compare.h"

/* Where CMP_FIND sends a finding: counted in res, then to the emitter. */
static void on_finding(void *ctx, const sfv_finding *f) {
  cmp *c = ctx;
  sfv_diag d;
  if (c->em.stop || !sfv_diag_from(&d, f))
    return;
  sfv_diag_count(&d, &c->res->errors, &c->res->warnings, &c->res->notes);
  sfv_emit(&c->em, &d, &c->res->suppressed);
}


/* The ABI's return-address column (psABIs: AMD64 16, AArch64 x30, s390x r14). */
static uint32_t ra_column(uint8_t abi) {
  return abi == SFV_ABI_AMD64_LE ? 16u : abi == SFV_ABI_S390X_BE ? 14u : 30u;
}

static int charge(cmp *c, uint64_t units) {
  if (c->budget < units) {
    c->budget = 0;
    return 0;
  }
  c->budget -= units;
  return 1;
}

static int64_t as_i64(uint64_t v) { return (int64_t)sfv_sext(v, 8); }

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
static norm from_cfi(const sfv_cfi *cfi, const sfv_cfi_reg *r, int is_fp) {
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
static unsigned cfa_of(const sfv_cfi *cfi, const sfv_cfi_state *s,
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
  norm ra_cfi = from_cfi(c->cfi, &row->s.regs[0], 0);
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
    unsigned ck = cfa_of(c->cfi, &row->s, &creg, &coff);
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
          from_cfi(c->cfi, &row->s.regs[1], 1));
}

static void interp_failed(cmp *c, const sfv_cfi_interp *ip) {
  if (ip->err == SFV_CFI_ERR_BUDGET)
    return; /* reported once by the caller */
  CMP_FIND(c, CFI_UNREADABLE, c->cfi->file_offset + ip->err_off, SFV_NONE,
           SFV_NONE, .error_offset = as_i64(ip->err_off),
           .entry_offset = as_i64(ip->fde.offset), .reason = ip->err);
}

static unsigned track_regs(const cmp *c, const sfv_cfi_fde *cf, uint32_t *t) {
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
    norm ra = from_cfi(c->cfi, &row.s.regs[0], 0);
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
    interp_failed(c, ip);
}

/* Walks the SFrame function `fde` (starting at fstart, ending at fend)
 * against the CFI FDE cf, over [fstart, min(fend, CFI end)). */
static void compare_segment(cmp *c, const sfv_cfi_fde *cf, const sfv_fde *fde,
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

  if (sfv_cfi_interp_init(&ip, c->cfi, cf, track, track_regs(c, cf, track),
                          c->stack, c->cap, &c->budget) != SFV_OK ||
      sfv_fre_iter_init(&it, c->sec, fde, 0) != SFV_OK)
    return;
  if (fde->num_fres == 0 && c->sec->hdr.version >= 3 && fde->signal) {
    CMP_FIND(c, CFI_SIGNAL_EMPTY, fde->offset, fde->index, SFV_NONE,
             .func_size = as_i64(end - fstart), .func_start = as_i64(fstart));
    return;
  }
  if (fde->num_fres == 0 && c->sec->hdr.version >= 3 &&
      fde->fde_type == SFV_FDE_DEFAULT) {
    compare_outermost(c, &f, &ip, fstart, end);
    if (f.mismatched)
      c->res->mismatched++;
    return;
  }
  if (fde->num_fres == 0 || sfv_fre_next(&it, &cur) != SFV_OK) {
    if (fde->num_fres == 0)
      CMP_FIND(c, CFI_FRE_GAP, fde->offset, fde->index, SFV_NONE,
               .gap_size = as_i64(end - fstart), .pc = as_i64(fstart));
    return;
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
        interp_failed(c, &ip);
      break;
    }
    while (have_nxt && fre_start(&f, &nxt) <= pc - fstart) {
      if (nxt.start <= cur.start)
        goto out; /* FREs out of order: the validator's finding */
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
  if (f.mismatched)
    c->res->mismatched++;
}

/* Why SFrame cannot express this FDE's CFI (an enum sfv_cfi_unrepr, rule
 * cfi-not-representable), or 0.
 * *at receives the PC offset of the first row that shows it; -1 when the
 * CFI could not be interpreted (reported). */
/* SFrame takes the caller's SP to be the CFA: an SP that is not (saved
 * or) left alone in .eh_frame cannot be expressed. */
static int sp_kind_unrepresentable(uint8_t kind) {
  return kind != SFV_CFI_R_SAME && kind != SFV_CFI_R_OFFSET;
}

static int why_unrepresentable(cmp *c, const sfv_cfi_fde *cf, uint64_t *at) {
  sfv_cfi_interp ip;
  sfv_cfi_row row;
  uint32_t track[SFV_CFI_MAX_TRACK];
  sfv_status st;
  int v3 = c->sec->hdr.version >= 3;
  int s390x = c->sec->hdr.abi_arch == SFV_ABI_S390X_BE;
  int amd64 = c->sec->hdr.abi_arch == SFV_ABI_AMD64_LE;

  if (sfv_cfi_interp_init(&ip, c->cfi, cf, track, track_regs(c, cf, track),
                          c->stack, c->cap, &c->budget) != SFV_OK)
    return 0;
  while ((st = sfv_cfi_interp_next(&ip, &row)) == SFV_OK) {
    norm ra = from_cfi(c->cfi, &row.s.regs[0], 0);
    norm fp = from_cfi(c->cfi, &row.s.regs[1], 1);
    uint32_t creg;
    int64_t coff;
    unsigned ck = cfa_of(c->cfi, &row.s, &creg, &coff);
    int k;
    *at = row.pc_lo - cf->pc_begin;
    if (ck == 2 || (ck == 3 && !v3))
      return SFV_UNREPR_CFA_EXPR;
    if (ck == 0)
      return SFV_UNREPR_NO_CFA;
    if (cf->cie.ra_reg != c->ra)
      return SFV_UNREPR_RA_COLUMN;
    if (sp_kind_unrepresentable(from_cfi(c->cfi, &row.s.regs[2], 0).kind))
      return SFV_UNREPR_SP;
    if (row.s.ra_signed_pc)
      return SFV_UNREPR_RA_PC_SIGNED;
    if (!v3 && creg != c->sp && creg != c->fp)
      return SFV_UNREPR_CFA_REG;
    for (k = 0; k < 2; k++) {
      norm n = k == 0 ? ra : fp;
      int ok = n.kind == SFV_CFI_R_SAME || n.kind == SFV_CFI_R_OFFSET ||
               (k == 0 && n.kind == SFV_CFI_R_UNDEF) ||
               ((s390x || v3) && n.kind == SFV_CFI_R_REGISTER) ||
               (v3 && (n.kind == SFV_CFI_R_VAL_OFFSET || n.kind == K_AT_REG ||
                       n.kind == K_VAL_REG));
      if (k == 0 && amd64 && !v3 && n.kind == SFV_CFI_R_OFFSET &&
          n.val != c->sec->hdr.cfa_fixed_ra_offset)
        ok = 0;
      if (!ok)
        return k == 0 ? SFV_UNREPR_RA : SFV_UNREPR_FP;
    }
  }
  if (st != SFV_END) {
    if (ip.err != SFV_CFI_ERR_BUDGET)
      interp_failed(c, &ip);
    return -1;
  }
  return 0;
}

/* A function missing from .sframe is the producer's gap (warning) unless
 * the file is linked and the function is not linker-made code: then it
 * comes from an object assembled without SFrame (note). */
static int linker_made(const cmp *c, uint64_t pc) {
  unsigned i, n;
  if (c->opt == NULL || !c->opt->linked)
    return 1;
  n = c->opt->num_linker_ranges < SFV_CFI_LINKER_RANGES ? c->opt->num_linker_ranges
                                                        : SFV_CFI_LINKER_RANGES;
  for (i = 0; i < n; i++)
    if (pc >= c->opt->linker_ranges[i][0] && pc < c->opt->linker_ranges[i][1])
      return 1;
  return 0;
}

static void cfi_only(cmp *c, const sfv_cfi_fde *cf, int have_cover,
                     const sfv_fde *cover) {
  uint64_t at = 0;
  int why = why_unrepresentable(c, cf, &at);
  uint64_t off = c->cfi->file_offset + cf->offset;
  int64_t covering = have_cover ? (int64_t)cover->index : -1;
  c->res->only_cfi++;
  if (why < 0)
    return;
  if (why > 0)
    CMP_FIND(c, CFI_NOT_REPRESENTABLE, off, cf->index, SFV_NONE, .reason = why,
             .pc_offset = as_i64(at), .func_start = as_i64(cf->pc_begin));
  else if (linker_made(c, cf->pc_begin))
    CMP_FIND(c, CFI_FDE_MISSING, off, cf->index, SFV_NONE,
             .cfi_func_size = as_i64(cf->pc_range), .covering_fde = covering,
             .func_start = as_i64(cf->pc_begin));
  else
    CMP_FIND(c, CFI_FDE_MISSING_LINKED, off, cf->index, SFV_NONE,
             .cfi_func_size = as_i64(cf->pc_range), .covering_fde = covering,
             .func_start = as_i64(cf->pc_begin));
}

static void mark(cmp *c, uint32_t i) {
  if (c->matched != NULL)
    c->matched[i / 8u] |= (uint8_t)(1u << (i % 8u));
}

/* A function present in both: the SFrame FDE starting where the CFI FDE
 * does, and the SFrame FDEs that follow it back to back while the CFI
 * range goes on (linkers describe a PLT with one FDE in .eh_frame but two
 * in .sframe: PLT0, then the PC-mask FDE of the entries). */
static void compare_function(cmp *c, const sfv_cfi_fde *cf, sfv_fde *fde,
                             uint64_t fstart) {
  uint64_t cend = cf->pc_begin + cf->pc_range;
  uint64_t fend = fstart;
  uint32_t first = fde->index;
  uint64_t first_off = fde->offset;
  for (;;) {
    uint64_t next;
    mark(c, fde->index);
    if (fde->size > UINT64_MAX - fstart)
      return; /* the validator reports the range */
    fend = fstart + fde->size;
    if (fde->pc_type == SFV_PC_MASK) {
      c->res->mask_skipped++;
      CMP_FIND(c, CFI_MASK_SKIPPED, fde->offset, fde->index, SFV_NONE,
               .func_start = as_i64(fstart));
    } else {
      compare_segment(c, cf, fde, fstart, fend);
    }
    if (fend >= cend || fde->size == 0 || !charge(c, sfv_fdes_verified_sorted(c->sec) ? 32u
                                                   : 1u + c->sec->fde_avail))
      break;
    if (sfv_find_fde(c->sec, fend, fde, &next) != SFV_OK || next != fend)
      break;
    fstart = next;
  }
  if (fend < cend)
    CMP_FIND(c, CFI_COVERAGE_SHORT, first_off, first, SFV_NONE,
             .sframe_func_size = as_i64(fend - cf->pc_begin),
             .cfi_func_size = as_i64(cf->pc_range),
             .first_uncovered_pc = as_i64(fend));
  else if (fend > cend)
    CMP_FIND(c, CFI_COVERAGE_LONG, fde->offset, fde->index, SFV_NONE,
             .sframe_func_size = as_i64(fend - cf->pc_begin),
             .cfi_func_size = as_i64(cf->pc_range),
             .first_unconfirmed_pc = as_i64(cend));
}

size_t sfv_cfi_scratch_size(uint32_t num_fdes) {
  return SFV_CFI_STACK_DEPTH * sizeof(sfv_cfi_state) + _Alignof(sfv_cfi_state) +
         ((size_t)num_fdes + 7u) / 8u;
}

/* Carves the stack and the bitmap out of the caller's scratch. */
static void use_scratch(cmp *c, const sfv_cfi_compare_options *opt,
                        sfv_cfi_state *local, unsigned local_cap) {
  uint8_t *p = opt != NULL ? (uint8_t *)opt->scratch : NULL;
  size_t n = opt != NULL && p != NULL ? opt->scratch_size : 0;
  size_t mis = p != NULL ? (size_t)((uintptr_t)p % _Alignof(sfv_cfi_state)) : 0;
  size_t pad = mis ? _Alignof(sfv_cfi_state) - mis : 0;
  size_t stack_bytes = SFV_CFI_STACK_DEPTH * sizeof(sfv_cfi_state);
  size_t bits = ((size_t)c->sec->fde_avail + 7u) / 8u;

  c->stack = local;
  c->cap = local_cap;
  c->matched = NULL;
  if (p == NULL || n < pad || n - pad < stack_bytes)
    return;
  c->stack = (sfv_cfi_state *)(void *)(p + pad);
  c->cap = SFV_CFI_STACK_DEPTH;
  if (n - pad - stack_bytes >= bits) {
    size_t i;
    c->matched = p + pad + stack_bytes;
    for (i = 0; i < bits; i++)
      c->matched[i] = 0;
  }
}

sfv_status sfv_cfi_compare(const sfv_section *sec, const sfv_cfi *cfi,
                           const sfv_cfi_compare_options *opt, sfv_diag_fn fn,
                           void *ctx, sfv_cfi_compare_result *res) {
  sfv_cfi_state local[4];
  sfv_cfi_iter it;
  sfv_cfi_fde cf;
  sfv_status st;
  cmp c;
  int sp, fp;
  uint32_t i;

  if (sec == NULL || cfi == NULL || res == NULL || sec->data == NULL)
    return SFV_E_ARG;
  *res = (sfv_cfi_compare_result){0};
  c = (cmp){0};
  c.sec = sec;
  c.cfi = cfi;
  c.res = res;
  c.opt = opt;
  c.em.fn = fn;
  c.em.ctx = ctx;
  c.out.fn = on_finding;
  c.out.ctx = &c;
  c.em.max = opt != NULL && opt->max_diags ? opt->max_diags : SFV_DEFAULT_MAX_DIAGS;
  c.budget = opt != NULL && opt->budget ? opt->budget
             : 16u * ((uint64_t)cfi->size + (uint64_t)sec->size) + 65536u;
  sp = sfv_abi_sp_regnum(sec->hdr.abi_arch);
  fp = sfv_abi_fp_regnum(sec->hdr.abi_arch);
  if (sp < 0 || fp < 0)
    return SFV_E_ARG; /* no ABI, nothing to compare (the validator says so) */
  c.sp = (uint32_t)sp;
  c.ra = ra_column(sec->hdr.abi_arch);
  c.fp = (uint32_t)fp;
  c.aarch64 = sec->hdr.abi_arch == SFV_ABI_AARCH64_BE ||
              sec->hdr.abi_arch == SFV_ABI_AARCH64_LE;
  use_scratch(&c, opt, local, 4);
  res->complete = 1;

  sfv_cfi_iter_init(&it, cfi);
  while (!c.em.stop && (st = sfv_cfi_next_fde(&it, &cf)) != SFV_END) {
    sfv_fde fde;
    uint64_t fstart;
    int found;
    if (!charge(&c, 1 + (sfv_fdes_verified_sorted(sec) ? 32u : (uint64_t)sec->fde_avail)))
      break;
    if (st != SFV_OK) {
      CMP_FIND(&c, CFI_UNREADABLE, cfi->file_offset + it.err_off, SFV_NONE,
               SFV_NONE, .error_offset = as_i64(it.err_off),
               .entry_offset = as_i64(it.err_entry), .reason = it.err);
      continue;
    }
    if (!cf.pc_ok || cf.pc_range == 0)
      continue;
    res->cfi_fdes++;
    found = sfv_find_fde(sec, cf.pc_begin, &fde, &fstart) == SFV_OK;
    if (!found || fstart != cf.pc_begin) {
      cfi_only(&c, &cf, found, &fde);
      continue;
    }
    res->functions++;
    compare_function(&c, &cf, &fde, fstart);
  }
  if (c.budget == 0) {
    res->complete = 0;
    CMP_FIND(&c, CFI_BUDGET, 0, SFV_NONE, SFV_NONE,
             .functions_compared = res->functions);
    return SFV_OK;
  }
  if (c.matched == NULL)
    return SFV_OK;
  res->reverse_checked = 1;
  for (i = 0; i < sec->fde_avail && !c.em.stop; i++) {
    sfv_fde fde;
    uint64_t fstart;
    if (c.matched[i / 8u] & (1u << (i % 8u)))
      continue;
    if (sfv_fde_get(sec, i, &fde) != SFV_OK || fde.size == 0 ||
        sfv_fde_func_start(sec, &fde, &fstart) != SFV_OK)
      continue;
    res->only_sframe++;
    CMP_FIND(&c, CFI_SFRAME_ONLY, fde.offset, i, SFV_NONE,
             .func_size = fde.size, .func_start = as_i64(fstart));
  }
  return SFV_OK;
}

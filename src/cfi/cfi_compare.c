/* SPDX-License-Identifier: MIT */
/* cfi_compare.c - does .sframe say what .eh_frame says?
 *
 * For every .eh_frame FDE with a resolvable range, the SFrame FDE starting
 * at the same address is looked up (sfv_find_fde); present in both, the
 * function is walked over the union of CFI row boundaries and FRE
 * boundaries (PC-mask FDEs: block by block, cfi_compare_mask.c), and at
 * each interval the CFA (kind, register, offset), the RA
 * rule (kind, offset/register, AArch64 signing state and key) and the FP
 * rule are compared (rules "CFI comparison" in sfv_rules.def).  A function
 * in one section only is reported, with the reason where SFrame cannot
 * express its CFI.
 *
 * Invariants: no allocation (remember_state stack and matched-FDE bitmap in
 * the caller's scratch, or a small local stack); every CFI instruction,
 * interval, FRE and FDE lookup is charged to one budget
 * (src/common/work.h), linear in the sizes of both sections, and the run stops with a note when it is spent; each
 * mismatch category is reported at most once per FRE, at the first PC
 * where it shows.
 */
#include "cfi/cmp_state.h"

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

  if (sfv_cfi_interp_init(&ip, c->cfi, cf, track, sfv_cmp_track_regs(c, cf, track),
                          c->stack, c->cap, &c->work.left) != SFV_OK)
    return 0;
  while ((st = sfv_cfi_interp_next(&ip, &row)) == SFV_OK) {
    norm ra = sfv_cmp_from_cfi(c->cfi, &row.s.regs[0], 0);
    norm fp = sfv_cmp_from_cfi(c->cfi, &row.s.regs[1], 1);
    uint32_t creg;
    int64_t coff;
    unsigned ck = sfv_cmp_cfa_of(c->cfi, &row.s, &creg, &coff);
    int k;
    *at = row.pc_lo - cf->pc_begin;
    if (cmp_cfa_expr_unrepresentable(c, ck))
      return SFV_UNREPR_CFA_EXPR;
    if (ck == 0)
      return SFV_UNREPR_NO_CFA;
    if (cf->cie.ra_reg != c->ra)
      return SFV_UNREPR_RA_COLUMN;
    if (sp_kind_unrepresentable(sfv_cmp_from_cfi(c->cfi, &row.s.regs[2], 0).kind))
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
      sfv_cmp_interp_failed(c, &ip);
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
  int mismatched = 0;  /* counted once per function, whatever its FDEs */
  for (;;) {
    uint64_t next;
    mark(c, fde->index);
    if (fde->size > UINT64_MAX - fstart) {
      c->res->mismatched += mismatched != 0;
      return; /* the validator reports the range */
    }
    fend = fstart + fde->size;
    if (fde->pc_type == SFV_PC_MASK)
      mismatched |= sfv_cmp_mask(c, cf, fde, fstart, fend);
    else
      mismatched |= sfv_cmp_segment(c, cf, fde, fstart, fend);
    if (fend >= cend || fde->size == 0 || !charge(c, sfv_fdes_verified_sorted(c->sec) ? 32u
                                                   : 1u + c->sec->fde_avail))
      break;
    if (sfv_find_fde(c->sec, fend, fde, &next) != SFV_OK || next != fend)
      break;
    fstart = next;
  }
  c->res->mismatched += mismatched != 0;
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
  c.work = opt != NULL && opt->budget ? sfv_work_of(opt->budget)
           : sfv_work_for((uint64_t)cfi->size + (uint64_t)sec->size);
  sp = sfv_spec_sp_regnum(sec->hdr.abi_arch);
  fp = sfv_spec_fp_regnum(sec->hdr.abi_arch);
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
  if (sfv_work_out(&c.work)) {
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

/* SPDX-License-Identifier: MIT */
/* validate.c - staged validation of one SFrame section against the rule
 * catalogue (sfv_rules.def).
 *
 * Stages, each only trusting what the previous ones established:
 *   1. preamble: size, magic, version (fatal: nothing else is meaningful);
 *   2. header fields (the header classifier);
 *   3. layout: sub-sections inside the section and tiling;
 *   4. per FDE: the FDE classifier, then its FRE block FRE by FRE (the FRE
 *      classifier plus start-address order and range);
 *   5. across FDEs: FRE counts, sortedness, function overlap, FRE block
 *      overlap and unused bytes (validate_cross.c), trailing bytes.
 * The spec facts are the classifiers' (classify.c) and the layout table's
 * (layout.def); this file orders the walk and turns findings into
 * diagnostics.  Work bound: FDEs visited <= (section size / FDE size); FRE
 * bytes decoded <= sfh_fre_len clipped to the buffer, plus one FRE (the
 * budget), so overlapping or repeated FRE blocks cannot multiply work.
 */
#include <string.h>

#include "sframe/validate.h"
#include "sframe/classify.h"
#include "sframe/classify_fre.h"
#include "common/cursor.h"
#include "sframe/spec.h"
#include "sframe/trailing.h"

#define N SFV_NONE

/* The validator's sfv_out: a finding becomes a diagnostic. */
static void deliver(void *ctx, const sfv_finding *f) {
  vctx *v = ctx;
  sfv_diag d;
  /* Over the cap only the counters move: no diagnostic to build. */
  if ((unsigned)f->rule < (unsigned)SFV_RULE_COUNT &&
      sfv_emit_suppressed(&v->em, f->severity, &v->res->errors,
                          &v->res->warnings, &v->res->notes,
                          &v->res->suppressed))
    return;
  if (v->em.stop || !sfv_diag_from(&d, f))
    return;
  /* A diagnostic points at a byte of the section (or its end): positions
   * that header fields claim beyond the buffer are clipped to its end. */
  if (d.offset > v->sec.size)
    d.offset = v->sec.size;
  sfv_diag_count(&d, &v->res->errors, &v->res->warnings, &v->res->notes);
  sfv_emit(&v->em, &d, &v->res->suppressed);
}

/* ---------------------------------------------------------------- */
/* Stages 1-3.                                                        */

/* Returns 1 when the section can be opened. */
static int check_preamble(vctx *v, const uint8_t *p, size_t size) {
  uint8_t be;
  uint16_t m;
  int st = sfv_preamble(p, size, &be, &m);
  if (st == SFV_E_TRUNCATED || size < 3) {
    SFV_FIND(&v->out, SECTION_TOO_SMALL, 0, N, N, .section_size = (int64_t)size,
             .header_size = SFV_HEADER_SIZE);
    return 0;
  }
  if (st == SFV_E_MAGIC) {
    SFV_FIND(&v->out, MAGIC, 0, N, N, .magic = (p[0] << 8) | p[1],
             .sframe_magic = SFV_MAGIC);
    return 0;
  }
  if (p[2] < 1 || p[2] > 3) {
    SFV_FIND(&v->out, VERSION_UNKNOWN, 2, N, N, .version = p[2],
             .newest_version = 3);
    return 0;
  }
  if (size < SFV_HEADER_SIZE) {
    SFV_FIND(&v->out, SECTION_TOO_SMALL, 0, N, N, .section_size = (int64_t)size,
             .header_size = SFV_HEADER_SIZE);
    return 0;
  }
  return 1;
}

/* Returns 1 when the FRE sub-section lies inside the section. */
static int check_layout(vctx *v) {
  const sfv_section *s = &v->sec;
  const sfv_header *h = &s->hdr;
  uint64_t need = (uint64_t)h->num_fdes * s->priv.fde_size;
  uint64_t fde_end = s->priv.fde_base + need;
  uint64_t fre_end = s->priv.fre_base + h->fre_len;
  uint64_t fdeoff_at = sfv_field_at(s, NULL, SFV_FLD_H_FDEOFF);

  if (h->fdeoff > h->freoff)
    SFV_FIND(&v->out, FDEOFF_AFTER_FREOFF, fdeoff_at, N, N, .fdeoff = h->fdeoff,
             .freoff = h->freoff);
  if (h->fdeoff != 0)
    SFV_FIND(&v->out, FDEOFF_GAP, fdeoff_at, N, N, .fdeoff = h->fdeoff,
             .expected_fdeoff = 0);
  if (fde_end > s->size)
    SFV_FIND(&v->out, FDE_SUBSECTION_BOUNDS,
             sfv_field_at(s, NULL, SFV_FLD_H_NUM_FDES), N, N,
             .fde_subsection_end = (int64_t)fde_end,
             .section_size = (int64_t)s->size, .num_fdes = h->num_fdes);
  else if (h->fdeoff <= h->freoff && h->freoff - h->fdeoff != need)
    SFV_FIND(&v->out, FDE_SUBSECTION_SIZE,
             sfv_field_at(s, NULL, SFV_FLD_H_FREOFF), N, N,
             .fde_subsection_size = h->freoff - h->fdeoff,
             .fdes_size = (int64_t)need, .num_fdes = h->num_fdes);
  if (h->version >= 2 && s->priv.fde_base % 4 != 0 && h->num_fdes != 0)
    SFV_FIND(&v->out, FDE_SUBSECTION_ALIGN, fdeoff_at, N, N,
             .fde_subsection_offset = (int64_t)s->priv.fde_base, .alignment = 4);
  if (fre_end > s->size) {
    SFV_FIND(&v->out, FRE_SUBSECTION_BOUNDS,
             sfv_field_at(s, NULL, SFV_FLD_H_FRE_LEN), N, N,
             .fre_subsection_end = (int64_t)fre_end,
             .section_size = (int64_t)s->size);
    return 0;
  }
  return 1;
}

/* ---------------------------------------------------------------- */
/* Stage 4: FDEs (their FREs: validate_walk.c).                       */

/* Stage 4a: FDE fields, function ranges, sorted flag, FRE counts; the
 * function-overlap sweep runs here when the FDEs come in address order.
 * Every representable range goes to sf too (with scratch), for the sorted
 * sweep when they do not (validate_cross.c), so no FDE is read again.
 * One FDE per turn (fde_index_turn), so that a proof can take one turn
 * from any state between two FDEs (proofs/lib/fde_index_contract.h). */
typedef struct fde_ix {
  fre_off_reader r;
  unsigned attr_size;        /* v3 attribute's, else 0 */
  int sorted_flag;
  int64_t prev_lo, max_end;  /* FDE i - 1's start; the sweep's end */
  uint64_t fres_total, prev_blk;
  uint32_t max_fde;          /* the FDE whose range ends at max_end */
} fde_ix;

static void fde_index_begin(const vctx *v, pass_a *pa, fde_ix *x) {
  const sfv_section *s = &v->sec;
  sfv_v_fre_off_init(&x->r, s);
  x->attr_size = sfv_struct_size(SFV_ST_ATTR, s->hdr.version);
  x->sorted_flag = (s->hdr.flags & SFV_F_FDE_SORTED) != 0;
  x->prev_lo = 0;
  x->max_end = INT64_MIN;
  x->fres_total = x->prev_blk = 0;
  x->max_fde = 0;
  pa->blocks_ascending = pa->funcs_in_order = pa->ranges_ok = 1;
  pa->prefix_end = pa->n;
}

/* FDE i (< pa->n, which is <= fde_avail). */
static void fde_index_turn(vctx *v, pass_a *pa, span_fill *sf, fde_ix *x,
                           uint32_t i) {
  const sfv_section *s = &v->sec;
  sfv_fde f;
  sfv_status st;
  int64_t lo = 0, hi = 0;

  /* v3 attributes sit in the FRE blocks, in no index order when the
   * blocks are not (as far as seen): fetch the one SFV_V_AHEAD FDEs on. */
  if (x->attr_size != 0 && !pa->blocks_ascending && i + SFV_V_AHEAD < pa->n)
    sfv_v_prefetch_block(&x->r, s, i + SFV_V_AHEAD);
  st = sfv_fde_get_i(s, i, &f);

  /* The block (v3: attribute first) must start inside the FRE
   * sub-section; v1/v2 may point at its very end. */
  if (st == SFV_E_BOUNDS || !sfv_v_block_inside(s, f.fre_off, pa->fre_len)) {
    SFV_FIND(&v->out, FDE_FRE_BLOCK_BOUNDS,
             sfv_field_at(s, &f, SFV_FLD_F_FRE_OFF), i, N,
             .block_end = (int64_t)f.fre_off + x->attr_size,
             .fre_len = (int64_t)pa->fre_len);
    if (sfv_v_fde_range(v, &f, &lo, &hi)) /* index fields are valid */
      sfv_v_fill_add(sf, lo, f.size, i);
    return;
  }
  (void)sfv_classify_fde(s, &f, &v->out);
  x->fres_total += f.num_fres;
  if (f.fre_type <= SFV_FRE_ADDR4 && (s->hdr.version == 3 || f.num_fres != 0)) {
    if (f.fre_off < x->prev_blk)
      pa->blocks_ascending = 0;
    x->prev_blk = f.fre_off;
  }

  if (!sfv_v_fde_range(v, &f, &lo, &hi)) {
    SFV_FIND(&v->out, FDE_FUNC_RANGE_OVERFLOW, f.offset, i, N,
             .func_start = f.start, .func_size = f.size);
    pa->ranges_ok = 0;
    return;
  }
  sfv_v_fill_add(sf, lo, f.size, i);
  if (v->unreloc)
    return;
  if (i > 0 && lo < x->prev_lo) {
    if (x->sorted_flag && pa->funcs_in_order)
      SFV_FIND(&v->out, FDE_SORTED, f.offset, i, N,
               .func_start = sfv_v_report_addr(v, lo),
               .previous_func_start = sfv_v_report_addr(v, x->prev_lo),
               .previous_fde = i - 1);
    if (pa->funcs_in_order)
      pa->prefix_end = i;
    pa->funcs_in_order = 0;
  }
  if (pa->funcs_in_order && hi > lo) {
    if (x->max_end != INT64_MIN && lo < x->max_end)
      SFV_FIND(&v->out, FDE_FUNC_OVERLAP, f.offset, i, N,
               .func_start = sfv_v_report_addr(v, lo),
               .covering_func_end = sfv_v_report_addr(v, x->max_end),
               .covering_fde = x->max_fde);
    if (hi > x->max_end) {
      x->max_end = hi;
      x->max_fde = i;
    }
  }
  x->prev_lo = lo;
}

static void fde_index_end(vctx *v, const pass_a *pa, const fde_ix *x) {
  const sfv_section *s = &v->sec;
  if (!v->em.stop && pa->n == s->hdr.num_fdes &&
      x->fres_total != s->hdr.num_fres)
    SFV_FIND(&v->out, NUM_FRES_MISMATCH,
             sfv_field_at(s, NULL, SFV_FLD_H_NUM_FRES), N, N,
             .sfh_num_fres = s->hdr.num_fres,
             .fres_in_fdes = (int64_t)x->fres_total);
}

static void check_fde_index(vctx *v, pass_a *pa, span_fill *sf) {
  fde_ix x;
  uint32_t i;
  fde_index_begin(v, pa, &x);
  for (i = 0; i < pa->n && !v->em.stop; i++)
    fde_index_turn(v, pa, sf, &x, i);
  fde_index_end(v, pa, &x);
}

/* GNU as leaves every function start field 0 in a relocatable object (the
 * value is in .rela.sframe).  Two or more FDEs whose stored starts are all
 * 0 cannot be a linked section (they would all overlap): such a section
 * awaits relocation, and address checks would only report the zeros. */
static int all_starts_zero(const vctx *v, uint32_t n) {
  uint32_t i;
  if (n < 2)
    return 0;
  for (i = 0; i < n; i++) {
    sfv_fde f;
    if (sfv_fde_get_i(&v->sec, i, &f) == SFV_E_RANGE || f.start_raw != 0)
      return 0;
  }
  return 1;
}

static void check_fdes(vctx *v) {
  const sfv_section *s = &v->sec;
  int unreloc;
  span *spans;
  span_fill sf;
  pass_a pa;
  uint64_t end = sfv_fre_end(s);

  pa.fre_len = end > s->priv.fre_base ? end - s->priv.fre_base : 0;
  pa.n = s->fde_avail;
  pa.prefix_end = 0; /* until check_fde_index has swept a prefix */
  if (s->priv.fde_base <= s->priv.fre_base &&
      (s->priv.fre_base - s->priv.fde_base) / s->priv.fde_size < pa.n)
    pa.n = (uint32_t)((s->priv.fre_base - s->priv.fde_base) / s->priv.fde_size);
  spans = sfv_v_scratch_spans(v->opt, pa.n);
  v->unreloc = (v->opt->flags & SFV_OPT_UNRELOCATED) != 0;
  if (!v->unreloc && all_starts_zero(v, pa.n)) {
    v->unreloc = 1;
    SFV_FIND(&v->out, CHECKS_SKIPPED, s->priv.fde_base, N, N,
             .reason = SFV_SKIP_STARTS_ZERO);
  } else if (v->unreloc) {
    SFV_FIND(&v->out, CHECKS_SKIPPED, s->priv.fde_base, N, N,
             .reason = SFV_SKIP_UNRELOCATED);
  }
  unreloc = v->unreloc;
  if (sfv_v_clean_pass(v, &pa, spans))
    return;
  sfv_v_fill_init(&sf, spans);
  check_fde_index(v, &pa, &sf);
  if (v->em.stop)
    return;
  if (!pa.funcs_in_order && !unreloc && pa.ranges_ok) {
    if (spans != NULL)
      sfv_v_func_overlap_filled(v, &pa, &sf);
    else
      SFV_FIND(&v->out, CHECKS_SKIPPED, s->priv.fde_base, N, N,
               .reason = SFV_SKIP_NO_SCRATCH);
  }
  if (v->em.stop)
    return;
  /* Blocks already in FRE-sub-section order need no sort (same walk). */
  if (pa.blocks_ascending)
    sfv_v_blocks_ordered(v, &pa, NULL);
  else if (spans != NULL)
    sfv_v_blocks_ordered(v, &pa, spans);
  else
    sfv_v_blocks_fallback(v, &pa);
}

static void check_trailing(vctx *v) {
  const sfv_section *s = &v->sec;
  uint64_t p = sfv_declared_end(s);
  if (p >= s->size)
    return;
  while (p < s->size && s->data[p] == 0)
    p++;
  sfv_classify_trailing(&v->out, s, s->size, p,
                        p < s->size ? s->data + p : NULL,
                        p < s->size ? (size_t)(s->size - p) : 0);
}

sfv_status sfv_validate(const void *data, size_t size, const sfv_options *opt,
                        sfv_diag_fn fn, void *ctx, sfv_result *res) {
  static const sfv_options defaults = {0};
  vfast ft; /* zeroed where read before written (validate.h) */
  vctx v;
  sfv_result local;
  int fre_ok;

  if (res == NULL)
    res = &local;
  *res = (sfv_result){0};
  if (data == NULL && size != 0)
    return SFV_E_ARG;
  v = (vctx){0};
  v.opt = opt != NULL ? opt : &defaults;
  v.em.fn = fn;
  v.em.ctx = ctx;
  v.res = res;
  v.em.max = v.opt->max_diags ? v.opt->max_diags : SFV_DEFAULT_MAX_DIAGS;
  v.out.fn = deliver;
  v.out.ctx = &v;

  v.sec.size = size; /* deliver() clips offsets to it before sfv_open */
  if (!check_preamble(&v, data, size))
    return SFV_OK;
  if (sfv_open_header(&v.sec, data, size) != SFV_OK)
    return SFV_OK; /* unreachable: the preamble checks mirror sfv_open */
  res->decoded = 1;
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = !(v.opt->flags & SFV_OPT_NO_FAST_PATH_) && v.abi_ok;
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE;
  memset(ft.info, 0, sizeof ft.info);
  memset(ft.find_ix, 0, sizeof ft.find_ix);
  if (v.memo)
    memset(ft.memo, 0, sizeof ft.memo);
  if (v.sec.hdr.version >= 3)
    memset(ft.flex_info, 0, sizeof ft.flex_info); /* flex FDEs: v3 */
  v.ft = &ft;
  (void)sfv_classify_header(&v.sec, &v.out);
  fre_ok = check_layout(&v);
  check_fdes(&v);
  if (fre_ok && !v.em.stop)
    check_trailing(&v);
  return SFV_OK;
}

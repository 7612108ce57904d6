/* SPDX-License-Identifier: MIT */
/* policy.c - command-line policies as rules of the catalogue
 * (required-version, require-sorted per section; min-coverage per ELF
 * file): reported through the same typed path as every core finding,
 * severities from the rule table. */
#include "sfv.h"
#include "common/emit.h"
#include "sframe/decode.h"
#include "common/report.h"
#include "sframe/spec.h"

typedef struct pctx {
  sfv_diag_fn fn;
  void *ctx;
  sfv_result *res;
} pctx;

static void deliver(void *ctx, const sfv_finding *f) {
  pctx *p = ctx;
  sfv_diag d;
  if (!sfv_diag_from(&d, f))
    return;
  sfv_diag_count(&d, &p->res->errors, &p->res->warnings, &p->res->notes);
  if (p->fn != NULL)
    (void)p->fn(p->ctx, &d);
}

sfv_status sfv_check_policy(const sfv_section *sec, const sfv_policy *pol,
                            sfv_diag_fn fn, void *ctx, sfv_result *res) {
  sfv_result local;
  pctx p;
  sfv_out o;
  if (sec == NULL || pol == NULL || sec->data == NULL)
    return SFV_E_ARG;
  if (res == NULL)
    res = &local;
  *res = (sfv_result){0};
  res->decoded = 1;
  p.fn = fn;
  p.ctx = ctx;
  p.res = res;
  o.fn = deliver;
  o.ctx = &p;
  if (pol->require_version != 0 && sec->hdr.version != pol->require_version)
    SFV_FIND(&o, REQUIRED_VERSION, sfv_field_at(sec, NULL, SFV_FLD_H_VERSION),
             SFV_NONE, SFV_NONE, .version = sec->hdr.version,
             .required_version = pol->require_version);
  if (pol->require_sorted && !(sec->hdr.flags & SFV_F_FDE_SORTED))
    SFV_FIND(&o, REQUIRE_SORTED, sfv_field_at(sec, NULL, SFV_FLD_H_FLAGS),
             SFV_NONE, SFV_NONE, .flags = sec->hdr.flags,
             .required_flags = SFV_F_FDE_SORTED);
  return SFV_OK;
}

sfv_status sfv_check_elf_policy(const sfv_elf *e, const sfv_elf_result *er,
                                const sfv_policy *pol, sfv_diag_fn fn,
                                void *ctx, sfv_result *res) {
  sfv_result local;
  pctx p;
  sfv_out o;
  uint64_t pct, eh_total;
  int have_eh;
  if (e == NULL || er == NULL || pol == NULL)
    return SFV_E_ARG;
  if (res == NULL)
    res = &local;
  *res = (sfv_result){0};
  if (!pol->have_min_coverage)
    return SFV_OK;
  p.fn = fn;
  p.ctx = ctx;
  p.res = res;
  o.fn = deliver;
  o.ctx = &p;
  pct = pol->min_coverage > 100 ? 100 : pol->min_coverage;
  /* Over .eh_frame's functions, where the comparison ran whole: counts
   * are < 2^32, so the products fit. */
  eh_total = (uint64_t)er->cfi_functions + er->cfi_only_eh_frame;
  have_eh = (e->e_type == 2 || e->e_type == 3) /* ET_EXEC, ET_DYN */ &&
            er->cfi_compared && er->cfi_complete && eh_total != 0;
  if (have_eh && (uint64_t)er->cfi_functions * 100u < pct * eh_total)
    SFV_FIND(&o, MIN_COVERAGE_EH_FRAME, 0, SFV_NONE, SFV_NONE,
             .covered_functions = (int64_t)er->cfi_functions,
             .required_percent = (int64_t)pct,
             .eh_frame_functions = (int64_t)eh_total);
  /* No function symbol to measure (a stripped executable's .dynsym holds
   * only imports) is unknown too, not 100%; unknown both ways is a note. */
  if (!er->coverage_known || er->funcs_total == 0) {
    if (have_eh)
      return SFV_OK;
    SFV_FIND(&o, MIN_COVERAGE_UNKNOWN, 0, SFV_NONE, SFV_NONE,
             .required_percent = (int64_t)pct,
             .reason = !er->coverage_known && er->coverage_unknown
                           ? er->coverage_unknown
                           : SFV_COVUNK_NO_SYMTAB);
    return SFV_OK;
  }
  /* funcs_covered <= funcs_total < 2^64 / 100: symbols are >= 16 bytes
   * each in a file of < 2^64 bytes, so neither product overflows. */
  if (er->funcs_covered * 100u < pct * er->funcs_total)
    SFV_FIND(&o, MIN_COVERAGE, 0, SFV_NONE, SFV_NONE,
             .covered_functions = (int64_t)er->funcs_covered,
             .required_percent = (int64_t)pct,
             .functions = (int64_t)er->funcs_total);
  return SFV_OK;
}

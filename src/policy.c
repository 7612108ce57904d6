/* policy.c - command-line policies as rules of the catalogue
 * (required-version, require-sorted): reported through the same typed
 * path as every core finding, severities from the rule table. */
#include "sfv.h"
#include "internal.h"
#include "report.h"
#include "spec.h"

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

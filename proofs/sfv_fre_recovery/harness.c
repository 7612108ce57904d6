/* SPDX-License-Identifier: MIT */
/* sfv_fre_recovery and the three classifiers (sfv_classify_header,
 * sfv_classify_fde, sfv_classify_fre) on every section of up to
 * PROOF_MAX_SIZE bytes and any FDE and FRE, decoded or arbitrary (every
 * field nondet, data words included), with a finding sink that checks
 * each finding's rule: no undefined behaviour, and the recovery's verdict
 * is the classifier's. */
#include "section_proof.h"
#include "sframe/classify.h"

static void sink(void *ctx, const sfv_finding *fi) {
  (void)ctx;
  __CPROVER_assert((unsigned)fi->rule < (unsigned)SFV_RULE_COUNT,
                   "finding: a known rule");
}

int main(void) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  sfv_recovery_set rs;
  sfv_out o = {sink, NULL};
  sfv_status st;
  int no;
  if (!proof_section_header(&sec) || !proof_fde(&sec, &f))
    return 0;
  if (nondet_u8() == 0) {
    sfv_fre any;
    r = any;
  } else {
    sfv_fre_iter it;
    if (sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK ||
        sfv_fre_next(&it, &r) != SFV_OK)
      return 0;
  }
  (void)sfv_classify_header(&sec, nondet_u8() ? &o : NULL);
  (void)sfv_classify_fde(&sec, &f, nondet_u8() ? &o : NULL);
  no = sfv_classify_fre(&sec, &f, &r, nondet_u8() ? &o : NULL);
  st = sfv_fre_recovery(&sec, &f, &r, &rs);
  if (f.fde_type <= SFV_FDE_FLEX)
    __CPROVER_assert((st == SFV_E_ENCODING) == (no != 0),
                     "recovery: SFV_E_ENCODING exactly when the classifier says no");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* sfv_fre_recovery and the three classifiers (sfv_classify_header,
 * sfv_classify_fde, sfv_classify_fre) on any opened section, any FDE and
 * any FRE the decoders can return (proofs/lib/section_proof.h's models:
 * none of these functions reads a section byte, so the proof holds for
 * sections of any size), with a finding sink that checks each finding's
 * rule: no undefined behaviour, and the recovery's verdict is the FRE
 * classifier's. */
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
  proof_section_model(&sec, NULL, 0);
  (void)proof_fde_model(&sec, &f);
  proof_fre_model(&r);
  (void)sfv_classify_header(&sec, nondet_u8() ? &o : NULL);
  (void)sfv_classify_fde(&sec, &f, nondet_u8() ? &o : NULL);
  no = sfv_classify_fre(&sec, &f, &r, nondet_u8() ? &o : NULL);
  st = sfv_fre_recovery(&sec, &f, &r, &rs);
  if (f.fde_type != SFV_FDE_DEFAULT && f.fde_type != SFV_FDE_FLEX)
    __CPROVER_assert(st == SFV_E_FDE_TYPE, "recovery: unknown FDE type");
  else
    __CPROVER_assert(st == (no != 0 ? SFV_E_ENCODING : SFV_OK),
                     "recovery: SFV_E_ENCODING exactly when the classifier says no");
  return 0;
}

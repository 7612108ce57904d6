/* SPDX-License-Identifier: MIT */
/* The model of validate_derive.c's sfv_v_derive() in the whole-validator
 * proof (goto-instrument --replace-calls sfv_v_derive:derive_model):
 * any answer its contract (proofs/lib/derive_contract.h, proved by
 * proofs/derive) allows, and any value in the four table entries of info
 * it may write.  The classifier runs sfv_v_derive() makes are not in this
 * proof's formula; those of the slow path are. */
#include "proof.h"
#include "derive_contract.h"

uint8_t derive_model(vctx *v, const sfv_fde *f, uint8_t info);

uint8_t derive_model(vctx *v, const sfv_fde *f, uint8_t info) {
  uint8_t t = nondet_u8();
  __CPROVER_assert(derive_pre(v, f), "derive: precondition");
  v->ft->info[info] = t;
  v->ft->words_len[info] = nondet_u8();
  v->ft->mask[info] = nondet_u64();
  v->ft->expect[info] = nondet_u64();
  __CPROVER_assume(derive_post(v, info, t));
  return t;
}

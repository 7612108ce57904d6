/* SPDX-License-Identifier: MIT */
/* The models of the fast path's table derivations in proofs/sfv_v_fast_fres
 * (proof.mk: goto-instrument --replace-calls), each its contract in
 * proofs/lib/derive_contract.h (sfv_v_derive's model is
 * proofs/sfv_validate/derive_model.c):
 * - flex_derive_model for sfv_v_flex_derive: flex_post, words_len[info]
 *   unchanged or the info byte's word bytes;
 * - find_derive_model for sfv_v_find_derive: find_post at info, its
 *   answer find_ix[info], a new template (at find_n) only;
 * - memo_clean_model for sfv_v_memo_clean: any answer, one cache entry
 *   written.
 * Frame: each writes only the entries named. */
#include "proof.h"
#include "derive_contract.h"

uint8_t flex_derive_model(vctx *v, const sfv_fde *f, uint8_t info);
unsigned find_derive_model(vctx *v, const sfv_fde *f, uint8_t info);
int memo_clean_model(vctx *v, const sfv_fde *f, uint8_t info, uint64_t x,
                     unsigned wl);

uint8_t flex_derive_model(vctx *v, const sfv_fde *f, uint8_t info) {
  uint8_t t = nondet_u8(), wl0 = v->ft->words_len[info];
  unsigned wl = sfv_fre_info_count(info) << sfv_fre_info_size_code(info);
  __CPROVER_assert(f->fde_type == SFV_FDE_FLEX && v->fast,
                   "flex_derive: precondition");
  v->ft->flex_info[info] = t;
  v->ft->words_len[info] = nondet_u8();
  v->ft->flex_mask[info] = nondet_u64();
  v->ft->flex_expect[info] = nondet_u64();
  __CPROVER_assume(v->ft->words_len[info] == wl0 ||
                   v->ft->words_len[info] == wl);
  __CPROVER_assume(flex_post(v, info, t));
  return t;
}

unsigned find_derive_model(vctx *v, const sfv_fde *f, uint8_t info) {
  unsigned n0 = v->find_n;
  sfv_find_tmpl e;
  __CPROVER_assert(derive_pre(v, f) && !v->memo && n0 <= SFV_V_FIND_SIZE,
                   "find_derive: precondition");
  if (n0 < SFV_V_FIND_SIZE)
    v->ft->find[n0] = e; /* any template, as far as it got */
  if (n0 < SFV_V_FIND_SIZE && nondet_u8() != 0) {
    v->find_n = n0 + 1u;
    v->ft->find_ix[info] = (uint8_t)v->find_n;
  } else {
    v->ft->find_ix[info] = SFV_V_FIND_NONE;
  }
  __CPROVER_assume(find_post(v, info));
  return v->ft->find_ix[info];
}

int memo_clean_model(vctx *v, const sfv_fde *f, uint8_t info, uint64_t x,
                     unsigned wl) {
  sfv_fre_memo any;
  (void)x;
  __CPROVER_assert(derive_pre(v, f) && v->memo && wl <= 8u,
                   "memo_clean: precondition");
  v->ft->memo[(nondet_unsigned() ^ info) & (SFV_V_MEMO_SIZE - 1u)] = any;
  return nondet_u8() != 0;
}

/* SPDX-License-Identifier: MIT */
/* The models of proofs/sfv_v_walk_fres (proof.mk: goto-instrument
 * --replace-calls), each the contract of a lemma proved elsewhere:
 * - fre_next_model for sfv_fre_next_i: fre_next_post
 *   (proofs/lib/fre_iter_contract.h), proved by proofs/sfv_fre_next;
 * - walk_fres_model for walk_fres (validate_walk.c, static): its loop's
 *   invariant walk_inv (proofs/lib/walk_contract.h) asserted at the
 *   entry and assumed where the loop ends, with the findings it allows
 *   sent to v->out; the step run of this harness proves that one turn
 *   keeps it. */
#include "proof.h"
#include "fre_iter_contract.h"
#include "walk_contract.h"
#include "send_model.h"

sfv_status fre_next_model(sfv_fre_iter *it, sfv_fre *out);
uint64_t walk_fres_model(vctx *v, const sfv_fde *f, sfv_fre_iter *itp,
                         uint32_t prev_start, sfv_work *b, int *done,
                         int turned);

sfv_status fre_next_model(sfv_fre_iter *it, sfv_fre *out) {
  sfv_fre_iter it0 = *it;
  sfv_fre r;
  int x = nondet_int();
  sfv_status st;
  __CPROVER_assume(x == SFV_OK || x == SFV_END || x == SFV_E_BOUNDS ||
                   x == SFV_E_DATAWORD_SIZE || x == SFV_E_FRE_TYPE);
  st = (sfv_status)x;
  __CPROVER_assert(fre_iter_inv(it, it->sec), "sfv_fre_next: precondition");
  it->pos = nondet_u64();
  it->next = nondet_u32();
  __CPROVER_assume(fre_next_post(&it0, it, &r, st));
  *out = r;
  return st;
}

uint64_t walk_fres_model(vctx *v, const sfv_fde *f, sfv_fre_iter *itp,
                         uint32_t prev_start, sfv_work *b, int *done,
                         int turned) {
  sfv_fre_iter it = *itp;
  walk_state s;
  unsigned sent = nondet_unsigned();
  (void)prev_start;
  (void)turned;
  walk_save(&s, v, it.pos, b);
  __CPROVER_assert(it.fre_type == f->fre_type && walk_pre(v, f, it.pos) &&
                       walk_inv(v, b, &s, itp, &it, 0, 0),
                   "walk_fres: the loop invariant at its entry");
  it.pos = nondet_u64();
  it.next = nondet_u32();
  walk_havoc(v, b);
  *done = nondet_int();
  __CPROVER_assume(walk_inv(v, b, &s, itp, &it, sent, 1));
  proof_send_findings(&v->out, sent);
  return it.pos;
}

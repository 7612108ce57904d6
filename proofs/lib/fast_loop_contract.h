/* SPDX-License-Identifier: MIT */
/* fast_loop_contract.h - the invariant of the fast path's loops
 * (validate_fast.c fast_a: fast_loop, fast_clean_run, fast_find_run, all
 * turns over one fast_st), by which proofs/sfv_v_fast_fres proves
 * fast_contract.h by induction: each turn keeps it from any state that
 * satisfies it, fast_a establishes it, and it gives fast_post where the
 * loop ends.  Included after validate_fast.c (fast_st is its own type).
 *
 * fast_inv, sv the caller's state at fast_a's entry (the iterator it0,
 * the budget, the counters), d = s->pos - it0.pos, k = s->next - it0.next:
 *   - it0.pos <= s->pos <= s->lim <= it0.limit, and s->lim - it0.pos
 *     within the budget (b != NULL: s->lim was cut to it);
 *   - tight: the 8-byte word load at any pos <= safe stays below lim;
 *   - it0.next <= s->next, and s->next <= s->count == it0.count once
 *     an FRE was taken (it0.next may be past the count: then none is);
 *   - k == 0 iff d == 0, and d >= k * (asz + 1) (each FRE taken has its
 *     start and info byte);
 *   - lo <= hi <= bound (so fast_start_ok's one compare is lo <= start <
 *     hi);
 *   - over (find) only for the validator's own delivery (find_take then
 *     only counts);
 *   - the findings sent and the counters as fast_sent_ok allows for d. */
#ifndef SFV_FAST_LOOP_CONTRACT_H
#define SFV_FAST_LOOP_CONTRACT_H

#include "fast_contract.h"

static inline int fast_inv(const vctx *v, const fast_state *sv,
                           const sfv_work *b, const fast_st *s, unsigned asz,
                           int find, unsigned sent) {
  const sfv_fre_iter *it0 = &sv->it;
  uint64_t d = s->pos - it0->pos;
  uint32_t k = s->next - it0->next;
  if (s->pos < it0->pos || s->pos > s->lim || s->lim > it0->limit)
    return 0;
  if (b != NULL && s->lim - it0->pos > sv->b.left)
    return 0;
  if (s->tight && (s->lim < asz + 9u || s->safe > s->lim - asz - 9u))
    return 0;
  if (s->next < it0->next || (k != 0 && s->next > s->count) ||
      s->count != it0->count)
    return 0;
  if ((k == 0) != (d == 0) || d < (uint64_t)k * (asz + 1u))
    return 0;
  if (s->lo > s->hi || s->hi > s->bound)
    return 0;
  if (find && s->over && v->out.ctx != (const void *)v)
    return 0;
  return fast_sent_ok(v, sv, find, sent, d);
}

#endif

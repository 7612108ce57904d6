/* SPDX-License-Identifier: MIT */
/* fast_contract.h - the contract of the FRE fast path, validate_fast.c's
 * sfv_v_fast_fres (find 0) and sfv_v_fast_fres_find (find 1): proved by
 * proofs/sfv_v_fast_fres, assumed by the model that replaces both in the
 * whole-validator proof (proofs/sfv_validate/fast_model.c;
 * docs/PROOFS.md, "The whole validator").
 *
 * Precondition (what its callers, validate_walk.c's fast_turn and the
 * clean pass, hold): f is a default or flex FDE of a section whose ABI is
 * known (sfv_v_fast_usable), flex only in version 3 (sfv_fde_get),
 * v->memo says s390x, the iterator is one sfv_fre_iter_init made for f
 * and sfv_fre_next kept (the invariant proofs/sfv_fre_next proves: it
 * reads v->sec, its limit inside the FRE sub-section as clipped to the
 * buffer), every entry of the fast path's tables as fast_table_ok says
 * (sfv_validate zeroes info, find_ix, v3: flex_info, and find_n, which
 * satisfies it).
 * Postcondition, d the bytes and k the FREs it passed over:
 *   - the iterator moved forward only, by whole FREs of at least
 *     start-address size + 1 bytes each (d >= k * (asz + 1); k == 0 iff
 *     d == 0), never past its limit (from a position at or before it)
 *     nor past its count; its other fields unchanged;
 *   - the budget (b != NULL) was charged d, which fitted;
 *   - *prev_start unchanged when k == 0;
 *   - it sent at most d findings to v->out (find 1 only; none with find
 *     0), each of a known rule and severity, and moved each result
 *     counter (errors, warnings, notes, suppressed) up by at most d (the
 *     counting over the cap: find 1 only, and only when v->out is the
 *     validator's own delivery, its ctx v);
 *   - every table entry still satisfies fast_table_ok.
 * Frame: of *v, only ft's tables, find_n, and what v->out's callback
 * writes (proved with a callback that may set em.stop). */
#ifndef SFV_FAST_CONTRACT_H
#define SFV_FAST_CONTRACT_H

#include "sframe/validate.h"
#include "sframe/spec.h"
#include "derive_contract.h"

/* What the walk's state is before a call: the caller's copy for the
 * postcondition. */
typedef struct fast_state {
  sfv_fre_iter it;
  sfv_work b;
  uint32_t prev_start;
  uint32_t errors, warnings, notes, suppressed;
} fast_state;

static inline void fast_save(fast_state *s, const vctx *v,
                             const sfv_fre_iter *it, const sfv_work *b,
                             const uint32_t *prev_start) {
  s->it = *it;
  if (b != NULL)
    s->b = *b;
  s->prev_start = *prev_start;
  s->errors = v->res->errors;
  s->warnings = v->res->warnings;
  s->notes = v->res->notes;
  s->suppressed = v->res->suppressed;
}

static inline int fast_pre(const vctx *v, const sfv_fde *f,
                           const sfv_fre_iter *it) {
  return sfv_v_fast_usable(v, f) &&
         (f->fde_type != SFV_FDE_FLEX || v->sec.hdr.version >= 3) &&
         sfv_abi_known(v->sec.hdr.version, v->sec.hdr.abi_arch) &&
         v->memo == (v->sec.hdr.abi_arch == SFV_ABI_S390X_BE) &&
         it->sec == &v->sec && it->fre_type == f->fre_type &&
         it->fre_type <= SFV_FRE_ADDR4 && it->limit <= sfv_fre_end(&v->sec) &&
         sfv_fre_end(&v->sec) <= v->sec.size;
}

/* A counter moved up by at most d. */
static inline int fast_up(uint32_t now, uint32_t was, uint64_t d) {
  return now >= was && now - was <= d;
}

/* The findings sent (sent of them) and the result counters after the
 * fast path passed over d bytes, from the counters in s: find 0 sends
 * nothing and counts nothing; find 1 sends at most d, and moves each
 * counter up by at most d only when v->out is the validator's own
 * delivery (counting over its cap). */
static inline int fast_sent_ok(const vctx *v, const fast_state *s, int find,
                               unsigned sent, uint64_t d) {
  if (!find || v->out.ctx != (const void *)v)
    return sent <= (find ? d : 0) && v->res->errors == s->errors &&
           v->res->warnings == s->warnings && v->res->notes == s->notes &&
           v->res->suppressed == s->suppressed;
  return sent <= d && fast_up(v->res->errors, s->errors, d) &&
         fast_up(v->res->warnings, s->warnings, d) &&
         fast_up(v->res->notes, s->notes, d) &&
         fast_up(v->res->suppressed, s->suppressed, d);
}

/* The tables' invariant at info byte i: every entry 0 (not derived yet)
 * or what its derivation's contract says (derive_contract.h); the flex
 * table's only in a version 3 section (the only one with flex FDEs, and
 * the only one sfv_validate zeroes it for).  The fast path writes the
 * entries of the info byte it reads (and the template at find_n, which
 * no find_ix names), so it keeps the invariant of every entry by keeping
 * that one's. */
static inline int fast_table_ok(const vctx *v, uint8_t i) {
  return (v->ft->info[i] == 0 || derive_post(v, i, v->ft->info[i])) &&
         (v->sec.hdr.version < 3 || v->ft->flex_info[i] == 0 ||
          flex_post(v, i, v->ft->flex_info[i])) &&
         find_post(v, i);
}

static inline int fast_post(const vctx *v, const sfv_fre_iter *it,
                            const sfv_work *b, const uint32_t *prev_start,
                            const fast_state *s, int find, unsigned sent) {
  uint64_t d = it->pos - s->it.pos;
  uint32_t k = it->next - s->it.next;
  unsigned asz = sfv_fre_addr_size(s->it.fre_type);
  if (it->sec != s->it.sec || it->limit != s->it.limit ||
      it->count != s->it.count || it->fre_type != s->it.fre_type)
    return 0;
  if (it->pos < s->it.pos || it->next < s->it.next)
    return 0;
  if ((k == 0) != (d == 0) || d < (uint64_t)k * (asz + 1u))
    return 0;
  if (k != 0 && (it->pos > s->it.limit || it->next > s->it.count))
    return 0;
  if (b != NULL && (d > s->b.left || b->left != s->b.left - d ||
                    b->total != s->b.total || b->hit != s->b.hit))
    return 0;
  if (k == 0 && *prev_start != s->prev_start)
    return 0;
  return fast_sent_ok(v, s, find, sent, d);
}

#endif

/* SPDX-License-Identifier: MIT */
/* walk_contract.h - the contract of one FDE's FRE walk, validate_walk.c's
 * sfv_v_walk_fres (findings to v->out) and sfv_v_walk_fres_quiet (from
 * iterator it on, findings only counted): proved by proofs/sfv_v_walk_fres,
 * assumed by the model that replaces both in the whole-validator proof
 * (proofs/sfv_validate/walk_model.c; docs/PROOFS.md, "The whole
 * validator").
 *
 * Precondition (the validator's state at every call): v->sec opened (its
 * FRE sub-section clipped to the buffer inside the buffer), v->res and
 * v->ft valid, v->memo says s390x, the fast path on only for a known ABI
 * (v->fast implies v->abi_ok), fast_miss <= 5; f any FDE whose FREs
 * start in or after the FRE sub-section (fres_offset >= fre_base, as
 * sfv_fde_get decodes every FDE); the quiet walk's iterator one that
 * sfv_fre_iter_init made for f and sfv_fre_next or the fast path kept
 * (proofs/sfv_fre_next's invariant), at or after fres_offset (p0: where
 * the walk starts).
 * Postcondition, e the section offset returned (sfv_v_walk_fres) or
 * stored in *end (quiet), p0 the position it started from (f->fres_offset;
 * quiet: it->pos):
 *   - e == p0, or p0 < e <= sfv_fre_end(sec) (whole FREs inside the
 *     sub-section);
 *   - the budget (b != NULL) only spent: left not grown, total kept, hit
 *     kept or set;
 *   - at most WALK_FINDINGS(e - p0) findings sent to v->out, each of a
 *     known rule and severity (quiet: none; v->out as it was);
 *   - each result counter moved up by at most e - p0 (the fast path's
 *     counting over the cap), none for the quiet walk;
 *   - fast_miss <= 5 (fast_skip any); the rest of *v as it was but the
 *     fast path's tables and what v->out's callback writes. */
#ifndef SFV_WALK_CONTRACT_H
#define SFV_WALK_CONTRACT_H

#include "sframe/validate.h"
#include "sframe/spec.h"
#include "proof.h"

/* Findings a walk over bytes FRE bytes may send: per FRE (>= 2 bytes)
 * its start's two, the classifier's (one per data word and a few of the
 * info byte), and one for the FRE that ends the walk. */
#define WALK_FINDINGS(bytes) (3u * (bytes) + 1u)

typedef struct walk_state {
  uint64_t p0;
  sfv_work b;
  uint32_t errors, warnings, notes, suppressed;
} walk_state;

static inline int walk_pre(const vctx *v, const sfv_fde *f, uint64_t p0) {
  return f->fres_offset >= v->sec.priv.fre_base &&
         p0 >= f->fres_offset && v->res != NULL && v->ft != NULL && v->opt != NULL &&
         sfv_fre_end(&v->sec) <= v->sec.size &&
         v->memo == (v->sec.hdr.abi_arch == SFV_ABI_S390X_BE) &&
         (!v->fast || v->abi_ok) &&
         v->abi_ok == sfv_abi_known(v->sec.hdr.version, v->sec.hdr.abi_arch) &&
         v->fast_miss <= 5u;
}

static inline void walk_save(walk_state *s, const vctx *v, uint64_t p0,
                             const sfv_work *b) {
  s->p0 = p0;
  if (b != NULL)
    s->b = *b;
  s->errors = v->res->errors;
  s->warnings = v->res->warnings;
  s->notes = v->res->notes;
  s->suppressed = v->res->suppressed;
}

static inline int walk_up(uint32_t now, uint32_t was, uint64_t d) {
  return now >= was && now - was <= d;
}

/* What every walk keeps: the budget only spent, fast_miss <= 5, and each
 * result counter up by at most d (up != 0) or unchanged (up == 0). */
static inline int walk_kept(const vctx *v, const sfv_work *b,
                            const walk_state *s, int up, uint64_t d) {
  if (b != NULL && (b->left > s->b.left || b->total != s->b.total ||
                    (b->hit != s->b.hit && b->hit != 1)))
    return 0;
  if (v->fast_miss > 5u)
    return 0;
  if (!up)
    return v->res->errors == s->errors && v->res->warnings == s->warnings &&
           v->res->notes == s->notes && v->res->suppressed == s->suppressed;
  return walk_up(v->res->errors, s->errors, d) &&
         walk_up(v->res->warnings, s->warnings, d) &&
         walk_up(v->res->notes, s->notes, d) &&
         walk_up(v->res->suppressed, s->suppressed, d);
}

static inline int walk_post(const vctx *v, const sfv_work *b,
                            const walk_state *s, uint64_t e, int quiet,
                            unsigned sent) {
  uint64_t d = e - s->p0;
  if (e != s->p0 && (e < s->p0 || e > sfv_fre_end(&v->sec)))
    return 0;
  if (quiet)
    return sent == 0 && walk_kept(v, b, s, 0, d);
  return sent <= WALK_FINDINGS(d) && walk_kept(v, b, s, 1, d);
}

/* What a walk may change, any values (its model then assumes walk_post
 * or walk_inv of them). */
static inline void walk_havoc(vctx *v, sfv_work *b) {
  if (b != NULL) {
    b->left = nondet_u64();
    b->hit = nondet_int();
  }
  v->fast_skip = nondet_unsigned();
  v->fast_miss = nondet_unsigned();
  v->res->errors = nondet_u32();
  v->res->warnings = nondet_u32();
  v->res->notes = nondet_u32();
  v->res->suppressed = nondet_u32();
}

/* The invariant of walk_fres's loop (validate_walk.c), at the top of every
 * turn (walk_turn) of a walk that started at iterator *it0 in state *s
 * (s->p0 == it0->pos), *it the iterator now, sent the findings sent to
 * v->out since, ended: the walk ends here (one more finding allowed, the
 * one that ended it):
 *   - the iterator reads v->sec, its limit, count and FRE type (a
 *     defined one) as at the start, its limit inside the FRE sub-section
 *     as clipped to the buffer; its position the start or in
 *     (p0, limit];
 *   - at most 3 d findings (d = pos - p0; ended: 3 d + 1);
 *   - the budget only spent; fast_miss <= 5;
 *   - the result counters each up by at most d when v->out is the
 *     validator's own delivery (its ctx v), else unchanged.
 * It holds at the loop's entry (sent 0, the iterator as given): the
 * model of walk_fres in proofs/sfv_v_walk_fres asserts it there; one
 * turn keeps it (the step run); so it holds where the loop ends, and
 * implies walk_post (ended: sent <= WALK_FINDINGS(d)). */
static inline int walk_inv(const vctx *v, const sfv_work *b,
                           const walk_state *s, const sfv_fre_iter *it0,
                           const sfv_fre_iter *it, unsigned sent, int ended) {
  uint64_t d = it->pos - s->p0;
  if (it->sec != &v->sec || it->limit != it0->limit ||
      it->count != it0->count || it->fre_type != it0->fre_type ||
      it->fre_type > SFV_FRE_ADDR4 || it->limit > sfv_fre_end(&v->sec) ||
      sfv_fre_end(&v->sec) > v->sec.size)
    return 0;
  if (it->pos != s->p0 && (it->pos < s->p0 || it->pos > it->limit))
    return 0;
  if ((uint64_t)sent > 3u * d + (ended != 0))
    return 0;
  return walk_kept(v, b, s, v->out.ctx == (const void *)v, d);
}

#endif

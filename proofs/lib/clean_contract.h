/* SPDX-License-Identifier: MIT */
/* clean_contract.h - the contract of stage 4's clean pass,
 * validate_clean.c's sfv_v_clean_pass (and in it walk_clean, funcs_refill,
 * blocks_tile, blocks_tile_bits): proved by proofs/sfv_v_clean_pass,
 * assumed by the model that replaces it in the whole-validator proof
 * (proofs/sfv_validate/clean_model.c; docs/PROOFS.md, "Lemmas in place of
 * code").
 *
 * Precondition: stage4_pre (cross_contract.h: what check_fdes holds), the
 * scratch spans NULL or writable for 2 * pa->n spans.
 * Postcondition: returns 0 or 1; reports nothing (no finding sent to
 * v->out, v->out as it was, every result counter kept); fast_miss <= 5.
 * Frame: the scratch (2 * pa->n spans; the model havocs the whole object
 * it lies in), fast_skip, fast_miss; nothing
 * else of *v (the emitter, the section, the options, the flags) and
 * nothing of *pa.  (The fast path's tables too, which only the fast path,
 * a model in both proofs, reads.) */
#ifndef SFV_CLEAN_CONTRACT_H
#define SFV_CLEAN_CONTRACT_H

#include "cross_contract.h"

/* What the clean pass must leave as it found it: the caller's copy. */
typedef struct clean_state {
  stage4_counts c;
  sfv_out out;
  int stop;
  int fast, unreloc, abi_ok, memo;
} clean_state;

static inline void clean_save(clean_state *s, const vctx *v) {
  stage4_save(&s->c, v);
  s->out = v->out;
  s->stop = v->em.stop;
  s->fast = v->fast;
  s->unreloc = v->unreloc;
  s->abi_ok = v->abi_ok;
  s->memo = v->memo;
}

static inline int clean_pre(const vctx *v, const pass_a *pa,
                            const span *spans) {
  return stage4_pre(v, pa) && stage4_room(spans, pa->n);
}

static inline int clean_post(const vctx *v, const clean_state *s, int r,
                             unsigned sent) {
  return (r == 0 || r == 1) && sent == 0 && stage4_counted(v, &s->c, 0) &&
         v->out.fn == s->out.fn && v->out.ctx == s->out.ctx &&
         v->em.stop == s->stop && v->fast == s->fast &&
         v->unreloc == s->unreloc && v->abi_ok == s->abi_ok &&
         v->memo == s->memo && v->fast_miss <= 5u;
}

#endif

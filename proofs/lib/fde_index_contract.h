/* SPDX-License-Identifier: MIT */
/* fde_index_contract.h - the contracts of validate.c's FDE-level passes of
 * stage 4 (static): check_fde_index (FDE fields, function order and
 * overlap in index order, FRE counts) and all_starts_zero.  Proved by
 * proofs/sfv_v_fde_index, assumed by the models that replace them in the
 * whole-validator proof (proofs/sfv_validate/fde_index_model.c;
 * docs/PROOFS.md, "The whole validator").
 *
 * Precondition (check_fdes's state at the call): v->sec opened (every
 * counted index entry inside the buffer), v->res and v->opt valid; pa->n
 * at most fde_avail; sf empty (stats_init) and sf->a NULL or room for
 * pa->n spans.
 *
 * check_fde_index is an induction over its loop, one FDE per turn
 * (fde_index_turn): fde_index_begin establishes fde_index_inv at i = 0;
 * a turn at any i < pa->n from ANY state satisfying it (any loop-carried
 * values: previous start, sweep end, FRE total, block offset) has no
 * undefined behaviour, sends at most FDE_INDEX_TURN findings of known
 * rules and severities, adds at most one span, at sf->a[old sf->st.n],
 * span_ok under the new statistics, whose bounds only widen, writes no
 * other span, and keeps the invariant at i + 1; fde_index_end sends at
 * most one.  Postcondition of the whole pass, for the model: the
 * invariant at the end, span_ok of every span below sf->st.n, at most
 * FDE_INDEX_FINDINGS(pa->n) findings, nothing else of *v but what
 * v->out's callback writes.
 *
 * all_starts_zero: no undefined behaviour, 0 or 1 (0 below two FDEs), no
 * finding, nothing written. */
#ifndef SFV_FDE_INDEX_CONTRACT_H
#define SFV_FDE_INDEX_CONTRACT_H

#include "sframe/validate.h"
#include "cross_contract.h"

/* Findings of one turn: the FDE classifier's (at most 9: every rule it
 * has but one of the two rep_size ones) and one of FDE_FRE_BLOCK_BOUNDS,
 * FDE_FUNC_RANGE_OVERFLOW, FDE_SORTED, FDE_FUNC_OVERLAP. */
#define FDE_INDEX_TURN 10u
/* ... and of the pass: n turns and NUM_FRES_MISMATCH. */
#define FDE_INDEX_FINDINGS(n) (FDE_INDEX_TURN * (uint64_t)(n) + 1u)

static inline int fde_index_flag(int b) { return b == 0 || b == 1; }

static inline int fde_index_pre(const vctx *v, const pass_a *pa) {
  return v->res != NULL && v->opt != NULL && pa->n <= v->sec.fde_avail;
}

/* sf->a, when kept, has room for pa->n spans. */
static inline int fde_index_room(const pass_a *pa, const span_fill *sf) {
  return sf->a == NULL ||
         __CPROVER_w_ok(sf->a, (size_t)pa->n * sizeof(span));
}

/* Between two FDEs, before FDE i: the flags, spans only with scratch,
 * the last key 0 before the first span (stats_init), the spans'
 * statistics as the overlap sweep needs them (cross_contract.h stats_ok; and span_ok
 * of every span below sf->st.n, which a turn keeps by adding only a span
 * inside the new bounds, which only widen). */
static inline int fde_index_inv(const vctx *v, const pass_a *pa,
                                const span_fill *sf, uint32_t i) {
  return fde_index_pre(v, pa) && fde_index_room(pa, sf) && i <= pa->n &&
         fde_index_flag(pa->blocks_ascending) &&
         fde_index_flag(pa->funcs_in_order) && fde_index_flag(pa->ranges_ok) &&
         pa->prefix_end <= pa->n && sf->st.n <= i &&
         (sf->a != NULL || sf->st.n == 0) &&
         (sf->st.n != 0 || sf->st.last == 0) && stats_ok(&sf->st);
}

#endif

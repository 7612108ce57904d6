/* SPDX-License-Identifier: MIT */
/* cross_contract.h - the contracts of stage 4's cross-FDE passes
 * (validate_cross.c): sfv_v_func_overlap_filled (sort the function spans,
 * then sweep), sfv_v_blocks_ordered (the FRE blocks in sub-section
 * order), sfv_v_blocks_fallback (no scratch, blocks out of order), and
 * the sorts they share (sort_any: a few runs merged, else radix sorted).
 * Each is proved by a lemma of its own (proofs/<function>/), assumed by
 * the model that replaces it in the whole-validator proof
 * (proofs/sfv_validate/cross_model.c; docs/PROOFS.md, "Lemmas in place of
 * code").
 *
 * Precondition of every pass (stage4_pre: what check_fdes holds at each
 * call): v->sec opened (every counted index entry inside the buffer, the
 * FDE entry size of its version), v->res, v->opt and v->ft valid, the
 * walk's state as walk_pre needs it (v->memo says s390x, the fast path on
 * only for a known ABI, fast_miss <= 5), pa->n <= fde_avail and pa->fre_len
 * the FRE sub-section's length as clipped to the buffer (check_fdes);
 * scratch (spans, sf->a) NULL or writable for 2 * pa->n spans.
 * Postconditions, d the FRE bytes of the sub-section (pa->fre_len), n
 * pa->n: each finding sent to v->out is of a known rule and severity (what
 * the lemmas' sinks check), at most
 *   - func_overlap_filled: sf->st.n (one FDE_FUNC_OVERLAP per span);
 *   - blocks_ordered: n + 3 d + 1 (an overlap per FDE not walked, the
 *     walks' WALK_FINDINGS over disjoint ranges of the sub-section, one
 *     FRE_UNUSED_BYTES);
 *   - blocks_fallback: n * WALK_FINDINGS(d) + 2 (each walk inside the
 *     sub-section; the byte-count finding and CHECKS_SKIPPED);
 * and each result counter moved up by at most (besides what v->out's
 * callback counts) 0, d and n * d respectively (the walks' counting over
 * the cap); fast_miss <= 5.  Frame: the scratch (2 * pa->n spans; the
 * models havoc the whole object it lies in, which no caller reads beyond
 * them; the sorted spans' statistics, sf->st.b), fast_skip, fast_miss, the
 * result counters, and what v->out's callback writes; v->out itself as it
 * was.
 * The sorts: on the n elements of a[] whose statistics st noted (the
 * order and values sfv_v_fill_add / sfv_v_block_add note), they return a
 * or tmp holding a permutation of them in non-decreasing key order
 * (proofs/sfv_v_sort_spans). */
#ifndef SFV_CROSS_CONTRACT_H
#define SFV_CROSS_CONTRACT_H

#include "sframe/validate.h"
#include "sframe/spec.h"
#include "walk_contract.h"

static inline int stage4_pre(const vctx *v, const pass_a *pa) {
  const sfv_section *s = &v->sec;
  uint64_t end = sfv_fre_end(s);
  return v->res != NULL && v->opt != NULL && v->ft != NULL &&
         s->hdr.version >= 1 && s->hdr.version <= 3 &&
         s->priv.fde_size == sfv_struct_size(SFV_ST_FDE, s->hdr.version) &&
         (s->fde_avail == 0 ||
          (s->priv.fde_base <= s->size &&
           (uint64_t)s->fde_avail * s->priv.fde_size <=
               s->size - s->priv.fde_base)) &&
         v->memo == (s->hdr.abi_arch == SFV_ABI_S390X_BE) &&
         (!v->fast || v->abi_ok) &&
         v->abi_ok == sfv_abi_known(s->hdr.version, s->hdr.abi_arch) &&
         v->fast_miss <= 5u && pa->n <= s->fde_avail &&
         pa->fre_len == (end > s->priv.fre_base ? end - s->priv.fre_base : 0);
}

/* Scratch for the n FDEs pa->n counts: NULL or 2 n writable spans. */
static inline int stage4_room(const span *a, uint32_t n) {
  return a == NULL ||
         __CPROVER_w_ok(a, 2u * (uint64_t)n * sizeof(span));
}

/* The result counters before a call: the caller's copy for the
 * postcondition. */
typedef struct stage4_counts {
  uint32_t errors, warnings, notes, suppressed;
} stage4_counts;

static inline void stage4_save(stage4_counts *c, const vctx *v) {
  c->errors = v->res->errors;
  c->warnings = v->res->warnings;
  c->notes = v->res->notes;
  c->suppressed = v->res->suppressed;
}

/* Each counter moved up by at most up (0: kept). */
static inline int stage4_counted(const vctx *v, const stage4_counts *c,
                                 uint64_t up) {
  return walk_up(v->res->errors, c->errors, up) &&
         walk_up(v->res->warnings, c->warnings, up) &&
         walk_up(v->res->notes, c->notes, up) &&
         walk_up(v->res->suppressed, c->suppressed, up);
}

/* Findings each pass may send (above). */
static inline uint64_t overlap_findings(const span_fill *sf) {
  return sf->st.n;
}
static inline uint64_t ordered_findings(const pass_a *pa) {
  return (uint64_t)pa->n + 3u * pa->fre_len + 1u;
}
static inline uint64_t fallback_findings(const pass_a *pa) {
  return (uint64_t)pa->n * WALK_FINDINGS(pa->fre_len) + 2u;
}

/* The statistics of n elements as the fill functions note them
 * (stats_note_key): n, at least one run, each run's start recorded below
 * MERGE_RUNS, ascending from 0 and below n. */
static inline int stats_ok(const span_stats *st) {
  uint32_t k, r = st->runs < MERGE_RUNS ? st->runs : MERGE_RUNS;
  if (st->runs < 1 || (st->n != 0 && st->runs > st->n) || st->b[0] != 0)
    return 0;
  for (k = 1; k < MERGE_RUNS; k++)
    if (k < r && (st->b[k] <= st->b[k - 1] || st->b[k] >= st->n))
      return 0;
  return 1;
}

/* Span j of the spans sf filled (the precondition of func_overlap_filled
 * at each one; the model checks it at a span the solver picks): its key
 * within the noted bounds, and lo + size representable
 * (sfv_v_fde_range accepted it). */
static inline int span_ok(const span_fill *sf, uint32_t j) {
  const span *x = &sf->a[j];
  uint64_t k = span_key(x);
  return k >= sf->st.min && k <= sf->st.max &&
         x->lo <= INT64_MAX - (int64_t)x->size;
}

static inline int overlap_pre(const vctx *v, const pass_a *pa,
                              const span_fill *sf) {
  return stage4_pre(v, pa) && sf->a != NULL && stage4_room(sf->a, pa->n) &&
         sf->st.n <= pa->n && stats_ok(&sf->st);
}

#endif

/* SPDX-License-Identifier: MIT */
/* fde_buckets_fill_contract.h - sfv_fde_buckets_fill (fde_buckets.c) by
 * parts, each a lemma whose cost does not grow with the bucket count
 * (docs/PROOFS.md, "The bucket lemma with two FDEs"):
 *   probe_start   = proof_fde_start            (fde_buckets_parts, probe)
 *   fill_head     -> fill_head_post             (fde_buckets_parts, head)
 *   fill_upto     -> lk[k] = (b <= k <= to ? v : lk[k]) at any entry k,
 *                    by its turn fill_one       (fde_buckets_parts, upto)
 *   fill_fde      keeps fill_inv at any entry k (fde_buckets_step)
 *   the whole     -> fill_closed at any entry k (sfv_fde_buckets_two)
 *   fill_closed at every entry -> fde_buckets_post_at (fde_buckets_post)
 *
 * The starts are fill_st (FDE j's: ok[j], s[j]), which the probe_start
 * model returns and which satisfy the fill's precondition (what
 * fde_buckets_pre_at states of proof_fde_start's, which probe_start's
 * equal: lemma probe).  The closed form: after the fill, every entry k
 * is cnt(k), the number of FDEs whose slice is below k.  Each invariant
 * is stated at ONE entry fill_k, which a harness picks (so at every one):
 * every part writes entry k from its own old value and scalars alone, so
 * a proof at one entry is a proof at each, whatever the bucket count. */
#ifndef SFV_FDE_BUCKETS_FILL_CONTRACT_H
#define SFV_FDE_BUCKETS_FILL_CONTRACT_H

#include "fde_buckets_contract.h"

typedef struct fill_starts {
  int ok[PROOF_MAX_FDES];
  int64_t s[PROOF_MAX_FDES];
} fill_starts;

/* The starts the probe_start model returns, and the entry the pointwise
 * models and invariants follow (fde_buckets_models.c). */
extern fill_starts fill_st;
extern uint32_t fill_k;

/* The fill's precondition over n FDEs: every start read, none below the
 * one before (fde_buckets_pre_at, for proof_fde_start's starts). */
static inline int fill_starts_ok(const fill_starts *f, uint32_t n) {
  uint32_t j;
  if (n > PROOF_MAX_FDES)
    return 0;
  for (j = 0; j < PROOF_MAX_FDES; j++)
    if (j < n && (!f->ok[j] || (j + 1u < n && f->s[j] > f->s[j + 1u])))
      return 0;
  return 1;
}

/* The starts as proof_fde_start reads them (constant indexes). */
static inline void fill_starts_read(const sfv_section *sec, fill_starts *f) {
  uint32_t j;
  for (j = 0; j < PROOF_MAX_FDES; j++) {
    f->s[j] = 0;
    f->ok[j] = proof_fde_start(sec, j, &f->s[j]);
  }
}

/* Slices are monotonic in the start (fde_buckets_step, 64.mono): for
 * first <= a <= b and shift < 64, a's slice is at most b's.  What the
 * lemmas assume of the starts' slices. */
static inline int fill_slice_mono(int64_t first, int64_t a, int64_t b,
                                  unsigned shift) {
  return fde_slice(first, a, shift) <= fde_slice(first, b, shift);
}
static inline int fill_slices_mono(const fill_starts *f, uint32_t n,
                                   int64_t first, unsigned shift) {
  uint32_t j;
  if (shift >= 64)
    return 1;
  for (j = 0; j + 1u < PROOF_MAX_FDES; j++)
    if (j + 1u < n && first <= f->s[j] && f->s[j] <= f->s[j + 1u] &&
        !fill_slice_mono(first, f->s[j], f->s[j + 1u], shift))
      return 0;
  return 1;
}

/* fill_head's result on n >= 1 FDEs: first and last FDE's starts, a
 * shift below 64 that puts last's slice below SFV_LOOKUP_BUCKETS. */
static inline int fill_head_post(const fill_starts *f, uint32_t n,
                                 int64_t first, int64_t last, unsigned shift) {
  return n >= 1 && n <= PROOF_MAX_FDES && f->ok[0] && first == f->s[0] &&
         f->ok[n - 1u] && last == f->s[n - 1u] && first <= last &&
         shift < 64 && fde_slice(first, last, shift) < SFV_LOOKUP_BUCKETS;
}

/* cnt(k) over FDEs 0 .. i - 1: how many have a slice below k. */
static inline uint32_t fill_cnt(const fill_starts *f, int64_t first,
                                unsigned shift, uint32_t i, uint64_t k) {
  uint32_t j, c = 0;
  for (j = 0; j < PROOF_MAX_FDES; j++)
    if (j < i && fde_slice(first, f->s[j], shift) < k)
      c++;
  return c;
}

/* The FDE loop's invariant after FDEs 0 .. i - 1, its scalars: the head
 * as fill_head left it, lk_first and lk_shift set, b one past FDE
 * i - 1's slice (0 before the first). */
static inline int fill_inv_head(const sfv_section *sec, const fill_starts *f,
                                int64_t first, int64_t last, unsigned shift,
                                uint32_t i, uint32_t b) {
  uint32_t n = sec->fde_avail;
  if (!sec->priv.fdes_sorted || sec->priv.lk_first != first ||
      sec->priv.lk_shift != shift || i > n ||
      !fill_head_post(f, n, first, last, shift))
    return 0;
  return b == (i == 0 ? 0u : fde_slice(first, f->s[i - 1u], shift) + 1u);
}

/* ... and at entry k: filled (k < b) with cnt(k). */
static inline int fill_inv_at(const sfv_section *sec, const fill_starts *f,
                              int64_t first, unsigned shift, uint32_t i,
                              uint32_t b, uint32_t k) {
  return k > SFV_LOOKUP_BUCKETS || k >= b ||
         sec->priv.lk_bucket[k] == fill_cnt(f, first, shift, i, k);
}

/* The closed form of the whole fill at entry k, fdes_sorted still set:
 * no FDE (lk_* as sfv_open_header left them, 0), or lk_first the first
 * start, lk_shift below 64 putting the last start's slice below
 * SFV_LOOKUP_BUCKETS; entry k is cnt(k) over every FDE. */
static inline int fill_closed_at(const sfv_section *sec, const fill_starts *f,
                                 uint64_t k) {
  uint32_t n = sec->fde_avail;
  int64_t first = sec->priv.lk_first;
  unsigned shift = sec->priv.lk_shift;
  if (!sec->priv.fdes_sorted)
    return 1;
  if (shift >= 64 || n > PROOF_MAX_FDES)
    return 0;
  if (n > 0 && !fill_head_post(f, n, first, f->s[n - 1u], shift))
    return 0;
  return k > SFV_LOOKUP_BUCKETS ||
         sec->priv.lk_bucket[k] == fill_cnt(f, first, shift, n, k);
}

#endif

/* SPDX-License-Identifier: MIT */
/* fde_buckets_fill_contract.h - the induction over sfv_fde_buckets_fill's
 * FDE loop (fde_buckets.c): the invariant after FDEs 0 .. i - 1 have filled
 * their buckets (b entries filled), which one fill_fde (the loop's whole
 * body) keeps from ANY state satisfying it (proofs/fde_buckets_step) and a
 * model of fill_fde assumes in the whole-function proof
 * (proofs/sfv_fde_buckets_two), where fill_rest then gives the postcondition
 * of fde_buckets_contract.h.
 *
 * The FDE starts (fill_starts: proof_fde_start of each FDE below
 * PROOF_MAX_FDES, read once at constant indexes) are the ones the
 * contracts of fde_buckets_contract.h state.  fill_inv(first, last, shift,
 * i, b): fdes_sorted still set; lk_first and lk_shift are first and shift,
 * the slices of [first, last] below SFV_LOOKUP_BUCKETS; b is 0 before the
 * first FDE, else one past FDE i - 1's slice; every filled entry (below b)
 * is an FDE index below i, and they are non-decreasing; every FDE j < i
 * has a start in [first, last] whose slice is filled, with
 * lk_bucket[slice] <= j and, when the next slice is filled,
 * j < lk_bucket[slice + 1].  Stated at one FDE j and one entry k
 * (fill_inv_at); a proof asserts it at indexes the solver picks, a model
 * assumes it at every one. */
#ifndef SFV_FDE_BUCKETS_FILL_CONTRACT_H
#define SFV_FDE_BUCKETS_FILL_CONTRACT_H

#include "fde_buckets_contract.h"

static inline uint64_t fill_slice(int64_t first, int64_t s, unsigned shift) {
  return span_of(first, s) >> shift;
}

typedef struct fill_starts {
  int ok[PROOF_MAX_FDES];
  int64_t s[PROOF_MAX_FDES];
  uint64_t slice[PROOF_MAX_FDES];
} fill_starts;

/* The slices of the starts for first and shift (each computed once: the
 * solver then compares slices, not shifted differences). */
static inline void fill_slices(fill_starts *f, int64_t first, unsigned shift) {
  uint32_t j;
  for (j = 0; j < PROOF_MAX_FDES; j++)
    f->slice[j] = shift < 64 && f->s[j] >= first
                      ? fill_slice(first, f->s[j], shift) : 0;
}

/* The starts (at constant indexes), and their slices. */
static inline void fill_starts_read(const sfv_section *sec, fill_starts *f,
                                    int64_t first, unsigned shift) {
  uint32_t j;
  for (j = 0; j < PROOF_MAX_FDES; j++) {
    f->s[j] = 0;
    f->ok[j] = proof_fde_start(sec, j, &f->s[j]);
  }
  fill_slices(f, first, shift);
}

/* Slices are monotonic in the start (proofs/fde_buckets_step, 64.mono):
 * for first <= a <= b and shift < 64, a's slice is at most b's. */
static inline int fill_slice_mono(int64_t first, int64_t a, int64_t b,
                                  unsigned shift) {
  return fill_slice(first, a, shift) <= fill_slice(first, b, shift);
}

static inline int fill_inv_head(const sfv_section *sec, const fill_starts *f,
                                int64_t first, int64_t last, unsigned shift,
                                uint32_t i, uint32_t b) {
  if (!sec->priv.fdes_sorted || sec->priv.lk_first != first ||
      sec->priv.lk_shift != shift || shift >= 64 || first > last ||
      fill_slice(first, last, shift) >= SFV_LOOKUP_BUCKETS ||
      i > sec->fde_avail || i > PROOF_MAX_FDES || b > SFV_LOOKUP_BUCKETS)
    return 0;
  if (i == 0)
    return b == 0;
  return f->ok[i - 1u] && f->s[i - 1u] >= first && f->s[i - 1u] <= last &&
         b == f->slice[i - 1u] + 1u;
}

static inline int fill_inv_at(const sfv_section *sec, const fill_starts *f,
                              int64_t first, int64_t last, unsigned shift,
                              uint32_t i, uint32_t b, uint32_t j, uint32_t k) {
  const uint32_t *lk = sec->priv.lk_bucket;
  uint64_t slice;
  if (k < b && (lk[k] >= i || (k + 1u < b && lk[k] > lk[k + 1u])))
    return 0;
  if (j >= i || j >= PROOF_MAX_FDES)
    return 1;
  if (!f->ok[j] || f->s[j] < first || f->s[j] > last)
    return 0;
  slice = f->slice[j];
  return slice < b && lk[slice] <= j && (slice + 1u >= b || j < lk[slice + 1u]);
}

/* fill_inv_head and fill_inv_at at every FDE and every entry: what a
 * model assumes and asserts. */
static inline int fill_inv_all(const sfv_section *sec, const fill_starts *f,
                               int64_t first, int64_t last, unsigned shift,
                               uint32_t i, uint32_t b) {
  uint32_t j, k;
  if (!fill_inv_head(sec, f, first, last, shift, i, b))
    return 0;
  for (j = 0; j < PROOF_MAX_FDES; j++)
    if (!fill_inv_at(sec, f, first, last, shift, i, b, j,
                     SFV_LOOKUP_BUCKETS + 1u))
      return 0;
  for (k = 0; k <= SFV_LOOKUP_BUCKETS; k++)
    if (!fill_inv_at(sec, f, first, last, shift, i, b, PROOF_MAX_FDES, k))
      return 0;
  return 1;
}

#endif

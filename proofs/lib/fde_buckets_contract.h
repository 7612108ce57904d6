/* SPDX-License-Identifier: MIT */
/* fde_buckets_contract.h - the contract of sfv_fde_buckets_fill
 * (fde_buckets.c): proved by proofs/sfv_fde_buckets; its precondition is
 * what the sfv_open proof shows of every section it marks fdes_sorted,
 * and the whole contract is the model of the buckets the lookup proofs
 * take (docs/PROOFS.md).  Each predicate is stated at one FDE index i (and
 * bucket b); a proof asserts it at indexes the solver picks, and a model
 * assumes it at every index.
 *
 * Precondition at i (what sfv_open verified when it leaves fdes_sorted
 * set): FDE i < fde_avail has a start that resolves (its index entry
 * alone, as the binary search reads it), and FDE i + 1's, when counted,
 * is not below it.
 * Postcondition at (b, i), b < SFV_LOOKUP_BUCKETS, with fdes_sorted still
 * set (the fill may clear it; the lookup then scans linearly): lk_shift
 * below 64 (the lookup shifts by it), lk_bucket is non-decreasing at b, its last entry is fde_avail, and FDE i's start
 * lies at or after lk_first, in a slice below SFV_LOOKUP_BUCKETS, with
 * lk_bucket[slice] <= i < lk_bucket[slice + 1] -- the form the lookup's
 * binary search (lookup.c, find_fde_sorted) rests on. */
#ifndef SFV_FDE_BUCKETS_CONTRACT_H
#define SFV_FDE_BUCKETS_CONTRACT_H

#include "section_proof.h"
#include "sframe/fde_buckets.h"

/* The FDE bound of the proofs over this contract (proof.mk sets it). */
#ifndef PROOF_MAX_FDES
#define PROOF_MAX_FDES 2
#endif

/* The slice of start s >= first for a shift below 64 (one expression for
 * every contract that names a slice). */
static inline uint64_t fde_slice(int64_t first, int64_t s, unsigned shift) {
  return span_of(first, s) >> shift;
}

static inline int fde_buckets_pre_at(const sfv_section *sec, uint32_t i) {
  int64_t a, b;
  if (i >= sec->fde_avail)
    return 1;
  if (!proof_fde_start(sec, i, &a))
    return 0;
  return i + 1u >= sec->fde_avail ||
         (proof_fde_start(sec, i + 1u, &b) && a <= b);
}

static inline int fde_buckets_post_at(const sfv_section *sec, uint32_t b,
                                      uint32_t i) {
  int64_t s;
  uint64_t slice;
  if (!sec->priv.fdes_sorted)
    return 1;
  if (sec->priv.lk_shift >= 64)
    return 0;
  if (b < SFV_LOOKUP_BUCKETS &&
      sec->priv.lk_bucket[b] > sec->priv.lk_bucket[b + 1])
    return 0;
  if (sec->priv.lk_bucket[SFV_LOOKUP_BUCKETS] != sec->fde_avail)
    return 0;
  if (i >= sec->fde_avail)
    return 1;
  if (!proof_fde_start(sec, i, &s) || s < sec->priv.lk_first)
    return 0;
  slice = fde_slice(sec->priv.lk_first, s, sec->priv.lk_shift);
  return slice < SFV_LOOKUP_BUCKETS && sec->priv.lk_bucket[slice] <= i &&
         i < sec->priv.lk_bucket[slice + 1];
}

/* The model of the lookup fields of a section sfv_open returned
 * (proof_section_model's, up to max_fdes FDEs): fres_sorted any flag;
 * fdes_sorted 0, or 1 with the precondition at every FDE and lk_shift,
 * lk_first and the buckets any values satisfying the postcondition at
 * every bucket and every FDE. */
static inline void fde_buckets_model(sfv_section *sec, uint32_t max_fdes) {
  struct sfv_section_priv any;
  uint32_t k;
  __CPROVER_assume(sec->fde_avail <= max_fdes);
  sec->priv.fres_sorted = nondet_u8() & 1u;
  sec->priv.fdes_sorted = nondet_u8() & 1u;
  if (!sec->priv.fdes_sorted)
    return;
  sec->priv.lk_shift = any.lk_shift;
  sec->priv.lk_first = any.lk_first;
  memcpy(sec->priv.lk_bucket, any.lk_bucket, sizeof any.lk_bucket);
  for (k = 0; k < max_fdes; k++)
    __CPROVER_assume(fde_buckets_pre_at(sec, k) &&
                     fde_buckets_post_at(sec, 0, k));
  for (k = 0; k < SFV_LOOKUP_BUCKETS; k++)
    __CPROVER_assume(fde_buckets_post_at(sec, k, max_fdes));
}

#endif

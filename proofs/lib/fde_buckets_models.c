/* SPDX-License-Identifier: MIT */
/* The models of fde_buckets.c's parts (proofs/lib/fde_buckets_fill_contract.h),
 * put in their place by goto-instrument --replace-calls in the bucket
 * lemmas (each proof.mk says which): each asserts its part's
 * precondition at the call and leaves what that part's lemma proves, at
 * the entry fill_k only (any other entry: any value).  No bucket loop is
 * in a formula that uses them. */
#include "fde_buckets_fill_contract.h"

fill_starts fill_st;
uint32_t fill_k;

int probe_start_model(const sfv_section *sec, const sfv_cursor *c, uint32_t i,
                      uint8_t v, int pcrel, int64_t *start);
int fill_head_model(sfv_section *sec, const sfv_cursor *c, uint32_t n,
                    int pcrel, int64_t *first, int64_t *last,
                    unsigned *shift);
uint32_t fill_upto_model(sfv_section *sec, uint32_t b, uint64_t to,
                         uint32_t v);
int fill_fde_model(sfv_section *sec, const sfv_cursor *c, uint32_t i,
                   int64_t first, int64_t last, unsigned shift, int pcrel,
                   uint32_t *b);

/* probe_start: FDE i's start as proof_fde_start reads it (lemma probe),
 * for a counted FDE. */
int probe_start_model(const sfv_section *sec, const sfv_cursor *c, uint32_t i,
                      uint8_t v, int pcrel, int64_t *start) {
  (void)c;
  (void)v;
  (void)pcrel;
  __CPROVER_assert(i < sec->fde_avail && i < PROOF_MAX_FDES,
                   "probe_start: a counted FDE");
  if (!fill_st.ok[i])
    return 0;
  *start = fill_st.s[i];
  return 1;
}

/* fill_head (lemma head): fdes_sorted cleared, or fill_head_post. */
int fill_head_model(sfv_section *sec, const sfv_cursor *c, uint32_t n,
                    int pcrel, int64_t *first, int64_t *last,
                    unsigned *shift) {
  (void)c;
  (void)pcrel;
  __CPROVER_assert(n >= 1 && n == sec->fde_avail, "fill_head: FDEs counted");
  if (nondet_u8() == 0) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  *first = nondet_i64();
  *last = nondet_i64();
  *shift = nondet_unsigned();
  __CPROVER_assume(fill_head_post(&fill_st, n, *first, *last, *shift));
  return 1;
}

/* fill_upto (lemma upto): entry fill_k is v when b <= fill_k <= to, else
 * unchanged; returns to + 1, or b when to < b. */
uint32_t fill_upto_model(sfv_section *sec, uint32_t b, uint64_t to,
                         uint32_t v) {
  struct sfv_section_priv any;
  uint32_t old;
  __CPROVER_assert(to <= SFV_LOOKUP_BUCKETS && fill_k <= SFV_LOOKUP_BUCKETS,
                   "fill_upto: its precondition");
  old = sec->priv.lk_bucket[fill_k];
  memcpy(sec->priv.lk_bucket, any.lk_bucket, sizeof any.lk_bucket);
  __CPROVER_assume(sec->priv.lk_bucket[fill_k] ==
                   (b <= fill_k && fill_k <= to ? v : old));
  return b <= to ? (uint32_t)to + 1u : b;
}

/* fill_fde (lemma fde_buckets_step): from fill_inv after FDEs 0 .. i - 1
 * (asserted), fdes_sorted cleared, or fill_inv after FDEs 0 .. i. */
int fill_fde_model(sfv_section *sec, const sfv_cursor *c, uint32_t i,
                   int64_t first, int64_t last, unsigned shift, int pcrel,
                   uint32_t *b) {
  struct sfv_section_priv any;
  (void)c;
  (void)pcrel;
  __CPROVER_assert(i < sec->fde_avail &&
                       fill_inv_head(sec, &fill_st, first, last, shift, i,
                                     *b) &&
                       fill_inv_at(sec, &fill_st, first, shift, i, *b, fill_k),
                   "fill_fde: the invariant at the call");
  if (nondet_u8() == 0) {
    sec->priv.fdes_sorted = 0;
    return 0;
  }
  memcpy(sec->priv.lk_bucket, any.lk_bucket, sizeof any.lk_bucket);
  *b = nondet_u32();
  __CPROVER_assume(
      fill_inv_head(sec, &fill_st, first, last, shift, i + 1u, *b) &&
      fill_inv_at(sec, &fill_st, first, shift, i + 1u, *b, fill_k));
  return 1;
}

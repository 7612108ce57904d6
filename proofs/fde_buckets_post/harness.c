/* SPDX-License-Identifier: MIT */
/* The closed form of the bucket fill gives its contract: on a section of
 * up to PROOF_MAX_FDES counted FDEs whose starts (any values: the model
 * below) satisfy the fill's precondition (fde_buckets_pre_at), slices
 * ordered as the starts (fde_buckets_step, 64.mono), and any lookup
 * fields whose entries satisfy fill_closed_at (what sfv_fde_buckets_two
 * proves at every entry; assumed here at the entries the postcondition
 * reads: b, b + 1, the last, each FDE's slice and the one after),
 * fde_buckets_post_at (proofs/lib/fde_buckets_contract.h) holds at the
 * bucket b the solver picks and at every FDE.  proof_fde_start, which
 * both contracts read the starts with, is a model returning any start
 * per FDE (goto-instrument --replace-calls): the lemma holds for every
 * start values, so for the ones sfv_fde_get_index decodes (no decoding
 * in the formula, one run per bucket count for every version and byte
 * order).  fde_slice is any function ordered as the starts, as the
 * real one is (64.mono).  The bucket count is the run's; no bucket loop is unrolled. */
#include "fde_buckets_fill_contract.h"

/* The starts proof_fde_start returns: FDE i's, from one table. */
static fill_starts post_st;

int proof_fde_start_model(const sfv_section *sec, uint32_t i, int64_t *s);
int proof_fde_start_model(const sfv_section *sec, uint32_t i, int64_t *s) {
  if (i >= sec->fde_avail || i >= PROOF_MAX_FDES || !post_st.ok[i])
    return 0;
  *s = post_st.s[i];
  return 1;
}

/* fde_slice, the slice of a start: any function of its arguments (an
 * uninterpreted one), ordered as the starts (assumed below, the 64.mono
 * lemma): all the lemma needs of it. */
uint64_t __CPROVER_uninterpreted_fde_slice(int64_t, int64_t, unsigned);
uint64_t fde_slice_model(int64_t first, int64_t s, unsigned shift);
uint64_t fde_slice_model(int64_t first, int64_t s, unsigned shift) {
  return __CPROVER_uninterpreted_fde_slice(first, s, shift);
}

/* entry x, when it is one, satisfies the closed form */
static void post_closed(const sfv_section *sec, uint64_t x) {
  if (x <= SFV_LOOKUP_BUCKETS)
    __CPROVER_assume(fill_closed_at(sec, &post_st, x));
}

int main(void) {
  sfv_section sec;
  uint32_t j, b = nondet_u32();
  int64_t first = sec.priv.lk_first;
  unsigned shift = sec.priv.lk_shift;
  fill_starts any;
  post_st = any; /* a global: any starts, not 0 */
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  for (j = 0; j < PROOF_MAX_FDES; j++)
    __CPROVER_assume(fde_buckets_pre_at(&sec, j));
  sec.priv.fdes_sorted = 1;
  __CPROVER_assume(fill_slices_mono(&post_st, sec.fde_avail, first, shift));
  post_closed(&sec, b);
  post_closed(&sec, (uint64_t)b + 1u);
  post_closed(&sec, SFV_LOOKUP_BUCKETS);
  for (j = 0; j < PROOF_MAX_FDES; j++)
    if (shift < 64 && post_st.s[j] >= first) {
      uint64_t sl = fde_slice(first, post_st.s[j], shift);
      post_closed(&sec, sl);
      post_closed(&sec, sl + 1u);
    }
  for (j = 0; j <= PROOF_MAX_FDES; j++) /* every FDE, then any bucket */
    __CPROVER_assert(fde_buckets_post_at(&sec, b, j), "the buckets' invariant");
  return 0;
}

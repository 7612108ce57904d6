/* SPDX-License-Identifier: MIT */
/* One turn of sfv_fde_buckets_fill's FDE loop (fde_buckets.c, static
 * fill_fde: the loop's whole body; the harness includes the file), the
 * induction step of proofs/lib/fde_buckets_fill_contract.h: on every
 * opened section of up to PROOF_MAX_FDES FDEs satisfying the fill's
 * precondition (fde_buckets_pre_at: starts resolve, non-decreasing), from
 * ANY state satisfying fill_inv after FDEs 0 .. i - 1 (any first, last,
 * shift, b and bucket contents it allows), FDE i's fill has no undefined
 * behaviour and either clears fdes_sorted and stops, or keeps the
 * invariant for FDEs 0 .. i (asserted at an FDE j and an entry k the
 * solver picks, so at every one). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/sframe/fde_buckets.c"
#include "fde_buckets_fill_contract.h"

#ifdef PROOF_MONO
int main(void) {
  int64_t first = nondet_i64(), a = nondet_i64(), b = nondet_i64();
  unsigned shift = nondet_unsigned();
  __CPROVER_assume(first <= a && a <= b && shift < 64);
  __CPROVER_assert(fill_slice_mono(first, a, b, shift), "slices in order");
  return 0;
}
#else
int main(void) {
  sfv_section sec;
  sfv_cursor c;
  struct sfv_section_priv any;
  fill_starts fs;
  int64_t first = nondet_i64(), last = nondet_i64();
  unsigned shift = nondet_unsigned();
  uint32_t k, i = nondet_u32(), b = nondet_u32();
  uint32_t j = nondet_u32(), e = nondet_u32();
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES && i < sec.fde_avail);
#ifdef PROOF_FDE_I
  __CPROVER_assume(i == PROOF_FDE_I); /* a run per FDE (proof.mk) */
#endif
  for (k = 0; k < PROOF_MAX_FDES; k++)
    __CPROVER_assume(fde_buckets_pre_at(&sec, k));
  __CPROVER_assume(shift < 64);
  fill_starts_read(&sec, &fs, first, shift);
  /* the slices' order, the starts' (step 64.mono) */
  for (k = 0; k + 1u < PROOF_MAX_FDES; k++)
    if (fs.ok[k] && fs.ok[k + 1u] && first <= fs.s[k] && fs.s[k] <= fs.s[k + 1u])
      __CPROVER_assume(fs.slice[k] <= fs.slice[k + 1u]);
  sec.priv.fdes_sorted = 1;
  sec.priv.lk_first = first;
  sec.priv.lk_shift = (uint8_t)shift;
  memcpy(sec.priv.lk_bucket, any.lk_bucket, sizeof any.lk_bucket);
  __CPROVER_assume(fill_inv_all(&sec, &fs, first, last, shift, i, b));
  /* sfv_fde_buckets_fill's cursor, as it sets it up */
  cur_init(&c, sec.data, sec.priv.fde_base, sec.size, sec.big_endian);
  if (!fill_fde(&sec, &c, i, first, last, shift, sfv_section_pcrel(&sec), &b)) {
    __CPROVER_assert(!sec.priv.fdes_sorted, "a refused FDE clears fdes_sorted");
    return 0;
  }
  __CPROVER_assert(fill_inv_head(&sec, &fs, first, last, shift, i + 1u, b) &&
                       fill_inv_at(&sec, &fs, first, last, shift, i + 1u, b,
                                   j, e),
                   "the invariant kept");
  return 0;
}
#endif

/* SPDX-License-Identifier: MIT */
/* One turn of sfv_fde_buckets_fill's FDE loop (fde_buckets.c, static
 * fill_fde: the loop's whole body; the harness includes the file), the
 * induction step of proofs/lib/fde_buckets_fill_contract.h: for up to
 * PROOF_MAX_FDES counted FDEs whose starts satisfy the fill's
 * precondition (fill_starts_ok) and whose slices are ordered as the
 * starts (64.mono), from ANY state satisfying fill_inv after FDEs
 * 0 .. i - 1 at an entry k the solver picks (any first, last, shift, b
 * and bucket contents it allows), FDE i's turn has no undefined behaviour
 * and either clears fdes_sorted or keeps fill_inv for FDEs 0 .. i at k.
 * probe_start and fill_upto are the models of their lemmas
 * (proofs/lib/fde_buckets_models.c; fde_buckets_probe, fde_buckets_upto),
 * so no bucket loop is unrolled and the cost does not grow with the
 * bucket count. */
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
  int64_t first = nondet_i64(), last = nondet_i64();
  unsigned shift = nondet_unsigned();
  uint32_t i = nondet_u32(), b = nondet_u32(), n = sec.fde_avail;
  fill_starts any;
  fill_st = any; /* a global: any starts, not 0 */
  fill_k = nondet_u32();
  __CPROVER_assume(fill_k <= SFV_LOOKUP_BUCKETS && i < n &&
                   fill_starts_ok(&fill_st, n) &&
                   fill_slices_mono(&fill_st, n, first, shift));
  sec.priv.fdes_sorted = 1;
  sec.priv.lk_first = first;
  sec.priv.lk_shift = (uint8_t)shift;
  __CPROVER_assume(fill_inv_head(&sec, &fill_st, first, last, shift, i, b) &&
                   fill_inv_at(&sec, &fill_st, first, shift, i, b, fill_k));
  if (!fill_fde(&sec, &c, i, first, last, shift, nondet_int(), &b)) {
    __CPROVER_assert(!sec.priv.fdes_sorted, "a refused FDE clears fdes_sorted");
    return 0;
  }
  __CPROVER_assert(
      fill_inv_head(&sec, &fill_st, first, last, shift, i + 1u, b) &&
          fill_inv_at(&sec, &fill_st, first, shift, i + 1u, b, fill_k),
      "the invariant kept");
  return 0;
}
#endif

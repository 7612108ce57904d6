/* SPDX-License-Identifier: MIT */
/* sfv_fde_buckets_fill whole, over its parts' lemmas: fill_head,
 * fill_fde (the FDE loop's body) and fill_upto (the slices past the last
 * FDE's) are the models of proofs/lib/fde_buckets_models.c
 * (goto-instrument --replace-calls; lemmas fde_buckets_head,
 * fde_buckets_step, fde_buckets_upto), each asserting its precondition
 * at the call.  On every section of up to PROOF_MAX_FDES FDEs whose
 * starts satisfy the fill's precondition, with fdes_sorted set and the
 * lookup fields as sfv_open_header leaves them (0): no
 * undefined behaviour, and the closed form fill_closed_at at an entry k
 * the solver picks (so at every one): fdes_sorted cleared, or every
 * entry k holds the number of FDEs whose slice is below k
 * (fde_buckets_post turns that into fde_buckets_contract.h's
 * postcondition).  No bucket loop is unrolled: the cost does not grow
 * with the bucket count. */
#include "section_proof.h"
#include "fde_buckets_fill_contract.h"

int main(void) {
  sfv_section sec; /* any fields: the parts' models read no byte */
  fill_starts any;
  fill_st = any; /* a global: any starts, not 0 */
  fill_k = nondet_u32();
  __CPROVER_assume(fill_k <= SFV_LOOKUP_BUCKETS &&
                   fill_starts_ok(&fill_st, sec.fde_avail));
  /* the lookup fields as sfv_open_header leaves them */
  sec.priv.lk_shift = 0;
  sec.priv.lk_first = 0;
  memset(sec.priv.lk_bucket, 0, sizeof sec.priv.lk_bucket);
  sec.priv.fdes_sorted = 1;
  sfv_fde_buckets_fill(&sec);
  /* the slices ordered as the starts (fde_buckets_step, 64.mono) */
  __CPROVER_assume(fill_slices_mono(&fill_st, sec.fde_avail,
                                    sec.priv.lk_first, sec.priv.lk_shift));
  __CPROVER_assert(fill_closed_at(&sec, &fill_st, fill_k),
                   "the closed form at entry k");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* fill_head (fde_buckets.c, static: sfv_fde_buckets_fill's prologue; the
 * harness includes the file), on n >= 1 counted FDEs whose starts satisfy
 * the fill's precondition (fill_starts_ok), probe_start the model of its
 * lemma (fde_buckets_probe): no undefined behaviour (the shift search's
 * shifts below 64), and either fdes_sorted cleared or fill_head_post
 * (proofs/lib/fde_buckets_fill_contract.h): first and last the first and
 * last start, the shift below 64 and last's slice below the bucket
 * count.  The bucket count is the run's (PROOF_LOOKUP_BUCKETS or the
 * shipped 256); no bucket is read or written. */
#include "section_proof.h"
#include "../../src/sframe/fde_buckets.c"
#include "fde_buckets_fill_contract.h"

int main(void) {
  sfv_section sec;
  sfv_cursor c;
  int64_t first = 0, last = 0;
  unsigned shift = 0;
  uint32_t n = sec.fde_avail;
  fill_starts any;
  fill_st = any; /* a global: any starts, not 0 */
  __CPROVER_assume(n >= 1 && fill_starts_ok(&fill_st, n));
  sec.priv.fdes_sorted = 1;
  if (!fill_head(&sec, &c, n, nondet_int(), &first, &last, &shift)) {
    __CPROVER_assert(!sec.priv.fdes_sorted, "a refused head clears fdes_sorted");
    return 0;
  }
  __CPROVER_assert(sec.priv.fdes_sorted &&
                       fill_head_post(&fill_st, n, first, last, shift),
                   "fill_head_post");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* sfv_fre_iter_init + sfv_fre_next to the end, on every section of up to
 * PROOF_MAX_SIZE bytes, for any FDE (decoded or arbitrary) and any limit:
 * every FRE returned lies inside the FRE sub-section and the buffer, the
 * walk ends (the loop bound is the FRE count the buffer can hold). */
#include "section_proof.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre_iter it;
  sfv_fre r;
  sfv_status st;
  unsigned k;
  if (!proof_section_header(&sec) || !proof_fde(&sec, &f))
    return 0;
  if (sfv_fre_iter_init(&it, &sec, &f, nondet_u64()) != SFV_OK)
    return 0;
  /* Each FRE is at least 2 bytes: at most PROOF_MAX_SIZE / 2 succeed. */
  for (k = 0; k <= PROOF_MAX_SIZE / 2; k++) {
    uint64_t pos = it.pos;
    st = sfv_fre_next(&it, &r);
    if (st != SFV_OK)
      break;
    __CPROVER_assert(r.offset == pos && r.length >= 2 &&
                         r.offset + r.length <= sec.size &&
                         r.offset + r.length <= sfv_fre_end(&sec),
                     "FRE inside the FRE sub-section");
    __CPROVER_assert(r.dw_count <= SFV_MAX_DATAWORDS, "data-word count");
  }
  __CPROVER_assert(st != SFV_OK, "the walk ends within the bound");
  return 0;
}

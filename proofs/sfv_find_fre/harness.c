/* SPDX-License-Identifier: MIT */
/* sfv_find_fre on every section sfv_open can return of up to
 * PROOF_MAX_SIZE bytes and PROOF_MAX_FDES FDEs (the model of
 * proofs/sfv_find_fde: sorted or not, any buckets the proved contract
 * allows, fres_sorted either way), any vma and any PC: no undefined
 * behaviour; on SFV_OK the FDE is a counted one and covers the PC, and
 * the FRE lies in the FDE's FRE block, inside the FRE sub-section as
 * clipped to the buffer. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "fde_buckets_contract.h"

int main(void) {
  sfv_section sec;
  sfv_lookup lk;
  uint64_t pc = nondet_u64();
  proof_section_opened(&sec);
  fde_buckets_model(&sec, PROOF_MAX_FDES);
  if (sfv_find_fre(&sec, pc, &lk) != SFV_OK)
    return 0;
  __CPROVER_assert(lk.fde.index < sec.fde_avail && pc >= lk.func_start &&
                       pc - lk.func_start < lk.fde.size,
                   "the FRE's FDE covers the PC");
  __CPROVER_assert(lk.fre.offset >= lk.fde.fres_offset &&
                       lk.fre.length <= sfv_fre_end(&sec) &&
                       lk.fre.offset <= sfv_fre_end(&sec) - lk.fre.length,
                   "the FRE inside the FRE sub-section");
  return 0;
}

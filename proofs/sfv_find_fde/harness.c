/* SPDX-License-Identifier: MIT */
/* sfv_find_fde on every section sfv_open can return of up to
 * PROOF_MAX_SIZE bytes and PROOF_MAX_FDES FDEs -- the opened-section model
 * with the lookup fields of proofs/lib/fde_buckets_contract.h: FDEs
 * verified sorted or not, and when sorted any buckets the proved contract
 * of sfv_fde_buckets_fill allows (no bucket loop runs here) -- any vma and
 * any PC: no undefined behaviour; a found FDE is a counted one, covers
 * the PC, and its start is vma + its resolved start. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "fde_buckets_contract.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  uint64_t pc = nondet_u64(), fs, a;
  proof_section_opened(&sec);
  fde_buckets_model(&sec, PROOF_MAX_FDES);
  if (sfv_find_fde(&sec, pc, &f, &fs) != SFV_OK)
    return 0;
  __CPROVER_assert(f.index < sec.fde_avail && f.size > 0 && pc >= fs &&
                       pc - fs < f.size,
                   "the FDE covers the PC");
  __CPROVER_assert(sfv_fde_func_start(&sec, &f, &a) == SFV_OK && a == fs,
                   "its start");
  return 0;
}

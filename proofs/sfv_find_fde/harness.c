/* SPDX-License-Identifier: MIT */
/* sfv_find_fde and sfv_find_fre on every section of up to PROOF_MAX_SIZE
 * bytes opened by sfv_open (sorted or not), any vma, any PC: no undefined
 * behaviour; a found FDE covers the PC. */
#include "sfv.h"
#include "proof.h"

int main(void) {
  size_t len;
  uint8_t *buf = proof_buffer(PROOF_MAX_SIZE, &len);
  sfv_section sec;
  uint64_t pc = nondet_u64(), fs;
  sfv_fde f;
  sfv_lookup lk;
  if (sfv_open(&sec, buf, len) != SFV_OK)
    return 0;
  sfv_set_vma(&sec, nondet_u64());
  if (nondet_u8()) {
    if (sfv_find_fde(&sec, pc, &f, &fs) == SFV_OK)
      __CPROVER_assert(f.size > 0 && pc >= fs && pc - fs < f.size,
                       "the FDE covers the PC");
  } else {
    sfv_status st = sfv_find_fre(&sec, pc, &lk);
    if (st == SFV_OK)
      __CPROVER_assert(pc >= lk.func_start && pc - lk.func_start < lk.fde.size,
                       "the FRE's FDE covers the PC");
  }
  return 0;
}

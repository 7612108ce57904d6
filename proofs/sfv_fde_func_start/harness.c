/* SPDX-License-Identifier: MIT */
/* sfv_fde_func_start on every opened section (proof_section_opened), any
 * section address (vma), any FDE (decoded by sfv_fde_get or any fields):
 * SFV_OK exactly when start + vma is in [0, 2^64), and then that value. */
#include "section_proof.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  uint64_t addr = nondet_u64();
  sfv_status st;
  proof_section_opened(&sec);
  sfv_set_vma(&sec, nondet_u64());
  if (!proof_fde(&sec, &f))
    return 0;
  st = sfv_fde_func_start(&sec, &f, nondet_u8() ? &addr : NULL);
  if (st == SFV_OK) {
    __CPROVER_assert(f.start_ok, "start resolved");
    __CPROVER_assert(f.start >= 0 ? addr - sec.vma == (uint64_t)f.start
                                  : sec.vma - addr == -(uint64_t)f.start,
                     "address = vma + start");
  }
  return 0;
}

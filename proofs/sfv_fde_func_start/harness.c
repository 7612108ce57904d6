/* SPDX-License-Identifier: MIT */
/* sfv_fde_func_start on every opened section (proof_section_opened), any
 * section address (vma), any FDE (decoded by sfv_fde_get or any fields),
 * a NULL address included: SFV_OK exactly when the start resolved and
 * vma + start is in [0, 2^64), and then that address; else
 * SFV_E_OVERFLOW. */
#include "section_proof.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  uint64_t addr = nondet_u64(), mag;
  int fits;
  sfv_status st;
  proof_section_opened(&sec);
  sfv_set_vma(&sec, nondet_u64());
  if (!proof_fde(&sec, &f))
    return 0;
  if (nondet_u8() == 0) {
    __CPROVER_assert(sfv_fde_func_start(&sec, &f, NULL) == SFV_E_ARG,
                     "NULL address");
    return 0;
  }
  st = sfv_fde_func_start(&sec, &f, &addr);
  /* |start|, INT64_MIN included */
  mag = f.start >= 0 ? (uint64_t)f.start : -(uint64_t)f.start;
  fits = f.start >= 0 ? mag <= UINT64_MAX - sec.vma : mag <= sec.vma;
  __CPROVER_assert(st == (f.start_ok && fits ? SFV_OK : SFV_E_OVERFLOW),
                   "SFV_OK exactly when resolved and in [0, 2^64)");
  if (st == SFV_OK)
    __CPROVER_assert(f.start >= 0 ? addr >= sec.vma && addr - sec.vma == mag
                                  : addr <= sec.vma && sec.vma - addr == mag,
                     "address = vma + start");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* sfv_fde_get on every opened section (proof_section_opened: a buffer of
 * up to PROOF_MAX_SIZE bytes, header fields any values), any index, NULL
 * arguments included: no undefined behaviour; on success the entry
 * (and a v3 attribute) lies inside the buffer; every field of *out is
 * written on every path (CBMC reads no uninitialised value: out starts
 * nondet and the checks below would see it). */
#include "section_proof.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  uint32_t i = nondet_u32();
  sfv_status st;
  proof_section_opened(&sec);
  if (nondet_u8() == 0) {
    __CPROVER_assert(sfv_fde_get(NULL, i, &f) == SFV_E_ARG &&
                         sfv_fde_get(&sec, i, NULL) == SFV_E_ARG,
                     "NULL arguments");
    return 0;
  }
  st = sfv_fde_get(&sec, i, &f);
  __CPROVER_assert(st == SFV_OK || st == SFV_E_RANGE || st == SFV_E_BOUNDS,
                   "status");
  if (st == SFV_OK) {
    __CPROVER_assert(i < sec.fde_avail && f.index == i, "index in range");
    __CPROVER_assert(f.offset + sec.priv.fde_size <= sec.size,
                     "entry inside the buffer");
    if (sec.hdr.version == 3)
      __CPROVER_assert(f.attr_offset + SFV_FDE_ATTR_SIZE_V3 <= sec.size,
                       "attribute inside the buffer");
    __CPROVER_assert(f.fre_type <= 15 && f.pc_type <= 1, "info decoded");
  }
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* Must compile: the control for the misuses next to it. */
#include "common/report.h"
#include "elf/elf_internal.h"
#include "cfi/cmp_state.h"
int use(const sfv_out *o);
int use(const sfv_out *o) {
  return SFV_FIND(o, NUM_FRES_MISMATCH, 12, SFV_NONE, SFV_NONE,
                  .sfh_num_fres = 5, .fres_in_fdes = 6);
}
void use_elf(ectx *x);
void use_elf(ectx *x) {
  ELF_FIND(x, ELF_ABI_MACHINE, 4, SFV_NONE, .abi_arch = 3,
           .expected_abi_arch = 2, .e_machine = 183);
}
void use_cfi(cmp *c);
void use_cfi(cmp *c) {
  CMP_FIND(c, CFI_CFA_REG, 0, 1, 2, .sframe_cfa_reg = 7, .cfi_cfa_reg = 6,
           .pc = 0x1000);
}

/* SPDX-License-Identifier: MIT */
/* Must NOT compile: a CFI comparison rule given a slot it does not have
 * (cfi-cfa-reg's slots are sframe_cfa_reg, cfi_cfa_reg, pc; see
 * src/cfi/cmp_state.h CMP_FIND). */
#include "cfi/cmp_state.h"
void misuse_cfi(cmp *c);
void misuse_cfi(cmp *c) {
  CMP_FIND(c, CFI_CFA_REG, 0, 1, 2, .sframe_cfa_reg = 7, .cfi_cfa_offset = 6,
           .pc = 0x1000);
}

/* SPDX-License-Identifier: MIT */
/* flex_roles (validate_derive.c; the harness includes the file) for every
 * word count sfv_v_flex_derive asks it about (n <= 8: its words in at
 * most 8 bytes), into an array of 8 roles: no undefined behaviour, and
 * nothing written outside role[0, 8) (the pointer check).  That is the
 * contract proofs/derive_tables assumes in its place (its
 * flex_roles_model).  Each n a constant of the unrolled loop below, each
 * call's layout search folds to constants: a second's work, where a
 * symbolic n unrolls 64 searches into every derive_tables flex run. */
#include "proof.h"
#include "../../src/sframe/validate_derive.c"

int main(void) {
  unsigned n;
  for (n = 0; n <= 8u; n++) {
    uint8_t role[8];
    (void)flex_roles(n, role);
  }
  return 0;
}

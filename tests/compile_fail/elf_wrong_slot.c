/* SPDX-License-Identifier: MIT */
/* Must NOT compile: an ELF rule given a slot it does not have
 * (elf-abi-machine's expected slot is expected_abi_arch; see
 * src/elf/elf_internal.h ELF_FIND). */
#include "common/report.h"
#include "elf/elf_internal.h"
void misuse_elf(ectx *x);
void misuse_elf(ectx *x) {
  ELF_FIND(x, ELF_ABI_MACHINE, 4, SFV_NONE, .abi_arch = 3,
           .expected_abi = 2, .e_machine = 183);
}

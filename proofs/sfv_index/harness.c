/* SPDX-License-Identifier: MIT */
/* sfv_index_size, sfv_index_build and sfv_index_find on every section of
 * up to PROOF_MAX_SIZE bytes, with caller memory of any size up to
 * PROOF_MAX_MEM bytes at any alignment (too small and misaligned
 * included) and any PC: no undefined behaviour, nothing written outside
 * the caller's memory (the pointer check sees every store). */
#include "sfv.h"
#include "proof.h"

#ifndef PROOF_MAX_MEM
#define PROOF_MAX_MEM 512
#endif

int main(void) {
  size_t len, cap, need = 0;
  uint8_t *buf = proof_buffer(PROOF_MAX_SIZE, &len);
  uint8_t *mem;
  unsigned skew = nondet_unsigned();
  sfv_section sec;
  sfv_index ix;
  sfv_index_hit hit;
  sfv_status st;
  if (sfv_open(&sec, buf, len) != SFV_OK)
    return 0;
  sfv_set_vma(&sec, nondet_u64());
  st = sfv_index_size(&sec, &need);
  __CPROVER_assume(skew < 8);
  mem = proof_buffer(PROOF_MAX_MEM, &cap);
  /* any alignment: the memory may start skew bytes into the allocation */
  if (skew > cap)
    return 0;
  st = sfv_index_build(&ix, &sec, nondet_u8() ? mem + skew : NULL, cap - skew);
  if (st == SFV_OK) {
    __CPROVER_assert(need <= cap - skew, "built only in enough memory");
    st = sfv_index_find(&ix, nondet_u64(), &hit);
    (void)st;
  }
  return 0;
}

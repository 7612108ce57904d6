/* SPDX-License-Identifier: MIT */
/* sfv_index_size, sfv_index_build, sfv_index_find and sfv_index_lookup on
 * every opened section (proof_section_opened) of up to PROOF_MAX_SIZE
 * bytes, PROOF_MAX_FDES FDEs and PROOF_MAX_FRES FREs per FDE (the bound of
 * this proof: the walks' lengths), with caller memory of any size up to
 * PROOF_MAX_MEM bytes at any alignment (too small and misaligned
 * included), NULL memory, and any PC: no undefined behaviour, nothing
 * written outside the caller's memory (the pointer check sees every
 * store: the memory is its own object), a build succeeds only in enough
 * memory and then sfv_index_find answers with an FDE that is counted and a
 * rule inside the memory, and sfv_index_lookup gives find's status (its
 * "cannot happen" branches do not). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "sfv_lookup.h"

#ifndef PROOF_MAX_MEM
#define PROOF_MAX_MEM 512
#endif
#ifndef PROOF_MAX_FDES
#define PROOF_MAX_FDES 2
#endif
#ifndef PROOF_MAX_FRES
#define PROOF_MAX_FRES 2
#endif

int main(void) {
  size_t cap, need = 0;
  uint8_t *mem;
  unsigned skew = nondet_unsigned();
  uint32_t k;
  uint64_t pc = nondet_u64();
  sfv_section sec;
  sfv_index ix;
  sfv_index_hit hit;
  sfv_lookup lk;
  sfv_status st, sz;
  proof_section_opened(&sec);
  __CPROVER_assume(sec.fde_avail <= PROOF_MAX_FDES);
  for (k = 0; k < PROOF_MAX_FDES; k++) {
    sfv_fde f;
    if (sfv_fde_get(&sec, k, &f) != SFV_E_RANGE)
      __CPROVER_assume(f.num_fres <= PROOF_MAX_FRES);
  }
  sz = sfv_index_size(&sec, &need);
  __CPROVER_assert(sz == SFV_OK || need == 0, "size: 0 unless SFV_OK");
  /* any alignment: the memory starts skew bytes into its allocation */
  mem = proof_buffer(PROOF_MAX_MEM, &cap);
  __CPROVER_assume(skew < 8 && skew <= cap);
  st = sfv_index_build(&ix, &sec, nondet_u8() ? mem + skew : NULL, cap - skew);
  if (st != SFV_OK)
    return 0;
  __CPROVER_assert(sz == SFV_OK && need <= cap - skew,
                   "build: only in as much memory as size says");
  st = sfv_index_find(&ix, pc, &hit);
  if (hit.fde_found)
    __CPROVER_assert(hit.fde < sec.fde_avail, "find: a counted FDE");
  if (st == SFV_OK)
    __CPROVER_assert((const uint8_t *)hit.recovery >= mem + skew &&
                         (const uint8_t *)(hit.recovery + 1) <= mem + cap,
                     "find: the rule inside the memory");
  __CPROVER_assert(sfv_index_lookup(&ix, pc, &lk) == st,
                   "lookup: find's status");
  return 0;
}

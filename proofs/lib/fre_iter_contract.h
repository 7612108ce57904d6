/* SPDX-License-Identifier: MIT */
/* fre_iter_contract.h - the FRE iterator's invariant, the induction
 * hypothesis of every FRE walk proof (docs/PROOFS.md): established by
 * sfv_fre_iter_init for any FDE and limit, kept by one sfv_fre_next
 * (proofs/sfv_fre_next) and by one sfv_fre_skip (proofs/fres_ascending)
 * from ANY iterator satisfying it: the iterator reads sec, and its limit
 * lies inside the FRE sub-section as clipped to the buffer.  Its position
 * and counts are any values (sfv_fre_head checks pos against limit). */
#ifndef SFV_FRE_ITER_CONTRACT_H
#define SFV_FRE_ITER_CONTRACT_H

#include "sfv.h"
#include "sframe/decode.h"

static inline int fre_iter_inv(const sfv_fre_iter *it, const sfv_section *sec) {
  return it->sec == sec && it->limit <= sfv_fre_end(sec) &&
         sfv_fre_end(sec) <= sec->size;
}

/* An iterator on sec satisfying the invariant, any position, counts and
 * FRE type (PROOF_FRE_TYPE 0..2 fixes the type, 3 stands for every
 * undefined one: each fails the same way, before any read). */
static inline void fre_iter_any(sfv_fre_iter *it, const sfv_section *sec) {
  sfv_fre_iter any;
  *it = any;
  it->sec = sec;
#ifdef PROOF_FRE_TYPE
  if (PROOF_FRE_TYPE <= SFV_FRE_ADDR4)
    it->fre_type = PROOF_FRE_TYPE;
  else
    __CPROVER_assume(it->fre_type > SFV_FRE_ADDR4);
#endif
  __CPROVER_assume(fre_iter_inv(it, sec));
}

#endif

/* SPDX-License-Identifier: MIT */
/* decode.c's fres_ascending (sfv_open's walk of one FDE's FREs), by
 * induction over the walk (proofs/lib/fres_ascending_contract.h): one turn
 * of its loop, sfv_fre_skip then the work charge, from ANY iterator
 * satisfying the invariant (any position, counts, FRE type; split by FRE
 * type, PROOF_FRE_TYPE) on every opened section of up to PROOF_MAX_SIZE
 * bytes and any budget: no undefined behaviour; a step that succeeds
 * covers an FRE inside [pos, limit) of at least 2 bytes, advances past it
 * and counts it; one that fails does not advance; the invariant holds
 * after; the budget only shrinks.  The init step is sfv_fre_next's
 * (64.init), the same sfv_fre_iter_init. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "fre_iter_contract.h"
#include "fres_ascending_contract.h"

int main(void) {
  sfv_section sec;
  sfv_fre_iter it;
  sfv_work any, w;
  sfv_status st;
  uint64_t pos;
  uint32_t next, start, len = 0;
  uint8_t info;
  int r = 1;
  proof_section_opened(&sec);
  fre_iter_any(&it, &sec);
  w = any;
  pos = it.pos;
  next = it.next;
  st = sfv_fre_skip(&it, &start, &info, &len);
  __CPROVER_assert(fre_iter_inv(&it, &sec), "skip: the invariant kept");
  if (st == SFV_OK) {
    __CPROVER_assert(len >= 2 && pos <= it.limit && len <= it.limit - pos,
                     "skip: the FRE inside [pos, limit)");
    __CPROVER_assert(it.pos == pos + len && it.next == next + 1 &&
                         next < it.count,
                     "skip: advances past it and counts it");
    r = sfv_work_charge(&w, len);
  } else {
    __CPROVER_assert(it.pos == pos && it.next == next,
                     "skip: no advance on failure");
  }
  __CPROVER_assert(fres_ascending_post(&any, &w, r), "the budget only shrinks");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* sfv_fre_iter_init and sfv_fre_next, by induction over the walk, on every
 * opened section of up to PROOF_MAX_SIZE bytes (proof_section_opened):
 * - sfv_fre_iter_init, for any FDE (decoded or any fields) and any limit,
 *   establishes the iterator invariant: it reads sec, its limit is inside
 *   the FRE sub-section as clipped to the buffer;
 * - one sfv_fre_next from ANY iterator satisfying the invariant (any
 *   position, FRE counts, FRE type) has no undefined behaviour, returns
 *   only an FRE inside [pos, limit), advances past it and counts it, and
 *   keeps the invariant.
 * Split runs fix the iterator's FRE type (PROOF_FRE_TYPE 0..2, and 3 for
 * every undefined one, which fails the same way).
 * So every walk of any length stays inside the buffer; it ends after at
 * most count steps (next grows by one per FRE, each FRE at least 2 bytes). */
#include "section_proof.h"

static int invariant(const sfv_fre_iter *it, const sfv_section *sec) {
  return it->sec == sec && it->limit <= sfv_fre_end(sec) &&
         sfv_fre_end(sec) <= sec->size;
}

int main(void) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre_iter it;
  sfv_fre r;
  sfv_status st;
  proof_section_opened(&sec);
  if (nondet_u8() == 0) {
    if (!proof_fde(&sec, &f))
      return 0;
    st = sfv_fre_iter_init(&it, &sec, &f, nondet_u64());
    __CPROVER_assert(st == SFV_OK || st == SFV_E_FRE_TYPE, "init: status");
    __CPROVER_assert(invariant(&it, &sec) && it.pos == f.fres_offset &&
                         it.next == 0 && it.count == f.num_fres,
                     "init: the invariant");
    return 0;
  }
  {
    sfv_fre_iter any;
    uint64_t pos;
    uint32_t next;
    it = any;
    it.sec = &sec;
#ifdef PROOF_FRE_TYPE
    it.fre_type = PROOF_FRE_TYPE; /* split runs: one per FRE type */
#endif
    __CPROVER_assume(invariant(&it, &sec));
    pos = it.pos;
    next = it.next;
    st = sfv_fre_next(&it, &r);
    __CPROVER_assert(invariant(&it, &sec), "next: the invariant kept");
    if (st == SFV_OK) {
      __CPROVER_assert(r.offset == pos && r.length >= 2 &&
                           r.length <= it.limit && pos <= it.limit - r.length,
                       "next: the FRE inside [pos, limit)");
      __CPROVER_assert(it.pos == pos + r.length && it.next == next + 1 &&
                           next < it.count,
                       "next: advances past it and counts it");
      __CPROVER_assert(r.dw_count <= SFV_MAX_DATAWORDS &&
                           r.dw_size == 1u << r.dw_size_code &&
                           r.length == 1u + sfv_fre_addr_size(it.fre_type) +
                                           (unsigned)r.dw_count * r.dw_size,
                       "next: the FRE's fields");
    } else {
      __CPROVER_assert(it.pos == pos && it.next == next, "next: no advance on failure");
    }
  }
  return 0;
}

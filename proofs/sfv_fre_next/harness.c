/* SPDX-License-Identifier: MIT */
/* sfv_fre_iter_init and sfv_fre_next, by induction over the walk, on every
 * opened section of up to PROOF_MAX_SIZE bytes (proof_section_opened):
 * - sfv_fre_iter_init, for any FDE (decoded or any fields) and any limit,
 *   establishes the iterator invariant: it reads sec, its limit is inside
 *   the FRE sub-section as clipped to the buffer;
 * - one sfv_fre_next from ANY iterator satisfying the invariant (any
 *   position, FRE counts, FRE type) has no undefined behaviour, returns
 *   only an FRE inside [pos, limit), advances past it and counts it, and
 *   keeps the invariant; and the whole of fre_next_post
 *   (proofs/lib/fre_iter_contract.h: the iterator's frame, the FRE's
 *   fields), which the FRE walk's step assumes in its place.
 * So every walk of any length stays inside the buffer; it ends after at
 * most count steps (next grows by one per FRE, each FRE at least 2 bytes).
 *
 * Split runs (proof.mk), which together cover every case:
 * - PROOF_STEP 0: the init step alone; 1: the next step alone (undefined:
 *   both, the solver picks);
 * - PROOF_FRE_TYPE 0..2 fixes the iterator's FRE type, 3 stands for every
 *   undefined one (sfv_fre_addr_size 0: each fails the same way, before
 *   any read);
 * - PROOF_DW_CODE 0..3 fixes the data-word size code of the info byte at
 *   pos + start-address size, when that byte is inside [pos, limit) (a
 *   step that cannot read it is in every run). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "fre_iter_contract.h"

static void init_step(const sfv_section *sec) {
  sfv_fde f;
  sfv_fre_iter it;
  sfv_status st;
  if (!proof_fde(sec, &f))
    return;
  st = sfv_fre_iter_init(&it, sec, &f, nondet_u64());
  __CPROVER_assert(st == SFV_OK || st == SFV_E_FRE_TYPE, "init: status");
  __CPROVER_assert(fre_iter_inv(&it, sec) && it.pos == f.fres_offset &&
                       it.next == 0 && it.count == f.num_fres,
                   "init: the invariant");
}

static void next_step(const sfv_section *sec) {
  sfv_fre_iter it, it0;
  sfv_fre r;
  sfv_status st;
  uint64_t pos;
  uint32_t next;
  fre_iter_any(&it, sec);
#ifdef PROOF_DW_CODE
  {
    unsigned asz = sfv_fre_addr_size(it.fre_type);
    if (it.pos <= it.limit && it.limit - it.pos > asz)
      __CPROVER_assume(sfv_fre_info_size_code(sec->data[it.pos + asz]) ==
                       PROOF_DW_CODE);
  }
#endif
  pos = it.pos;
  next = it.next;
  it0 = it;
  st = sfv_fre_next(&it, &r);
  __CPROVER_assert(fre_iter_inv(&it, sec), "next: the invariant kept");
  __CPROVER_assert(fre_next_post(&it0, &it, &r, st),
                   "next: fre_next_post (the walk step's model)");
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
    __CPROVER_assert(it.pos == pos && it.next == next,
                     "next: no advance on failure");
  }
}

int main(void) {
  sfv_section sec;
  proof_section_opened(&sec);
#if defined(PROOF_STEP) && PROOF_STEP == 0
  init_step(&sec);
#elif defined(PROOF_STEP)
  next_step(&sec);
#else
  if (nondet_u8() == 0)
    init_step(&sec);
  else
    next_step(&sec);
#endif
  return 0;
}

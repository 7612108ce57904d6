/* SPDX-License-Identifier: MIT */
/* lookup.c's FRE walks (static: the harness includes the file), by
 * induction over each loop (proofs/lib/find_fre_walks_contract.h), on
 * every opened section of up to PROOF_MAX_SIZE bytes and any FDE:
 * - PROOF_STEP 0, walk_sorted's entry: its cursor as walk_sorted sets it
 *   up (cur_init at the FDE's FRE block, clipped to the FRE sub-section),
 *   no answer yet, satisfies sorted_inv;
 * - PROOF_STEP 1, one sorted_turn (walk_sorted's whole loop body, start
 *   address size PROOF_ASZ) from ANY state satisfying sorted_inv, any
 *   off and k: no undefined behaviour, sorted_inv kept, the cursor never
 *   moves back; so walk_sorted's answer satisfies walk_sorted_post;
 * - PROOF_STEP 2, one all_turn (walk_all's whole loop body; FRE type
 *   PROOF_FRE_TYPE, 3 for every undefined one) from ANY iterator and
 *   answer satisfying all_inv for any floor, any off and mask_v1: no
 *   undefined behaviour, a status of sfv_fre_skip's, all_inv kept, only
 *   pos and next of the iterator changed.  walk_all's entry (floor: the
 *   position on entry, no answer) is asserted by the model at its call.
 * The loops end: walk_sorted's after at most num_fres turns, walk_all's
 * after at most count (sfv_fre_skip counts each FRE it passes). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/lookup/lookup.c"
#include "find_fre_walks_contract.h"

#if PROOF_STEP == 0
static void step(const sfv_section *sec) {
  sfv_fde f;
  sfv_cursor c;
  proof_fde_model(sec, &f);
  /* walk_sorted's set-up, as it makes it */
  cur_init(&c, sec->data, f.fres_offset, sfv_fre_end(sec), sec->big_endian);
  __CPROVER_assert(sorted_inv(sec, &f, &c, 0, 0), "sorted: the entry");
}
#elif PROOF_STEP == 1
static void step(const sfv_section *sec) {
  sfv_fde f;
  sfv_cursor c;
  uint64_t pos = nondet_u64(), before;
  uint32_t idx = nondet_u32();
  int found = nondet_int();
  proof_fde_model(sec, &f);
  c.base = sec->data;
  c.end = sfv_fre_end(sec);
  c.pos = nondet_u64();
  c.big_endian = sec->big_endian;
  __CPROVER_assume(sorted_inv(sec, &f, &c, found, pos));
  before = c.pos;
  (void)sorted_turn(&c, nondet_u64(), PROOF_ASZ, nondet_u32(), &pos, &idx,
                    &found);
  __CPROVER_assert(sorted_inv(sec, &f, &c, found, pos),
                   "sorted: the invariant kept");
  __CPROVER_assert(c.pos >= before, "sorted: the cursor never moves back");
  __CPROVER_assert(walk_sorted_post(&f, found, pos), "sorted: the answer");
}
#else
static void step(const sfv_section *sec) {
  sfv_fre_iter it, it0;
  uint64_t pos = nondet_u64(), floor = nondet_u64();
  uint32_t idx = nondet_u32();
  int found = nondet_int();
  sfv_status st;
  fre_iter_any(&it, sec);
  __CPROVER_assume(all_inv(sec, &it, floor, found, pos));
  it0 = it;
  st = all_turn(&it, nondet_u64(), nondet_int(), &pos, &idx, &found);
  __CPROVER_assert(fre_skip_status(st), "all: a status of sfv_fre_skip's");
  __CPROVER_assert(all_inv(sec, &it, floor, found, pos),
                   "all: the invariant kept");
  __CPROVER_assert(all_frame(&it0, &it), "all: only pos and next change");
}
#endif

int main(void) {
  sfv_section sec;
  proof_section_opened(&sec);
  step(&sec);
  return 0;
}

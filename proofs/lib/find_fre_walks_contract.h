/* SPDX-License-Identifier: MIT */
/* find_fre_walks_contract.h - the contracts of lookup.c's two FRE walks
 * (static, find_fre_in's): walk_sorted (fres_sorted sections) and
 * walk_all (every FRE).  Proved by proofs/find_fre_walks, an induction
 * over each loop: the invariant holds on entry, and one turn (sorted_turn,
 * all_turn: the whole loop body) from ANY state satisfying it keeps it.
 * Assumed by the models that replace the walks in the sfv_find_fre proof
 * (proofs/sfv_find_fre/models.c), so no FRE walk is unrolled there.
 *
 * walk_sorted(sec, f, off, asz, pos, idx): the loop's state is a cursor
 * reading sec's FRE sub-section as clipped to the buffer, at or after the
 * FDE's FRE block (or at the cursor's end: cur_init clamps), and the
 * answer so far (found, *pos).  Postcondition: found is 0 or 1, and an
 * answer lies at or after the FDE's FRE block (f->fres_offset).
 *
 * walk_all(it, off, mask_v1, pos, idx, found): the loop's state is the
 * iterator (satisfying fre_iter_inv, at or after `floor`, its position on
 * entry) and the answer so far (*found, *pos).  A turn changes only the
 * iterator's pos and next and the answer.  Postcondition: the same
 * invariant, a status of sfv_fre_skip's other than SFV_END. */
#ifndef SFV_FIND_FRE_WALKS_CONTRACT_H
#define SFV_FIND_FRE_WALKS_CONTRACT_H

#include "sfv.h"
#include "common/cursor.h"
#include "sframe/decode.h"
#include "fre_iter_contract.h"

static inline int sorted_inv(const sfv_section *sec, const sfv_fde *f,
                             const sfv_cursor *c, int found, uint64_t pos) {
  return c->base == sec->data && c->end == sfv_fre_end(sec) &&
         sfv_fre_end(sec) <= sec->size && c->big_endian == sec->big_endian &&
         c->pos <= c->end && (c->pos >= f->fres_offset || c->pos == c->end) &&
         (found == 0 || found == 1) && (!found || pos >= f->fres_offset);
}

static inline int walk_sorted_post(const sfv_fde *f, int found, uint64_t pos) {
  return (found == 0 || found == 1) && (!found || pos >= f->fres_offset);
}

/* The statuses of sfv_fre_skip (and of one all_turn). */
static inline int fre_skip_status(sfv_status st) {
  return st == SFV_OK || st == SFV_END || st == SFV_E_FRE_TYPE ||
         st == SFV_E_BOUNDS || st == SFV_E_DATAWORD_SIZE;
}

static inline int all_inv(const sfv_section *sec, const sfv_fre_iter *it,
                          uint64_t floor, int found, uint64_t pos) {
  return fre_iter_inv(it, sec) && it->pos >= floor &&
         (found == 0 || found == 1) && (!found || pos >= floor);
}

/* A turn's frame: the iterator's fields other than pos and next. */
static inline int all_frame(const sfv_fre_iter *before,
                            const sfv_fre_iter *after) {
  return after->sec == before->sec && after->limit == before->limit &&
         after->count == before->count && after->fre_type == before->fre_type;
}

#endif

/* SPDX-License-Identifier: MIT */
/* fres_ascending_contract.h - the contract of decode.c's fres_ascending()
 * (sfv_open's walk of one FDE's FREs, static): proved by
 * proofs/fres_ascending, assumed by the model that replaces it in the
 * sfv_open proof (proofs/sfv_open/fres_ascending_model.c).
 *
 * Precondition: sec opened (sfv_open_header's postcondition), f any FDE
 * (sfv_fre_iter_init establishes the iterator invariant for any fields),
 * w any budget.
 * Postcondition: no undefined behaviour on the way; the answer is 0 or 1;
 * the budget only shrinks (w->left never wraps, w->total unchanged); the
 * section is not written.  What the answer means (every FRE decodes,
 * starts non-decreasing) no proof here relies on: lookups bound every FRE
 * read by the cursor whatever fres_sorted says.
 *
 * The lemma is an induction over the walk, as sfv_fre_next's: the init
 * step (sfv_fre_iter_init establishes fre_iter_inv, proofs/sfv_fre_next
 * 64.init) and one turn of its loop (sfv_fre_skip, then the charge) from
 * ANY iterator satisfying fre_iter_inv and any budget keeps the invariant
 * and the budget's. */
#ifndef SFV_FRES_ASCENDING_CONTRACT_H
#define SFV_FRES_ASCENDING_CONTRACT_H

#include "common/work.h"

static inline int fres_ascending_post(const sfv_work *before,
                                      const sfv_work *after, int r) {
  return (r == 0 || r == 1) && after->left <= before->left &&
         after->total == before->total;
}

#endif

/* SPDX-License-Identifier: MIT */
/* fre_next_contract.h - sfv_fre_next's step as proofs/sfv_fre_next proves
 * it (its next step, from ANY iterator satisfying fre_iter_inv), for the
 * proofs that put a model in its place (proofs/sfv_find_fre):
 * a status of sfv_fre_next's; the invariant kept and the fields other
 * than pos and next unchanged; on SFV_OK an FRE at pos of at least 2
 * bytes inside [pos, limit), the iterator past it and the FRE counted;
 * on failure no advance.  The FRE's fields are those of proof_fre_model
 * (section_proof.h), the decoded-FRE model: what the lemma proves of
 * them (count, size, length) and the rest an assumption (docs/PROOFS.md). */
#ifndef SFV_FRE_NEXT_CONTRACT_H
#define SFV_FRE_NEXT_CONTRACT_H

#include "find_fre_walks_contract.h"

static inline int fre_next_post(const sfv_fre_iter *before,
                                const sfv_fre_iter *after, sfv_status st,
                                const sfv_fre *r) {
  if (!fre_skip_status(st) || !fre_iter_inv(after, before->sec) ||
      !all_frame(before, after))
    return 0;
  if (st != SFV_OK)
    return after->pos == before->pos && after->next == before->next;
  return r->offset == before->pos && r->length >= 2 &&
         r->length <= after->limit && before->pos <= after->limit - r->length &&
         after->pos == before->pos + r->length &&
         after->next == before->next + 1 && before->next < before->count;
}

#endif

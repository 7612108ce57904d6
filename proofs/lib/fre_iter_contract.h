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

/* What one sfv_fre_next (sfv_fre_next_i) from iterator *it0 leaves, *it
 * the iterator after it, *r its FRE and st its status: proved by
 * proofs/sfv_fre_next for any it0 satisfying fre_iter_inv, assumed by the
 * model that replaces it in the FRE walk's step (proofs/sfv_v_walk_fres).
 *   - its status is SFV_OK, SFV_END, SFV_E_BOUNDS, SFV_E_DATAWORD_SIZE or
 *     SFV_E_FRE_TYPE; it writes only pos and next of the iterator;
 *   - SFV_OK: the FRE it0->next, at it0->pos, inside [pos, limit), of at
 *     least 2 bytes, its fields what its info byte gives (size code <= 2,
 *     dw_count words, each the zero- and sign-extension of dw_size bytes,
 *     the rest 0), its length the start's, the info byte's and the words'
 *     bytes; the iterator past it and counting it;
 *   - any other status: no advance; SFV_END only when it0->next >=
 *     it0->count, SFV_E_FRE_TYPE only for an undefined FRE type (start
 *     size 0); SFV_E_BOUNDS or SFV_E_DATAWORD_SIZE when the info byte was
 *     read (the data-word size refused, or the start and the info byte
 *     inside [pos, limit)): the FRE's count and size code are the info
 *     byte's. */
static inline int fre_decoded(const sfv_fre *r) {
  unsigned k;
  if (r->base_reg != sfv_fre_info_base_reg(r->info) ||
      r->dw_count != sfv_fre_info_count(r->info) ||
      r->dw_size_code != sfv_fre_info_size_code(r->info) ||
      r->mangled_ra != sfv_fre_info_mangled(r->info) ||
      r->dw_size_code > SFV_DW_SIZE_CODE_MAX ||
      r->dw_size != 1u << r->dw_size_code)
    return 0;
  for (k = 0; k < SFV_MAX_DATAWORDS; k++) {
    uint32_t raw = k < r->dw_count ? r->dw_raw[k] : 0;
    if (k < r->dw_count && r->dw_size < 4 && raw >> (8u * r->dw_size) != 0)
      return 0;
    if (r->dw_raw[k] != raw || r->dw[k] != (int32_t)sfv_sext(raw, r->dw_size))
      return 0;
  }
  return 1;
}

static inline int fre_next_post(const sfv_fre_iter *it0, const sfv_fre_iter *it,
                                const sfv_fre *r, sfv_status st) {
  unsigned asz = sfv_fre_addr_size(it0->fre_type);
  if (st != SFV_OK && st != SFV_END && st != SFV_E_BOUNDS &&
      st != SFV_E_DATAWORD_SIZE && st != SFV_E_FRE_TYPE)
    return 0;
  if (it->sec != it0->sec || it->limit != it0->limit ||
      it->count != it0->count || it->fre_type != it0->fre_type)
    return 0;
  if (st == SFV_OK)
    return it0->next < it0->count && r->index == it0->next &&
           r->offset == it0->pos && r->length >= 2 &&
           r->length <= it0->limit && it0->pos <= it0->limit - r->length &&
           it->pos == it0->pos + r->length && it->next == it0->next + 1 &&
           fre_decoded(r) &&
           r->length == 1u + asz + (unsigned)r->dw_count * r->dw_size;
  if (it->pos != it0->pos || it->next != it0->next)
    return 0;
  if (st == SFV_END)
    return it0->next >= it0->count;
  if (st == SFV_E_FRE_TYPE)
    return asz == 0;
  if (st == SFV_E_DATAWORD_SIZE ||
      (it0->pos <= it0->limit && it0->limit - it0->pos > asz))
    return r->dw_count == sfv_fre_info_count(r->info) &&
           r->dw_size_code == sfv_fre_info_size_code(r->info);
  return 1;
}


#endif

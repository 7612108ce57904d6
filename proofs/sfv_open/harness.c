/* SPDX-License-Identifier: MIT */
/* sfv_open on every section of up to PROOF_MAX_SIZE bytes (any contents;
 * split runs fix the version and byte order, proof_section_bytes) and a
 * NULL section or data: no undefined behaviour, and its postcondition,
 * which the opened-section model (proof_section_model) assumes:
 * - the header fields it derives (fde_size, hdr_end, fde_base, fre_base)
 *   as the model computes them;
 * - fde_avail <= num_fdes, every counted index entry inside the buffer;
 * - fdes_sorted: sfv_fde_buckets_fill's precondition
 *   (proofs/lib/fde_buckets_contract.h) at an FDE the solver picks.
 * Its two callees with loops are their proved contracts: fres_ascending
 * (static) the model fres_ascending_model.c (proofs/fres_ascending), and
 * sfv_fde_buckets_fill the stub below (proofs/sfv_fde_buckets): it writes
 * only the lookup fields and may clear fdes_sorted. */
/* Every read of the section is through a cursor or at offsets 0..2
 * (sfv_preamble, the version byte) after a size check. */
#define PROOF_SECTION_BUFFER proof_buffer_tail
#include "fde_buckets_contract.h"

/* sfv_fde_buckets_fill's frame, as a stub: any lk_shift and lk_first (the
 * buckets array is left as is: nothing here reads it), fdes_sorted kept or
 * cleared.  Its precondition is asserted at the call. */
void sfv_fde_buckets_fill(sfv_section *sec) {
  struct sfv_section_priv any;
  __CPROVER_assert(fde_buckets_pre_at(sec, nondet_u32()),
                   "sorted: sfv_fde_buckets_fill's precondition");
  sec->priv.lk_shift = any.lk_shift;
  sec->priv.lk_first = any.lk_first;
  if (nondet_u8() == 0)
    sec->priv.fdes_sorted = 0;
}

int main(void) {
  size_t len;
  uint8_t *buf = proof_section_bytes(&len);
  sfv_section sec;
  sfv_status st;
  if (nondet_u8() == 0) {
    __CPROVER_assert(sfv_open(NULL, buf, len) == SFV_E_ARG, "NULL section");
    return 0;
  }
  st = sfv_open(&sec, nondet_u8() == 0 ? NULL : buf, len);
  if (st != SFV_OK)
    return 0;
  __CPROVER_assert(sec.data == buf && sec.size == len, "data kept");
  __CPROVER_assert(sec.hdr.version >= 1 && sec.hdr.version <= 3 &&
                       sec.big_endian <= 1,
                   "version and byte order");
  __CPROVER_assert(
      sec.priv.fde_size == sfv_struct_size(SFV_ST_FDE, sec.hdr.version) &&
          sec.priv.hdr_end == SFV_HEADER_SIZE + (uint32_t)sec.hdr.auxhdr_len &&
          sec.priv.fde_base == (uint64_t)sec.priv.hdr_end + sec.hdr.fdeoff &&
          sec.priv.fre_base == (uint64_t)sec.priv.hdr_end + sec.hdr.freoff,
      "derived fields as the model computes them");
  __CPROVER_assert(sec.fde_avail <= sec.hdr.num_fdes &&
                       (sec.fde_avail == 0 ||
                        (sec.priv.fde_base <= sec.size &&
                         (uint64_t)sec.fde_avail * sec.priv.fde_size <=
                             sec.size - sec.priv.fde_base)),
                   "fde_avail: index entries inside the buffer");
  return 0;
}

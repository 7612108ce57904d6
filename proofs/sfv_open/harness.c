/* SPDX-License-Identifier: MIT */
/* sfv_open on every section of up to PROOF_MAX_SIZE bytes (any contents;
 * split runs fix the version and byte order, proof_section_bytes) and a
 * NULL section or data: no undefined behaviour, and its postcondition,
 * which the opened-section model (proof_section_model) assumes:
 * - the header fields it derives (fde_size, hdr_end, fde_base, fre_base)
 *   as the model computes them;
 * - fde_avail <= num_fdes, every counted index entry inside the buffer;
 * - fdes_sorted: every FDE's start resolves and the starts are
 *   non-decreasing (the precondition of the sfv_fde_buckets proof).
 * sfv_fde_buckets_fill is replaced by its proved contract (the
 * sfv_fde_buckets harness): it writes only the lookup buckets and may
 * clear fdes_sorted. */
#include "section_proof.h"
#include "sframe/fde_buckets.h"

/* The contract sfv_fde_buckets proves, as a stub: any buckets, and
 * fdes_sorted kept or cleared. */
void sfv_fde_buckets_fill(sfv_section *sec) {
  struct sfv_section_priv any;
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
  uint32_t i = nondet_u32();
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
  if (sec.priv.fdes_sorted && i < sec.fde_avail) {
    int64_t a, b;
    __CPROVER_assert(proof_fde_start(&sec, i, &a), "sorted: every start resolves");
    if (i + 1 < sec.fde_avail && proof_fde_start(&sec, i, &a) &&
        proof_fde_start(&sec, i + 1, &b))
      __CPROVER_assert(a <= b, "sorted: starts non-decreasing");
  }
  return 0;
}

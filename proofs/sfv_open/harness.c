/* SPDX-License-Identifier: MIT */
/* sfv_open on every section of up to PROOF_MAX_SIZE bytes (any contents,
 * either byte order, every version) and a NULL section or data: no
 * undefined behaviour, and what it computes stays inside the buffer. */
#include "sfv.h"
#include "proof.h"

int main(void) {
  size_t len;
  uint8_t *buf = proof_buffer(PROOF_MAX_SIZE, &len);
  sfv_section sec;
  sfv_status st;
  if (nondet_u8() == 0) {
    __CPROVER_assert(sfv_open(NULL, buf, len) == SFV_E_ARG, "NULL section");
    return 0;
  }
  st = sfv_open(&sec, nondet_u8() == 0 ? NULL : buf, len);
  if (st == SFV_OK) {
    __CPROVER_assert(sec.data == buf && sec.size == len, "data kept");
    __CPROVER_assert(sec.hdr.version >= 1 && sec.hdr.version <= 3, "version");
    __CPROVER_assert((uint64_t)sec.fde_avail * sec.priv.fde_size <= len,
                     "fde_avail: index entries inside the buffer");
  }
  return 0;
}

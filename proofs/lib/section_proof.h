/* SPDX-License-Identifier: MIT */
/* section_proof.h - an SFrame section of up to PROOF_MAX_SIZE bytes of
 * any contents (any version, either byte order, every count and offset),
 * opened as the library opens it, for the per-function harnesses. */
#ifndef SFV_SECTION_PROOF_H
#define SFV_SECTION_PROOF_H

#include "sfv.h"
#include "sframe/decode.h"
#include "proof.h"

/* The header read (sfv_open_header: every field, no order scans): the
 * section the decoding functions take.  Returns 0 when it does not open. */
static inline int proof_section_header(sfv_section *sec) {
  size_t len;
  uint8_t *buf = proof_buffer(PROOF_MAX_SIZE, &len);
  return sfv_open_header(sec, buf, len) == SFV_OK;
}

/* An FDE as sfv_fde_get leaves it for some index, or any FDE at all when
 * the harness asks for arbitrary arguments (every field nondet). */
static inline int proof_fde(const sfv_section *sec, sfv_fde *f) {
  if (nondet_u8() == 0) {
    sfv_fde any;
    *f = any;
    return 1;
  }
  return sfv_fde_get(sec, nondet_u32(), f) == SFV_OK;
}

#endif

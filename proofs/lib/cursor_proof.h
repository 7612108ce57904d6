/* SPDX-License-Identifier: MIT */
/* cursor_proof.h - the setup the cursor harnesses share: a buffer of ANY
 * length the model can hold (below 2^48 bytes, far beyond any section) of
 * arbitrary contents, and a cursor on it satisfying the invariant the
 * callers establish (pos <= end <= buffer length; cur_init clamps pos),
 * anywhere in it; plus the reference byte order of a loaded value. */
#ifndef SFV_CURSOR_PROOF_H
#define SFV_CURSOR_PROOF_H

#include "common/cursor.h"
#include "proof.h"

#define CURSOR_PROOF_MAX_LEN ((size_t)1 << 48)

static inline uint8_t *cursor_proof_setup(sfv_cursor *c, uint64_t *end_out) {
  size_t len = nondet_size();
  uint64_t pos = nondet_u64(), end = nondet_u64();
  uint8_t be = nondet_u8();
  uint8_t *buf;
  __CPROVER_assume(len > 0 && len < CURSOR_PROOF_MAX_LEN);
  buf = malloc(len);
  __CPROVER_assume(buf != NULL);
  __CPROVER_assume(end <= len);
  __CPROVER_assume(be <= 1);
  cur_init(c, buf, pos, end, be);
  __CPROVER_assert(c->pos <= c->end && c->end == end, "cur_init: invariant");
  __CPROVER_assert(c->pos == (pos <= end ? pos : end), "cur_init: clamp");
  __CPROVER_assert(c->base == buf && c->big_endian == be, "cur_init: fields");
  *end_out = end;
  return buf;
}

/* Byte i of an n-byte value v in byte order be. */
static inline uint8_t cursor_proof_byte(uint64_t v, unsigned n, unsigned i,
                                        uint8_t be) {
  unsigned sh = be ? 8u * (n - 1u - i) : 8u * i;
  return (uint8_t)(v >> sh);
}

/* v is the n bytes at p (n <= 8) in byte order be, zero-extended. */
static inline void cursor_proof_value(const uint8_t *p, unsigned n, uint64_t v,
                                      uint8_t be) {
  unsigned i;
  for (i = 0; i < 8; i++)
    if (i < n)
      __CPROVER_assert(cursor_proof_byte(v, n, i, be) == p[i],
                       "load: bytes in the cursor's byte order");
  if (n < 8)
    __CPROVER_assert((v >> (8u * n)) == 0, "load: zero-extended");
}

/* The invariant after an operation. */
static inline void cursor_proof_invariant(const sfv_cursor *c, uint64_t end) {
  __CPROVER_assert(c->pos <= c->end && c->end == end, "invariant kept");
}

#endif

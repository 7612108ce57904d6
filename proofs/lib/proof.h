/* SPDX-License-Identifier: MIT */
/* proof.h - what every CBMC harness shares (docs/PROOFS.md): nondet
 * values, a buffer of nondet contents and a bounded nondet length, and the
 * section sizes the bounded proofs cover. */
#ifndef SFV_PROOF_H
#define SFV_PROOF_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Declared, never defined: CBMC gives each call a fresh unconstrained
 * value. */
uint8_t nondet_u8(void);
uint16_t nondet_u16(void);
uint32_t nondet_u32(void);
uint64_t nondet_u64(void);
int64_t nondet_i64(void);
int nondet_int(void);
unsigned nondet_unsigned(void);
size_t nondet_size(void);

#ifndef PROOF_MAX_SIZE
#define PROOF_MAX_SIZE 64
#endif

/* A buffer of *len bytes (*len <= max, chosen by the solver) of arbitrary
 * contents, allocated alone so that every byte past its end is outside
 * any object (the pointer check catches a read there). */
static inline uint8_t *proof_buffer(size_t max, size_t *len) {
  size_t n = nondet_size();
  uint8_t *p;
  __CPROVER_assume(n <= max);
  p = malloc(n == 0 ? 1 : n);
  __CPROVER_assume(p != NULL);
  *len = n;
  return p;
}

/* proof_buffer whose last byte is the last byte of its object: a buffer
 * of *len bytes (*len <= max) at the end of one allocation of max + 1
 * bytes.  The object's size is a constant, which CBMC encodes far more
 * cheaply than an object of symbolic size (docs/PROOFS.md, sfv_fre_next:
 * the figures).  The pointer check still sees every read at or past
 * buffer + *len; a read before the buffer's start would be inside the
 * object and not flagged, which is why only harnesses whose reads all go
 * through a cursor (whose own proofs show it never reads before its base,
 * for any buffer length) use it. */
static inline uint8_t *proof_buffer_tail(size_t max, size_t *len) {
  size_t n = nondet_size();
  uint8_t *p;
  __CPROVER_assume(n <= max);
  p = malloc(max + 1);
  __CPROVER_assume(p != NULL);
  *len = n;
  return p + (max + 1 - n);
}

#endif

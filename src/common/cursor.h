/* SPDX-License-Identifier: MIT */
/* cursor.h - the one bounds-checked reader every libsfv read goes through.
 *
 * Invariant: c->pos <= c->end <= buffer size.  A read of n bytes succeeds
 * only when n <= c->end - c->pos (never pos + n, which could wrap); on
 * failure nothing is read, pos is unchanged and the call returns 0.
 * Loads are explicit byte assemblies in the section's byte order: no casts
 * of the buffer to wider types, no alignment assumptions.
 */
#ifndef SFV_COMMON_CURSOR_H
#define SFV_COMMON_CURSOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct sfv_cursor {
  const uint8_t *base;  /* start of the section */
  uint64_t pos;         /* section offset of the next byte */
  uint64_t end;         /* section offset one past the last readable byte */
  uint8_t big_endian;
} sfv_cursor;

static inline void cur_init(sfv_cursor *c, const uint8_t *base, uint64_t pos,
                            uint64_t end, uint8_t big_endian) {
  c->base = base;
  c->end = end;
  c->pos = pos <= end ? pos : end;
  c->big_endian = big_endian;
}

static inline uint64_t cur_left(const sfv_cursor *c) { return c->end - c->pos; }

static inline int cur_has(const sfv_cursor *c, uint64_t n) {
  return n <= c->end - c->pos;
}

static inline int cur_u8(sfv_cursor *c, uint8_t *v) {
  if (!cur_has(c, 1))
    return 0;
  *v = c->base[c->pos];
  c->pos += 1;
  return 1;
}

/* Byte assemblies of 2, 4 and 8 bytes, written out so that compilers turn
 * each into one load (plus a byte swap for the other byte order). */
static inline uint32_t sfv_ld_le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static inline uint32_t sfv_ld_be32(const uint8_t *p) {
  return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 |
         (uint32_t)p[0] << 24;
}

/* n <= 8 bytes at p in the given byte order (1, 2, 4 and 8 are the fast
 * cases).  Only for the cursor functions below, after their bounds check. */
__attribute__((always_inline)) static inline uint64_t
sfv_ld(const uint8_t *p, unsigned n, uint8_t big_endian) {
  uint64_t x = 0;
  unsigned i;
  if (n == 1)
    return p[0];
  if (n == 2)
    return big_endian ? (uint64_t)((unsigned)p[0] << 8 | p[1])
                      : (uint64_t)((unsigned)p[1] << 8 | p[0]);
  if (n == 4)
    return big_endian ? sfv_ld_be32(p) : sfv_ld_le32(p);
  if (n == 8)
    return big_endian ? (uint64_t)sfv_ld_be32(p) << 32 | sfv_ld_be32(p + 4)
                      : (uint64_t)sfv_ld_le32(p + 4) << 32 | sfv_ld_le32(p);
  for (i = 0; i < n; i++)
    x |= (uint64_t)p[i] << (big_endian ? 8u * (n - 1u - i) : 8u * i);
  return x;
}

/* n <= 8: unsigned load in the cursor's byte order. */
__attribute__((always_inline)) static inline int cur_un(sfv_cursor *c,
                                                        unsigned n,
                                                        uint64_t *v) {
  if (!cur_has(c, n))
    return 0;
  *v = sfv_ld(c->base + c->pos, n, c->big_endian);
  c->pos += n;
  return 1;
}

/* Like cur_un at section offset `at`, without moving: for random access
 * (binary search) inside the cursor's range. */
__attribute__((always_inline)) static inline int cur_peek(const sfv_cursor *c,
                                                          uint64_t at,
                                                          unsigned n,
                                                          uint64_t *v) {
  if (at > c->end || n > c->end - at)
    return 0;
  *v = sfv_ld(c->base + at, n, c->big_endian);
  return 1;
}

/* The n bytes at section offset `at` when they lie inside the cursor's
 * range, else NULL: one bounds check for a fixed-size structure (an FDE
 * entry, a v3 attribute) whose fields the caller then loads with sfv_ld at
 * constant offsets below n (sfv_field_ld in spec.h). */
static inline const uint8_t *cur_window(const sfv_cursor *c, uint64_t at,
                                        uint64_t n) {
  if (at > c->end || n > c->end - at)
    return NULL;
  return c->base + at;
}

static inline int cur_u16(sfv_cursor *c, uint16_t *v) {
  uint64_t x;
  if (!cur_un(c, 2, &x))
    return 0;
  *v = (uint16_t)x;
  return 1;
}

static inline int cur_u32(sfv_cursor *c, uint32_t *v) {
  uint64_t x;
  if (!cur_un(c, 4, &x))
    return 0;
  *v = (uint32_t)x;
  return 1;
}

/* Two's-complement reinterpretation without implementation-defined casts. */
static inline int64_t sfv_sext(uint64_t x, unsigned bytes) {
  unsigned bits = 8u * bytes;
  uint64_t sign;
  if (bits >= 64)
    return x <= (uint64_t)INT64_MAX ? (int64_t)x
                                    : -(int64_t)(~x) - 1;
  sign = (uint64_t)1 << (bits - 1);
  x &= (sign << 1) - 1u;
  /* Branch-free: x ^ sign and sign are below 2^56 < 2^63, so neither the
   * conversions nor the subtraction can overflow. */
  return (int64_t)(x ^ sign) - (int64_t)sign;
}

static inline int cur_i32(sfv_cursor *c, int32_t *v) {
  uint64_t x;
  if (!cur_un(c, 4, &x))
    return 0;
  *v = (int32_t)sfv_sext(x, 4);
  return 1;
}

static inline int cur_i64(sfv_cursor *c, int64_t *v) {
  uint64_t x;
  if (!cur_un(c, 8, &x))
    return 0;
  *v = sfv_sext(x, 8);
  return 1;
}

static inline int cur_skip(sfv_cursor *c, uint64_t n) {
  if (!cur_has(c, n))
    return 0;
  c->pos += n;
  return 1;
}

#endif /* SFV_CURSOR_H */

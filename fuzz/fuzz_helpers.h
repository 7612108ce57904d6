/* SPDX-License-Identifier: MIT */
/* fuzz_helpers.h - shared by every libsfv fuzz harness.
 *
 * Harness input is a raw .sframe section (so corpus/, conformance/ and
 * real toolchain sections replay as they are), except for fuzz_elf.c, which
 * takes a whole ELF file.  Parameters a harness
 * needs beyond the bytes (vma, max_diags, PCs) are derived from the input
 * itself: from its structure or from a hash of the bytes.
 */
#ifndef SFV_FUZZ_HELPERS_H
#define SFV_FUZZ_HELPERS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sfv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Unbuffered stream on (a dup of) fd 2: harnesses may point stdio's
 * stderr elsewhere to silence the code under test. */
static inline FILE *fuzz_err(void) {
  static FILE *f;
  if (f == NULL) {
    int fd = dup(2);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f != NULL)
      setvbuf(f, NULL, _IONBF, 0);
  }
  return f != NULL ? f : stderr;
}

/* Invariant violation: print where and why, then abort (a fuzzer crash). */
#define FUZZ_ASSERT(cond, ...)                                               \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(fuzz_err(), "%s:%d: invariant failed: %s\n  ", __FILE__,       \
              __LINE__, #cond);                                              \
      fprintf(fuzz_err(), __VA_ARGS__);                                      \
      fputc('\n', fuzz_err());                                               \
      abort();                                                               \
    }                                                                        \
  } while (0)

static inline uint64_t fuzz_hash(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

/* Splits a hash into a stream of small choices. */
typedef struct fuzz_bits {
  uint64_t h;
} fuzz_bits;

static inline uint32_t fuzz_take(fuzz_bits *b, uint32_t n) {
  uint32_t v;
  if (n == 0)
    return 0;
  v = (uint32_t)(b->h % n);
  b->h = b->h / n ^ (b->h * 0x9e3779b97f4a7c15ull);
  return v;
}

/* Little-endian u64 read from the input at off (zero padded). */
static inline uint64_t fuzz_u64_at(const uint8_t *p, size_t n, size_t off) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < 8; i++)
    if (off + i < n)
      v |= (uint64_t)p[off + i] << (8u * i);
  return v;
}

/* Diagnostic bookkeeping shared by the harnesses. */
typedef struct fuzz_diags {
  uint32_t count[3];          /* by severity */
  uint32_t calls;
  uint32_t stop_after;        /* 0 = never stop */
  uint64_t rules_seen[(SFV_RULE_COUNT + 63) / 64];
  size_t size;                /* input size, for the offset invariant */
  int check_offsets;
} fuzz_diags;

/* Rules whose diagnostic may point one past the end (an end-of-section
 * position: "nothing more here"); every other rule points at a byte. */
static inline int fuzz_rule_may_point_at_end(sfv_rule_id r) {
  return r == SFV_R_SECTION_TOO_SMALL || r == SFV_R_FRE_BOUNDS ||
         r == SFV_R_CHECKS_SKIPPED;
}

/* SFV_FUZZ_TOLERATE=rule-id,... : offsets past the end tolerated for these
 * rules (to keep a campaign going past a reported, unfixed finding);
 * SFV_FUZZ_TOLERATE='*' tolerates all and logs each rule once. */
static inline int fuzz_offset_tolerated(sfv_rule_id r) {
  static unsigned char logged[SFV_RULE_COUNT];
  const char *t = getenv("SFV_FUZZ_TOLERATE");
  const char *id = sfv_rule_get(r)->id, *p;
  size_t n = 0;
  if (t != NULL && t[0] == '*' && t[1] == '\0') { /* all: log each rule once */
    if (!logged[r] && (logged[r] = 1) != 0)
      fprintf(fuzz_err(), "fuzz: TOLERATED offset past the end: rule %s\n", id);
    return 1;
  }
  while (id[n] != '\0')
    n++;
  for (p = t; p != NULL && *p != '\0';) {
    size_t k = 0;
    while (p[k] != '\0' && p[k] != ',')
      k++;
    if (k == n) {
      size_t j = 0;
      while (j < n && p[j] == id[j])
        j++;
      if (j == n)
        return 1;
    }
    p += k + (p[k] == ',');
  }
  return 0;
}

static inline int fuzz_on_diag(void *ctx, const sfv_diag *d) {
  fuzz_diags *fd = ctx;
  char msg[64];
  size_t need;
  FUZZ_ASSERT((unsigned)d->rule < SFV_RULE_COUNT, "rule %d", (int)d->rule);
  FUZZ_ASSERT(d->severity == sfv_rule_get(d->rule)->severity,
              "rule %s severity %d", sfv_rule_get(d->rule)->id, (int)d->severity);
  if (fd->check_offsets) {
    FUZZ_ASSERT(d->offset < fd->size ||
                    (d->offset == fd->size && fuzz_rule_may_point_at_end(d->rule)) ||
                    fuzz_offset_tolerated(d->rule),
                "rule %s offset %llu, input size %zu", sfv_rule_get(d->rule)->id,
                (unsigned long long)d->offset, fd->size);
  }
  FUZZ_ASSERT(d->fde >= SFV_NONE && d->fre >= SFV_NONE, "rule %s fde %lld fre %lld",
              sfv_rule_get(d->rule)->id, (long long)d->fde, (long long)d->fre);
  /* The message formatter: truncation-safe, NUL-terminated, length exact. */
  need = sfv_diag_message(d, msg, sizeof msg);
  FUZZ_ASSERT(need < sizeof msg || msg[sizeof msg - 1] == '\0', "message not terminated");
  {
    char big[1024];
    size_t again = sfv_diag_message(d, big, sizeof big);
    size_t len = 0;
    FUZZ_ASSERT(again == need, "message length %zu then %zu", need, again);
    while (len < sizeof big && big[len] != '\0')
      len++;
    FUZZ_ASSERT(need >= sizeof big || len == need, "message length %zu, strlen %zu",
                need, len);
    (void)sfv_diag_message(d, NULL, 0);
  }
  fd->count[d->severity]++;
  fd->calls++;
  fd->rules_seen[d->rule / 64] |= 1ull << (d->rule % 64);
  return fd->stop_after != 0 && fd->calls >= fd->stop_after;
}

static inline int fuzz_seen(const fuzz_diags *fd, sfv_rule_id r) {
  return (fd->rules_seen[r / 64] >> (r % 64)) & 1u;
}

#endif

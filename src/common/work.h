/* SPDX-License-Identifier: MIT */
/* work.h - the work budget: one type, one charge, for every loop over FDEs,
 * FREs, CFI instructions, relocation entries or intervals whose trip count
 * the input chooses (validation, the ELF cross checks and relocations, the
 * CFI comparison, --profile, --dump); not API.
 *
 * Invariants:
 *  - left never wraps: a charge of n succeeds only when n <= left; a charge
 *    that does not fit sets left to 0 and hit, and every later charge of
 *    n > 0 fails;
 *  - total - left is the work spent (left only ever decreases);
 *  - budgets are proportional to the input (sfv_work_for: SFV_WORK_PER_BYTE
 *    units per input byte plus SFV_WORK_SLACK), so a file that makes its
 *    reader do more than linear work runs out, and its caller ends with a
 *    diagnostic saying so, never a false error.
 */
#ifndef SFV_COMMON_WORK_H
#define SFV_COMMON_WORK_H

#include <stdint.h>

typedef struct sfv_work {
  uint64_t left;             /* units left */
  uint64_t total;            /* units granted */
  int hit;                   /* a charge did not fit: the budget ran out */
} sfv_work;

enum { SFV_WORK_PER_BYTE = 16, SFV_WORK_SLACK = 65536 };

static inline sfv_work sfv_work_of(uint64_t units) {
  sfv_work w;
  w.left = units;
  w.total = units;
  w.hit = 0;
  return w;
}

/* SFV_WORK_PER_BYTE units per input byte plus SFV_WORK_SLACK, saturating. */
static inline sfv_work sfv_work_for(uint64_t bytes) {
  uint64_t u = bytes > (UINT64_MAX - SFV_WORK_SLACK) / SFV_WORK_PER_BYTE
                   ? UINT64_MAX
                   : bytes * SFV_WORK_PER_BYTE + SFV_WORK_SLACK;
  return sfv_work_of(u);
}

/* Grants n more units, saturating. */
static inline void sfv_work_grant(sfv_work *w, uint64_t n) {
  w->left = w->left > UINT64_MAX - n ? UINT64_MAX : w->left + n;
  w->total = w->total > UINT64_MAX - n ? UINT64_MAX : w->total + n;
}

/* The one charge on a bare count of units left (the public CFI
 * interpreter's uint64_t *budget): 1 when n units fit, else *left = 0. */
static inline int sfv_work_take(uint64_t *left, uint64_t n) {
  if (*left < n) {
    *left = 0;
    return 0;
  }
  *left -= n;
  return 1;
}

/* Charges n units; 0 (and hit) when they do not fit. */
static inline int sfv_work_charge(sfv_work *w, uint64_t n) {
  if (sfv_work_take(&w->left, n))
    return 1;
  w->hit = 1;
  return 0;
}

static inline uint64_t sfv_work_spent(const sfv_work *w) {
  return w->total - w->left;
}

/* The budget ran out: a charge failed, or a holder of &w->left (the CFI
 * interpreter) spent it to 0. */
static inline int sfv_work_out(const sfv_work *w) {
  return w->hit || (w->left == 0 && w->total != 0);
}

#endif

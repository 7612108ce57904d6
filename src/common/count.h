/* SPDX-License-Identifier: MIT */
/* count.h - the one way a finding counter (sfv_result's errors,
 * warnings, notes, suppressed; the command's per-file counts) grows:
 * saturating at UINT32_MAX.  A section can draw more than 2^32 - 1
 * findings (tens of gigabytes of FDEs, each with an error); a counter
 * that wrapped could read 0 errors for an invalid section.  Invariant:
 * a counter never decreases, and reads UINT32_MAX exactly when the true
 * count is at least UINT32_MAX. */
#ifndef SFV_COMMON_COUNT_H
#define SFV_COMMON_COUNT_H

#include <stdint.h>
#include "sfv.h"

/* *c += n, saturating. */
static inline void sfv_count_add(uint32_t *c, uint32_t n) {
  *c = n > UINT32_MAX - *c ? UINT32_MAX : *c + n;
}

/* v clamped to a counter's range. */
static inline uint32_t sfv_count_of(uint64_t v) {
  return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Adds one diagnostic of severity sev to the severity counters. */
static inline void sfv_count_severity(sfv_severity sev, uint32_t *errors,
                                      uint32_t *warnings, uint32_t *notes) {
  if (sev == SFV_SEV_ERROR)
    sfv_count_add(errors, 1);
  else if (sev == SFV_SEV_WARNING)
    sfv_count_add(warnings, 1);
  else
    sfv_count_add(notes, 1);
}

#endif

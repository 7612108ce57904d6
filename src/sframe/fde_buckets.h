/* SPDX-License-Identifier: MIT */
/* fde_buckets.h - the FDE index's lookup buckets (sfv_section.priv.lk_*):
 * filled once by sfv_open() when it verified the FDEs sorted
 * (fde_buckets.c), read by every lookup (src/lookup).  Below both.
 * Not API. */
#ifndef SFV_SFRAME_FDE_BUCKETS_H
#define SFV_SFRAME_FDE_BUCKETS_H

#include <stdint.h>
#include "sfv.h"
#include "common/cursor.h"
#include "sframe/spec.h"

/* Section-relative resolved start of FDE i from its start field alone
 * (the binary search reads nothing else), placed and sized by layout.def
 * for version v (a constant in each inlined copy), PC-relative (to the
 * field itself) when pcrel.  0 when the field cannot be read or resolving
 * it overflows (sfv_open() then never sets fdes_sorted). */
__attribute__((always_inline)) static inline int
probe_start(const sfv_section *sec, const sfv_cursor *c, uint32_t i, uint8_t v,
            int pcrel, int64_t *start) {
  sfv_field_loc l = sfv_field_in(SFV_FLD_F_START, v);
  uint64_t off = sec->priv.fde_base +
                 (uint64_t)i * sfv_struct_size(SFV_ST_FDE, v) + l.off;
  uint64_t x = 0;
  if (!cur_peek(c, off, l.width, &x))
    return 0;
  *start = sfv_sext(x, l.width);
  return !pcrel || !__builtin_add_overflow(*start, (int64_t)off, start);
}

/* hi - lo for lo <= hi, without wrapping (it may exceed INT64_MAX). */
static inline uint64_t span_of(int64_t lo, int64_t hi) {
  if (lo >= 0 || hi < 0)
    return (uint64_t)(hi - lo);
  return (uint64_t)hi + ((uint64_t)(-(lo + 1)) + 1u);
}


/* sfv_open()'s last step when it verified the FDEs sorted: fills
 * sec->priv.lk_* so that lk_bucket[b] is the number of FDEs whose start
 * lies below slice b; clears fdes_sorted when a start cannot be read
 * (lookups then scan linearly). */
void sfv_fde_buckets_fill(sfv_section *sec);

#endif

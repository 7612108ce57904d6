/* SPDX-License-Identifier: MIT */
/* diagsink.h - collects sfv_validate() diagnostics for assertions. */
#ifndef DIAGSINK_H
#define DIAGSINK_H

#include "sfv.h"

#define SINK_MAX 512

typedef struct sink {
  sfv_diag d[SINK_MAX];
  unsigned n;            /* delivered (kept up to SINK_MAX) */
  unsigned stop_after;   /* callback returns nonzero at this count (0: never) */
  unsigned per_rule[SFV_RULE_COUNT]; /* every delivered diagnostic, by rule */
} sink;

int sink_fn(void *ctx, const sfv_diag *d);
/* Prints every collected diagnostic (rule, offset, indices, message). */
void sink_dump(const sink *s, const char *title);
/* Number of collected diagnostics with this rule. */
unsigned sink_count(const sink *s, sfv_rule_id r);
/* Validates with a scratch area big enough for every cross-FDE check
 * (when with_scratch) and max_diags (0: the library default). */
sfv_status sink_validate_max(sink *s, const void *data, size_t size,
                             unsigned flags, uint64_t vma, int with_scratch,
                             uint32_t max_diags, sfv_result *res);
sfv_status sink_validate(sink *s, const void *data, size_t size,
                         unsigned flags, uint64_t vma, int with_scratch,
                         sfv_result *res);

#endif

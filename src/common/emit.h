/* SPDX-License-Identifier: MIT */
/* emit.h - diagnostic delivery shared by every checker (the SFrame
 * validator, the ELF checks, the CFI comparison, the policies): the
 * max_diags cap, the caller's callback, its request to stop, and the
 * severity counters.  Not API. */
#ifndef SFV_COMMON_EMIT_H
#define SFV_COMMON_EMIT_H

#include <stdint.h>
#include "sfv.h"
#include "common/count.h"

/* Diagnostic delivery shared by the validator and the ELF checks: the
 * max_diags cap, the caller's callback, and its request to stop. */
typedef struct sfv_emitter {
  sfv_diag_fn fn;
  void *ctx;
  uint32_t max;
  uint32_t delivered;
  int stop;
} sfv_emitter;

/* Adds d to the severity counters.  (Inline, as sfv_emit: each finding
 * of the validator passes through both.) */
static inline void sfv_diag_count(const sfv_diag *d, uint32_t *errors,
                                  uint32_t *warnings, uint32_t *notes) {
  sfv_count_severity(d->severity, errors, warnings, notes);
}
/* 1 when em delivers no more diagnostics but still counts them: its cap
 * is reached and it was not stopped. */
static inline int sfv_emit_over_cap(const sfv_emitter *em) {
  return !em->stop && em->delivered >= em->max;
}
/* Delivers d unless stopped; over the cap it only counts *suppressed. */
static inline void sfv_emit(sfv_emitter *em, const sfv_diag *d,
                            uint32_t *suppressed) {
  if (em->stop)
    return;
  if (sfv_emit_over_cap(em)) {
    sfv_count_add(suppressed, 1);
    return;
  }
  em->delivered++;
  if (em->fn != NULL && em->fn(em->ctx, d) != 0)
    em->stop = 1;
}
/* sfv_diag_count then sfv_emit for a diagnostic of severity sev, without
 * the diagnostic, when em is over its cap: returns 1 after counting it
 * (severity and *suppressed, as those two would), else 0 and counts
 * nothing (the caller builds the diagnostic and takes the usual path).
 * Over the cap a finding then costs its counting only. */
static inline int sfv_emit_suppressed(const sfv_emitter *em, sfv_severity sev,
                                      uint32_t *errors, uint32_t *warnings,
                                      uint32_t *notes, uint32_t *suppressed) {
  if (!sfv_emit_over_cap(em))
    return 0;
  sfv_count_severity(sev, errors, warnings, notes);
  sfv_count_add(suppressed, 1);
  return 1;
}

#endif

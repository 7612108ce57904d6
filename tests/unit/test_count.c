/* SPDX-License-Identifier: MIT */
/* test_count.c - the finding counters (src/common/count.h, and the
 * emitter's counting in src/common/emit.h that goes through them): a
 * count grows exactly by what is added below UINT32_MAX, saturates there,
 * and never wraps to a smaller value, one finding or a bulk add at a time;
 * over the cap the suppressed count saturates the same way. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "common/emit.h"

static void adds(void) {
  uint32_t c = 0;
  sfv_count_add(&c, 5);
  CHECK_EQU(c, 5, "plain add");
  c = UINT32_MAX - 3u;
  sfv_count_add(&c, 3);
  CHECK_EQU(c, UINT32_MAX, "add to the maximum exactly");
  sfv_count_add(&c, 1);
  CHECK_EQU(c, UINT32_MAX, "one past the maximum saturates");
  c = UINT32_MAX - 1u;
  sfv_count_add(&c, UINT32_MAX);
  CHECK_EQU(c, UINT32_MAX, "a bulk add past the maximum saturates");
  c = 7;
  sfv_count_add(&c, 0);
  CHECK_EQU(c, 7, "adding nothing");
  CHECK_EQU(sfv_count_of(0), 0, "clamp 0");
  CHECK_EQU(sfv_count_of(UINT32_MAX), UINT32_MAX, "clamp max");
  CHECK_EQU(sfv_count_of((uint64_t)UINT32_MAX + 1u), UINT32_MAX,
            "clamp past max");
  CHECK_EQU(sfv_count_of(UINT64_MAX), UINT32_MAX, "clamp 2^64 - 1");
}

/* Each severity counter at the maximum stays there; the others move. */
static void severities(void) {
  uint32_t e = UINT32_MAX, w = UINT32_MAX - 1u, n = 0;
  sfv_count_severity(SFV_SEV_ERROR, &e, &w, &n);
  CHECK_EQU(e, UINT32_MAX, "errors saturated, not wrapped to 0");
  sfv_count_severity(SFV_SEV_WARNING, &e, &w, &n);
  sfv_count_severity(SFV_SEV_WARNING, &e, &w, &n);
  CHECK_EQU(w, UINT32_MAX, "warnings up to the maximum, then held");
  sfv_count_severity(SFV_SEV_NOTE, &e, &w, &n);
  CHECK_EQU(n, 1, "notes");
}

/* Over the cap the emitter only counts: a saturated suppressed count and
 * severity counter stay at the maximum. */
static void over_cap(void) {
  sfv_emitter em;
  sfv_diag d;
  uint32_t e = UINT32_MAX, w = 0, n = 0, s = UINT32_MAX;
  memset(&em, 0, sizeof em);
  memset(&d, 0, sizeof d);
  em.max = 0; /* every diagnostic is over the cap */
  CHECK(sfv_emit_suppressed(&em, SFV_SEV_ERROR, &e, &w, &n, &s) == 1);
  CHECK_EQU(e, UINT32_MAX, "errors over the cap");
  CHECK_EQU(s, UINT32_MAX, "suppressed over the cap");
  d.severity = SFV_SEV_ERROR;
  s = UINT32_MAX;
  sfv_emit(&em, &d, &s);
  CHECK_EQU(s, UINT32_MAX, "sfv_emit's suppressed count");
  CHECK_EQU(em.delivered, 0, "nothing delivered over the cap");
}

int main(void) {
  adds();
  severities();
  over_cap();
  return t_exit("test_count");
}

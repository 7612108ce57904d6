/* internal.h - helpers shared by libsfv's translation units (not API). */
#ifndef SFV_INTERNAL_H
#define SFV_INTERNAL_H

#include <stdint.h>
#include <stddef.h>
#include "sfv.h"

/* Byte order from the magic: SFV_OK, SFV_E_TRUNCATED or SFV_E_MAGIC.
 * magic_as_le receives the first two bytes as a little-endian value. */
int sfv_preamble(const uint8_t *p, size_t size, uint8_t *big_endian,
                 uint16_t *magic_as_le);
/* End of the FRE sub-section, clipped to the buffer (section offset). */
uint64_t sfv_fre_end(const sfv_section *sec);
/* *out = base + delta; 0 when the result is not in [0, 2^64). */
int sfv_addr_add(uint64_t base, int64_t delta, uint64_t *out);


/* Diagnostic delivery shared by the validator and the ELF checks: the
 * max_diags cap, the caller's callback, and its request to stop. */
typedef struct sfv_emitter {
  sfv_diag_fn fn;
  void *ctx;
  uint32_t max;
  uint32_t delivered;
  int stop;
} sfv_emitter;

/* Fills *d from the rule table; 0 when the rule id is unknown.  The typed
 * path is SFV_FIND (report.h): this untyped constructor is what SFV_FIND's
 * sinks use, and TRANSITIONALLY the ELF checks (src/elf*.c) until their
 * call sites use SFV_FIND too. */
int sfv_diag_make(sfv_diag *d, sfv_rule_id rule, uint64_t off, int64_t fde,
                  int64_t fre, int64_t found, int64_t expected, int64_t aux);
/* Adds d to the severity counters. */
void sfv_diag_count(const sfv_diag *d, uint32_t *errors, uint32_t *warnings,
                    uint32_t *notes);
/* Delivers d unless stopped; over the cap it only counts *suppressed. */
void sfv_emit(sfv_emitter *em, const sfv_diag *d, uint32_t *suppressed);

#endif

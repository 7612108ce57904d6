/* classify.h - the classifiers (classify.c): one per structure, each
 * returning the number of error-severity findings it reported (0: valid).
 * Not API. */
#ifndef SFV_CLASSIFY_H
#define SFV_CLASSIFY_H

#include "sfv.h"
#include "common/report.h"
#include "sframe/spec.h"

/* Header fields: flags, ABI, byte order, fixed offsets, auxiliary header
 * (not the sub-section layout, which the validator checks). */
int sfv_classify_header(const sfv_section *sec, const sfv_out *o);
/* One FDE: index entry fields and, in v3, its attribute. */
int sfv_classify_fde(const sfv_section *sec, const sfv_fde *f,
                     const sfv_out *o);
/* One FRE's info byte and data words under its FDE's type and the ABI
 * (not its start address, which depends on its neighbours).  An unknown
 * ABI or FDE type counts as "no" without a finding of its own. */
int sfv_classify_fre(const sfv_section *sec, const sfv_fde *f,
                     const sfv_fre *r, const sfv_out *o);

/* AMD64 keeps its RA at the fixed offset CFA-8 (3.1.1): 1 when the header
 * says so (or the ABI tracks RA per FRE). */
static inline int sfv_fixed_ra_ok(const sfv_section *sec) {
  return sec->hdr.abi_arch != SFV_ABI_AMD64_LE ||
         sec->hdr.cfa_fixed_ra_offset == SFV_AMD64_FIXED_RA;
}

/* The flex layout (3.2), decided once: where the RA and FP pairs start
 * (-1: no pair), a trailing lone 0 control word (-1: none) and a padding
 * word in a slot where none may stand (-1: none). */
typedef struct sfv_flex_slots {
  int ra;
  int fp;
  int trailing_zero;
  int padding_at;
} sfv_flex_slots;
enum { SFV_FLEX_OK = 0, SFV_FLEX_BAD_COUNT = 1, SFV_FLEX_BAD_PADDING = 2 };
int sfv_flex_layout(const sfv_fre *r, sfv_flex_slots *s);

#endif

/* SPDX-License-Identifier: MIT */
/* classify.h - the classifiers (classify.c): one per structure, each
 * returning the number of error-severity findings it reported (0: valid).
 * Not API. */
#ifndef SFV_SFRAME_CLASSIFY_H
#define SFV_SFRAME_CLASSIFY_H

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


#endif

/* SPDX-License-Identifier: MIT */
/* index_check.h - the lookup index (sfv_index_*) against sfv_find_fre(). */
#ifndef INDEX_CHECK_H
#define INDEX_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "sfv.h"

/* Builds the index of sec, checking the memory contract on the way (a cap
 * one byte short and misaligned memory are SFV_E_ARG with nothing written;
 * nothing is written past cap), and when it builds compares every answer
 * with sfv_find_fre() (fuzz/index_diff.h) at the section's PCs of interest
 * and at extra[0..nextra).  Failures are CHECKs naming ctx.  Returns the
 * build status (SFV_OK or SFV_E_UNINDEXABLE; anything else fails a check). */
sfv_status index_check(const sfv_section *sec, const uint64_t *extra, size_t nextra,
                       const char *ctx);
/* How many FDEs (evenly sampled) and FREs per FDE index_check() takes its
 * PCs from (default 4096, 64). */
void index_check_limits(uint32_t max_fdes, uint32_t max_fres);

#endif

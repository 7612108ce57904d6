/* SPDX-License-Identifier: MIT */
/* trailing.h - the classifier of the bytes after a section's declared end
 * (trailing.c; not API). */
#ifndef SFV_SFRAME_TRAILING_H
#define SFV_SFRAME_TRAILING_H

#include "common/report.h"

/* Reports (through out) what [declared end, size) holds: first_nz is the
 * offset of its first non-zero byte (size when there is none), at[] the
 * bytes from there (up to SFV_HEADER_SIZE are looked at). */
void sfv_classify_trailing(const sfv_out *out, const sfv_section *sec,
                           uint64_t size, uint64_t first_nz, const uint8_t *at,
                           size_t at_len);

#endif

/* SPDX-License-Identifier: MIT */
/* memo_check.h - the batch lookup's lines from kept parts (fmt_lookup_memo,
 * src/fmt/lookup_memo.c) against fmt_lookup_line() of sfv_find_fre()'s
 * answer. */
#ifndef MEMO_CHECK_H
#define MEMO_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "sfv.h"

/* At pcs[0..n) (reordered: shuffled, then sorted), in text and JSON, with
 * memo tables of one slot each (every part replaced between different
 * FDEs or rule entries) and of the command's sizes: every PC the index
 * finds gives fmt_lookup_line()'s line byte for byte.  ix is sec's built
 * index.  Failures are CHECKs naming ctx. */
void memo_check(const sfv_section *sec, const sfv_index *ix, uint64_t *pcs, size_t n,
                const char *ctx);

#endif

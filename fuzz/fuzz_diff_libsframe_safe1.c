/* SPDX-License-Identifier: MIT */
/* fuzz_diff_libsframe_safe1.c - fuzz_diff_libsframe_safe at ABI 1: the
 * drop-in built as libsframe.so.1 (src/compat with SFV_COMPAT_ABI=1)
 * against stock libsframe.so.1 (binutils 2.44) from $SFV_LIBSFRAME1_STOCK.
 * Its objects (libsframe_api.c, libsframe_transcript.c, src/compat) are
 * built with -DSFV_COMPAT_ABI=1 too (mk/fuzz.mk, fuzz/oss-fuzz/build.sh). */
#ifndef SFV_COMPAT_ABI
#define SFV_COMPAT_ABI 1
#endif
#if SFV_COMPAT_ABI != 1
#error "fuzz_diff_libsframe_safe1.c is the ABI 1 harness"
#endif
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size); /* defined below */

#include "fuzz_diff_libsframe_safe.c"

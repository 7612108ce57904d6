/* SPDX-License-Identifier: MIT */
/* fuzz_diff_libsframe_safe0.c - fuzz_diff_libsframe_safe at ABI 0: the
 * drop-in built as libsframe.so.0 (src/compat with SFV_COMPAT_ABI=0)
 * against stock libsframe.so.0 (binutils 2.40, Debian bookworm) from
 * $SFV_LIBSFRAME0_STOCK.
 * Its objects (libsframe_api.c, libsframe_transcript.c, src/compat) are
 * built with -DSFV_COMPAT_ABI=0 too (mk/fuzz.mk, fuzz/oss-fuzz/build.sh). */
#ifndef SFV_COMPAT_ABI
#define SFV_COMPAT_ABI 0
#endif
#if SFV_COMPAT_ABI != 0
#error "fuzz_diff_libsframe_safe0.c is the ABI 0 harness"
#endif
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size); /* defined below */

#include "fuzz_diff_libsframe_safe.c"

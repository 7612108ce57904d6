/* SPDX-License-Identifier: MIT */
/* glibc_shim.h - force-included (-include) when the consumer harness builds
 * glibc's SFrame reader (sysdeps/generic/sframe-read.c, sframe.c, extracted
 * at test time into .deps/consumers/ by scripts/install-deps.sh consumers)
 * in user space.  Our own code: glibc's internal symbol-visibility macros
 * become no-ops. */
#ifndef SFV_GLIBC_SHIM_H
#define SFV_GLIBC_SHIM_H
#include <stddef.h> /* offsetof: glibc's internal headers bring it */
#define libc_hidden_proto(name)
#define libc_hidden_def(name)
#endif

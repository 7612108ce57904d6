/* SPDX-License-Identifier: MIT */
/* Minimal stand-in for DejaGnu's dejagnu.h, enough to build libsframe's own
   test programs (libsframe/testsuite/libsframe.{decode,encode,find}/*.c)
   outside DejaGnu: pass() is silent, fail() prints "FAIL: ..." and makes the
   program exit non-zero at exit. */
#ifndef SFV_DEJAGNU_SHIM_H
#define SFV_DEJAGNU_SHIM_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int sfv_shim_failed;
static void sfv_shim_exit(void) { if (sfv_shim_failed) _Exit(1); }
static inline void pass(const char *fmt, ...) { (void)fmt; }
static inline void fail(const char *fmt, ...)
{
    va_list a;
    va_start(a, fmt);
    fputs("FAIL: ", stdout);
    vprintf(fmt, a);
    putchar('\n');
    va_end(a);
    if (!sfv_shim_failed++)
        atexit(sfv_shim_exit);
}
static inline void totals(void) {}
#endif

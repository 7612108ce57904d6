/* SPDX-License-Identifier: MIT */
/* A stand-in for DejaGnu's C header, enough for the upstream libsframe
 * testsuite programs: pass() and fail() print one "PASS: " or "FAIL: " line
 * per check on stdout, which upstream_suite.py collects in the order and
 * spelling DejaGnu's host_execute gives its .sum file. */
#ifndef SFV_DEJAGNU_STANDIN_H
#define SFV_DEJAGNU_STANDIN_H

#include <stdarg.h>
#include <stdio.h>

static inline void dg_report(const char *kind, const char *fmt, va_list ap)
{
    fputs(kind, stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
}

static inline void pass(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dg_report("PASS: ", fmt, ap);
    va_end(ap);
}

static inline void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dg_report("FAIL: ", fmt, ap);
    va_end(ap);
}

static inline void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dg_report("NOTE: ", fmt, ap);
    va_end(ap);
}

#endif

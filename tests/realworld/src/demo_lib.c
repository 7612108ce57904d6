/* SPDX-License-Identifier: MIT */
/* Shared library with exported functions (real-toolchain SFrame corpus). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEMO_API __attribute__((visibility("default")))

static unsigned long mix(unsigned long h, unsigned long v)
{
    h ^= v + 0x9e3779b97f4a7c15UL + (h << 6) + (h >> 2);
    return h;
}

DEMO_API unsigned long demo_hash(const char *s)
{
    unsigned long h = 1469598103934665603UL;
    while (*s)
        h = mix(h, (unsigned char)*s++);
    return h;
}

DEMO_API int demo_fib(int n)
{
    return n < 2 ? n : demo_fib(n - 1) + demo_fib(n - 2);
}

/* Exported and called from inside the library: a PLT call unless bound. */
DEMO_API int demo_sum(int n, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

DEMO_API char *demo_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *r = malloc(la + lb + 2);
    if (!r)
        return NULL;
    memcpy(r, a, la);
    r[la] = '/';
    memcpy(r + la + 1, b, lb + 1);
    return r;
}

DEMO_API int demo_qsort_ints(int *v, size_t n);
static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
DEMO_API int demo_qsort_ints(int *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_int);
    return demo_sum(3, v[0], n > 1 ? v[1] : 0, demo_fib(10));
}

DEMO_API void demo_print(const char *tag, unsigned long v)
{
    printf("%s=%lu\n", tag, v);
}

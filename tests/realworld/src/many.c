/* SPDX-License-Identifier: MIT */
/* Many small and medium functions, mutual recursion, tail calls, a switch
 * through a function-pointer table and noreturn paths. */
#include <stdio.h>
#include <stdlib.h>

#define DEF(n) __attribute__((noinline)) long mf_##n(long x) { \
        long t[4] = { x, x + n, x * n, x ^ n }; \
        if (x > 100000) return mf_##n(x / 2) + t[x & 3]; \
        return t[(x + n) & 3] + n; }
#define DEF10(p) DEF(p##0) DEF(p##1) DEF(p##2) DEF(p##3) DEF(p##4) \
        DEF(p##5) DEF(p##6) DEF(p##7) DEF(p##8) DEF(p##9)
DEF10(1) DEF10(2) DEF10(3) DEF10(4) DEF10(5) DEF10(6) DEF10(7) DEF10(8)

#define REF(n) mf_##n,
#define REF10(p) REF(p##0) REF(p##1) REF(p##2) REF(p##3) REF(p##4) \
        REF(p##5) REF(p##6) REF(p##7) REF(p##8) REF(p##9)
static long (*const table[])(long) = {
    REF10(1) REF10(2) REF10(3) REF10(4) REF10(5) REF10(6) REF10(7) REF10(8)
};

static long is_odd(long n);
__attribute__((noinline)) static long is_even(long n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) static long is_odd(long n) { return n == 0 ? 0 : is_even(n - 1); }

__attribute__((noreturn, noinline)) static void fatal(const char *m)
{
    fprintf(stderr, "fatal: %s\n", m);
    abort();
}

__attribute__((noinline)) static long many_args(long a, long b, long c, long d, long e,
                                                long f, long g, long h, long i, long j)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j;
}

long many_dispatch(int i, long x)
{
    if (i < 0)
        fatal("negative index");
    long r = table[(unsigned)i % (sizeof table / sizeof table[0])](x);
    r += many_args(x, r, 3, 4, 5, 6, 7, 8, 9, is_even(x & 15));
    switch (i & 7) {
    case 0: return r + mf_10(x);
    case 1: return r - mf_21(x);
    case 2: return r * mf_32(x);
    case 3: return r ^ mf_43(x);
    case 4: return mf_54(r);
    case 5: return mf_65(r + 1);
    case 6: return mf_76(r - 1);
    default: return mf_87(x);
    }
}

/* SPDX-License-Identifier: MIT */
/* Executable: PLT calls into libdemo and libc, function pointers, signal
 * handler, recursion, alloca/VLA, over-aligned locals (stack realignment). */
#include <alloca.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned long demo_hash(const char *s);
int demo_fib(int n);
int demo_sum(int n, ...);
char *demo_join(const char *a, const char *b);
int demo_qsort_ints(int *v, size_t n);
void demo_print(const char *tag, unsigned long v);
long big_function(long x);
long many_dispatch(int i, long x);

static volatile sig_atomic_t got_signal;
static sigjmp_buf jb;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    (void)si;
    (void)uc;
    got_signal = sig;
}

static void on_segv(int sig)
{
    siglongjmp(jb, sig);
}

static long ackermann(long m, long n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

/* Variable-length array and alloca: CFA must be tracked via a frame pointer. */
__attribute__((noinline)) static long vla_sum(int n)
{
    long vla[n];
    char *buf = alloca((size_t)n * 3 + 1);
    long s = 0;
    for (int i = 0; i < n; i++) {
        vla[i] = i * 3;
        buf[i] = (char)i;
    }
    for (int i = 0; i < n; i++)
        s += vla[i] + buf[i];
    return s;
}

/* Over-aligned local plus a VLA: x86_64 gcc realigns the stack with a DRAP
 * register (CFA expressed through a dereference). */
__attribute__((noinline)) static long aligned_locals(int n)
{
    double big[8] __attribute__((aligned(64)));
    long vla[n + 1];
    for (int i = 0; i < 8; i++)
        big[i] = i * 0.5;
    for (int i = 0; i <= n; i++)
        vla[i] = (long)big[i & 7] + i;
    long s = 0;
    for (int i = 0; i <= n; i++)
        s += vla[i];
    return s + (long)((unsigned long)&big[0] & 63);
}

/* Over-aligned local without VLA: frame-pointer realignment. */
__attribute__((noinline)) static long aligned_only(long x)
{
    volatile char blk[256] __attribute__((aligned(128)));
    memset((char *)blk, (int)x, sizeof blk);
    return blk[x & 255] + (long)((unsigned long)blk & 127);
}

typedef long (*op_fn)(long);
static long op_inc(long x) { return x + 1; }
static long op_dbl(long x) { return x * 2; }
static long op_sq(long x) { return x * x; }
static const op_fn ops[] = { op_inc, op_dbl, op_sq };

__attribute__((noinline)) static long apply_all(long x, op_fn extra)
{
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        x = ops[i](x) % 1000003;
    return extra(x);
}

int main(int argc, char **argv)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    signal(SIGSEGV, on_segv);
    raise(SIGUSR1);
    if (sigsetjmp(jb, 1) == 0 && argc > 99)
        *(volatile int *)0 = 1;

    int v[] = { 5, 3, 9, 1, argc };
    unsigned long h = demo_hash(argc > 0 ? argv[0] : "demo");
    char *j = demo_join("a", "b");
    long r = ackermann(2, 3) + vla_sum(argc + 20) + aligned_locals(argc + 7)
             + aligned_only(argc) + apply_all(argc, op_sq)
             + demo_qsort_ints(v, 5) + demo_sum(2, 1, 2)
             + big_function(argc) + many_dispatch(argc, 3);
    demo_print("hash", h);
    demo_print("r", (unsigned long)r + (unsigned long)got_signal);
    printf("%s %d\n", j ? j : "-", demo_fib(12));
    free(j);
    return 0;
}

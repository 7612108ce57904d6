/* SPDX-License-Identifier: MIT */
/* A function larger than 64 KiB of code, so its FDE needs 4-byte FRE start
 * offsets (SFRAME_FRE_TYPE_ADDR4), with CFA changes (epilogues) past 64 KiB.
 * The bulk is a run of NOPs from inline asm (cheap to compile on every
 * target); the rest is ordinary compiled code around it. */
volatile long bf_v[64];
long bf_ext(long x);

#define BF_S bf_v[__COUNTER__ & 63] += bf_v[(__COUNTER__ * 7) & 63] ^ (long)__COUNTER__;
#define BF_S10 BF_S BF_S BF_S BF_S BF_S BF_S BF_S BF_S BF_S BF_S
#define BF_S100 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10 BF_S10
#if defined(__x86_64__)
/* x86_64: gas relaxes branches itself; 40000 one-byte NOPs per block */
#define BF_NOPS() __asm__ volatile(".rept 40000\n\tnop\n\t.endr" ::: "memory")
#else
/* aarch64/s390x: 9000 four-byte NOPs per block written out line by line, so
 * gcc's estimate of the asm length is right and it picks long branches
 * (s390x short relative branches reach only +-64 KiB). */
#define BF_N10 "nop\n" "nop\n" "nop\n" "nop\n" "nop\n" "nop\n" "nop\n" "nop\n" "nop\n" "nop\n"
#define BF_N100 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10 BF_N10
#define BF_N1000 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100 BF_N100
#define BF_NOPS() __asm__ volatile(BF_N1000 BF_N1000 BF_N1000 BF_N1000 BF_N1000 \
                                   BF_N1000 BF_N1000 BF_N1000 BF_N1000 ::: "memory")
#endif

long bf_ext(long x)
{
    return x * 3 + bf_v[x & 63];
}

long big_function(long x)
{
    long a = bf_ext(x), b = bf_ext(x + 1), c = bf_ext(x + 2);
    BF_S100 BF_S100
    if (x > 1000)
        return bf_ext(a) + b;
    BF_NOPS();
    BF_S100
    if (x < -1000)
        return bf_ext(b) - c;
    BF_NOPS();
    BF_S100
    return bf_ext(a + b + c) + bf_v[x & 63];
}

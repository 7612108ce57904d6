/* SPDX-License-Identifier: MIT */
/* For -nostdlib -shared: no C runtime objects at all, only our code. */
static int helper(int x) { return x * 7 + 3; }
int nolibc_a(int x) { return helper(x) ^ 0x55; }
int nolibc_b(int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += nolibc_a(p[i]);
    return s;
}

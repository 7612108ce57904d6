/* SPDX-License-Identifier: MIT */
/* pltgot.c - a library whose external calls go through every x86-64 PLT
 * section GNU ld makes: e1 through .plt (or .plt.sec with -z ibtplt), e2
 * through .plt.got, because its address is also loaded from the GOT.
 * Linked -shared -nostdlib: no other code in the output. */
extern int e1(int);
extern int e2(int);

int (*get_e2(void))(int) { return e2; }

int f(int x) { return e1(x) + e2(x); }

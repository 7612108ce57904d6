/* SPDX-License-Identifier: MIT */
/* A shared object calling many external functions through the PLT (and,
   with -fno-plt, through the GOT): big .plt/.plt.sec/.plt.got and their
   linker-generated SFrame FDEs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define X(n) extern int ext_##n(int); int call_##n(int v) { return ext_##n(v) + (int)strlen("n"); }
X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9)
X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19)
X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29)
X(30) X(31) X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39)

int libc_mix(const char *s, double d)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s-%g", s, sin(d) + cos(d));
    int n = atoi(buf) + (int)strtol(s, NULL, 10) + toupper(buf[0]) + isalpha(buf[1]);
    void *p = malloc(16);
    memset(p, n, 16);
    n += ((unsigned char *)p)[3];
    free(p);
    return n + (int)strcspn(buf, "-") + puts(buf);
}

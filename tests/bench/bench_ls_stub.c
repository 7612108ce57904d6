/* SPDX-License-Identifier: MIT */
/* bench_ls_stub.c - stands in for bench_ls.c when a libsframe version is
 * not installed (compiled with -DLS_V=47 or 44): nothing is available. */
#include "bench_ls.h"

#if LS_V == 47
#define FN(name) ls47_##name
#else
#define FN(name) ls44_##name
#endif

int FN(available)(void) { return 0; }
void *FN(open)(const void *buf, size_t n) {
  (void)buf;
  (void)n;
  return NULL;
}
void FN(close)(void *ctx) { (void)ctx; }
long long FN(decode_walk)(const void *buf, size_t n, uint64_t *fres_read) {
  (void)buf;
  (void)n;
  (void)fres_read;
  return -1;
}
int FN(find)(void *ctx, int64_t pc, uint64_t *key) {
  (void)ctx;
  (void)pc;
  (void)key;
  return 0;
}

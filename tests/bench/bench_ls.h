/* SPDX-License-Identifier: MIT */
/* bench_ls.h - GNU libsframe 2.47 (ls47_*) and 2.44 (ls44_*) as the bench
 * sees them (bench_ls.c).  When a peer cannot be had, mk/bench.mk links
 * bench_ls_stub.c in its place: *_available() then returns 0 and bench.c
 * prints "n/a" for it. */
#ifndef BENCH_LS_H
#define BENCH_LS_H

#include <stddef.h>
#include <stdint.h>

int ls47_available(void); /* 0: not linked (bench_ls_stub.c) */
void *ls47_open(const void *buf, size_t n);
void ls47_close(void *ctx);
long long ls47_decode_walk(const void *buf, size_t n, uint64_t *fres_read);
int ls47_find(void *ctx, int64_t pc, uint64_t *key);

int ls44_available(void);
void *ls44_open(const void *buf, size_t n);
void ls44_close(void *ctx);
long long ls44_decode_walk(const void *buf, size_t n, uint64_t *fres_read);
int ls44_find(void *ctx, int64_t pc, uint64_t *key);

#endif

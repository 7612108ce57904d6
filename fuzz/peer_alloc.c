/* SPDX-License-Identifier: MIT */
/* peer_alloc.c - a guard-page allocator for GNU libsframe, so its reads
 * past a buffer fault at once instead of reading heap garbage (libsframe is
 * not sanitizer-instrumented).  Only libsframe uses it: the fuzz build
 * renames libsframe.a's malloc/calloc/realloc/free to these with
 * objcopy --redefine-sym (fuzz_diff_libsframe); a dlopened libsframe.so
 * has its relocation slots for them rewritten (peer_got.c,
 * fuzz_diff_libsframe_safe).  Its faults happen only in forked children,
 * where every fault is a libsframe crash.
 *
 * Each block ends exactly at a PROT_NONE page, with no slack: blocks whose
 * size is a multiple of 8 (structure arrays) start 8-byte aligned, other
 * sizes (byte buffers such as the FRE data copy) start unaligned.  x86-64
 * tolerates that; GCC assumes only 8-byte alignment of malloc results
 * (MALLOC_ABI_ALIGNMENT).
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "peer_alloc.h"

#define PAGE 4096u
#define HDR 16u

typedef struct blk {
  void *base;
  size_t maplen;
} blk;

/* libsframe indexes with unchecked 32-bit offsets (sfh_freoff + fre_off +
 * ...), so a fault one page after the block is not enough: a read far past
 * it would land in whatever happens to be mapped there (non-deterministic
 * verdicts).  Every block is followed by GUARD_SPAN bytes of PROT_NONE
 * address space (reserved, never backed), which covers any offset libsframe
 * can form, and preceded by one PROT_NONE page. */
#define GUARD_SPAN ((size_t)1 << 35)

static size_t live; /* blocks handed out and not freed */
int peer_alloc_fail_exit;
unsigned char peer_alloc_fill;

static uint8_t *map_ending_at_guard(size_t n, size_t align, uint8_t **base,
                                    size_t *maplen) {
  size_t body = (n + align - 1u) / align * align;
  size_t pages = (body + HDR + PAGE - 1u) / PAGE;
  uint8_t *p;
  if (n > ((size_t)1 << 34))
    return NULL;
  *maplen = PAGE + pages * PAGE + GUARD_SPAN;
  p = mmap(NULL, *maplen, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
           -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  if (mprotect(p + PAGE, pages * PAGE, PROT_READ | PROT_WRITE) != 0) {
    munmap(p, *maplen);
    return NULL;
  }
  *base = p;
  return p + PAGE + pages * PAGE - body;
}

static void *peer_block(size_t n) {
  uint8_t *base, *user;
  size_t maplen;
  blk b;
  user = map_ending_at_guard(n, n % 8u == 0 ? 8u : 1u, &base, &maplen);
  if (user == NULL && peer_alloc_fail_exit != 0)
    _exit(peer_alloc_fail_exit);
  if (user == NULL)
    return NULL;
  live++;
  b.base = base;
  b.maplen = maplen;
  memcpy(user - HDR, &b, sizeof b);
  return user;
}

void *sfv_peer_malloc(size_t n) {
  void *p = peer_block(n);
  if (p != NULL && peer_alloc_fill != 0)
    memset(p, peer_alloc_fill, n);
  return p;
}

void *sfv_peer_calloc(size_t a, size_t b) {
  if (b != 0 && a > SIZE_MAX / b)
    return NULL;
  return peer_block(a * b); /* mmap memory is zeroed */
}

void sfv_peer_free(void *p) {
  blk b;
  if (p == NULL)
    return;
  memcpy(&b, (uint8_t *)p - HDR, sizeof b);
  munmap(b.base, b.maplen);
  live--;
}

size_t peer_alloc_live(void) {
  return live;
}

void *sfv_peer_realloc(void *p, size_t n) {
  blk b;
  void *q;
  size_t old;
  if (p == NULL)
    return sfv_peer_malloc(n);
  memcpy(&b, (uint8_t *)p - HDR, sizeof b);
  old = (size_t)((uint8_t *)b.base + b.maplen - GUARD_SPAN - (uint8_t *)p);
  q = sfv_peer_malloc(n);
  if (q == NULL)
    return NULL;
  memcpy(q, p, old < n ? old : n);
  sfv_peer_free(p);
  return q;
}

const uint8_t *peer_input_copy(const uint8_t *data, size_t size) {
  uint8_t *base, *user;
  size_t maplen;
  user = map_ending_at_guard(size, 1, &base, &maplen);
  if (user != NULL && size > 0)
    memcpy(user, data, size);
  return user;
}

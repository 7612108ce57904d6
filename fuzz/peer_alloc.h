/* SPDX-License-Identifier: MIT */
/* peer_alloc.h - guard-page allocation for the libsframe oracle. */
#ifndef SFV_FUZZ_PEER_ALLOC_H
#define SFV_FUZZ_PEER_ALLOC_H

#include <stddef.h>
#include <stdint.h>

void *sfv_peer_malloc(size_t n);
void *sfv_peer_calloc(size_t a, size_t b);
void *sfv_peer_realloc(void *p, size_t n);
void sfv_peer_free(void *p);
/* When not 0, a block that cannot be had (over 16 GiB, or no address
 * space left) ends the process with this exit status instead of returning
 * NULL: whether a system's malloc grants such a request depends on its
 * memory, not on the library asking. */
extern int peer_alloc_fail_exit;
/* The byte sfv_peer_malloc fills a block with (and sfv_peer_realloc the
 * part past the old size); calloc's blocks stay zero. */
extern unsigned char peer_alloc_fill;
/* Blocks allocated and not yet freed. */
size_t peer_alloc_live(void);

/* Routes the malloc/calloc/realloc/free calls of the library dlopened
 * (RTLD_NOW) as handle to the functions above (peer_got.c); 0 on success,
 * -1 when a slot cannot be found, written or read back. */
int peer_route_allocator(void *handle);

/* A copy of data whose last byte is followed by an unmapped page (never
 * freed: the child exits).  NULL when it cannot be mapped. */
const uint8_t *peer_input_copy(const uint8_t *data, size_t size);

#endif

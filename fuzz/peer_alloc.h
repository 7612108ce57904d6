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

/* A copy of data whose last byte is followed by an unmapped page (never
 * freed: the child exits).  NULL when it cannot be mapped. */
const uint8_t *peer_input_copy(const uint8_t *data, size_t size);

#endif

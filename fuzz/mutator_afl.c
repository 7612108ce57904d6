/* SPDX-License-Identifier: MIT */
/* mutator_afl.c - the same structure-aware mutator for AFL++, through its
 * custom mutator API (AFL_CUSTOM_MUTATOR_LIBRARY=build/fuzz/afl/sfv-mutator.so).
 * AFL++ keeps running its own havoc stages as well unless
 * AFL_CUSTOM_MUTATOR_ONLY is set.
 */
#include <stdlib.h>
#include <string.h>

#include "sframe_model.h"

typedef struct afl_state {
  uint64_t seed;
  uint8_t *buf;
  size_t cap;
} afl_state;

void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
void afl_custom_deinit(void *data);

void *afl_custom_init(void *afl, unsigned int seed) {
  afl_state *s = calloc(1, sizeof *s);
  (void)afl;
  if (s == NULL)
    return NULL;
  s->seed = (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1u;
  return s;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size) {
  afl_state *s = data;
  size_t n;
  (void)add_buf;
  (void)add_buf_size;
  if (s->cap < max_size) {
    uint8_t *p = realloc(s->buf, max_size);
    if (p == NULL) {
      *out_buf = buf;
      return buf_size;
    }
    s->buf = p;
    s->cap = max_size;
  }
  memcpy(s->buf, buf, buf_size < max_size ? buf_size : max_size);
  s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
  n = sframe_structured_mutate(s->buf, buf_size < max_size ? buf_size : max_size,
                               max_size, s->seed);
  if (n == 0) { /* not an SFrame section: flip one byte */
    n = buf_size < max_size ? buf_size : max_size;
    if (n > 0)
      s->buf[(s->seed >> 33) % n] ^= (uint8_t)(1u << ((s->seed >> 20) & 7u));
  }
  *out_buf = s->buf;
  return n;
}

void afl_custom_deinit(void *data) {
  afl_state *s = data;
  free(s->buf);
  free(s);
}

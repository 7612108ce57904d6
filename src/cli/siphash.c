/* SPDX-License-Identifier: MIT */
/* siphash.c - SipHash-2-4 (siphash.h).
 *
 * Arithmetic is mod 2^64, written so that no operation wraps or shifts bits
 * out (the sanitized build traps on unsigned overflow and on shifted-out
 * bits): additions go through two 32-bit halves, rotations mask first. */
#define _GNU_SOURCE 1 /* getrandom */
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "siphash.h"

#define LO32 0xffffffffu

static uint64_t add(uint64_t a, uint64_t b) {
  uint64_t lo = (a & LO32) + (b & LO32);
  uint64_t hi = (a >> 32) + (b >> 32) + (lo >> 32);
  return ((hi & LO32) << 32) | (lo & LO32);
}

static uint64_t rotl(uint64_t x, unsigned b) {
  uint64_t keep = ((uint64_t)1 << (64 - b)) - 1u;
  return ((x & keep) << b) | (x >> (64 - b));
}

static uint64_t le64(const uint8_t *p) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < 8; i++)
    v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static void round_(cli_sip *s) {
  s->v0 = add(s->v0, s->v1); s->v1 = rotl(s->v1, 13); s->v1 ^= s->v0;
  s->v0 = rotl(s->v0, 32);
  s->v2 = add(s->v2, s->v3); s->v3 = rotl(s->v3, 16); s->v3 ^= s->v2;
  s->v0 = add(s->v0, s->v3); s->v3 = rotl(s->v3, 21); s->v3 ^= s->v0;
  s->v2 = add(s->v2, s->v1); s->v1 = rotl(s->v1, 17); s->v1 ^= s->v2;
  s->v2 = rotl(s->v2, 32);
}

static void word(cli_sip *s, uint64_t m) {
  s->v3 ^= m;
  round_(s);
  round_(s);
  s->v0 ^= m;
}

void cli_sip_init(cli_sip *s, const uint8_t key[16]) {
  uint64_t k0 = le64(key), k1 = le64(key + 8);
  s->v0 = k0 ^ 0x736f6d6570736575u;
  s->v1 = k1 ^ 0x646f72616e646f6du;
  s->v2 = k0 ^ 0x6c7967656e657261u;
  s->v3 = k1 ^ 0x7465646279746573u;
  s->tail = 0;
  s->ntail = 0;
  s->total = 0;
}

void cli_sip_add(cli_sip *s, const void *p, size_t n) {
  const uint8_t *b = p;
  size_t i;
  for (i = 0; i < n; i++) {
    s->tail |= (uint64_t)b[i] << (8 * s->ntail);
    s->total = add(s->total, 1);
    if (++s->ntail == 8) {
      word(s, s->tail);
      s->tail = 0;
      s->ntail = 0;
    }
  }
}

uint64_t cli_sip_final(cli_sip *s) {
  word(s, s->tail | ((s->total & 0xffu) << 56));
  s->v2 ^= 0xffu;
  round_(s);
  round_(s);
  round_(s);
  round_(s);
  return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

void cli_sip_fallback_key(uint8_t key[16]) {
  /* No entropy source: still a different key per run and per process,
   * which an adversary writing a file in advance does not know. */
  struct timespec ts;
  cli_sip s;
  uint64_t parts[4], h;
  static const uint8_t zero[16];
  (void)clock_gettime(CLOCK_REALTIME, &ts);
  parts[0] = (uint64_t)ts.tv_sec;
  parts[1] = (uint64_t)ts.tv_nsec;
  parts[2] = (uint64_t)getpid();
  parts[3] = (uint64_t)(uintptr_t)&ts ^ (uint64_t)(uintptr_t)&cli_sip_fallback_key;
  cli_sip_init(&s, zero);
  cli_sip_add(&s, parts, sizeof parts);
  h = cli_sip_final(&s);
  memcpy(key, &h, 8);
  cli_sip_add(&s, &h, sizeof h);
  h = cli_sip_final(&s);
  memcpy(key + 8, &h, 8);
}

const uint8_t *cli_sip_run_key(void) {
  static uint8_t key[16];
  static int have;
  if (!have) {
    if (getrandom(key, sizeof key, GRND_NONBLOCK) != (ssize_t)sizeof key)
      cli_sip_fallback_key(key);
    have = 1;
  }
  return key;
}

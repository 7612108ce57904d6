/* SPDX-License-Identifier: MIT */
/* siphash.h - SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast
 * short-input PRF", 2012), incremental, for the CLI's hash tables whose
 * keys come from files someone else may write (--baseline).  Keyed per
 * run (cli_sip_run_key), so colliding keys cannot be made in advance. */
#ifndef SFV_CLI_SIPHASH_H
#define SFV_CLI_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct cli_sip {
  uint64_t v0, v1, v2, v3;
  uint64_t tail;             /* bytes not yet in a full 8-byte word */
  unsigned ntail;
  uint64_t total;            /* bytes added, mod 2^64 */
} cli_sip;

void cli_sip_init(cli_sip *s, const uint8_t key[16]);
void cli_sip_add(cli_sip *s, const void *p, size_t n);
uint64_t cli_sip_final(cli_sip *s);

/* The run's key: getrandom(2) once; when it cannot give 16 bytes,
 * cli_sip_fallback_key's. */
const uint8_t *cli_sip_run_key(void);
/* A key mixed from the clock, the process id and addresses (ASLR). */
void cli_sip_fallback_key(uint8_t key[16]);

#endif

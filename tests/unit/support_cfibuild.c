/* SPDX-License-Identifier: MIT */
/* support_cfibuild.c - see cfibuild.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfibuild.h"

static void need(cb *b, size_t n) {
  if (n > CB_MAX - b->n) {
    fprintf(stderr, "cfibuild: buffer full\n");
    exit(2);
  }
}

void cb_init(cb *b, int big_endian, uint64_t addr) {
  memset(b, 0, sizeof *b);
  b->be = big_endian;
  b->addr = addr;
}

void cb_u8(cb *b, uint64_t v) {
  need(b, 1);
  b->buf[b->n++] = (uint8_t)v;
}

void cb_un(cb *b, unsigned bytes, uint64_t v) {
  unsigned i;
  need(b, bytes);
  for (i = 0; i < bytes; i++) {
    unsigned sh = b->be ? 8u * (bytes - 1u - i) : 8u * i;
    b->buf[b->n++] = (uint8_t)(v >> sh);
  }
}

void cb_uleb(cb *b, uint64_t v) {
  do {
    uint8_t x = (uint8_t)(v & 0x7f);
    v >>= 7;
    cb_u8(b, v ? x | 0x80u : x);
  } while (v);
}

void cb_sleb(cb *b, int64_t v) {
  for (;;) {
    uint8_t x = (uint8_t)((uint64_t)v & 0x7f);
    int64_t rest = v < 0 ? ~(~v >> 7) : v >> 7;
    int done = (rest == 0 && !(x & 0x40)) || (rest == -1 && (x & 0x40));
    cb_u8(b, done ? x : x | 0x80u);
    if (done)
      return;
    v = rest;
  }
}

void cb_bytes(cb *b, const uint8_t *p, size_t n) {
  need(b, n);
  if (n)
    memcpy(b->buf + b->n, p, n);
  b->n += n;
}

void cb_close(cb *b, size_t off) {
  size_t save = b->n;
  uint64_t len = b->n - off - 4;
  b->n = off;
  cb_un(b, 4, len);
  b->n = save;
}

size_t cb_cie(cb *b, const char *aug, uint8_t fde_enc, uint64_t code_align,
              int64_t data_align, uint32_t ra, const uint8_t *insns, size_t n) {
  size_t off = b->n, i;
  cb_un(b, 4, 0);
  cb_un(b, 4, 0); /* CIE id */
  cb_u8(b, 1);
  cb_bytes(b, (const uint8_t *)aug, strlen(aug) + 1);
  cb_uleb(b, code_align);
  cb_sleb(b, data_align);
  cb_u8(b, ra);
  if (aug[0] == 'z') {
    cb tmp;
    cb_init(&tmp, b->be, 0);
    for (i = 1; aug[i]; i++) {
      if (aug[i] == 'R')
        cb_u8(&tmp, fde_enc);
      else if (aug[i] == 'L')
        cb_u8(&tmp, 0x1b);
      else if (aug[i] == 'P') {
        cb_u8(&tmp, 0x03);
        cb_un(&tmp, 4, 0x12345678);
      }
    }
    cb_uleb(b, tmp.n);
    cb_bytes(b, tmp.buf, tmp.n);
  }
  cb_bytes(b, insns, n);
  while ((b->n - off) % 4)
    cb_u8(b, 0); /* DW_CFA_nop */
  cb_close(b, off);
  return off;
}

size_t cb_fde(cb *b, size_t cie, uint64_t pc, uint32_t range, int zaug,
              const uint8_t *insns, size_t n) {
  size_t off = b->n;
  cb_un(b, 4, 0);
  cb_un(b, 4, b->n - cie); /* CIE pointer: from this field back to the CIE */
  cb_un(b, 4, (uint64_t)((int64_t)pc - (int64_t)(b->addr + b->n))); /* sdata4 | pcrel */
  cb_un(b, 4, range);
  if (zaug)
    cb_uleb(b, 0);
  cb_bytes(b, insns, n);
  while ((b->n - off) % 4)
    cb_u8(b, 0);
  cb_close(b, off);
  return off;
}

void cb_end(cb *b) { cb_un(b, 4, 0); }

/* SPDX-License-Identifier: MIT */
/* support_base.c - baseline sections (see base.h). */
#include <string.h>

#include "base.h"

uint32_t base_sp_reg(uint8_t abi) {
  return abi == SB_ABI_AMD64 ? 7u : abi == SB_ABI_S390X ? 15u : 31u;
}

uint32_t base_fp_reg(uint8_t abi) {
  return abi == SB_ABI_AMD64 ? 6u : abi == SB_ABI_S390X ? 11u : 29u;
}

void base_full_dws(uint8_t abi, int32_t *dw, uint8_t *n) {
  if (abi == SB_ABI_AMD64) {
    /* CFA = SP + 16, FP at CFA - 16. */
    dw[0] = 16, dw[1] = -16, *n = 2;
  } else if (abi == SB_ABI_S390X) {
    /* CFA = SP + 20 * 8 + 160, RA at CFA - 48, FP at CFA - 72. */
    dw[0] = 20, dw[1] = -48, dw[2] = -72, *n = 3;
  } else {
    /* CFA = SP + 16, RA at CFA - 8, FP at CFA - 16. */
    dw[0] = 16, dw[1] = -8, dw[2] = -16, *n = 3;
  }
}

static sb_fre fre1(uint32_t start, uint8_t base_reg, uint8_t size,
                   int32_t cfa) {
  sb_fre r;
  memset(&r, 0, sizeof r);
  r.start = start;
  r.base_reg = base_reg;
  r.dw_size = size;
  r.dw_count = 1;
  r.dw[0] = cfa;
  return r;
}

static sb_fre flex(uint32_t start, uint8_t n, const int32_t *w) {
  sb_fre r;
  uint8_t i;
  memset(&r, 0, sizeof r);
  r.start = start;
  r.dw_count = n;
  r.dw_size = 0;
  for (i = 0; i < n; i++)
    r.dw[i] = w[i];
  return r;
}

void base_init(base *b, uint8_t v, uint8_t abi, uint8_t extra_flags) {
  sb_fde *f;
  sb_fre *r;
  int aarch64 = abi == SB_ABI_AARCH64_BE || abi == SB_ABI_AARCH64_LE;
  uint32_t n = 0;

  memset(b, 0, sizeof *b);
  b->d.version = v;
  b->d.abi = abi;
  b->d.big_endian = (uint8_t)sb_abi_big_endian(abi);
  b->d.flags = (uint8_t)(SB_F_SORTED | (v == 3 ? SB_F_PCREL : 0) | extra_flags);
  b->d.fixed_ra = abi == SB_ABI_AMD64 ? -8 : 0;

  /* FDE 0. */
  f = &b->fdes[n];
  f->start = 0x100, f->size = 0x20, f->fre_type = 0;
  f->signal = v == 3;
  b->fres[n][0] = fre1(0, 1, 0, 8);
  f->nfres = 1;
  n++;

  /* FDE 1. */
  f = &b->fdes[n];
  f->start = 0x120, f->size = 0x300, f->fre_type = 1;
  f->pauth_key = (uint8_t)aarch64;
  r = b->fres[n];
  r[0] = fre1(0, 1, 0, 8);
  r[1] = fre1(1, 1, 1, 0);
  base_full_dws(abi, r[1].dw, &r[1].dw_count);
  r[2] = fre1(0x104, 0, 2, 0);
  base_full_dws(abi, r[2].dw, &r[2].dw_count);
  r[2].mangled_ra = (uint8_t)aarch64;
  f->nfres = 3;
  n++;

  /* FDE 2: a PLT-like MASK FDE. */
  f = &b->fdes[n];
  f->start = 0x420, f->size = 0x40, f->fre_type = 0, f->pc_type = 1;
  f->rep_size = v >= 2 ? 16 : 0;
  b->fres[n][0] = fre1(0, 1, 0, 8);
  b->fres[n][1] = fre1(6, 1, 0, 16);
  f->nfres = 2;
  n++;

  if (v >= 2) {
    /* FDE 3: RA undefined (outermost frame), v2 erratum 2. */
    f = &b->fdes[n];
    f->start = 0x460, f->size = 0x10;
    b->fres[n][0] = fre1(0, 1, 0, 0);
    b->fres[n][0].dw_count = 0;
    f->nfres = 1;
    n++;
  }
  if (v == 3) {
    uint32_t sp = base_sp_reg(abi), fp = base_fp_reg(abi);
    const int32_t c2[2] = {(int32_t)(sp << 3 | 1), 8};
    const int32_t c4[4] = {(int32_t)(sp << 3 | 1), 16, 2, -8};
    const int32_t c5[5] = {(int32_t)(fp << 3 | 1), 16, 0, 2, -16};
    const int32_t c6[6] = {(int32_t)(fp << 3 | 3), -8, 2, -8,
                           (int32_t)(fp << 3 | 3), 0};
    /* FDE 4: flex. */
    f = &b->fdes[n];
    f->start = 0x470, f->size = 0x30, f->fde_type = 1;
    r = b->fres[n];
    r[0] = flex(0, 2, c2);
    r[1] = flex(1, 4, c4);
    r[2] = flex(4, 5, c5);
    r[3] = flex(8, 6, c6);
    f->nfres = 4;
    n++;
    /* FDE 5: default FDE without FREs. */
    f = &b->fdes[n];
    f->start = 0x4a0, f->size = 0x8;
    n++;
  }
  b->d.nfdes = n;
  b->d.fdes = b->fdes;
}

void base_build(base *b) {
  uint32_t i;
  for (i = 0; i < BASE_MAX_FDES; i++)
    b->fdes[i].fres = b->fres[i];
  b->d.fdes = b->fdes;
  b->d.trailing = b->trailing;
  b->size = sb_build(&b->d, b->buf, sizeof b->buf, &b->lay);
}

/* SPDX-License-Identifier: MIT */
/* test_lookup.c - sfv_find_fre against a brute-force reference.
 *
 * The reference works on the builder's description, not on decoded bytes:
 * among FDEs of nonzero size whose [vma + start, vma + start + size)
 * contains pc (addresses that do not fit in 64 bits contain nothing), the
 * one with the greatest start wins, ties to the highest index; then the
 * last FRE that applies: INC start <= off; MASK v2/v3 start <= off %
 * rep_size (rep_size 0: none); MASK v1 (off & start) == start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "index_check.h"
#include "sbuild.h"
#include "sfv.h"

#define MAX_FDES 24
#define MAX_FRES 8

typedef struct ref {
  int found;
  uint32_t fde, fre;
  uint64_t func_start, fre_start;
} ref;

/* *out = a + d when it fits in [0, 2^64). */
static int add_ok(uint64_t a, int64_t d, uint64_t *out) {
  if (d >= 0) {
    if ((uint64_t)d > UINT64_MAX - a)
      return 0;
    *out = a + (uint64_t)d;
  } else {
    uint64_t m = (uint64_t)(-(d + 1)) + 1u;
    if (m > a)
      return 0;
    *out = a - m;
  }
  return 1;
}

static ref reference(const sb_section *d, uint64_t vma, uint64_t pc) {
  ref r;
  uint32_t i, j;
  int have = 0;
  uint64_t off;
  const sb_fde *f;
  memset(&r, 0, sizeof r);
  for (i = 0; i < d->nfdes; i++) {
    uint64_t s;
    f = &d->fdes[i];
    if (f->size == 0 || !add_ok(vma, f->start, &s))
      continue;
    if (pc < s || pc - s >= f->size)
      continue;
    if (!have || s >= r.func_start) {
      r.fde = i;
      r.func_start = s;
      have = 1;
    }
  }
  if (!have)
    return r;
  f = &d->fdes[r.fde];
  off = pc - r.func_start;
  if (f->pc_type == 1 && d->version >= 2) {
    if (f->rep_size == 0)
      return r;
    off %= f->rep_size;
  }
  for (j = 0; j < f->nfres; j++) {
    uint32_t s = f->fres[j].start;
    int match = f->pc_type == 1 && d->version == 1 ? (off & s) == s : s <= off;
    if (match) {
      r.found = 1;
      r.fre = j;
    }
  }
  if (r.found)
    r.fre_start = f->pc_type == 1 ? f->fres[r.fre].start
                                  : r.func_start + f->fres[r.fre].start;
  return r;
}

/* One random valid section: FDEs in ascending address order. */
typedef struct gen {
  sb_section d;
  sb_fde fdes[MAX_FDES];
  sb_fre fres[MAX_FDES][MAX_FRES];
  uint32_t perm[MAX_FDES];
} gen;

static void gen_section(gen *g, uint64_t *seed) {
  static const uint8_t abis[] = {SB_ABI_AARCH64_BE, SB_ABI_AARCH64_LE,
                                 SB_ABI_AMD64, SB_ABI_S390X};
  uint32_t i, j, n;
  int64_t pos;
  memset(g, 0, sizeof *g);
  g->d.version = (uint8_t)(1 + t_below(seed, 3));
  do
    g->d.abi = abis[t_below(seed, 4)];
  while (g->d.version == 1 && g->d.abi == SB_ABI_S390X);
  g->d.big_endian = (uint8_t)sb_abi_big_endian(g->d.abi);
  g->d.flags = SB_F_SORTED;
  if (g->d.version >= 2 && t_below(seed, 2))
    g->d.flags |= SB_F_PCREL;
  g->d.fixed_ra = g->d.abi == SB_ABI_AMD64 ? -8 : 0;
  n = (uint32_t)t_below(seed, MAX_FDES + 1);
  pos = (int64_t)t_below(seed, 0x1000) - (g->d.version == 3 ? 0x800 : 0);
  for (i = 0; i < n; i++) {
    sb_fde *f = &g->fdes[i];
    uint32_t nf = 1 + (uint32_t)t_below(seed, MAX_FRES), limit;
    uint32_t s = 0;
    int zero = t_below(seed, 8) == 0;
    f->size = zero ? 0 : 1 + (uint32_t)t_below(seed, 0x400);
    /* A zero-size FDE may sit inside the previous function (it covers
     * nothing, so that is no overlap); starts never decrease. */
    if (zero && i > 0 && t_below(seed, 2))
      f->start = g->fdes[i - 1].start + (int64_t)t_below(seed, 4);
    else
      f->start = pos + (int64_t)t_below(seed, 0x40);
    if (f->start + (int64_t)f->size > pos)
      pos = f->start + (int64_t)f->size;
    f->pc_type = t_below(seed, 4) == 0;
    f->rep_size = (uint8_t)(f->pc_type && g->d.version >= 2
                                ? t_below(seed, 8) == 0 ? 0
                                                       : 1 + t_below(seed, 40)
                                : 0);
    limit = f->pc_type && g->d.version >= 2 ? f->rep_size : f->size;
    f->fre_type = (uint8_t)t_below(seed, 3);
    if (limit > 0xff && f->fre_type == 0)
      f->fre_type = 1;
    for (j = 0; j < nf; j++) {
      sb_fre *r = &g->fres[i][j];
      if (j == 0)
        s = t_below(seed, 4) == 0 && limit > 1 ? (uint32_t)t_below(seed, 4) : 0;
      else
        s += 1 + (uint32_t)t_below(seed, 24);
      if (limit != 0 && s >= limit)
        break;
      r->start = s;
      r->base_reg = (uint8_t)t_below(seed, 2);
      r->dw_size = (uint8_t)t_below(seed, 3);
      r->dw_count = 1;
      r->dw[0] = 16;
    }
    f->nfres = j;
    f->fres = g->fres[i];
    /* Some FDEs with FREs out of order (invalid, but answered: the last
     * FRE in block order that applies). */
    if (j >= 2 && t_below(seed, 6) == 0) {
      sb_fre t = g->fres[i][0];
      g->fres[i][0] = g->fres[i][j - 1];
      g->fres[i][j - 1] = t;
    }
  }
  g->d.nfdes = n;
  g->d.fdes = g->fdes;
}

/* The same section with its FDE entries in a random order (blocks follow
 * their FDEs); the sorted flag is dropped. */
static void shuffle(const gen *in, gen *out, uint64_t *seed) {
  uint32_t i, n = in->d.nfdes;
  *out = *in;
  for (i = 0; i < n; i++)
    out->perm[i] = i;
  for (i = n; i > 1; i--) {
    uint32_t k = (uint32_t)t_below(seed, i), t = out->perm[i - 1];
    out->perm[i - 1] = out->perm[k];
    out->perm[k] = t;
  }
  for (i = 0; i < n; i++) {
    out->fdes[i] = in->fdes[out->perm[i]];
    memcpy(out->fres[i], in->fres[out->perm[i]], sizeof out->fres[i]);
    out->fdes[i].fres = out->fres[i];
  }
  out->d.fdes = out->fdes;
  out->d.flags &= (uint8_t)~SB_F_SORTED;
}

static void compare(const sfv_section *sec, const sb_section *d, uint64_t pc,
                    const char *ctx) {
  sfv_lookup lk;
  sfv_status st = sfv_find_fre(sec, pc, &lk);
  ref r = reference(d, sec->vma, pc);
  if (!r.found) {
    CHECKF(st == SFV_E_NOT_FOUND, "%s pc 0x%llx: status %d, want not found",
           ctx, (unsigned long long)pc, st);
    return;
  }
  CHECKF(st == SFV_OK, "%s pc 0x%llx: status %d, want FDE %u FRE %u", ctx,
         (unsigned long long)pc, st, r.fde, r.fre);
  if (st != SFV_OK)
    return;
  CHECKF(lk.fde.index == r.fde && lk.fre.index == r.fre,
         "%s pc 0x%llx: FDE %u FRE %u, want FDE %u FRE %u", ctx,
         (unsigned long long)pc, lk.fde.index, lk.fre.index, r.fde, r.fre);
  CHECK_EQU(lk.func_start, r.func_start, ctx);
  CHECK_EQU(lk.fre_start, r.fre_start, ctx);
  CHECK_EQU(lk.fre.start, d->fdes[r.fde].fres[r.fre].start, ctx);
  {
    sfv_recovery_set rec;
    CHECK_EQ(lk.recovery_status, sfv_fre_recovery(sec, &lk.fde, &lk.fre, &rec),
             ctx);
  }
}

/* PCs worth asking about for section d at vma. */
static unsigned probe_pcs(const sb_section *d, uint64_t vma, uint64_t *pcs,
                          unsigned max, uint64_t *seed) {
  unsigned n = 0;
  uint32_t i;
  pcs[n++] = 0;
  pcs[n++] = UINT64_MAX;
  pcs[n++] = vma;
  for (i = 0; i < d->nfdes && n + 8 <= max; i++) {
    uint64_t s;
    const sb_fde *f = &d->fdes[i];
    if (!add_ok(vma, f->start, &s))
      continue;
    if (s > 0)
      pcs[n++] = s - 1;
    pcs[n++] = s;
    if (s < UINT64_MAX)
      pcs[n++] = s + 1;
    if (f->size > 0 && f->size - 1u <= UINT64_MAX - s)
      pcs[n++] = s + (f->size - 1u);
    if (f->size <= UINT64_MAX - s)
      pcs[n++] = s + f->size;
    if (f->size > 0 && f->size - 1u <= UINT64_MAX - s) {
      pcs[n++] = s + t_below(seed, f->size);
      pcs[n++] = s + t_below(seed, f->size);
    }
  }
  return n;
}

static void randomized(void) {
  uint64_t seed = 20240917;
  unsigned iter, probes = 0;
  static gen g, h;
  static uint8_t buf[16384], buf2[16384];
  for (iter = 0; iter < 3000; iter++) {
    sfv_section a, b;
    size_t na, nb;
    uint64_t pcs[256], vma;
    unsigned np, p;
    char ctx[96];
    gen_section(&g, &seed);
    shuffle(&g, &h, &seed);
    na = sb_build(&g.d, buf, sizeof buf, NULL);
    nb = sb_build(&h.d, buf2, sizeof buf2, NULL);
    CHECK_EQ(sfv_open(&a, buf, na), SFV_OK, "random");
    CHECK_EQ(sfv_open(&b, buf2, nb), SFV_OK, "random shuffled");
    CHECKF(sfv_fdes_verified_sorted(&a) == 1, "random #%u: ascending FDEs not seen sorted",
           iter);
    switch (iter % 4) {
    case 0: vma = 0; break;
    case 1: vma = 0x400000; break;
    case 2: vma = UINT64_MAX - 0x1000; break;
    default: vma = t_rand(&seed); break;
    }
    sfv_set_vma(&a, vma);
    sfv_set_vma(&b, vma);
    np = probe_pcs(&g.d, vma, pcs, 256, &seed);
    for (p = 0; p < np; p++) {
      sfv_lookup la, lb;
      sfv_status sa, sb;
      snprintf(ctx, sizeof ctx, "random #%u v%u sorted", iter, g.d.version);
      compare(&a, &g.d, pcs[p], ctx);
      snprintf(ctx, sizeof ctx, "random #%u v%u shuffled", iter, g.d.version);
      compare(&b, &h.d, pcs[p], ctx);
      /* Sorted and unsorted copies give the same answer (same function). */
      sa = sfv_find_fre(&a, pcs[p], &la);
      sb = sfv_find_fre(&b, pcs[p], &lb);
      CHECK_EQ(sa, sb, "sorted vs shuffled status");
      if (sa == SFV_OK && sb == SFV_OK) {
        CHECK_EQU(la.func_start, lb.func_start, "sorted vs shuffled");
        CHECK_EQ(la.fre.index, lb.fre.index, "sorted vs shuffled");
        CHECK_EQ(h.perm[lb.fde.index], la.fde.index, "sorted vs shuffled");
      }
      probes++;
    }
    /* The index answers as sfv_find_fre at the same PCs (and its own). */
    snprintf(ctx, sizeof ctx, "index random #%u v%u sorted", iter, g.d.version);
    CHECK_EQ(index_check(&a, pcs, np, ctx), SFV_OK, ctx);
    snprintf(ctx, sizeof ctx, "index random #%u v%u shuffled", iter, g.d.version);
    CHECK_EQ(index_check(&b, pcs, np, ctx), SFV_OK, ctx);
  }
  CHECKF(probes > 30000, "only %u probes", probes);
}

/* ------------------------------------------------------------ fixed cases */

static sb_fre F(uint32_t start) {
  sb_fre r;
  memset(&r, 0, sizeof r);
  r.start = start;
  r.base_reg = 1;
  r.dw_count = 1;
  r.dw[0] = 8;
  return r;
}

static void build1(sb_section *d, sb_fde *fdes, uint32_t n, uint8_t v,
                   uint8_t *buf, size_t cap, sfv_section *sec) {
  size_t size;
  memset(d, 0, sizeof *d);
  d->version = v;
  d->abi = SB_ABI_AMD64;
  d->fixed_ra = -8;
  d->flags = SB_F_SORTED;
  d->fdes = fdes;
  d->nfdes = n;
  size = sb_build(d, buf, cap, NULL);
  CHECK_EQ(sfv_open(sec, buf, size), SFV_OK, "build1");
}

static void expect(const sfv_section *sec, uint64_t pc, sfv_status st,
                   uint32_t fde, uint32_t fre, const char *ctx) {
  sfv_lookup lk;
  sfv_status got = sfv_find_fre(sec, pc, &lk);
  CHECKF(got == st, "%s: pc 0x%llx status %d want %d", ctx,
         (unsigned long long)pc, got, st);
  CHECK_EQ(index_check(sec, &pc, 1, ctx), SFV_OK, ctx);
  if (got == SFV_OK && st == SFV_OK)
    CHECKF(lk.fde.index == fde && lk.fre.index == fre,
           "%s: pc 0x%llx FDE %u FRE %u, want %u %u", ctx,
           (unsigned long long)pc, lk.fde.index, lk.fre.index, fde, fre);
}

static void fixed_cases(void) {
  sb_section d;
  sb_fde fdes[4];
  sb_fre fr[4][4];
  uint8_t buf[1024];
  sfv_section sec;
  sfv_lookup lk;
  uint8_t v;

  /* MASK v2/v3: PLT entries of 16 bytes, FREs at 0, 6, 11. */
  for (v = 2; v <= 3; v++) {
    memset(fdes, 0, sizeof fdes);
    fr[0][0] = F(0), fr[0][1] = F(6), fr[0][2] = F(11);
    fdes[0].start = 0x1000, fdes[0].size = 0x100, fdes[0].pc_type = 1;
    fdes[0].rep_size = 16, fdes[0].fres = fr[0], fdes[0].nfres = 3;
    build1(&d, fdes, 1, v, buf, sizeof buf, &sec);
    expect(&sec, 0x1000, SFV_OK, 0, 0, "mask");
    expect(&sec, 0x1005, SFV_OK, 0, 0, "mask");
    expect(&sec, 0x1006, SFV_OK, 0, 1, "mask");
    expect(&sec, 0x100b, SFV_OK, 0, 2, "mask");
    expect(&sec, 0x100f, SFV_OK, 0, 2, "mask");
    expect(&sec, 0x1010, SFV_OK, 0, 0, "mask next block");
    expect(&sec, 0x1037, SFV_OK, 0, 1, "mask 3rd block");
    expect(&sec, 0x10ff, SFV_OK, 0, 2, "mask last byte");
    expect(&sec, 0x1100, SFV_E_NOT_FOUND, 0, 0, "mask end");
    CHECK_EQ(sfv_find_fre(&sec, 0x1037, &lk), SFV_OK, "mask");
    CHECK_EQU(lk.fre_start, 6, "MASK fre_start is the masked offset");
    CHECK_EQU(lk.func_start, 0x1000, "mask");
  }

  /* MASK v1: (off & start) == start, last match. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0), fr[0][1] = F(6), fr[0][2] = F(9);
  fdes[0].start = 0x2000, fdes[0].size = 0x40, fdes[0].pc_type = 1;
  fdes[0].fres = fr[0], fdes[0].nfres = 3;
  build1(&d, fdes, 1, 1, buf, sizeof buf, &sec);
  expect(&sec, 0x2000 + 0x17, SFV_OK, 0, 1, "v1 mask 0x17"); /* &6 == 6 */
  expect(&sec, 0x2000 + 0x13, SFV_OK, 0, 0, "v1 mask 0x13"); /* &6 == 2 */
  expect(&sec, 0x2000 + 0x0f, SFV_OK, 0, 2, "v1 mask 0x0f"); /* 6, 9 both */
  expect(&sec, 0x2000 + 0x09, SFV_OK, 0, 2, "v1 mask 0x09");
  expect(&sec, 0x2000 + 0x08, SFV_OK, 0, 0, "v1 mask 0x08");

  /* MASK with rep_size 0 (invalid): nothing applies. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0);
  fdes[0].start = 0x100, fdes[0].size = 0x40, fdes[0].pc_type = 1;
  fdes[0].fres = fr[0], fdes[0].nfres = 1;
  build1(&d, fdes, 1, 2, buf, sizeof buf, &sec);
  expect(&sec, 0x100, SFV_E_NOT_FOUND, 0, 0, "rep_size 0");

  /* INC: start, end, outside, uncovered head, zero-size FDEs. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(4), fr[0][1] = F(0x10);
  fdes[0].start = 0x100, fdes[0].size = 0x20, fdes[0].fres = fr[0];
  fdes[0].nfres = 2;
  fr[1][0] = F(0);
  fdes[1].start = 0x110, fdes[1].size = 0, fdes[1].fres = fr[1];
  fdes[1].nfres = 1;
  fr[2][0] = F(0);
  fdes[2].start = 0x120, fdes[2].size = 0, fdes[2].fres = fr[2];
  fdes[2].nfres = 1;
  fr[3][0] = F(0);
  fdes[3].start = 0x120, fdes[3].size = 0x10, fdes[3].fres = fr[3];
  fdes[3].nfres = 1;
  build1(&d, fdes, 4, 3, buf, sizeof buf, &sec);
  CHECK_EQ(sfv_fdes_verified_sorted(&sec), 1, "inc");
  expect(&sec, 0xff, SFV_E_NOT_FOUND, 0, 0, "before");
  expect(&sec, 0x100, SFV_E_NOT_FOUND, 0, 0, "uncovered head");
  expect(&sec, 0x104, SFV_OK, 0, 0, "first FRE");
  expect(&sec, 0x110, SFV_OK, 0, 1, "zero-size FDE inside: skipped");
  expect(&sec, 0x11f, SFV_OK, 0, 1, "last byte");
  expect(&sec, 0x120, SFV_OK, 3, 0, "next function, after a zero-size FDE");
  expect(&sec, 0x12f, SFV_OK, 3, 0, "next function end-1");
  expect(&sec, 0x130, SFV_E_NOT_FOUND, 0, 0, "past the end");
  CHECK_EQ(sfv_find_fre(&sec, 0x118, &lk), SFV_OK, "inc");
  CHECK_EQU(lk.fre_start, 0x110, "INC fre_start is an address");

  /* sfv_set_vma moves everything. */
  sfv_set_vma(&sec, 0x7f0000000000ull);
  expect(&sec, 0x104, SFV_E_NOT_FOUND, 0, 0, "vma: old address");
  expect(&sec, 0x7f0000000104ull, SFV_OK, 0, 0, "vma");
  CHECK_EQ(sfv_find_fre(&sec, 0x7f0000000118ull, &lk), SFV_OK, "vma");
  CHECK_EQU(lk.func_start, 0x7f0000000100ull, "vma func_start");
  CHECK_EQU(lk.fre_start, 0x7f0000000110ull, "vma fre_start");

  /* Near UINT64_MAX: a function ending exactly at 2^64, one whose range
   * would run past it (still covers the PCs below 2^64), and one whose
   * start is not representable (covers nothing). */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0), fr[0][1] = F(0xf0);
  fdes[0].start = 0x100, fdes[0].size = 0xf00, fdes[0].fres = fr[0];
  fdes[0].nfres = 2;
  fr[1][0] = F(0);
  fdes[1].start = 0x1000, fdes[1].size = 0x1000, fdes[1].fres = fr[1];
  fdes[1].nfres = 1;
  build1(&d, fdes, 2, 2, buf, sizeof buf, &sec);
  sfv_set_vma(&sec, UINT64_MAX - 0xfff);
  expect(&sec, UINT64_MAX, SFV_OK, 0, 1, "top byte");
  expect(&sec, UINT64_MAX - 0xf00 + 1, SFV_OK, 0, 0, "top function start");
  CHECK_EQ(sfv_find_fre(&sec, UINT64_MAX, &lk), SFV_OK, "top");
  CHECK_EQU(lk.fre_start, UINT64_MAX - 0xfff + 0x100 + 0xf0, "top fre_start");
  sfv_set_vma(&sec, UINT64_MAX - 0x17ff);
  expect(&sec, UINT64_MAX, SFV_OK, 1, 0, "range past 2^64");
  sfv_set_vma(&sec, UINT64_MAX - 0xff);
  expect(&sec, UINT64_MAX, SFV_E_NOT_FOUND, 0, 0, "start past 2^64");

  /* v3: a function before the section (negative start) and a 64-bit one. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0);
  fdes[0].start = -0x100, fdes[0].size = 0x80, fdes[0].fres = fr[0];
  fdes[0].nfres = 1;
  fr[1][0] = F(0), fr[1][1] = F(0x1000);
  fdes[1].start = 0x123456789aLL, fdes[1].size = 0x2000;
  fdes[1].fre_type = 1, fdes[1].fres = fr[1], fdes[1].nfres = 2;
  build1(&d, fdes, 2, 3, buf, sizeof buf, &sec);
  expect(&sec, 0x10, SFV_E_NOT_FOUND, 0, 0, "negative start, vma 0");
  sfv_set_vma(&sec, 0x10000);
  expect(&sec, 0xff00, SFV_OK, 0, 0, "negative start");
  expect(&sec, 0xff7f, SFV_OK, 0, 0, "negative start end-1");
  expect(&sec, 0x10000 + 0x123456789aULL + 0x1001, SFV_OK, 1, 1, "64-bit");

  /* Sorted, some starts below address 0 at this vma (they cover nothing):
   * the binary search must still move right past them. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0);
  fdes[0].start = -0x300, fdes[0].size = 0x80, fdes[0].fres = fr[0];
  fdes[0].nfres = 1;
  fdes[1] = fdes[0], fdes[1].start = -0x200;
  fdes[2] = fdes[0], fdes[2].start = -0x100;
  fdes[3] = fdes[0], fdes[3].start = 0x100;
  build1(&d, fdes, 4, 3, buf, sizeof buf, &sec);
  CHECK_EQ(sfv_fdes_verified_sorted(&sec), 1, "below 0");
  expect(&sec, 0x110, SFV_OK, 3, 0, "sorted, earlier starts below 0");
  sfv_set_vma(&sec, 0x250);
  expect(&sec, 0x160, SFV_OK, 2, 0, "sorted, earlier starts below 0 (vma)");
  expect(&sec, 0x360, SFV_OK, 3, 0, "sorted, earlier starts below 0 (vma)");

  /* Overlapping functions (invalid, but answered): greatest start wins. */
  memset(fdes, 0, sizeof fdes);
  fr[0][0] = F(0);
  fdes[0].start = 0x100, fdes[0].size = 0x100, fdes[0].fres = fr[0];
  fdes[0].nfres = 1;
  fr[1][0] = F(0);
  fdes[1].start = 0x140, fdes[1].size = 0x10, fdes[1].fres = fr[1];
  fdes[1].nfres = 1;
  build1(&d, fdes, 2, 2, buf, sizeof buf, &sec);
  CHECK_EQ(sfv_find_fre(&sec, 0x148, &lk), SFV_OK, "nested: inner");
  CHECK_EQ(lk.fde.index, 1, "nested: inner");
  /* The index refuses it (the greatest start <= pc need not contain pc). */
  CHECK_EQ(index_check(&sec, NULL, 0, "nested"), SFV_E_UNINDEXABLE, "nested");
  /* (0x150, in the outer function after the inner one, is answered by the
   * linear scan only: the binary search assumes disjoint functions.) */

  /* Empty section. */
  build1(&d, fdes, 0, 3, buf, sizeof buf, &sec);
  expect(&sec, 0, SFV_E_NOT_FOUND, 0, 0, "empty");
  expect(&sec, UINT64_MAX, SFV_E_NOT_FOUND, 0, 0, "empty");
}

int main(void) {
  fixed_cases();
  randomized();
  return t_exit("test_lookup");
}

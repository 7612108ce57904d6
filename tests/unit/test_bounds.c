/* SPDX-License-Identifier: MIT */
/* test_bounds.c - hostile counts, offsets and sizes.
 *
 * Every case must complete (the library's work is linear in the bytes it is
 * given, whatever the header claims) and give the asserted result; buffers
 * are heap copies of exactly the section's length, so under ASan any read
 * past the end is caught.  Nothing here is timed: a quadratic or unbounded
 * loop shows up as a hang of this program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "diagsink.h"
#include "sfv.h"

static const uint8_t abis[] = {SB_ABI_AARCH64_BE, SB_ABI_AARCH64_LE,
                               SB_ABI_AMD64, SB_ABI_S390X};

static uint8_t *dup_exact(const uint8_t *p, size_t n) {
  uint8_t *q = malloc(n ? n : 1);
  if (q == NULL)
    abort();
  if (n)
    memcpy(q, p, n);
  return q;
}

static sink S; /* large: keep off the stack */

/* a + b modulo 2^64, without unsigned overflow (sanitized builds). */
static uint64_t wadd(uint64_t a, uint64_t b) {
  return b <= UINT64_MAX - a ? a + b : b - (UINT64_MAX - a) - 1u;
}

/* Runs every entry point over data[0..n) and checks the invariants that
 * hold for any input.  Returns the error count of a full validation. */
static uint32_t exercise(const uint8_t *data, size_t n, const char *ctx) {
  sfv_section sec;
  sfv_result res, res2;
  sfv_status st;
  uint32_t i, fres_seen = 0;

  st = sink_validate(&S, data, n, 0, 0, 1, &res);
  CHECKF(st == SFV_OK, "%s: validate %d", ctx, st);
  CHECKF(res.errors + res.warnings + res.notes == S.n + res.suppressed,
         "%s: counts %u+%u+%u vs %u delivered + %u suppressed", ctx,
         res.errors, res.warnings, res.notes, S.n, res.suppressed);
  st = sink_validate(&S, data, n, SFV_OPT_UNRELOCATED, 0, 0, &res2);
  CHECKF(st == SFV_OK, "%s: validate (unrelocated) %d", ctx, st);
  st = sink_validate(&S, data, n, SFV_OPT_VMA, 0xffffffffffff0000ull, 1,
                     &res2);
  CHECKF(st == SFV_OK, "%s: validate (vma) %d", ctx, st);
  CHECKF(sfv_validate(data, n, NULL, NULL, NULL, NULL) == SFV_OK,
         "%s: validate without options/result", ctx);

  st = sfv_open(&sec, data, n);
  CHECKF((st == SFV_OK) == (res.decoded != 0),
         "%s: sfv_open %d but validate decoded=%u", ctx, st, res.decoded);
  if (st != SFV_OK)
    return res.errors;
  CHECKF(sec.fde_avail <= sec.hdr.num_fdes, "%s: fde_avail", ctx);
  CHECKF(sec.fde_avail == 0 ||
             sfv_fde_subsection_offset(&sec) + (uint64_t)sec.fde_avail * sfv_fde_entry_size(&sec) <= n,
         "%s: fde_avail past the buffer", ctx);
  for (i = 0; i < sec.fde_avail; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    sfv_recovery_set rec;
    uint64_t addr, prev_pos;
    st = sfv_fde_get(&sec, i, &f);
    CHECKF(st == SFV_OK || st == SFV_E_BOUNDS, "%s: fde_get %d", ctx, st);
    (void)sfv_fde_func_start(&sec, &f, &addr);
    if (sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK)
      continue;
    prev_pos = it.pos;
    while ((st = sfv_fre_next(&it, &r)) == SFV_OK) {
      CHECKF(r.offset + r.length <= n && r.length >= 2,
             "%s: FRE outside the buffer", ctx);
      CHECKF(it.pos > prev_pos, "%s: iterator did not advance", ctx);
      prev_pos = it.pos;
      (void)sfv_fre_recovery(&sec, &f, &r, &rec);
      fres_seen++;
    }
    CHECKF(st == SFV_END || st == SFV_E_BOUNDS || st == SFV_E_DATAWORD_SIZE,
           "%s: fre_next %d", ctx, st);
    {
      sfv_lookup lk;
      uint64_t pcs[4];
      unsigned p;
      pcs[0] = (uint64_t)f.start;
      pcs[1] = wadd(pcs[0], 1);
      pcs[2] = wadd(pcs[0], f.size ? f.size - 1u : 0u);
      pcs[3] = wadd(pcs[0], f.size);
      for (p = 0; p < 4; p++) {
        st = sfv_find_fre(&sec, pcs[p], &lk);
        CHECKF(st == SFV_OK || st == SFV_E_NOT_FOUND || st == SFV_E_BOUNDS ||
                   st == SFV_E_FRE_TYPE || st == SFV_E_DATAWORD_SIZE ||
                   st == SFV_E_OVERFLOW,
               "%s: find_fre %d", ctx, st);
      }
    }
  }
  /* Decoding work is bounded by the bytes, not by the counts. */
  CHECKF(fres_seen <= (n / 2u) * (sec.fde_avail ? sec.fde_avail : 1u),
         "%s: %u FREs decoded from %zu bytes", ctx, fres_seen, n);
  return res.errors;
}

/* Every prefix of every baseline: no crash; the right verdict. */
static void truncations(void) {
  uint8_t v;
  unsigned a;
  for (v = 1; v <= 3; v++)
    for (a = 0; a < 4; a++) {
      base b;
      size_t len;
      if (v == 1 && abis[a] == SB_ABI_S390X)
        continue;
      base_init(&b, v, abis[a], 0);
      base_build(&b);
      for (len = 0; len <= b.size; len++) {
        char ctx[64];
        uint8_t *p = dup_exact(b.buf, len);
        uint32_t errors;
        snprintf(ctx, sizeof ctx, "v%u abi %u truncated to %zu", v, abis[a],
                 len);
        errors = exercise(p, len, ctx);
        if (len < SB_HDR_SIZE) {
          sfv_section sec;
          sink_validate(&S, p, len, 0, 0, 1, NULL);
          CHECKF(S.n == 1 && S.d[0].rule ==
                                 sfv_rule_lookup("section-too-small"),
                 "%s: want only section-too-small", ctx);
          CHECKF(sfv_open(&sec, p, len) == SFV_E_TRUNCATED,
                 "%s: sfv_open", ctx);
        } else if (len < b.size) {
          CHECKF(errors > 0, "%s: truncated section passed", ctx);
        } else {
          sink_validate(&S, p, len, 0, 0, 1, NULL);
          CHECKF(errors == 0 && S.n == 0, "%s: full baseline not clean", ctx);
        }
        free(p);
      }
    }
}

/* Header counts and offsets at their maxima on a small section. */
static void huge_claims(void) {
  static const struct {
    unsigned off;
    uint32_t val;
    const char *rule; /* must be reported */
  } cases[] = {
      {SB_H_NUM_FDES, 0xffffffffu, "fde-subsection-bounds"},
      {SB_H_NUM_FRES, 0xffffffffu, "num-fres-mismatch"},
      {SB_H_FRE_LEN, 0xffffffffu, "fre-subsection-bounds"},
      {SB_H_FDEOFF, 0xffffffffu, "fdeoff-after-freoff"},
      {SB_H_FREOFF, 0xffffffffu, "fre-subsection-bounds"},
      {SB_H_FREOFF, 0xfffffff0u, "fre-subsection-bounds"},
  };
  uint8_t v;
  unsigned c, a;
  for (v = 1; v <= 3; v++)
    for (a = 0; a < 4; a++)
      for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        base b;
        uint8_t *p;
        char ctx[96];
        if (v == 1 && abis[a] == SB_ABI_S390X)
          continue;
        base_init(&b, v, abis[a], 0);
        base_build(&b);
        sb_put(b.buf, cases[c].off, 4, cases[c].val, b.d.big_endian);
        snprintf(ctx, sizeof ctx, "v%u abi %u header@%u=0x%x", v, abis[a],
                 cases[c].off, cases[c].val);
        p = dup_exact(b.buf, b.size);
        CHECKF(exercise(p, b.size, ctx) > 0, "%s: no error", ctx);
        sink_validate(&S, p, b.size, 0, 0, 1, NULL);
        CHECKF(S.per_rule[sfv_rule_lookup(cases[c].rule)] > 0,
               "%s: %s not reported", ctx, cases[c].rule);
        /* Both counts at once, as a fuzzer would. */
        sb_put(p, SB_H_NUM_FDES, 4, 0xffffffffu, b.d.big_endian);
        sb_put(p, SB_H_NUM_FRES, 4, 0xffffffffu, b.d.big_endian);
        CHECKF(exercise(p, b.size, ctx) > 0, "%s (+counts): no error", ctx);
        free(p);
      }
}

/* Per-FDE FRE counts whose sum overflows 32 bits must not wrap to match
 * sfh_num_fres; a count of 0xffffffff decodes only what the bytes hold. */
static void count_overflow(void) {
  base b;
  uint8_t *p;
  unsigned i;
  base_init(&b, 2, SB_ABI_AMD64, 0);
  base_build(&b);
  /* 4 FDEs x 0x40000000 FREs = 2^32: a 32-bit sum would be 0. */
  for (i = 0; i < 4; i++)
    sb_put(b.buf, b.lay.fde_off[i] + SB_FDE12_NUMFRES, 4, 0x40000000u, 0);
  sb_put(b.buf, SB_H_NUM_FRES, 4, 0, 0);
  p = dup_exact(b.buf, b.size);
  CHECK(exercise(p, b.size, "count overflow") > 0);
  sink_validate(&S, p, b.size, 0, 0, 1, NULL);
  CHECKF(S.per_rule[sfv_rule_lookup("num-fres-mismatch")] == 1,
         "sum of FRE counts wrapped to sfh_num_fres");
  free(p);

  /* v1 FDE with 0xffffffff FREs; v3 attribute with 0xffff. */
  base_init(&b, 1, SB_ABI_AMD64, 0);
  base_build(&b);
  sb_put(b.buf, b.lay.fde_off[2] + SB_FDE12_NUMFRES, 4, 0xffffffffu, 0);
  p = dup_exact(b.buf, b.size);
  CHECK(exercise(p, b.size, "v1 num_fres 0xffffffff") > 0);
  sink_validate(&S, p, b.size, 0, 0, 1, NULL);
  CHECK(S.per_rule[sfv_rule_lookup("fre-bounds")] == 1);
  free(p);

  base_init(&b, 3, SB_ABI_S390X, 0);
  base_build(&b);
  sb_put(b.buf, b.lay.block_off[0] + SB_ATTR_NUMFRES, 2, 0xffffu, 1);
  p = dup_exact(b.buf, b.size);
  CHECK(exercise(p, b.size, "v3 num_fres 0xffff") > 0);
  free(p);
}

/* nfdes FDEs whose FRE blocks are all one block of nfres 6-byte FREs (v3:
 * after its attribute).  With `alternate`, odd FDEs start one FRE later
 * (v2 only), so the blocks are not in ascending order.  Returns the heap
 * buffer; *size receives its length. */
static uint8_t *shared_block_section(uint8_t v, uint32_t nfdes, uint32_t nfres,
                                     int alternate, size_t *size) {
  sb_section d;
  sb_fde *fdes = calloc(nfdes, sizeof *fdes);
  sb_fre *fres = calloc(nfres, sizeof *fres);
  sb_layout L;
  uint8_t *buf;
  uint32_t i;
  uint64_t total = 0;
  size_t cap;
  unsigned fo = v == 3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF;
  if (fdes == NULL || fres == NULL)
    abort();
  for (i = 0; i < nfres; i++) {
    fres[i].start = i;
    fres[i].base_reg = 1;
    fres[i].dw_count = 1;
    fres[i].dw[0] = 8;
  }
  for (i = 0; i < nfdes; i++) {
    fdes[i].start = (int64_t)i * 0x10000;
    fdes[i].size = 0x10000;
    fdes[i].fre_type = 2;
  }
  fdes[0].fres = fres;
  fdes[0].nfres = nfres;
  memset(&d, 0, sizeof d);
  d.version = v;
  d.abi = SB_ABI_AMD64;
  d.flags = SB_F_SORTED;
  d.fixed_ra = -8;
  d.fdes = fdes;
  d.nfdes = nfdes;
  cap = sb_size(&d);
  buf = malloc(cap);
  if (buf == NULL)
    abort();
  *size = sb_build(&d, buf, cap, &L);
  /* Every FDE points at FDE 0's block and claims its FREs. */
  for (i = 1; i < nfdes; i++) {
    uint64_t off = L.fde_base + (uint64_t)i * L.fde_size;
    uint32_t skip = alternate && (i & 1u) ? 1u : 0u;
    sb_put(buf, off + fo, 4, 6u * skip, 0);
    if (v != 3)
      sb_put(buf, off + SB_FDE12_NUMFRES, 4, nfres - skip, 0);
    total += nfres - skip;
  }
  if (v == 3) {
    /* Drop the other FDEs' (empty) attributes at the end. */
    uint32_t blk0 = SB_ATTR_SIZE + nfres * 6u;
    *size = (size_t)(L.fre_base + blk0);
    sb_put(buf, SB_H_FRE_LEN, 4, blk0, 0);
  }
  total += nfres;
  sb_put(buf, SB_H_NUM_FRES, 4, total, 0);
  free(fdes);
  free(fres);
  return buf;
}

/* 20000 FDEs sharing one ~100 KB block: naive per-FDE decoding would be
 * 20000 x 16666 FREs; the validator must stay linear. */
static void shared_blocks(void) {
  uint8_t v;
  unsigned alt;
  for (v = 2; v <= 3; v++)
  for (alt = 0; alt <= (v == 2 ? 1u : 0u); alt++) {
    size_t size;
    const uint32_t nfdes = 20000, nfres = 16666;
    uint8_t *buf = shared_block_section(v, nfdes, nfres, (int)alt, &size);
    sfv_result res;
    sfv_section sec;
    sfv_lookup lk;
    unsigned overlap = sfv_rule_lookup("fde-fre-block-overlap");
    unsigned incons = sfv_rule_lookup("fre-blocks-inconsistent");
    char ctx[64];
    snprintf(ctx, sizeof ctx, "shared blocks v%u alternate %u", v, alt);

    /* With scratch: every FDE but one is located as overlapping. */
    CHECK_EQ(sink_validate_max(&S, buf, size, 0, 0, 1, 100000, &res), SFV_OK,
             ctx);
    CHECK_EQ(S.per_rule[overlap], nfdes - 1, ctx);
    CHECK_EQ(res.suppressed, 0, ctx);
    /* Default cap: the rest is counted as suppressed, not lost. */
    CHECK_EQ(sink_validate(&S, buf, size, 0, 0, 1, &res), SFV_OK, ctx);
    CHECK_EQ(S.n, SFV_DEFAULT_MAX_DIAGS, ctx);
    CHECK(res.suppressed > 0);
    CHECK_EQ(res.errors + res.warnings + res.notes,
             SFV_DEFAULT_MAX_DIAGS + res.suppressed, ctx);
    /* Without scratch: blocks in ascending order are still located; out
     * of order, the byte count proves the overlap. */
    CHECK_EQ(sink_validate_max(&S, buf, size, 0, 0, 0, 100000, &res), SFV_OK,
             ctx);
    CHECK_EQ(S.per_rule[overlap], alt ? 0 : nfdes - 1, ctx);
    CHECK_EQ(S.per_rule[incons], alt ? 1 : 0, ctx);
    CHECK_EQ(S.per_rule[sfv_rule_lookup("checks-skipped")], alt ? 1 : 0, ctx);

    /* Lookups decode one FDE's FREs only. */
    CHECK_EQ(sfv_open(&sec, buf, size), SFV_OK, ctx);
    CHECK_EQ(sfv_fdes_verified_sorted(&sec), 1, ctx);
    CHECK_EQ(sfv_find_fre(&sec, 12345u * 0x10000u + 777u, &lk), SFV_OK, ctx);
    CHECK_EQ(lk.fde.index, 12345, ctx);
    CHECK_EQ(lk.fre.index, 777 - (alt ? 1 : 0), ctx);
    CHECK_EQ(lk.fre.start, 777, ctx);
    CHECK_EQ(sfv_find_fre(&sec, 19999u * 0x10000u + 0xffffu, &lk), SFV_OK,
             ctx);
    CHECK_EQ(lk.fre.index, nfres - 1 - (alt ? 1 : 0), ctx);
    free(buf);
  }
}

/* Random byte-level damage to every baseline (fixed seed). */
static void mutations(void) {
  uint64_t seed = 0x5f3759df;
  uint8_t v;
  unsigned a, iter;
  for (v = 1; v <= 3; v++)
    for (a = 0; a < 4; a++) {
      base b;
      if (v == 1 && abis[a] == SB_ABI_S390X)
        continue;
      base_init(&b, v, abis[a], 0);
      base_build(&b);
      for (iter = 0; iter < 400; iter++) {
        uint8_t tmp[BASE_BUF], *p;
        unsigned k, nmut = 1 + (unsigned)t_below(&seed, 4);
        size_t len = b.size;
        char ctx[64];
        memcpy(tmp, b.buf, b.size);
        for (k = 0; k < nmut; k++) {
          uint64_t off = t_below(&seed, b.size);
          switch (t_below(&seed, 4)) {
          case 0: tmp[off] ^= (uint8_t)(1u << t_below(&seed, 8)); break;
          case 1: tmp[off] = (uint8_t)(t_rand(&seed) & 0xffu); break;
          case 2: tmp[off] = 0xff; break;
          default: {
            /* A header word to an extreme value (draws sequenced, so
             * every compiler sees the same stream). */
            uint64_t field = 8 + 4 * t_below(&seed, 5);
            uint64_t val = t_below(&seed, 2) ? 0xffffffffu
                                             : t_rand(&seed) & 0xffffu;
            sb_put(tmp, field, 4, val, b.d.big_endian);
          }
          }
        }
        if (t_below(&seed, 4) == 0)
          len = (size_t)t_below(&seed, b.size);
        p = dup_exact(tmp, len);
        snprintf(ctx, sizeof ctx, "mutation v%u abi %u #%u", v, abis[a],
                 iter);
        (void)exercise(p, len, ctx);
        free(p);
      }
    }
}

int main(void) {
  truncations();
  huge_claims();
  count_overflow();
  shared_blocks();
  mutations();
  return t_exit("test_bounds");
}

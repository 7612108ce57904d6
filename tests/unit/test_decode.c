/* SPDX-License-Identifier: MIT */
/* test_decode.c - the decoder, field by field, over every encoding axis.
 *
 * Axes: version (1, 2, 3) x ABI (aarch64-be, aarch64-le, amd64, s390x; v1
 * has no s390x) x byte order (the ABI's, and the other one: decoded anyway)
 * x FDE type (default; flex in v3) x PC type (INC, MASK) x FRE type (addr1,
 * addr2, addr4) x data-word size (1, 2, 4) x PCREL (v2, v3).
 * Each section is built with sbuild from a description; every value the
 * decoder returns is compared with that description, and the recovery
 * rules with expect_rules() below, written from spec chapter 3.
 */
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "sbuild.h"
#include "sfv.h"

#define MAXF 16

/* ------------------------------------------------------------ helpers */

static int64_t sext(uint64_t raw, unsigned bytes) {
  uint64_t sign = (uint64_t)1 << (8 * bytes - 1);
  uint64_t mask = bytes == 8 ? UINT64_MAX : (sign << 1) - 1;
  raw &= mask;
  return (raw & sign) ? -(int64_t)(((~raw) & mask) + 1) : (int64_t)raw;
}

static uint32_t raw_of(int32_t v, unsigned bytes) {
  uint64_t mask = bytes == 4 ? 0xffffffffu : ((uint64_t)1 << (8 * bytes)) - 1;
  return (uint32_t)((uint64_t)(int64_t)v & mask);
}

/* Extremes per data-word size (bytes). */
static int32_t big_pos(unsigned b) {
  return b == 1 ? 120 : b == 2 ? 0x7ff0 : 0x7ffffff0;
}
static int32_t most_neg(unsigned b) {
  return b == 1 ? -128 : b == 2 ? -32768 : INT32_MIN;
}
/* A control word (flex): regnum << 3 | deref << 1 | reg_p, with the widest
 * regnum the size allows (so the top bit is set: must be read unsigned). */
static int32_t ctl_wide(unsigned b, unsigned deref) {
  uint32_t reg = b == 1 ? 31u : b == 2 ? 0x1fffu : 0x1fffffffu;
  return (int32_t)(reg << 3 | deref << 1 | 1u);
}
static int32_t ctl(uint32_t reg, unsigned deref, unsigned reg_p) {
  return (int32_t)(reg << 3 | deref << 1 | reg_p);
}

/* FRE start values that fill the FRE type's width. */
static uint32_t fre_start(uint8_t fre_type, unsigned j) {
  static const uint32_t a1[] = {0, 1, 0x10, 0x20, 0x40, 0x7f, 0x80, 0x90,
                                0xa0, 0xb0, 0xc0, 0xd0, 0xe0, 0xf0, 0xfe, 0xff};
  if (fre_type == 0)
    return a1[j];
  if (fre_type == 1)
    return j == 0 ? 0 : 0x1000u * j + 0x234u + (j == 15 ? 0x0dcbu : 0);
  return j == 0 ? 0 : 0x08000000u * j + 0x1234567u;
}

/* ------------------------------------------------------------ expectations */

typedef struct xrule {
  uint8_t kind, source, reg_p, deref_p;
  uint32_t regnum;
  int64_t offset;
} xrule;

static xrule x_expr(uint8_t src, uint8_t reg_p, uint8_t deref_p,
                    uint32_t regnum, int64_t off) {
  xrule r = {SFV_REC_EXPR, src, reg_p, deref_p, regnum, off};
  return r;
}
static xrule x_same(void) {
  xrule r = {SFV_REC_SAME, 0, 0, 0, 0, 0};
  return r;
}
static xrule x_none(void) {
  xrule r = {SFV_REC_UNDEFINED, 0, 0, 0, 0, 0};
  return r;
}
/* RA/FP the FRE does not give: the header's fixed offset (CFA-relative
 * stack slot) if nonzero, else unchanged. */
static xrule x_fixed(int8_t fixed) {
  return fixed != 0 ? x_expr(SFV_SRC_FIXED, 0, 1, 0, fixed) : x_same();
}

typedef struct xrules {
  xrule cfa, ra, fp;
  int status;       /* SFV_OK or SFV_E_ENCODING */
  int cfa_only;     /* invalid encoding: only the CFA rule is asserted */
} xrules;

/* Whether a rule rejects the FRE (and so its recovery): the spec-silent
 * rules are warnings by default (docs/RULES.md "Implementation-defined"). */
static int sev_error(sfv_rule_id id) {
  return sfv_rule_get(id)->severity == SFV_SEV_ERROR;
}

/* Spec 3.1 (default FDEs).  d[] holds the sign-extended data words. */
static xrules expect_default(uint8_t v, uint8_t abi, int8_t fixed_fp,
                             int8_t fixed_ra, const sb_fre *f,
                             const int64_t *d) {
  xrules x;
  unsigned n = f->dw_count;
  uint32_t breg = f->base_reg ? base_sp_reg(abi) : base_fp_reg(abi);
  memset(&x, 0, sizeof x);
  x.status = SFV_OK;
  if (n == 0) {
    /* RA undefined: outermost frame (v2 erratum 2); v1 has no such FRE. */
    x.cfa = x.ra = x.fp = x_none();
    x.status = v == 1 ? SFV_E_ENCODING : SFV_OK;
    return x;
  }
  if (abi == SB_ABI_S390X) {
    /* CFA = BASE + offset1 * 8 - (-160). */
    x.cfa = x_expr(SFV_SRC_FRE, 1, 0, breg, d[0] * 8 + 160);
    /* Spec 3.1.3: an RA or FP the FRE does not give "remains unchanged";
     * the header's fixed offsets do not apply on s390x. */
    (void)fixed_ra;
    (void)fixed_fp;
    x.ra = x_same();
    x.fp = x_same();
    if (n >= 2) {
      if (d[1] == 0)
        x.ra = x_same(); /* SFRAME_FRE_RA_OFFSET_INVALID: RA unchanged */
      else if (v == 2 && (d[1] & 1) && d[1] > 0)
        x.ra = x_expr(SFV_SRC_REGNUM, 1, 0, (uint32_t)(d[1] >> 1), 0);
      else if (v == 2 && (d[1] & 1))
        x.status = sev_error(SFV_R_FRE_S390X_REGNUM) ? SFV_E_ENCODING : SFV_OK,
        x.cfa_only = 1;
      else
        x.ra = x_expr(SFV_SRC_FRE, 0, 1, 0, d[1]);
    }
    if (n >= 3) {
      if (v == 2 && (d[2] & 1) && d[2] > 0)
        x.fp = x_expr(SFV_SRC_REGNUM, 1, 0, (uint32_t)(d[2] >> 1), 0);
      else if (v == 2 && (d[2] & 1))
        x.status = sev_error(SFV_R_FRE_S390X_REGNUM) ? SFV_E_ENCODING : SFV_OK,
        x.cfa_only = 1;
      else
        x.fp = x_expr(SFV_SRC_FRE, 0, 1, 0, d[2]);
    }
    if (n > 3)
      x.status = SFV_E_ENCODING, x.cfa_only = 1;
    return x;
  }
  x.cfa = x_expr(SFV_SRC_FRE, 1, 0, breg, d[0]);
  if (abi == SB_ABI_AMD64) {
    /* RA at the fixed offset; offset2 locates FP. */
    x.ra = x_expr(SFV_SRC_FIXED, 0, 1, 0, fixed_ra);
    x.fp = n >= 2 ? x_expr(SFV_SRC_FRE, 0, 1, 0, d[1]) : x_fixed(fixed_fp);
    if (n > 2)
      x.status = SFV_E_ENCODING, x.cfa_only = 1;
  } else {
    /* AArch64: offset2 RA, offset3 FP; 1, 2 (RA without FP: what GNU as
     * writes for functions saving x30 but not x29) or 3 offsets. */
    x.ra = n >= 2 ? x_expr(SFV_SRC_FRE, 0, 1, 0, d[1]) : x_fixed(fixed_ra);
    x.fp = n >= 3 ? x_expr(SFV_SRC_FRE, 0, 1, 0, d[2]) : x_fixed(fixed_fp);
    if (n > 3)
      x.status = SFV_E_ENCODING, x.cfa_only = 1;
  }
  return x;
}

static xrule x_flex(uint32_t c, int64_t off) {
  return x_expr(SFV_SRC_FRE, (uint8_t)(c & 1u), (uint8_t)((c >> 1) & 1u),
                c >> 3, off);
}

/* Spec 3.2 (flex FDEs): pairs (control, offset) for CFA, RA, FP; a single
 * zero control word in the RA slot is padding before an FP pair.
 * s390x: the CFA offset is stored encoded as in default FDEs (offset * 8 +
 * 160) -- not in the spec text, but what GNU as 2.47 writes and libsframe
 * and the kernel read (project decision, interp.c). */
static xrules expect_flex(uint8_t abi, int8_t fixed_fp, int8_t fixed_ra,
                          const sb_fre *f, const uint32_t *raw,
                          const int64_t *d) {
  xrules x;
  unsigned n = f->dw_count;
  memset(&x, 0, sizeof x);
  x.status = SFV_OK;
  if (n == 0) {
    x.cfa = x.ra = x.fp = x_none();
    return x;
  }
  x.ra = x_fixed(fixed_ra);
  x.fp = x_fixed(fixed_fp);
  if (n == 1) {
    x.status = SFV_E_ENCODING;
    x.cfa_only = 2; /* nothing assertable */
    return x;
  }
  x.cfa = x_flex(raw[0], d[1]);
  if (abi == SB_ABI_S390X)
    x.cfa.offset = d[1] * 8 + 160;
  if (!(raw[0] & 1u) ||
      ((raw[0] & 4u) && sev_error(SFV_R_FLEX_CONTROL_UNUSED)))
    x.status = SFV_E_ENCODING, x.cfa_only = 1;
  if (n == 2)
    return x;
  /* Enumerated layouts (the words after the CFA pair).  A lone trailing 0
   * means "no rule" (libsframe findfre-flex-1: [CFA pair, 0, 0]). */
  if (n == 3 && raw[2] == 0) {
    /* RA: no rule. */
  } else if (n == 4 && raw[2] == 0 && raw[3] == 0) {
    /* RA, FP: no rule. */
  } else if (n == 4 && raw[2] != 0) {
    x.ra = x_flex(raw[2], d[3]);
  } else if (n == 5 && raw[2] == 0 && raw[3] != 0) {
    x.fp = x_flex(raw[3], d[4]);
  } else if (n == 5 && raw[2] != 0 && raw[4] == 0) {
    x.ra = x_flex(raw[2], d[3]);
  } else if (n == 6 && raw[2] != 0 && raw[4] != 0) {
    x.ra = x_flex(raw[2], d[3]);
    x.fp = x_flex(raw[4], d[5]);
  } else {
    x.status = SFV_E_ENCODING, x.cfa_only = 1;
    return x;
  }
  if (((raw[2] & 4u) || (n >= 5 && (raw[n - 2] & 4u))) &&
      sev_error(SFV_R_FLEX_CONTROL_UNUSED))
    x.status = SFV_E_ENCODING, x.cfa_only = 1;
  return x;
}

/* ------------------------------------------------------------ FRE sets */

static sb_fre mk(uint32_t start, uint8_t base_reg, uint8_t size_code,
                 uint8_t mangled, unsigned n, const int32_t *w) {
  sb_fre r;
  unsigned i;
  memset(&r, 0, sizeof r);
  r.start = start;
  r.base_reg = base_reg;
  r.dw_size = size_code;
  r.mangled_ra = mangled;
  r.dw_count = (uint8_t)n;
  for (i = 0; i < n; i++)
    r.dw[i] = w[i];
  return r;
}

/* Fills fres[] for a default or flex FDE; returns the count. */
static unsigned make_fres(uint8_t v, uint8_t abi, uint8_t fde_type,
                          uint8_t fre_type, uint8_t sc, sb_fre *fres) {
  unsigned b = sb_dw_bytes(sc), n = 0;
  int32_t P = big_pos(b), M = most_neg(b);
  uint32_t sp = base_sp_reg(abi), fp = base_fp_reg(abi);
#define ADD(breg_, mangled, ...)                                               \
  do {                                                                       \
    const int32_t w_[] = {__VA_ARGS__};                                      \
    fres[n] = mk(fre_start(fre_type, n), breg_, sc, mangled,                  \
                 sizeof w_ / sizeof w_[0], w_);                              \
    n++;                                                                     \
  } while (0)
#define ADD0(breg_)                                                            \
  do {                                                                       \
    fres[n] = mk(fre_start(fre_type, n), breg_, sc, 0, 0, NULL);              \
    n++;                                                                     \
  } while (0)

  if (fde_type == 0) {
    ADD(1, 0, P);
    ADD(0, 1, M, -8);
    ADD(1, 1, -16, M, P);
    ADD0(1);
    ADD(0, 0, 8, -16, -24, -32);
    if (abi == SB_ABI_S390X) {
      ADD(1, 0, 2, 0, -16);      /* RA padding, then FP */
      ADD(1, 0, 2, 0);           /* RA padding alone */
      ADD(0, 0, 2, 29, 23);      /* v2: RA in r14, FP in r11 */
      ADD(1, 0, 2, -3, -5);      /* v2: negative odd, invalid */
      ADD(1, 0, -20, 30, 31);    /* even/odd positive */
    }
    ADD(1, 0, -1, -1, -1);
  } else {
    ADD(0, 0, ctl(sp, 0, 1), P);
    ADD(0, 0, ctl_wide(b, 1), M, ctl(0, 1, 0), -8);
    ADD(0, 1, ctl(fp, 0, 1), 16, 0, ctl(fp, 1, 1), M);
    ADD(0, 0, ctl(sp, 1, 1), -1, ctl(fp, 0, 1), P, ctl_wide(b, 1), M);
    ADD0(0);
    ADD(0, 0, ctl(sp, 0, 1));                       /* 1: invalid */
    ADD(0, 0, ctl(sp, 0, 1), 8, ctl(0, 1, 0));      /* 3: invalid */
    ADD(0, 0, ctl(0, 1, 0), 8);                     /* CFA without reg_p */
    ADD(0, 0, ctl(sp, 0, 1) | 4, 8);                /* unused bit */
    ADD(0, 0, ctl(sp, 0, 1), 8, 0, 0, 0);           /* 5: FP control 0 */
    ADD(0, 0, ctl(sp, 0, 1), 8, 0, 1, 2, 3, 4);     /* 7: invalid */
    ADD(0, 0, ctl(sp, 0, 1), 8, ctl(1, 1, 1) | 4, -8); /* RA unused bit */
    ADD(0, 0, ctl(sp, 0, 1), 8, 0);                 /* 3: trailing 0 */
    ADD(0, 0, ctl(sp, 0, 1), 8, 0, 0);              /* 4: findfre-flex-1 */
    ADD(0, 0, ctl(sp, 0, 1), 8, ctl(0, 1, 0), -8, 0); /* 5: FP 0 last */
  }
  (void)v;
#undef ADD
#undef ADD0
  return n;
}

/* ------------------------------------------------------------ checks */

static void check_rule(const sfv_recovery *got, const xrule *want,
                       const char *ctx, const char *which) {
  char c[256];
  snprintf(c, sizeof c, "%s %s", ctx, which);
  CHECK_EQ(got->kind, want->kind, c);
  CHECK_EQ(got->source, want->source, c);
  CHECK_EQ(got->reg_p, want->reg_p, c);
  CHECK_EQ(got->deref_p, want->deref_p, c);
  if (want->reg_p)
    CHECK_EQU(got->regnum, want->regnum, c);
  CHECK_EQ(got->offset, want->offset, c);
}

typedef struct axis {
  uint8_t v, abi, be, fde_type, pc_type, fre_type, sc, pcrel;
} axis;

static void run_one(const axis *a) {
  sb_fre fres[MAXF];
  sb_fde fdes[2];
  sb_section d;
  sb_layout L;
  uint8_t buf[4096];
  size_t size;
  sfv_section sec;
  sfv_status st;
  char ctx[200];
  unsigned nf, i, j, k;
  int aarch64 = a->abi == SB_ABI_AARCH64_BE || a->abi == SB_ABI_AARCH64_LE;

  snprintf(ctx, sizeof ctx,
           "v%u abi %u %s fde_type %u pc %u fre_type %u dw %uB pcrel %u",
           a->v, a->abi, a->be ? "BE" : "LE", a->fde_type, a->pc_type,
           a->fre_type, sb_dw_bytes(a->sc), a->pcrel);

  nf = make_fres(a->v, a->abi, a->fde_type, a->fre_type, a->sc, fres);
  memset(fdes, 0, sizeof fdes);
  memset(&d, 0, sizeof d);
  fdes[0].start = a->v == 3 ? (a->pcrel ? 0x123456789aLL : -0x123456789LL)
                            : (a->pcrel ? 0x40000 : -0x1000);
  fdes[0].size = 0xfffffff0u;
  fdes[0].fre_type = a->fre_type;
  fdes[0].pc_type = a->pc_type;
  fdes[0].pauth_key = (uint8_t)aarch64;
  fdes[0].signal = 1;
  fdes[0].fde_type = a->fde_type;
  fdes[0].rep_size = a->pc_type ? 0x10 : 0;
  fdes[0].padding = a->v == 2 ? 0xbeef : 0;
  fdes[0].fres = fres;
  fdes[0].nfres = nf;
  /* After FDE 0 (sorted), but overlapping it: decoding does not care. */
  fdes[1].start = a->v == 3 ? fdes[0].start + 0x100000000LL : 0x7fff0000;
  fdes[1].size = 0x10;
  fdes[1].fre_type = 2;
  fdes[1].rep_size = 0xff;
  d.version = a->v;
  d.abi = a->abi;
  d.big_endian = a->be;
  d.flags = (uint8_t)(a->pcrel ? SB_F_PCREL : 0);
  d.fixed_ra = a->abi == SB_ABI_AMD64 ? -8 : 0;
  d.fixed_fp = a->abi == SB_ABI_S390X ? -72 : 0;
  d.fdes = fdes;
  d.nfdes = 2;
  size = sb_build(&d, buf, sizeof buf, &L);

  /* Header. */
  st = sfv_open(&sec, buf, size);
  CHECK_EQ(st, SFV_OK, ctx);
  if (st != SFV_OK)
    return;
  CHECK_EQ(sec.big_endian, a->be, ctx);
  CHECK_EQU(sec.hdr.magic, 0xdee2, ctx);
  CHECK_EQ(sec.hdr.version, a->v, ctx);
  CHECK_EQ(sec.hdr.flags, d.flags, ctx);
  CHECK_EQ(sec.hdr.abi_arch, a->abi, ctx);
  CHECK_EQ(sec.hdr.cfa_fixed_fp_offset, d.fixed_fp, ctx);
  CHECK_EQ(sec.hdr.cfa_fixed_ra_offset, d.fixed_ra, ctx);
  CHECK_EQ(sec.hdr.auxhdr_len, 0, ctx);
  CHECK_EQ(sec.hdr.num_fdes, 2, ctx);
  CHECK_EQ(sec.hdr.num_fres, nf, ctx);
  CHECK_EQ(sec.hdr.fre_len, L.fre_len, ctx);
  CHECK_EQ(sec.hdr.fdeoff, 0, ctx);
  CHECK_EQU(sec.hdr.freoff, L.fre_base - SB_HDR_SIZE, ctx);
  CHECK_EQ(sfv_fde_entry_size(&sec), sb_fde_size(a->v), ctx);
  CHECK_EQ(sfv_fde_subsection_offset(&sec) - sec.hdr.fdeoff, SB_HDR_SIZE, ctx);
  CHECK_EQU(sfv_fde_subsection_offset(&sec), L.fde_base, ctx);
  CHECK_EQU(sfv_fre_subsection_offset(&sec), L.fre_base, ctx);
  CHECK_EQ(sec.fde_avail, 2, ctx);
  /* Binary search is allowed only for sorted, disjoint functions. */
  CHECK_EQ(sfv_fdes_verified_sorted(&sec),
           fdes[1].start >= fdes[0].start + (int64_t)fdes[0].size, ctx);
  CHECK_EQU(sec.vma, 0, ctx);
  CHECKF(sec.data == buf, "%s: data pointer", ctx);
  CHECK_EQU(sec.size, size, ctx);

  for (i = 0; i < 2; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    const sb_fde *x = &fdes[i];
    uint64_t addr;
    char fctx[240];
    snprintf(fctx, sizeof fctx, "%s FDE %u", ctx, i);
    st = sfv_fde_get(&sec, i, &f);
    CHECK_EQ(st, SFV_OK, fctx);
    CHECK_EQ(f.index, i, fctx);
    CHECK_EQU(f.offset, L.fde_off[i], fctx);
    CHECK_EQ(f.start_raw, L.start_raw[i], fctx);
    /* Without PCREL the stored value is the start; with it, the start is
     * relative to the field (offset 0 of the entry). */
    CHECK_EQ(f.start_raw,
             a->pcrel ? x->start - (int64_t)L.fde_off[i] : x->start, fctx);
    CHECK_EQ(f.start, x->start, fctx);
    CHECK_EQ(f.start_ok, 1, fctx);
    CHECK_EQU(f.size, x->size, fctx);
    CHECK_EQU(f.fre_off, L.block_off[i] - L.fre_base, fctx);
    CHECK_EQ(f.num_fres, x->nfres, fctx);
    CHECK_EQ(f.info, sb_fde_info(a->v, x), fctx);
    CHECK_EQ(f.info2, a->v == 3 ? x->fde_type : 0, fctx);
    CHECK_EQ(f.rep_size, a->v >= 2 ? x->rep_size : 0, fctx);
    CHECK_EQ(f.padding, a->v == 2 ? x->padding : 0, fctx);
    CHECK_EQ(f.fre_type, x->fre_type, fctx);
    CHECK_EQ(f.pc_type, x->pc_type, fctx);
    CHECK_EQ(f.pauth_key, x->pauth_key, fctx);
    CHECK_EQ(f.signal, a->v == 3 ? x->signal : 0, fctx);
    CHECK_EQ(f.fde_type, x->fde_type, fctx);
    CHECK_EQU(f.attr_offset, a->v == 3 ? L.block_off[i] : 0, fctx);
    CHECK_EQU(f.fres_offset, L.fres_off[i], fctx);
    CHECK_EQU(f.fres_offset,
              L.block_off[i] + (a->v == 3 ? SB_ATTR_SIZE : 0u), fctx);

    sfv_set_vma(&sec, 0x10000000000ULL);
    CHECK_EQ(sfv_fde_func_start(&sec, &f, &addr), SFV_OK, fctx);
    CHECK_EQU(addr, (uint64_t)(0x10000000000LL + x->start), fctx);
    sfv_set_vma(&sec, 0);

    CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, 0), SFV_OK, fctx);
    for (j = 0; j < x->nfres; j++) {
      const sb_fre *xr = &x->fres[j];
      unsigned bytes = sb_dw_bytes(xr->dw_size);
      uint32_t raw[SB_MAX_DW];
      int64_t dws[SB_MAX_DW];
      sfv_fre r;
      sfv_recovery_set rec;
      xrules want;
      char rctx[280];
      uint32_t g = L.fre_first[i] + j;
      snprintf(rctx, sizeof rctx, "%s FRE %u", fctx, j);
      st = sfv_fre_next(&it, &r);
      CHECK_EQ(st, SFV_OK, rctx);
      if (st != SFV_OK)
        break;
      CHECK_EQ(r.index, j, rctx);
      CHECK_EQU(r.offset, L.fre_off[g], rctx);
      CHECK_EQ(r.length, sb_addr_size(x->fre_type) + 1u + xr->dw_count * bytes,
               rctx);
      CHECK_EQU(r.start, xr->start, rctx);
      CHECK_EQ(r.info, sb_fre_info(xr), rctx);
      CHECK_EQ(r.base_reg, xr->base_reg, rctx);
      CHECK_EQ(r.dw_count, xr->dw_count, rctx);
      CHECK_EQ(r.dw_size_code, xr->dw_size, rctx);
      CHECK_EQ(r.dw_size, bytes, rctx);
      CHECK_EQ(r.mangled_ra, xr->mangled_ra, rctx);
      for (k = 0; k < xr->dw_count; k++) {
        raw[k] = raw_of(xr->dw[k], bytes);
        dws[k] = sext(raw[k], bytes);
        CHECK_EQU(r.dw_raw[k], raw[k], rctx);
        CHECK_EQ(r.dw[k], dws[k], rctx);
      }
      for (; k < SFV_MAX_DATAWORDS; k++)
        CHECK_EQ(r.dw_raw[k], 0, rctx);

      want = a->fde_type == 1
                 ? expect_flex(a->abi, d.fixed_fp, d.fixed_ra, xr, raw, dws)
                 : expect_default(a->v, a->abi, d.fixed_fp, d.fixed_ra, xr,
                                  dws);
      /* The mangled-RA bit off AArch64 is fre-mangled-ra-abi: if that
       * rule is an error the FRE's recovery is not a valid rule either
       * (though every rule is still filled); as a warning (spec silent,
       * the default) the recovery stands. */
      if (xr->mangled_ra && a->abi != SB_ABI_AARCH64_BE &&
          a->abi != SB_ABI_AARCH64_LE && want.status == SFV_OK &&
          sfv_rule_get(SFV_R_FRE_MANGLED_RA_ABI)->severity == SFV_SEV_ERROR)
        want.status = SFV_E_ENCODING;
      st = sfv_fre_recovery(&sec, &f, &r, &rec);
      CHECK_EQ(st, want.status, rctx);
      CHECK_EQ(rec.ra_mangled, xr->mangled_ra, rctx);
      CHECK_EQ(rec.pauth_key, x->pauth_key, rctx);
      CHECK_EQ(rec.signal, a->v == 3 ? x->signal : 0, rctx);
      CHECK_EQ(rec.fde_type, x->fde_type, rctx);
      if (want.cfa_only < 2)
        check_rule(&rec.cfa, &want.cfa, rctx, "CFA");
      if (!want.cfa_only) {
        check_rule(&rec.ra, &want.ra, rctx, "RA");
        check_rule(&rec.fp, &want.fp, rctx, "FP");
      }
    }
    {
      sfv_fre r;
      CHECK_EQ(sfv_fre_next(&it, &r), SFV_END, fctx);
      CHECK_EQ(sfv_fre_next(&it, &r), SFV_END, fctx);
    }
  }
  {
    sfv_fde f;
    CHECK_EQ(sfv_fde_get(&sec, 2, &f), SFV_E_RANGE, ctx);
  }
}

/* A limit passed to the iterator stops it before the FRE that crosses it. */
static void iter_limit(void) {
  base b;
  sfv_section sec;
  sfv_fde f;
  sfv_fre_iter it;
  sfv_fre r;
  base_init(&b, 2, SB_ABI_AMD64, 0);
  base_build(&b);
  CHECK_EQ(sfv_open(&sec, b.buf, b.size), SFV_OK, "iter_limit");
  CHECK_EQ(sfv_fde_get(&sec, 1, &f), SFV_OK, "iter_limit");
  /* Limit inside FRE 1: FRE 0 decodes, FRE 1 is out of bounds. */
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, b.lay.fre_off[2] + 2), SFV_OK,
           "iter_limit");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "iter_limit FRE 0");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_E_BOUNDS, "iter_limit FRE 1");
  /* Exactly at FRE 1's end: both decode. */
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, b.lay.fre_off[3]), SFV_OK,
           "iter_limit");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "iter_limit FRE 0");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "iter_limit FRE 1");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_E_BOUNDS, "iter_limit FRE 2");
}

/* Undefined FRE type / data-word size / FDE type reach the caller. */
static void undefined_codes(void) {
  base b;
  sfv_section sec;
  sfv_fde f;
  sfv_fre_iter it;
  sfv_fre r;
  sfv_recovery_set rec;
  int be;
  base_init(&b, 3, SB_ABI_AARCH64_BE, 0);
  base_build(&b);
  be = b.d.big_endian;
  /* FRE 1 of FDE 1: data-word size code 3. */
  b.buf[b.lay.fre_info[2]] |= 0x60;
  /* FDE 0: FRE type 3.  FDE 2: FDE type 5. */
  b.buf[b.lay.block_off[0] + SB_ATTR_INFO] |= 3;
  b.buf[b.lay.block_off[2] + SB_ATTR_INFO2] = 5;
  (void)be;
  CHECK_EQ(sfv_open(&sec, b.buf, b.size), SFV_OK, "undefined");
  CHECK_EQ(sfv_fde_get(&sec, 0, &f), SFV_OK, "undefined FDE 0");
  CHECK_EQ(f.fre_type, 3, "undefined FDE 0");
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, 0), SFV_E_FRE_TYPE, "FRE type");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_E_FRE_TYPE, "FRE type next");
  CHECK_EQ(sfv_fde_get(&sec, 1, &f), SFV_OK, "undefined FDE 1");
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, 0), SFV_OK, "FDE 1");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "FDE 1 FRE 0");
  {
    uint64_t pos = it.pos;
    uint8_t info = b.buf[b.lay.fre_info[2]];
    CHECK_EQ(sfv_fre_next(&it, &r), SFV_E_DATAWORD_SIZE, "FDE 1 FRE 1");
    /* The info byte's fields are there; nothing past it was read. */
    CHECK_EQ(it.pos, pos, "size code 3: no advance");
    CHECK_EQ(r.index, 1, "size code 3: index");
    CHECK_EQ(r.offset, pos, "size code 3: offset");
    CHECK_EQ(r.info, info, "size code 3: info");
    CHECK_EQ(r.dw_size_code, 3, "size code 3: code");
    CHECK_EQ(r.dw_count, (info >> 1) & 0xfu, "size code 3: count");
    CHECK_EQ(r.base_reg, info & 1u, "size code 3: base");
    CHECK_EQ(r.mangled_ra, info >> 7, "size code 3: mangled");
    CHECK_EQ(r.dw_size, 0, "size code 3: no word size");
    CHECK_EQ(r.length, 0, "size code 3: no length");
  }
  CHECK_EQ(sfv_fde_get(&sec, 2, &f), SFV_OK, "undefined FDE 2");
  CHECK_EQ(f.fde_type, 5, "FDE type");
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, 0), SFV_OK, "FDE 2");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "FDE 2 FRE 0");
  CHECK_EQ(sfv_fre_recovery(&sec, &f, &r, &rec), SFV_E_FDE_TYPE, "FDE type");
  {
    /* A limit inside FRE 0's data words: the info byte's fields are
     * there; a limit before its info byte: none. */
    sfv_fre t;
    unsigned asz = r.length - 1u - (unsigned)r.dw_count * r.dw_size;
    CHECKF(r.dw_count > 0, "FDE 2 FRE 0 has data words");
    CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, r.offset + r.length - 1u), SFV_OK,
             "cut words");
    CHECK_EQ(sfv_fre_next(&it, &t), SFV_E_BOUNDS, "cut words");
    CHECK_EQ(it.pos, r.offset, "cut words: no advance");
    CHECK_EQ(t.info, r.info, "cut words: info");
    CHECK_EQ(t.start, r.start, "cut words: start");
    CHECK_EQ(t.dw_count, r.dw_count, "cut words: count");
    CHECK_EQ(t.dw_size_code, r.dw_size_code, "cut words: code");
    CHECK_EQ(t.length, 0, "cut words: no length");
    CHECK_EQ(t.dw_raw[0], 0, "cut words: no words");
    CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, r.offset + asz), SFV_OK, "cut info");
    CHECK_EQ(sfv_fre_next(&it, &t), SFV_E_BOUNDS, "cut info");
    CHECK_EQ(t.info, 0, "cut info: no info");
    CHECK_EQ(t.dw_count, 0, "cut info: no count");
  }
}

int main(void) {
  static const uint8_t abis[] = {SB_ABI_AARCH64_BE, SB_ABI_AARCH64_LE,
                                 SB_ABI_AMD64, SB_ABI_S390X};
  axis a;
  unsigned ai, ord, ft, pc, rt, sc, pr, count = 0;
  for (a.v = 1; a.v <= 3; a.v++)
    for (ai = 0; ai < 4; ai++) {
      a.abi = abis[ai];
      if (a.v == 1 && a.abi == SB_ABI_S390X)
        continue;
      for (ord = 0; ord < 2; ord++) {
        a.be = (uint8_t)(sb_abi_big_endian(a.abi) ^ (int)ord);
        for (ft = 0; ft <= (a.v == 3 ? 1u : 0u); ft++)
          for (pc = 0; pc < 2; pc++)
            for (rt = 0; rt < 3; rt++)
              for (sc = 0; sc < 3; sc++)
                for (pr = 0; pr <= (a.v >= 2 ? 1u : 0u); pr++) {
                  a.fde_type = (uint8_t)ft;
                  a.pc_type = (uint8_t)pc;
                  a.fre_type = (uint8_t)rt;
                  a.sc = (uint8_t)sc;
                  a.pcrel = (uint8_t)pr;
                  run_one(&a);
                  count++;
                }
      }
    }
  CHECKF(count == 972, "ran %u combinations", count);
  iter_limit();
  undefined_codes();
  return t_exit("test_decode");
}

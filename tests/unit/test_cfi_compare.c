/* SPDX-License-Identifier: MIT */
/* test_cfi_compare.c - sfv_cfi_compare on SFrame sections built by
 * sbuild.h and .eh_frame built by cfibuild.h that say the same thing
 * (zero diagnostics), and on mutants of the SFrame side: one FRE's CFA
 * offset, base register, FP or RA offset changed, the mangled-RA bit or
 * pauth key flipped, a function shortened or lengthened, an FRE dropped,
 * an FDE removed or added.  Each mutant must be reported by the right rule
 * at the right FDE, FRE and PC.  ABIs: AMD64 (v2 default FDEs, v3 flex FDE
 * with a DRAP-style CFA), AArch64 pac-ret (v2), s390x (v3, encoded CFA). */
#include <stdio.h>
#include <string.h>

#include "cfibuild.h"
#include "check.h"
#include "diagsink.h"
#include "sbuild.h"
#include "sfv.h"

#define SF_VMA 0x2000u
#define EH_ADDR 0x3000u

typedef struct scen {
  sb_section d;
  sb_fde fdes[4];
  sb_fre fres[4][6];
  cb eh;
  uint16_t machine;
} scen;

static sink S;
static sfv_cfi_compare_result R;
static sfv_cfi_compare_options LINK; /* linked / linker ranges for run() */

static sb_fre fre(uint32_t start, uint8_t base_sp, uint8_t n, int32_t a, int32_t b,
                  int32_t c) {
  sb_fre f;
  memset(&f, 0, sizeof f);
  f.start = start;
  f.base_reg = base_sp;
  f.dw_count = n;
  f.dw[0] = a;
  f.dw[1] = b;
  f.dw[2] = c;
  return f;
}

static void fde_at(scen *s, unsigned i, uint64_t addr, uint32_t size, unsigned nfres) {
  memset(&s->fdes[i], 0, sizeof s->fdes[i]);
  s->fdes[i].start = (int64_t)addr - (int64_t)SF_VMA;
  s->fdes[i].size = size;
  s->fdes[i].fres = s->fres[i];
  s->fdes[i].nfres = nfres;
}

/* Runs the comparison; fills S and R. */
static void run(scen *s, const char *what) {
  static uint8_t buf[8192];
  static uint8_t scratch[65536];
  sfv_section sec;
  sfv_cfi cfi;
  sfv_cfi_compare_options opt;
  size_t n;
  s->d.fdes = s->fdes;
  n = sb_build(&s->d, buf, sizeof buf, NULL);
  memset(&S, 0, sizeof S);
  CHECKF(sfv_open(&sec, buf, n) == SFV_OK, "%s: open", what);
  sfv_set_vma(&sec, SF_VMA);
  CHECK(sfv_cfi_init(&cfi, s->eh.buf, s->eh.n, SFV_CFI_EH_FRAME, (uint8_t)s->eh.be, 8,
                     s->machine, EH_ADDR) == SFV_OK);
  opt = LINK;
  opt.scratch = scratch;
  opt.scratch_size = sizeof scratch;
  CHECK(sfv_cfi_scratch_size(sec.hdr.num_fdes) <= sizeof scratch);
  CHECKF(sfv_cfi_compare(&sec, &cfi, &opt, sink_fn, &S, &R) == SFV_OK, "%s: compare", what);
}

static void expect_clean(scen *s, const char *what) {
  run(s, what);
  CHECKF(S.n == 0 && R.functions > 0 && R.reverse_checked && R.complete,
         "%s: %u diagnostics, %u functions", what, S.n, R.functions);
  if (S.n)
    sink_dump(&S, what);
}

/* The first diagnostic of `rule`: at FDE fde, FRE fre (SFV_NONE to skip),
 * aux = pc; and no error of another rule before it. */
static void expect(scen *s, const char *what, sfv_rule_id rule, int64_t fde, int64_t fre,
                   uint64_t pc) {
  unsigned i;
  run(s, what);
  for (i = 0; i < S.n && i < SINK_MAX; i++)
    if (S.d[i].rule == rule)
      break;
  CHECKF(i < S.n, "%s: %s not reported", what, sfv_rule_get(rule)->id);
  if (i < S.n) {
    const sfv_diag *d = &S.d[i];
    CHECKF(d->fde == fde && (fre == SFV_NONE || d->fre == fre) && (uint64_t)d->aux == pc,
           "%s: %s at FDE %lld FRE %lld PC %#llx, want FDE %lld FRE %lld PC %#llx", what,
           sfv_rule_get(rule)->id, (long long)d->fde, (long long)d->fre,
           (unsigned long long)d->aux, (long long)fde, (long long)fre,
           (unsigned long long)pc);
  }
  if (i >= S.n || S.d[i].fde != fde)
    sink_dump(&S, what);
}

/* ---- AMD64, v2: F [0x1000, +0x40) with a frame pointer, G [0x1040, +0x20). */
static void amd64(scen *s) {
  static const uint8_t cie[] = {0x0c, 7, 8, 0x90, 1};
  static const uint8_t f_cfi[] = {0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0x40 | 0x3b, 0x0c, 7, 8};
  static const uint8_t g_cfi[] = {0x41, 0x0e, 16, 0x40 | 0x1e, 0x0e, 8};
  size_t c;
  memset(s, 0, sizeof *s);
  s->machine = 62;
  s->d.version = 2;
  s->d.flags = SB_F_SORTED;
  s->d.abi = SB_ABI_AMD64;
  s->d.fixed_ra = -8;
  s->d.nfdes = 2;
  fde_at(s, 0, 0x1000, 0x40, 4);
  s->fres[0][0] = fre(0, 1, 1, 8, 0, 0);
  s->fres[0][1] = fre(1, 1, 2, 16, -16, 0);
  s->fres[0][2] = fre(4, 0, 2, 16, -16, 0);
  s->fres[0][3] = fre(0x3f, 1, 2, 8, -16, 0);
  fde_at(s, 1, 0x1040, 0x20, 3);
  s->fres[1][0] = fre(0, 1, 1, 8, 0, 0);
  s->fres[1][1] = fre(1, 1, 1, 16, 0, 0);
  s->fres[1][2] = fre(0x1f, 1, 1, 8, 0, 0);
  cb_init(&s->eh, 0, EH_ADDR);
  c = cb_cie(&s->eh, "zR", 0x1b, 1, -8, 16, cie, sizeof cie);
  cb_fde(&s->eh, c, 0x1000, 0x40, 1, f_cfi, sizeof f_cfi);
  cb_fde(&s->eh, c, 0x1040, 0x20, 1, g_cfi, sizeof g_cfi);
  cb_end(&s->eh);
}

static void test_amd64(void) {
  static scen s;
  amd64(&s);
  expect_clean(&s, "amd64 baseline");
  CHECK_EQ(R.functions, 2, "functions");
  CHECK_EQU(R.pc_bytes, 0x60, "every PC compared");

  amd64(&s); s.fres[0][1].dw[0] = 24;
  expect(&s, "CFA offset", SFV_R_CFI_CFA_OFFSET, 0, 1, 0x1001);
  CHECK_EQ(S.d[0].found, 24, "found");
  CHECK_EQ(S.d[0].expected, 16, "expected");
  amd64(&s); s.fres[0][2].base_reg = 1;
  expect(&s, "CFA base register", SFV_R_CFI_CFA_REG, 0, 2, 0x1004);
  CHECK_EQ(S.d[0].found, 7, "SP");
  CHECK_EQ(S.d[0].expected, 6, "FP");
  amd64(&s); s.fres[0][2].dw[1] = -24;
  expect(&s, "FP offset", SFV_R_CFI_FP_VALUE, 0, 2, 0x1004);
  amd64(&s); s.fres[0][1].dw_count = 1;
  expect(&s, "FP not tracked", SFV_R_CFI_FP_RULE, 0, 1, 0x1001);
  /* AMD64's RA is not per FRE: a fixed RA offset other than -8 is the
   * validator's error (fixed-ra-offset), the FREs then have no recovery
   * rules, and the comparison reports nothing about them. */
  amd64(&s); s.d.fixed_ra = -16;
  run(&s, "AMD64 fixed RA offset");
  CHECK_EQ(S.n, 0, "left to the validator");
  amd64(&s); s.fres[0][3].dw[0] = 16;
  expect(&s, "epilogue CFA", SFV_R_CFI_CFA_OFFSET, 0, 3, 0x103f);
  amd64(&s); s.fdes[0].size = 0x3c;
  expect(&s, "function shortened", SFV_R_CFI_COVERAGE_SHORT, 0, SFV_NONE, 0x103c);
  amd64(&s); s.fdes[1].size = 0x30;
  expect(&s, "function lengthened", SFV_R_CFI_COVERAGE_LONG, 1, SFV_NONE, 0x1060);
  amd64(&s); s.fres[0][2] = s.fres[0][3]; s.fdes[0].nfres = 3;
  expect(&s, "FRE dropped", SFV_R_CFI_CFA_REG, 0, 1, 0x1004);
  amd64(&s); s.fres[1][0] = s.fres[1][1]; s.fres[1][1] = s.fres[1][2]; s.fdes[1].nfres = 2;
  expect(&s, "first FRE dropped", SFV_R_CFI_FRE_GAP, 1, SFV_NONE, 0x1040);
  amd64(&s); s.d.nfdes = 1;
  expect(&s, "FDE missing", SFV_R_CFI_FDE_MISSING, 1, SFV_NONE, 0x1040);
  CHECK_EQ(S.d[0].severity, SFV_SEV_WARNING, "warning");
  /* in a linked file: a note (code assembled without SFrame), except in
   * linker-made code (a PLT) */
  amd64(&s); s.d.nfdes = 1;
  LINK.linked = 1;
  expect(&s, "FDE missing, linked", SFV_R_CFI_FDE_MISSING_LINKED, 1, SFV_NONE, 0x1040);
  CHECK_EQ(S.d[0].severity, SFV_SEV_NOTE, "note");
  CHECK_EQ(sink_count(&S, SFV_R_CFI_FDE_MISSING), 0, "no warning");
  LINK.num_linker_ranges = 2;
  LINK.linker_ranges[0][0] = 0x800;
  LINK.linker_ranges[0][1] = 0x900;
  LINK.linker_ranges[1][0] = 0x1040;
  LINK.linker_ranges[1][1] = 0x1050;
  expect(&s, "FDE missing in a PLT", SFV_R_CFI_FDE_MISSING, 1, SFV_NONE, 0x1040);
  memset(&LINK, 0, sizeof LINK);
  amd64(&s); s.d.nfdes = 3; fde_at(&s, 2, 0x1060, 0x10, 1);
  s.fres[2][0] = fre(0, 1, 1, 8, 0, 0);
  expect(&s, "FDE without CFI", SFV_R_CFI_SFRAME_ONLY, 2, SFV_NONE, 0x1060);
  /* a function SFrame cannot express, missing from .sframe: a note */
  {
    static const uint8_t cie[] = {0x0c, 7, 8, 0x90, 1};
    static const uint8_t h_cfi[] = {0x41, 0x0f, 5, 0x77, 0x08, 0x80, 0x00, 0x22};
    amd64(&s);
    s.eh.n -= 4; /* drop the terminator */
    cb_fde(&s.eh, 0, 0x1060, 0x10, 1, h_cfi, sizeof h_cfi);
    (void)cie;
    cb_end(&s.eh);
    expect(&s, "not representable", SFV_R_CFI_NOT_REPRESENTABLE, 2, SFV_NONE, 0x1060);
    CHECK_EQ(S.d[0].found, SFV_UNREPR_CFA_EXPR, "reason: CFA expression");
    CHECK_EQ(S.d[0].expected, 1, "from PC offset 1");
    CHECK_EQ(S.d[0].severity, SFV_SEV_NOTE, "note");
  }
  /* a corrupt CFI instruction: unreadable, never a mismatch */
  amd64(&s);
  s.eh.buf[s.eh.n - 4 - 4] = 0x3f;
  run(&s, "unreadable CFI");
  CHECK(sink_count(&S, SFV_R_CFI_UNREADABLE) == 1 && S.n == 1);
  /* a tiny budget: a note, and no false mismatch */
  {
    static uint8_t buf[8192];
    sfv_section sec;
    sfv_cfi cfi;
    sfv_cfi_compare_options opt = {0};
    size_t n;
    amd64(&s);
    s.d.fdes = s.fdes;
    n = sb_build(&s.d, buf, sizeof buf, NULL);
    sfv_open(&sec, buf, n);
    sfv_set_vma(&sec, SF_VMA);
    sfv_cfi_init(&cfi, s.eh.buf, s.eh.n, SFV_CFI_EH_FRAME, 0, 8, 62, EH_ADDR);
    opt.budget = 20;
    memset(&S, 0, sizeof S);
    CHECK(sfv_cfi_compare(&sec, &cfi, &opt, sink_fn, &S, &R) == SFV_OK);
    CHECK(!R.complete && sink_count(&S, SFV_R_CFI_BUDGET) == 1 && S.n == 1);
  }
}

/* A PLT: one .eh_frame FDE, two SFrame FDEs back to back (PLT0, then the
 * PC-mask FDE of the entries, as GNU ld writes them). */
static void test_plt(void) {
  static scen s;
  static const uint8_t cie[] = {0x0c, 7, 8, 0x90, 1};
  static const uint8_t plt_cfi[] = {0x0e, 16, 0x46, 0x0e, 24, 0x4a, 0x0f, 11, 0x77, 8,
                                    0x80, 0, 0x3f, 0x1a, 0x3b, 0x2a, 0x33, 0x24, 0x22};
  memset(&s, 0, sizeof s);
  s.machine = 62;
  s.d.version = 2;
  s.d.flags = SB_F_SORTED;
  s.d.abi = SB_ABI_AMD64;
  s.d.fixed_ra = -8;
  s.d.nfdes = 2;
  fde_at(&s, 0, 0x1000, 0x10, 2);
  s.fres[0][0] = fre(0, 1, 1, 16, 0, 0);
  s.fres[0][1] = fre(6, 1, 1, 24, 0, 0);
  fde_at(&s, 1, 0x1010, 0x30, 2);
  s.fdes[1].pc_type = 1;
  s.fdes[1].rep_size = 16;
  s.fres[1][0] = fre(0, 1, 1, 8, 0, 0);
  s.fres[1][1] = fre(11, 1, 1, 16, 0, 0);
  cb_init(&s.eh, 0, EH_ADDR);
  cb_cie(&s.eh, "zR", 0x1b, 1, -8, 16, cie, sizeof cie);
  cb_fde(&s.eh, 0, 0x1000, 0x40, 1, plt_cfi, sizeof plt_cfi);
  cb_end(&s.eh);
  run(&s, "PLT");
  CHECKF(S.n == 1 && S.d[0].rule == SFV_R_CFI_MASK_SKIPPED && S.d[0].fde == 1 &&
             S.d[0].aux == 0x1010 && R.only_sframe == 0 && R.mask_skipped == 1,
         "PLT: %u diagnostics", S.n);
  if (S.n != 1)
    sink_dump(&S, "PLT");
  s.fres[0][1].dw[0] = 32;
  expect(&s, "PLT0 CFA", SFV_R_CFI_CFA_OFFSET, 0, 1, 0x1006);
  s.fres[0][1].dw[0] = 24;
  s.fdes[1].size = 0x20;
  expect(&s, "PLT entries short", SFV_R_CFI_COVERAGE_SHORT, 0, SFV_NONE, 0x1030);
}

/* ---- AArch64 pac-ret, v2, key B. */
static void aarch64(scen *s) {
  static const uint8_t cie[] = {0x0c, 31, 0};
  static const uint8_t f_cfi[] = {0x41, 0x2d, 0x41, 0x0e, 16, 0x9d, 2, 0x9e, 1,
                                  0x44, 0x0e, 0, 0xde, 0xdd, 0x41, 0x2d};
  memset(s, 0, sizeof *s);
  s->machine = 183;
  s->d.version = 2;
  s->d.flags = SB_F_SORTED;
  s->d.abi = SB_ABI_AARCH64_LE;
  s->d.nfdes = 1;
  fde_at(s, 0, 0x1000, 0x20, 5);
  s->fdes[0].pauth_key = 1;
  s->fres[0][0] = fre(0, 1, 1, 0, 0, 0);
  s->fres[0][1] = fre(4, 1, 1, 0, 0, 0);
  s->fres[0][1].mangled_ra = 1;
  s->fres[0][2] = fre(8, 1, 3, 16, -8, -16);
  s->fres[0][2].mangled_ra = 1;
  s->fres[0][3] = fre(0x18, 1, 1, 0, 0, 0);
  s->fres[0][3].mangled_ra = 1;
  s->fres[0][4] = fre(0x1c, 1, 1, 0, 0, 0);
  cb_init(&s->eh, 0, EH_ADDR);
  cb_cie(&s->eh, "zRB", 0x1b, 4, -8, 30, cie, sizeof cie);
  cb_fde(&s->eh, 0, 0x1000, 0x20, 1, f_cfi, sizeof f_cfi);
  cb_end(&s->eh);
}

static void test_aarch64(void) {
  static scen s;
  aarch64(&s);
  expect_clean(&s, "aarch64 baseline");
  aarch64(&s); s.fres[0][1].mangled_ra = 0;
  expect(&s, "mangled bit cleared", SFV_R_CFI_RA_MANGLED, 0, 1, 0x1004);
  aarch64(&s); s.fres[0][4].mangled_ra = 1;
  expect(&s, "mangled after autiasp", SFV_R_CFI_RA_MANGLED, 0, 4, 0x101c);
  aarch64(&s); s.fdes[0].pauth_key = 0;
  expect(&s, "pauth key", SFV_R_CFI_RA_PAUTH_KEY, 0, SFV_NONE, 0x1004);
  aarch64(&s); s.fres[0][2].dw[1] = -16;
  expect(&s, "RA offset", SFV_R_CFI_RA_VALUE, 0, 2, 0x1008);
  aarch64(&s); s.fres[0][2].dw_count = 1;
  expect(&s, "RA not tracked", SFV_R_CFI_RA_RULE, 0, 2, 0x1008);
  aarch64(&s); s.fres[0][2].dw[2] = -24;
  expect(&s, "FP offset", SFV_R_CFI_FP_VALUE, 0, 2, 0x1008);
}

/* ---- s390x, v3: CFA offsets stored as (offset - 160) / 8. */
static void s390x(scen *s) {
  static const uint8_t cie[] = {0x0c, 15, 0xa0, 0x01};
  static const uint8_t f_cfi[] = {0x43, 0x8e, 6, 0x8b, 9, 0x43, 0x0e, 0xc0, 0x02};
  memset(s, 0, sizeof *s);
  s->machine = 22;
  s->d.version = 3;
  s->d.flags = SB_F_SORTED | SB_F_PCREL;
  s->d.abi = SB_ABI_S390X;
  s->d.big_endian = 1;
  s->d.nfdes = 1;
  fde_at(s, 0, 0x1000, 0x20, 3);
  s->fres[0][0] = fre(0, 1, 1, 0, 0, 0);
  s->fres[0][1] = fre(6, 1, 3, 0, -48, -72);
  s->fres[0][2] = fre(12, 1, 3, 20, -48, -72);
  cb_init(&s->eh, 1, EH_ADDR);
  cb_cie(&s->eh, "zR", 0x1b, 2, -8, 14, cie, sizeof cie);
  cb_fde(&s->eh, 0, 0x1000, 0x20, 1, f_cfi, sizeof f_cfi);
  cb_end(&s->eh);
}

static void test_s390x(void) {
  static scen s;
  s390x(&s);
  expect_clean(&s, "s390x baseline");
  s390x(&s); s.fres[0][2].dw[0] = 21;
  expect(&s, "s390x CFA", SFV_R_CFI_CFA_OFFSET, 0, 2, 0x100c);
  CHECK_EQ(S.d[0].found, 328, "decoded");
  CHECK_EQ(S.d[0].expected, 320, "CFI");
  s390x(&s); s.fres[0][1].dw[1] = -56;
  expect(&s, "s390x RA", SFV_R_CFI_RA_VALUE, 0, 1, 0x1006);
}

/* ---- AMD64, v3 flex FDE: CFA = *(rbp - 8) (DRAP), FP saved at rbp + 0. */
static void flex(scen *s) {
  static const uint8_t cie[] = {0x0c, 7, 8, 0x90, 1};
  static const uint8_t f_cfi[] = {0x44, 0x0f, 3, 0x76, 0x78, 0x06, 0x10, 6, 2, 0x76, 0x00};
  memset(s, 0, sizeof *s);
  s->machine = 62;
  s->d.version = 3;
  s->d.flags = SB_F_SORTED | SB_F_PCREL;
  s->d.abi = SB_ABI_AMD64;
  s->d.fixed_ra = -8;
  s->d.nfdes = 1;
  fde_at(s, 0, 0x1000, 0x20, 2);
  s->fdes[0].fde_type = 1;
  s->fres[0][0] = fre(0, 1, 2, 1 | (7 << 3), 8, 0);
  s->fres[0][1] = fre(4, 1, 5, 1 | 2 | (6 << 3), -8, 0);
  s->fres[0][1].dw[3] = 1 | 2 | (6 << 3);
  s->fres[0][1].dw[4] = 0;
  cb_init(&s->eh, 0, EH_ADDR);
  cb_cie(&s->eh, "zR", 0x1b, 1, -8, 16, cie, sizeof cie);
  cb_fde(&s->eh, 0, 0x1000, 0x20, 1, f_cfi, sizeof f_cfi);
  cb_end(&s->eh);
}

static void test_flex(void) {
  static scen s;
  flex(&s);
  expect_clean(&s, "flex baseline");
  flex(&s); s.fres[0][1].dw[1] = -16;
  expect(&s, "flex CFA offset", SFV_R_CFI_CFA_OFFSET, 0, 1, 0x1004);
  flex(&s); s.fres[0][1].dw[0] = 1 | (6 << 3);
  expect(&s, "flex CFA not dereferenced", SFV_R_CFI_CFA_KIND, 0, 1, 0x1004);
  flex(&s); s.fres[0][1].dw[4] = 8;
  expect(&s, "flex FP offset", SFV_R_CFI_FP_VALUE, 0, 1, 0x1004);
}

/* ---- Outermost frames (.cfi_undefined rip): AMD64 H [0x1000, +0x10),
 * CFA rsp+8, RA undefined from the start. */
static void outermost_cfi(scen *s, int version, unsigned nfres, int ra_undef) {
  static const uint8_t cie[] = {0x0c, 7, 8, 0x90, 1};
  static const uint8_t h_cfi[] = {0x07, 16};
  static const uint8_t nop_cfi[] = {0x00, 0x00};
  memset(s, 0, sizeof *s);
  s->machine = 62;
  s->d.version = (uint8_t)version;
  s->d.flags = SB_F_SORTED | (version >= 3 ? SB_F_PCREL : 0);
  s->d.abi = SB_ABI_AMD64;
  s->d.fixed_ra = -8;
  s->d.nfdes = 1;
  fde_at(s, 0, 0x1000, 0x10, nfres);
  s->fres[0][0] = fre(0, 1, 1, 8, 0, 0); /* CFA sp+8, RA at the fixed CFA-8 */
  cb_init(&s->eh, 0, EH_ADDR);
  cb_cie(&s->eh, "zR", 0x1b, 1, -8, 16, cie, sizeof cie);
  cb_fde(&s->eh, 0, 0x1000, 0x10, 1, ra_undef ? h_cfi : nop_cfi, sizeof h_cfi);
  cb_end(&s->eh);
}

static void outermost(scen *s, int version, unsigned nfres) {
  outermost_cfi(s, version, nfres, 1);
}

static void test_outermost(void) {
  static scen s;
  /* v1/v2 cannot (or, before the errata, could not) say "RA undefined":
   * one note for the function, no error */
  outermost(&s, 2, 1);
  run(&s, "v2 outermost");
  CHECKF(S.n == 1 && S.d[0].rule == SFV_R_CFI_RA_UNDEFINED && S.d[0].fde == 0 &&
             S.d[0].fre == 0 && S.d[0].aux == 0x1000 && S.d[0].severity == SFV_SEV_NOTE &&
             R.errors == 0,
         "v2 outermost: %u diagnostics", S.n);
  outermost(&s, 1, 1);
  run(&s, "v1 outermost");
  CHECK(S.n == 1 && S.d[0].rule == SFV_R_CFI_RA_UNDEFINED);
  /* v2 errata / v3: an FRE without data words says it */
  outermost(&s, 2, 1); s.fres[0][0].dw_count = 0;
  expect_clean(&s, "v2 FRE without data words");
  outermost(&s, 3, 1); s.fres[0][0].dw_count = 0;
  expect_clean(&s, "v3 FRE without data words");
  /* v3 can say it, so an RA rule there is a mismatch */
  outermost(&s, 3, 1);
  expect(&s, "v3 RA given", SFV_R_CFI_RA_RULE, 0, 0, 0x1000);
  CHECK_EQ(S.d[0].found, 3, "saved at CFA+N");
  CHECK_EQ(S.d[0].expected, 1, "undefined");
  /* v3 default FDE without FREs: outermost over the whole function */
  outermost(&s, 3, 0);
  expect_clean(&s, "v3 default FDE without FREs");
  CHECK_EQU(R.pc_bytes, 0x10, "compared");
  outermost_cfi(&s, 3, 0, 0);
  expect(&s, "v3 FDE without FREs, RA saved", SFV_R_CFI_RA_RULE, 0, SFV_NONE, 0x1000);
  /* a v3 signal frame without FREs is not compared */
  outermost(&s, 3, 0); s.fdes[0].signal = 1;
  run(&s, "v3 signal FDE without FREs");
  CHECK(S.n == 1 && S.d[0].rule == SFV_R_CFI_SIGNAL_EMPTY && S.d[0].aux == 0x1000);
}

/* ---- AArch64: an FRE start that is not a multiple of the code alignment
 * factor (4) is compared as rounded down (GNU as on `.byte 0; .byte 0;
 * .cfi_def_cfa_offset 16` writes the row change at offset 0). */
static void unaligned(scen *s, uint32_t second) {
  static const uint8_t cie[] = {0x0c, 31, 0};
  static const uint8_t f_cfi[] = {0x0e, 16};
  memset(s, 0, sizeof *s);
  s->machine = 183;
  s->d.version = 3;
  s->d.flags = SB_F_SORTED | SB_F_PCREL;
  s->d.abi = SB_ABI_AARCH64_LE;
  s->d.nfdes = 1;
  fde_at(s, 0, 0x1000, 8, 2);
  s->fres[0][0] = fre(0, 1, 1, 0, 0, 0);
  s->fres[0][1] = fre(second, 1, 1, 16, 0, 0);
  cb_init(&s->eh, 0, EH_ADDR);
  cb_cie(&s->eh, "zR", 0x1b, 4, -8, 30, cie, sizeof cie);
  cb_fde(&s->eh, 0, 0x1000, 8, 1, f_cfi, sizeof f_cfi);
  cb_end(&s->eh);
}

static void test_unaligned(void) {
  static scen s;
  unaligned(&s, 2);
  expect_clean(&s, "FRE at offset 2, CAF 4");
  unaligned(&s, 4);
  expect(&s, "FRE at offset 4, CAF 4", SFV_R_CFI_CFA_OFFSET, 0, 0, 0x1000);
}

int main(void) {
  test_amd64();
  test_plt();
  test_aarch64();
  test_s390x();
  test_flex();
  test_outermost();
  test_unaligned();
  return t_exit("test_cfi_compare");
}

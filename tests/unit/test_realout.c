/* SPDX-License-Identifier: MIT */
/* test_realout.c - sections real toolchains wrote, read back: zero errors
 * and the recovery rules objdump prints (issue 8).
 *
 * tests/unit/data/aarch64-ra-only.s (a function saving x30 without x29)
 * assembled with `as --gsframe` of binutils 2.40 (bookworm, SFrame v1),
 * 2.44 (trixie, v2) and 2.47.50 (sid, v3), and the .sframe section of each
 * extracted with that binutils' `objcopy -O binary --only-section=.sframe`.
 * objdump --sframe prints for all three:
 *   STARTPC  CFA    FP  RA
 *   +0x0     sp+0   u   u
 *   +0x4     sp+16  u   c-16     <- 2 data words: CFA, RA (FP not saved)
 *   +0xc     sp+0   u   u
 * Also the flex FRE of libsframe's testsuite find/findfre-flex-1
 * ([ctl 0x39, 40, 0, 0], objdump: "sp+40 u U"), rebuilt with sbuild.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diagsink.h"
#include "sbuild.h"
#include "sfv.h"

static size_t slurp(const char *path, uint8_t *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  size_t n;
  if (f == NULL) {
    fprintf(stderr, "cannot open %s (run from the repository root)\n", path);
    exit(1);
  }
  n = fread(buf, 1, cap, f);
  fclose(f);
  return n;
}

static void check_rec(const sfv_recovery *r, uint8_t kind, uint8_t reg_p,
                      uint8_t deref_p, uint32_t regnum, int64_t off,
                      const char *ctx) {
  CHECK_EQ(r->kind, kind, ctx);
  if (kind != SFV_REC_EXPR)
    return;
  CHECK_EQ(r->reg_p, reg_p, ctx);
  CHECK_EQ(r->deref_p, deref_p, ctx);
  if (reg_p)
    CHECK_EQ(r->regnum, regnum, ctx);
  CHECK_EQ(r->offset, off, ctx);
}

static void elf_zero_errors(const char *path) {
  static uint8_t buf[1 << 16];
  size_t n = slurp(path, buf, sizeof buf);
  sfv_elf elf;
  sfv_elf_result res;
  sink s;
  memset(&s, 0, sizeof s);
  CHECK_EQ(sfv_elf_open(&elf, buf, n), SFV_OK, path);
  CHECK_EQ(sfv_elf_validate(&elf, NULL, sink_fn, &s, &res), SFV_OK, path);
  CHECKF(res.validated && res.errors == 0 && res.warnings == 0,
         "%s: %u errors %u warnings", path, res.errors, res.warnings);
  if (res.errors + res.warnings != 0)
    sink_dump(&s, path);
}

static void ra_only(const char *stem, uint8_t version) {
  static uint8_t buf[4096];
  char path[256], ctx[300];
  size_t n;
  sink s;
  sfv_result res;
  sfv_section sec;
  sfv_fde f;
  sfv_lookup lk;
  uint64_t start;

  snprintf(path, sizeof path, "tests/unit/data/%s.o", stem);
  elf_zero_errors(path);
  snprintf(path, sizeof path, "tests/unit/data/%s.sframe", stem);
  n = slurp(path, buf, sizeof buf);
  sink_validate(&s, buf, n, 0, 0, 1, &res);
  CHECKF(s.n == 0 && res.errors == 0, "%s: %u diagnostics", path, s.n);
  if (s.n != 0)
    sink_dump(&s, path);

  CHECK_EQ(sfv_open(&sec, buf, n), SFV_OK, path);
  CHECK_EQ(sec.hdr.version, version, path);
  CHECK_EQ(sec.hdr.abi_arch, SFV_ABI_AARCH64_LE, path);
  CHECK_EQ(sfv_fde_get(&sec, 0, &f), SFV_OK, path);
  CHECK_EQ(sfv_fde_func_start(&sec, &f, &start), SFV_OK, path);
  CHECK_EQ(f.size, 16, path);

  snprintf(ctx, sizeof ctx, "%s pc +4", path);
  CHECK_EQ(sfv_find_fre(&sec, start + 4, &lk), SFV_OK, ctx);
  CHECK_EQ(lk.fre.index, 1, ctx);
  CHECK_EQ(lk.fre.dw_count, 2, ctx);
  CHECK_EQ(lk.recovery_status, SFV_OK, ctx);
  check_rec(&lk.recovery.cfa, SFV_REC_EXPR, 1, 0, 31, 16, ctx); /* sp+16 */
  check_rec(&lk.recovery.ra, SFV_REC_EXPR, 0, 1, 0, -16, ctx);  /* c-16 */
  CHECK_EQ(lk.recovery.ra.source, SFV_SRC_FRE, ctx);
  check_rec(&lk.recovery.fp, SFV_REC_SAME, 0, 0, 0, 0, ctx);    /* u */

  snprintf(ctx, sizeof ctx, "%s pc +0xc", path);
  CHECK_EQ(sfv_find_fre(&sec, start + 0xc, &lk), SFV_OK, ctx);
  CHECK_EQ(lk.fre.index, 2, ctx);
  CHECK_EQ(lk.recovery_status, SFV_OK, ctx);
  check_rec(&lk.recovery.cfa, SFV_REC_EXPR, 1, 0, 31, 0, ctx);
  check_rec(&lk.recovery.ra, SFV_REC_SAME, 0, 0, 0, 0, ctx);
  check_rec(&lk.recovery.fp, SFV_REC_SAME, 0, 0, 0, 0, ctx);
}

/* findfre-flex-1: one flex FDE, FRE [ctl 0x39 (reg_p, regnum 7 = rsp), 40,
 * 0, 0]: the one warning flex-trailing-padding, and CFA = rsp + 40, RA at
 * the fixed offset, FP unchanged. */
static void flex_trailing_zero(void) {
  static uint8_t buf[512];
  sb_fre fre;
  sb_fde fde;
  sb_section d;
  sb_layout lay;
  size_t n;
  sink s;
  sfv_result res;
  sfv_section sec;
  sfv_lookup lk;
  const char *ctx = "findfre-flex-1";

  memset(&fre, 0, sizeof fre);
  fre.dw_count = 4;
  fre.dw[0] = 0x39;
  fre.dw[1] = 40;
  memset(&fde, 0, sizeof fde);
  fde.start = 0x100;
  fde.size = 0x20;
  fde.fde_type = 1;
  fde.fres = &fre;
  fde.nfres = 1;
  memset(&d, 0, sizeof d);
  d.version = 3;
  d.flags = SB_F_SORTED | SB_F_PCREL;
  d.abi = SB_ABI_AMD64;
  d.fixed_ra = -8;
  d.fdes = &fde;
  d.nfdes = 1;
  n = sb_build(&d, buf, sizeof buf, &lay);

  sink_validate(&s, buf, n, 0, 0, 1, &res);
  CHECKF(s.n == 1 && res.errors == 0 && res.warnings == 1, "%s: %u diagnostics",
         ctx, s.n);
  CHECK_EQ(s.d[0].rule, SFV_R_FLEX_TRAILING_PADDING, ctx);
  CHECK_EQ(s.d[0].offset, lay.fre_info[0] + 1 + 3, ctx);
  CHECK_EQ(s.d[0].fde, 0, ctx);
  CHECK_EQ(s.d[0].fre, 0, ctx);
  CHECK_EQ(s.d[0].found, 3, ctx);    /* data word 3 ... */
  CHECK_EQ(s.d[0].expected, 4, ctx); /* ... of 4 */
  if (s.n != 1)
    sink_dump(&s, ctx);

  CHECK_EQ(sfv_open(&sec, buf, n), SFV_OK, ctx);
  CHECK_EQ(sfv_find_fre(&sec, 0x108, &lk), SFV_OK, ctx);
  CHECK_EQ(lk.recovery_status, SFV_OK, ctx);
  check_rec(&lk.recovery.cfa, SFV_REC_EXPR, 1, 0, 7, 40, ctx);
  check_rec(&lk.recovery.ra, SFV_REC_EXPR, 0, 1, 0, -8, ctx);
  CHECK_EQ(lk.recovery.ra.source, SFV_SRC_FIXED, ctx);
  check_rec(&lk.recovery.fp, SFV_REC_SAME, 0, 0, 0, 0, ctx);
}

/* Lookup and validation agree because both take the FRE classifier's
 * verdict (issue 10): the FRE the validator rejects with fre-s390x-regnum
 * gives no valid rule to a lookup either. */
static void lookup_agrees_with_validation(void) {
  static uint8_t buf[4096];
  const char *path = "conformance/cases/impldef-fre-s390x-regnum-40.sframe";
  size_t n = slurp(path, buf, sizeof buf);
  sink s;
  sfv_result res;
  sfv_section sec;
  sfv_lookup lk;
  sink_validate(&s, buf, n, 0, 0, 1, &res);
  CHECK_EQ(sink_count(&s, SFV_R_FRE_S390X_REGNUM), 1, path);
  CHECK_EQ(s.n, 1, path);
  CHECK_EQ(sfv_open(&sec, buf, n), SFV_OK, path);
  CHECK_EQ(sfv_find_fre(&sec, 0x1008, &lk), SFV_OK, path);
  CHECK_EQ(lk.fre.index, s.n > 0 ? s.d[0].fre : -1, path);
  CHECK_EQ(lk.recovery_status,
           res.errors != 0 ? SFV_E_ENCODING : SFV_OK, path);
}

int main(void) {
  lookup_agrees_with_validation();
  ra_only("ra-only-bookworm", 1);
  ra_only("ra-only-trixie", 2);
  ra_only("ra-only-sid", 3);
  flex_trailing_zero();
  return t_exit("test_realout");
}

/* SPDX-License-Identifier: MIT */
/* libsframe_adapter.c - conformance adapter for GNU libsframe (peer).
 *
 * Built twice by mk/conformance.mk: against sid's libsframe 2.47 (sframe.h
 * defines SFRAME_VERSION_3: v2/v3 API) and trixie's 2.44 (v1/v2 API).
 * `libsframe-ADAPTER FILE`: exit 0 + canonical JSON when libsframe accepts,
 * exit 1 + {"error": {"message": ...}} on stdout when it rejects.  libsframe checks FREs only when they are read, so
 * its verdict is: sframe_decode() succeeds AND every FDE and every FRE
 * reads back through the API without error.  It may abort on bad input: the
 * runner counts that as a crash (this adapter runs out of process).
 *
 * Values come from libsframe's getters wherever it has one.  It has none
 * for sfh_auxhdr_len, sfh_num_fres, sfh_fre_len, sfh_fdeoff, sfh_freoff,
 * the FDE's FRE offset and (2.44) the flags: those are read from the raw
 * section bytes, in the byte order of the magic.  Recovery rules are
 * assembled from libsframe's offset getters the way spec appendix A's
 * stack tracer does; deciding what "offset not present" means
 * (fixed offset or unchanged) is this adapter's, as in that pseudo-code.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sframe-api.h"

#ifndef SFRAME_FRE_RA_OFFSET_INVALID
#define SFRAME_FRE_RA_OFFSET_INVALID 0 /* sframe.h 2.47; not in 2.44 */
#endif

#ifdef SFRAME_VERSION_3
#define CONST_DCTX const sframe_decoder_ctx
#else
#define CONST_DCTX sframe_decoder_ctx
#endif

static const uint8_t *raw;
static int raw_be;

/* A structured rejection (conformance/README.md): one JSON value on stdout,
 * the same message on stderr; returns the exit status 1. */
static int reject(const char *fmt, ...) {
  char msg[256];
  const char *p;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "libsframe: %s\n", msg);
  fputs("{\"error\":{\"message\":\"", stdout);
  for (p = msg; *p != '\0'; p++)
    if (*p == '"' || *p == '\\')
      printf("\\%c", *p);
    else if ((unsigned char)*p >= 0x20)
      putchar(*p);
  fputs("\"}}\n", stdout);
  return 1;
}

static uint32_t raw_u32(size_t off) {
  const uint8_t *p = raw + off;
  return raw_be ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static int sp_reg(uint8_t abi) { return abi == 3 ? 7 : abi == 4 ? 15 : 31; }
static int fp_reg(uint8_t abi) { return abi == 3 ? 6 : abi == 4 ? 11 : 29; }

static void rule_expr(const char *name, int reg_p, int deref_p, unsigned regnum,
                      long long off) {
  printf("\"%s\":{\"kind\":\"expr\",\"reg_p\":%d,\"deref_p\":%d,\"regnum\":%u,"
         "\"offset\":%lld}", name, reg_p, deref_p, regnum, off);
}
static void rule_kind(const char *name, const char *kind) {
  printf("\"%s\":{\"kind\":\"%s\"}", name, kind);
}
static void rule_fixed_or_same(const char *name, int8_t fixed) {
  if (fixed != 0)
    rule_expr(name, 0, 1, 0, fixed);
  else
    rule_kind(name, "same");
}

/* Data word k of an FRE as stored (unsigned, host order after libsframe's
 * byte swap). */
static uint32_t dataword(const sframe_frame_row_entry *fre, unsigned k, unsigned size) {
#ifdef SFRAME_VERSION_3
  int err = 0;
  (void)size;
  return sframe_get_fre_udata(fre, (int)k, &err);
#else
  uint8_t b1;
  uint16_t b2;
  uint32_t b4;
  const unsigned char *p = fre->fre_offsets + k * size;
  if (size == 1) { memcpy(&b1, p, 1); return b1; }
  if (size == 2) { memcpy(&b2, p, 2); return b2; }
  memcpy(&b4, p, 4);
  return b4;
#endif
}

static int32_t sext(uint32_t v, unsigned size) {
  if (size == 1) return (int8_t)v;
  if (size == 2) return (int16_t)v;
  return (int32_t)v;
}

static void default_rules(CONST_DCTX *d, sframe_frame_row_entry *fre, uint8_t ver,
                          uint8_t abi, unsigned fde_type) {
  int err = 0;
  int32_t off;
  uint8_t base = sframe_fre_get_base_reg_id(fre, &err);
  int8_t fixed_fp = sframe_decoder_get_fixed_fp_offset(d);
  int8_t fixed_ra = sframe_decoder_get_fixed_ra_offset(d);
#ifdef SFRAME_VERSION_3
  off = sframe_fre_get_cfa_offset(d, fre, fde_type, &err);
#else
  (void)fde_type;
  off = sframe_fre_get_cfa_offset(d, fre, &err);
#endif
  rule_expr("cfa", 1, 0, (unsigned)(base ? sp_reg(abi) : fp_reg(abi)), off);
  putchar(',');
  err = 0;
#ifdef SFRAME_VERSION_3
  off = sframe_fre_get_ra_offset(d, fre, fde_type, &err);
#else
  off = sframe_fre_get_ra_offset(d, fre, &err);
#endif
  if (err != 0)
    rule_fixed_or_same("ra", abi == 3 ? fixed_ra : 0);
  else if (abi == 4 && off == SFRAME_FRE_RA_OFFSET_INVALID)
    rule_kind("ra", "same");
  else if (abi == 4 && ver == 2 && (off & 1))
    rule_expr("ra", 1, 0, (unsigned)(off >> 1), 0);
  else
    rule_expr("ra", 0, 1, 0, off);
  putchar(',');
  err = 0;
#ifdef SFRAME_VERSION_3
  off = sframe_fre_get_fp_offset(d, fre, fde_type, &err);
#else
  off = sframe_fre_get_fp_offset(d, fre, &err);
#endif
  if (err != 0) /* s390x: FP "remains unchanged" (3.1.3, suite decision 5) */
    rule_fixed_or_same("fp", abi == 4 ? 0 : fixed_fp);
  else if (abi == 4 && ver == 2 && (off & 1))
    rule_expr("fp", 1, 0, (unsigned)(off >> 1), 0);
  else
    rule_expr("fp", 0, 1, 0, off);
}

/* Flex FDE (v3): spec 3.2 / appendix A, from the raw data words. */
static void flex_rules(CONST_DCTX *d, const sframe_frame_row_entry *fre,
                       unsigned n, unsigned size) {
  unsigned i = 2;
  uint32_t c = dataword(fre, 0, size);
  int fp_done = 0, ra_done = 0;
  int err = 1;
  int32_t cfa_off = 0;
#ifdef SFRAME_VERSION_3
  /* The CFA offset as libsframe decodes it (s390x: scaled, as for default
   * FDEs); the other words are used as stored. */
  err = 0;
  cfa_off = sframe_fre_get_cfa_offset(d, fre, SFRAME_FDE_TYPE_FLEX, &err);
#endif
  rule_expr("cfa", (int)(c & 1), (int)((c >> 1) & 1), c >> 3,
            err == 0 ? cfa_off : sext(dataword(fre, 1, size), size));
  putchar(',');
  if (n > i) {
    c = dataword(fre, i, size);
    if (c == 0) {
      i += 1;
    } else {
      rule_expr("ra", (int)(c & 1), (int)((c >> 1) & 1), c >> 3,
                sext(dataword(fre, i + 1, size), size));
      ra_done = 1;
      i += 2;
    }
  }
  if (!ra_done)
    rule_fixed_or_same("ra", sframe_decoder_get_fixed_ra_offset(d));
  putchar(',');
  if (n > i + 1) {
    c = dataword(fre, i, size);
    rule_expr("fp", (int)(c & 1), (int)((c >> 1) & 1), c >> 3,
              sext(dataword(fre, i + 1, size), size));
    fp_done = 1;
  }
  if (!fp_done)
    rule_fixed_or_same("fp", sframe_decoder_get_fixed_fp_offset(d));
}

int main(int argc, char **argv) {
  FILE *fh;
  static char buf[1 << 24];
  size_t size;
  int err = 0;
  sframe_decoder_ctx *d;
  uint32_t i, n, hsize;
  uint8_t ver, abi, flags;
  unsigned fde_size;

  if (argc != 2 || (fh = fopen(argv[1], "rb")) == NULL) {
    fputs("usage: libsframe-adapter FILE\n", stderr);
    return 2;
  }
  size = fread(buf, 1, sizeof buf, fh);
  fclose(fh);
  d = sframe_decode(buf, size, &err);
  if (d == NULL) {
    return reject("sframe_decode: %s", sframe_errmsg(err));
  }
  raw = (const uint8_t *)buf;
  raw_be = size >= 2 && raw[0] == 0xde;
  ver = sframe_decoder_get_version(d);
  abi = sframe_decoder_get_abi_arch(d);
#ifdef SFRAME_VERSION_3
  flags = sframe_decoder_get_flags(d);
#else
  flags = raw[3];
#endif
  n = sframe_decoder_get_num_fidx(d);
  hsize = sframe_decoder_get_hdr_size(d);
  fde_size = ver == 3 ? 16 : ver == 2 ? 20 : 17;

  /* First pass: libsframe's verdict (every FDE and FRE must read back). */
  for (i = 0; i < n; i++) {
    uint32_t nf = 0, fsize = 0, j;
    unsigned char info = 0;
    uint8_t rep = 0;
    int32_t s32;
    sframe_frame_row_entry fre;
#ifdef SFRAME_VERSION_3
    unsigned char info2 = 0;
    int64_t s64;
    int rc = ver == 3
        ? sframe_decoder_get_funcdesc_v3(d, i, &nf, &fsize, &s64, &info, &info2, &rep)
        : sframe_decoder_get_funcdesc_v2(d, i, &nf, &fsize, &s32, &info, &rep);
    if (rc != 0) {
      return reject("FDE %u unreadable", i);
    }
    (void)s32;
#else
    int rc = ver == 1 /* the v2 getter refuses v1 sections */
        ? sframe_decoder_get_funcdesc(d, i, &nf, &fsize, &s32, &info)
        : sframe_decoder_get_funcdesc_v2(d, i, &nf, &fsize, &s32, &info, &rep);
    if (rc != 0) {
      return reject("FDE %u unreadable", i);
    }
#endif
    for (j = 0; j < nf; j++) {
      if (sframe_decoder_get_fre(d, i, j, &fre) != 0) {
        return reject("FRE %u of FDE %u unreadable", j, i);
      }
    }
  }

  printf("{\"format\":\"sframe-canonical-1\",\"header\":{\"version\":%u,"
         "\"endian\":\"%s\",\"flags\":%u,\"abi_arch\":%u,\"cfa_fixed_fp_offset\":%d,"
         "\"cfa_fixed_ra_offset\":%d,\"auxhdr_len\":%u,\"num_fdes\":%u,"
         "\"num_fres\":%u,\"fre_len\":%u,\"fdeoff\":%u,\"freoff\":%u},\"fdes\":[",
         ver, raw_be ? "big" : "little", flags, abi,
         sframe_decoder_get_fixed_fp_offset(d), sframe_decoder_get_fixed_ra_offset(d),
         raw[7], n, raw_u32(12), raw_u32(16), raw_u32(20), raw_u32(24));
  for (i = 0; i < n; i++) {
    uint32_t nf = 0, fsize = 0, j;
    unsigned char info = 0, info2 = 0;
    uint8_t rep = 0;
    int64_t start;
    size_t fde_off = hsize + raw_u32(20) + (size_t)i * fde_size;
#ifdef SFRAME_VERSION_3
    if (ver == 3) {
      (void)sframe_decoder_get_funcdesc_v3(d, i, &nf, &fsize, &start, &info, &info2, &rep);
    } else {
      int32_t s32;
      (void)sframe_decoder_get_funcdesc_v2(d, i, &nf, &fsize, &s32, &info, &rep);
      start = s32;
    }
    if (flags & SFRAME_F_FDE_FUNC_START_PCREL)
      start += sframe_decoder_get_offsetof_fde_start_addr(d, i, &err);
#else
    int32_t s32;
    if (ver == 1)
      (void)sframe_decoder_get_funcdesc(d, i, &nf, &fsize, &s32, &info);
    else
      (void)sframe_decoder_get_funcdesc_v2(d, i, &nf, &fsize, &s32, &info, &rep);
    start = s32;
#endif
    printf("%s{\"func_start\":%lld,\"func_size\":%u,\"fre_off\":%u,\"num_fres\":%u,"
           "\"fre_type\":%u,\"pc_type\":%u,\"fde_type\":%u,\"rep_size\":%u,"
           "\"pauth_key\":%u,\"signal\":%u,\"fres\":[",
           i ? "," : "", (long long)start, fsize, raw_u32(fde_off + (ver == 3 ? 12 : 8)),
           nf, info & 0xfu, (info >> 4) & 1u, ver == 3 ? (info2 & 0x1fu) : 0u,
           ver >= 2 ? rep : 0u, (info >> 5) & 1u, ver == 3 ? (info >> 7) & 1u : 0u);
    for (j = 0; j < nf; j++) {
      sframe_frame_row_entry fre;
      unsigned cnt, size, k;
      (void)sframe_decoder_get_fre(d, i, j, &fre);
      cnt = (fre.fre_info >> 1) & 0xfu;
      size = 1u << ((fre.fre_info >> 5) & 3u);
      printf("%s{\"start\":%u,\"base_reg\":\"%s\",\"mangled_ra\":%d,"
             "\"dataword_size\":%u,\"datawords\":[",
             j ? "," : "", fre.fre_start_addr, (fre.fre_info & 1) ? "sp" : "fp",
             sframe_fre_get_ra_mangled_p(d, &fre, &err) ? 1 : 0, size);
      for (k = 0; k < cnt; k++)
        printf("%s%u", k ? "," : "", dataword(&fre, k, size));
      fputs("],", stdout);
      if (cnt == 0) {   /* RA undefined: outermost frame */
        rule_kind("cfa", "undefined"); putchar(',');
        rule_kind("ra", "undefined"); putchar(',');
        rule_kind("fp", "undefined");
      } else if (ver == 3 && (info2 & 0x1fu) == 1) {
        flex_rules(d, &fre, cnt, size);
      } else {
        default_rules(d, &fre, ver, abi, ver == 3 ? (info2 & 0x1fu) : 0u);
      }
      putchar('}');
    }
    fputs("]}", stdout);
  }
  fputs("]}\n", stdout);
  sframe_decoder_free(&d);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* lookup_line.c - the one-line answer of --lookup=- / --lookup=@FILE,
 * formatted by hand into the caller's buffer (no stdio per field).
 *
 * Text, one line per PC, fields separated by one space:
 *   0xPC found FDE 0xSTART SIZE FRE 0xFRE_START BASE CFA RA FP FLAGS
 *   0xPC no-fde
 *   0xPC no-fre FDE 0xSTART SIZE
 *   0xPC bad-fre FDE 0xSTART SIZE STATUS
 * FDE, FRE: indexes; START: the function's start, SIZE its size (decimal);
 * FRE_START: the FRE's start (pc-type mask: its offset in the block); BASE: sp|fp; CFA, RA, FP: rule
 * tokens (below); FLAGS: "-" or a comma list of "pauth-A", "pauth-B",
 * "pauth-?" (RA signed; "?" off AArch64) and "signal"; then, when the
 * data words give no valid rule, " warning: STATUS".  STATUS (the rest of
 * the line) is sfv_status_name()'s text.
 * JSON Lines: one compact object per PC:
 *   {"pc":N,"found":true,"fde_index":N,"fde_start":N,"fde_size":N,
 *    "fre_index":N,"fre_start":N,"fre_base":"sp"|"fp","cfa":T,"ra":T,
 *    "fp":T,"ra_mangled":B,"pauth_key":"A"|"B"|null,"signal":B,
 *    "rules_status":S ...}
 *   {"pc":N,"found":false,"reason":"no-fde"|"no-fre"|"bad-fre",
 *    ["fde_index":N,"fde_start":N,"fde_size":N,]"status":S ...}
 * where T is the rule token and "..." the caller's verdict members.
 * Rule tokens: "REG+OFF"/"REG-OFF" (CFA), "[cfa-8]" (saved on the stack),
 * "REG" (s390x: saved in a register), "[REG+OFF]" (deref), "same",
 * "undefined"; "(fixed)" appended when the ABI fixes the rule.  REG is
 * sp/fp for the ABI's stack/frame pointer, else rN (DWARF number). */
#include <string.h>

#include "fmt.h"

static char *put_str(char *p, const char *s) {
  size_t n = strlen(s);
  memcpy(p, s, n);
  return p + n;
}

/* A string literal: its length is known at compile time. */
#define PUT_LIT(p, lit) (memcpy((p), (lit), sizeof(lit) - 1u), (p) + sizeof(lit) - 1u)

static const char dec_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static const uint64_t pow10[20] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
    1000000000u, 10000000000u, 100000000000u, 1000000000000u, 10000000000000u,
    100000000000000u, 1000000000000000u, 10000000000000000u, 100000000000000000u,
    1000000000000000000u, 10000000000000000000u};

/* v in decimal, from the end.  Its digit count: v of
 * bit width b lies in [2^(b-1), 2^b), so floor(log10 v) is t - 1 or t for
 * t = floor(b * log10 2) (b * 1233 >> 12, exact for b = 1..64): t digits
 * below 10^t, t + 1 from there (v | 1: 0 has one digit; no other value
 * changes side, 10^t being even for t > 0). */
static char *put_dec(char *p, uint64_t v) {
  unsigned t = (unsigned)(64 - __builtin_clzll(v | 1u)) * 1233u >> 12;
  size_t n = t + 1u - ((v | 1u) < pow10[t]);
  char *q = p + n;
  uint32_t w;
  while (v >= 10000u) { /* four digits a step, the pairs in 32 bits */
    uint32_t r = (uint32_t)(v % 10000u);
    v /= 10000u;
    q -= 4;
    memcpy(q, dec_pairs + r / 100u * 2u, 2);
    memcpy(q + 2, dec_pairs + r % 100u * 2u, 2);
  }
  w = (uint32_t)v;
  if (w >= 100u) {
    q -= 2;
    memcpy(q, dec_pairs + w % 100u * 2u, 2);
    w /= 100u;
  }
  if (w >= 10u) {
    q -= 2;
    memcpy(q, dec_pairs + w * 2u, 2);
  } else {
    *--q = (char)('0' + w);
  }
  return p + n;
}

static const char hex_pairs[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021222324252627"
    "28292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f"
    "505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f7071727374757677"
    "78797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7"
    "c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
    "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* "0x" and v in lowercase hex, no leading zeros: two digits a step from
 * the end. */
static char *put_hex(char *p, uint64_t v) {
  size_t n = (size_t)(67 - __builtin_clzll(v | 1u)) / 4u; /* digits */
  char *q;
  *p++ = '0';
  *p++ = 'x';
  q = p + n;
  while (q - p >= 2) {
    q -= 2;
    memcpy(q, hex_pairs + (v & 0xffu) * 2u, 2);
    v >>= 8;
  }
  if (q > p)
    *--q = hex_pairs[v * 2u + 1u];
  return p + n;
}

static char *put_reg(char *p, const sfv_section *sec, uint32_t reg) {
  uint8_t abi = sec->hdr.abi_arch;
  if (sfv_abi_sp_regnum(abi) >= 0 && reg == (uint32_t)sfv_abi_sp_regnum(abi))
    return put_str(p, "sp");
  if (sfv_abi_fp_regnum(abi) >= 0 && reg == (uint32_t)sfv_abi_fp_regnum(abi))
    return put_str(p, "fp");
  *p++ = 'r';
  return put_dec(p, reg);
}

/* At most 48 bytes ("[r4294967295-9223372036854775808](fixed)"). */
char *fmt_lookup_rule_token(char *p, const sfv_section *sec, const sfv_recovery *r) {
  if (r->kind == SFV_REC_UNDEFINED)
    return put_str(p, "undefined");
  if (r->kind != SFV_REC_EXPR)
    return put_str(p, r->kind == SFV_REC_SAME ? "same" : "?");
  if (r->deref_p)
    *p++ = '[';
  p = r->reg_p ? put_reg(p, sec, r->regnum) : put_str(p, "cfa");
  if (r->source != SFV_SRC_REGNUM || r->deref_p || r->offset != 0) {
    *p++ = r->offset < 0 ? '-' : '+';
    p = put_dec(p, r->offset < 0 ? (uint64_t)(-(r->offset + 1)) + 1u
                                 : (uint64_t)r->offset);
  }
  if (r->deref_p)
    *p++ = ']';
  if (r->source == SFV_SRC_FIXED)
    p = put_str(p, "(fixed)");
  return p;
}

static int is_aarch64(const sfv_section *sec) {
  return sec->hdr.abi_arch == SFV_ABI_AARCH64_BE ||
         sec->hdr.abi_arch == SFV_ABI_AARCH64_LE;
}

static char *json_rule(char *p, const sfv_section *sec, const char *name,
                       const sfv_recovery *r) {
  p = put_str(p, name);
  p = fmt_lookup_rule_token(p, sec, r);
  *p++ = '"';
  return p;
}

/* The FDE's fields: JSON ',"fde_index":N,"fde_start":N,"fde_size":N',
 * text " FDE 0xSTART SIZE". */
static char *put_fde(char *p, uint32_t index, uint64_t start, uint32_t size,
                     int json) {
  if (json) {
    p = PUT_LIT(p, ",\"fde_index\":");
    p = put_dec(p, index);
    p = PUT_LIT(p, ",\"fde_start\":");
    p = put_dec(p, start);
    p = PUT_LIT(p, ",\"fde_size\":");
  } else {
    *p++ = ' ';
    p = put_dec(p, index);
    *p++ = ' ';
    p = put_hex(p, start);
    *p++ = ' ';
  }
  return put_dec(p, size);
}

size_t fmt_lookup_fde_part(char *dst, uint32_t index, uint64_t start, uint32_t size,
                           int format) {
  return (size_t)(put_fde(dst, index, start, size, format == FMT_JSON) - dst);
}

/* From the FRE's base register on: text " BASE CFA RA FP FLAGS[ warning:
 * STATUS]", JSON ',"fre_base":..,"rules_status":"S"'. */
size_t fmt_lookup_rules_part(char *dst, const sfv_section *sec, uint8_t base_reg,
                             const sfv_recovery_set *rs, sfv_status recovery_status,
                             int format) {
  char *p = dst;
  if (format == FMT_JSON) {
    p = put_str(p, base_reg == SFV_BASE_SP ? ",\"fre_base\":\"sp\""
                                           : ",\"fre_base\":\"fp\"");
    p = json_rule(p, sec, ",\"cfa\":\"", &rs->cfa);
    p = json_rule(p, sec, ",\"ra\":\"", &rs->ra);
    p = json_rule(p, sec, ",\"fp\":\"", &rs->fp);
    p = put_str(p, rs->ra_mangled ? ",\"ra_mangled\":true" : ",\"ra_mangled\":false");
    p = put_str(p, !is_aarch64(sec) ? ",\"pauth_key\":null"
                   : rs->pauth_key  ? ",\"pauth_key\":\"B\""
                                    : ",\"pauth_key\":\"A\"");
    p = put_str(p, rs->signal ? ",\"signal\":true" : ",\"signal\":false");
    p = PUT_LIT(p, ",\"rules_status\":\"");
    p = put_str(p, sfv_status_name(recovery_status));
    *p++ = '"';
    return (size_t)(p - dst);
  }
  p = put_str(p, base_reg == SFV_BASE_SP ? " sp " : " fp ");
  p = fmt_lookup_rule_token(p, sec, &rs->cfa);
  *p++ = ' ';
  p = fmt_lookup_rule_token(p, sec, &rs->ra);
  *p++ = ' ';
  p = fmt_lookup_rule_token(p, sec, &rs->fp);
  *p++ = ' ';
  if (!rs->ra_mangled && !rs->signal)
    *p++ = '-';
  if (rs->ra_mangled)
    p = put_str(p, !is_aarch64(sec) ? "pauth-?" : rs->pauth_key ? "pauth-B" : "pauth-A");
  if (rs->signal)
    p = put_str(p, rs->ra_mangled ? ",signal" : "signal");
  if (recovery_status != SFV_OK) {
    p = PUT_LIT(p, " warning: ");
    p = put_str(p, sfv_status_name(recovery_status));
  }
  return (size_t)(p - dst);
}

size_t fmt_lookup_found_line(char *dst, uint64_t pc, const char *fde_part,
                             size_t fde_len, uint32_t fre_index, uint64_t fre_start,
                             const char *rules_part, size_t rules_len, int format,
                             const char *json_tail, size_t json_tail_len) {
  char *p = dst;
  if (format == FMT_JSON) {
    p = PUT_LIT(p, "{\"pc\":");
    p = put_dec(p, pc);
    p = PUT_LIT(p, ",\"found\":true");
  } else {
    p = put_hex(p, pc);
    p = PUT_LIT(p, " found");
  }
  memcpy(p, fde_part, fde_len);
  p += fde_len;
  if (format == FMT_JSON) {
    p = PUT_LIT(p, ",\"fre_index\":");
    p = put_dec(p, fre_index);
    p = PUT_LIT(p, ",\"fre_start\":");
    p = put_dec(p, fre_start);
  } else {
    *p++ = ' ';
    p = put_dec(p, fre_index);
    *p++ = ' ';
    p = put_hex(p, fre_start);
  }
  memcpy(p, rules_part, rules_len);
  p += rules_len;
  if (format == FMT_JSON) {
    memcpy(p, json_tail, json_tail_len);
    p += json_tail_len;
    *p++ = '}';
  }
  *p++ = '\n';
  return (size_t)(p - dst);
}

static char *missing_line(char *p, const fmt_lookup_answer *a, int json) {
  const char *reason = !a->have_fde ? "no-fde"
                       : a->status == SFV_E_NOT_FOUND ? "no-fre" : "bad-fre";
  if (json) {
    p = put_str(p, ",\"found\":false,\"reason\":\"");
    p = put_str(p, reason);
    *p++ = '"';
    if (a->have_fde)
      p = put_fde(p, a->fde.index, a->fde_start, a->fde.size, 1);
    p = put_str(p, ",\"status\":\"");
    p = put_str(p, sfv_status_name(a->status));
    *p++ = '"';
    return p;
  }
  *p++ = ' ';
  p = put_str(p, reason);
  if (!a->have_fde)
    return p;
  p = put_fde(p, a->fde.index, a->fde_start, a->fde.size, 0);
  if (a->status != SFV_E_NOT_FOUND) {
    *p++ = ' ';
    p = put_str(p, sfv_status_name(a->status));
  }
  return p;
}

size_t fmt_lookup_line(char *dst, const sfv_section *sec, const fmt_lookup_answer *a,
                       int format, const char *json_tail, size_t json_tail_len) {
  char *p = dst;
  int json = format == FMT_JSON;
  if (a->status == SFV_OK) {
    char fde[FMT_LOOKUP_FDE_MAX], rules[FMT_LOOKUP_RULES_MAX];
    const sfv_lookup *lk = &a->lk;
    size_t nf = fmt_lookup_fde_part(fde, lk->fde.index, lk->func_start, lk->fde.size, format);
    size_t nr = fmt_lookup_rules_part(rules, sec, lk->fre.base_reg, &lk->recovery,
                                      lk->recovery_status, format);
    return fmt_lookup_found_line(dst, a->pc, fde, nf, lk->fre.index, lk->fre_start,
                                 rules, nr, format, json_tail, json_tail_len);
  }
  if (json) {
    p = PUT_LIT(p, "{\"pc\":");
    p = put_dec(p, a->pc);
  } else {
    p = put_hex(p, a->pc);
  }
  p = missing_line(p, a, json);
  if (json) {
    memcpy(p, json_tail, json_tail_len);
    p += json_tail_len;
    *p++ = '}';
  }
  *p++ = '\n';
  return (size_t)(p - dst);
}

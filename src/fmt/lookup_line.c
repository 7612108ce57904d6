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

static char *put_dec(char *p, uint64_t v) {
  char t[20];
  size_t n = 0;
  do {
    t[n++] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v != 0);
  while (n > 0)
    *p++ = t[--n];
  return p;
}

static char *put_hex(char *p, uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  char t[16];
  size_t n = 0;
  *p++ = '0';
  *p++ = 'x';
  do {
    t[n++] = digits[v & 15u];
    v >>= 4;
  } while (v != 0);
  while (n > 0)
    *p++ = t[--n];
  return p;
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
  p = put_str(p, json ? ",\"fde_index\":" : " ");
  p = put_dec(p, index);
  if (json) {
    p = put_str(p, ",\"fde_start\":");
    p = put_dec(p, start);
  } else {
    *p++ = ' ';
    p = put_hex(p, start);
  }
  p = put_str(p, json ? ",\"fde_size\":" : " ");
  return put_dec(p, size);
}

static char *found_line(char *p, const sfv_section *sec, const sfv_lookup *lk,
                        int json) {
  const sfv_recovery_set *rs = &lk->recovery;
  if (json) {
    p = put_str(p, ",\"found\":true");
    p = put_fde(p, lk->fde.index, lk->func_start, lk->fde.size, 1);
    p = put_str(p, ",\"fre_index\":");
    p = put_dec(p, lk->fre.index);
    p = put_str(p, ",\"fre_start\":");
    p = put_dec(p, lk->fre_start);
    p = put_str(p, lk->fre.base_reg == SFV_BASE_SP ? ",\"fre_base\":\"sp\""
                                                   : ",\"fre_base\":\"fp\"");
    p = json_rule(p, sec, ",\"cfa\":\"", &rs->cfa);
    p = json_rule(p, sec, ",\"ra\":\"", &rs->ra);
    p = json_rule(p, sec, ",\"fp\":\"", &rs->fp);
    p = put_str(p, rs->ra_mangled ? ",\"ra_mangled\":true" : ",\"ra_mangled\":false");
    p = put_str(p, !is_aarch64(sec) ? ",\"pauth_key\":null"
                   : rs->pauth_key  ? ",\"pauth_key\":\"B\""
                                    : ",\"pauth_key\":\"A\"");
    p = put_str(p, rs->signal ? ",\"signal\":true" : ",\"signal\":false");
    p = put_str(p, ",\"rules_status\":\"");
    p = put_str(p, sfv_status_name(lk->recovery_status));
    *p++ = '"';
    return p;
  }
  p = put_str(p, " found");
  p = put_fde(p, lk->fde.index, lk->func_start, lk->fde.size, 0);
  *p++ = ' ';
  p = put_dec(p, lk->fre.index);
  *p++ = ' ';
  p = put_hex(p, lk->fre_start);
  p = put_str(p, lk->fre.base_reg == SFV_BASE_SP ? " sp " : " fp ");
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
  if (lk->recovery_status != SFV_OK) {
    p = put_str(p, " warning: ");
    p = put_str(p, sfv_status_name(lk->recovery_status));
  }
  return p;
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
  if (json) {
    p = put_str(p, "{\"pc\":");
    p = put_dec(p, a->pc);
  } else {
    p = put_hex(p, a->pc);
  }
  p = a->status == SFV_OK ? found_line(p, sec, &a->lk, json) : missing_line(p, a, json);
  if (json) {
    memcpy(p, json_tail, json_tail_len);
    p += json_tail_len;
    *p++ = '}';
  }
  *p++ = '\n';
  return (size_t)(p - dst);
}

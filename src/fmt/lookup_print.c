/* SPDX-License-Identifier: MIT */
/* lookup_cli.c - --lookup=PC: the FDE and FRE that apply at a target
 * address and the recovery rules they give, or why there are none.
 *
 * Text (stable; one fact per line, two-space indent under the pc line):
 *   pc 0x401234: found
 *     fde 3: 0x401200..0x401250 (80 bytes), pc-type inc, fde-type default
 *     fre 2: start 0x401230, base sp, 2 data words x 1 byte
 *     cfa = sp + 16
 *     ra = [cfa - 8] (fixed)
 *     fp = [cfa - 16]
 * optional lines: "ra signed: pauth key A|B", "signal frame",
 * "warning: <why the data words do not form a valid rule>".
 * Rules: "cfa = REG + OFF", "X = [cfa + OFF]" (saved on the stack),
 * "X = REG" (s390x: saved in a register), "X = [REG + OFF]" (flex, deref),
 * "X = unchanged", "ra = undefined (outermost frame)".  REG is sp/fp for the
 * ABI's stack/frame pointer, else rN (DWARF number).
 *   pc 0x401234: not found: no FDE covers this pc
 *   pc 0x401234: not found: FDE 3 (0x401200..0x401250) has no FRE for it
 *   pc 0x401234: not found: FDE 3: FRE unreadable (<status>)
 * JSON: one object per pc (see found_json / missing below), without a
 * trailing newline; with a path, "path" (and "path_bytes" when the path is
 * not UTF-8) come first.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

/* End of a function for display: start + size, saturated. */
static uint64_t end_of(uint64_t start, uint32_t size) {
  return size > UINT64_MAX - start ? UINT64_MAX : start + size;
}

static const char *reg_label(const sfv_section *sec, uint32_t reg, char *buf,
                             size_t n) {
  uint8_t abi = sec->hdr.abi_arch;
  if (sfv_abi_sp_regnum(abi) >= 0 && reg == (uint32_t)sfv_abi_sp_regnum(abi))
    return "sp";
  if (sfv_abi_fp_regnum(abi) >= 0 && reg == (uint32_t)sfv_abi_fp_regnum(abi))
    return "fp";
  snprintf(buf, n, "r%" PRIu32, reg);
  return buf;
}

static const char *source_name(uint8_t src) {
  switch (src) {
  case SFV_SRC_FRE: return "fre";
  case SFV_SRC_FIXED: return "fixed";
  case SFV_SRC_REGNUM: return "register";
  default: return "none";
  }
}

/* "sp + 16", "[cfa - 8]", "r14", "[r3 + 0]". */
static void rule_expr_text(FILE *out, const sfv_section *sec, const sfv_recovery *r) {
  char buf[24];
  const char *base = r->reg_p ? reg_label(sec, r->regnum, buf, sizeof buf) : "cfa";
  if (r->source == SFV_SRC_REGNUM && !r->deref_p && r->offset == 0) {
    fputs(base, out);
    return;
  }
  fprintf(out, "%s%s %c %" PRIu64 "%s", r->deref_p ? "[" : "", base,
          r->offset < 0 ? '-' : '+',
          r->offset < 0 ? (uint64_t)(-(r->offset + 1)) + 1u : (uint64_t)r->offset,
          r->deref_p ? "]" : "");
}

static void rule_text(FILE *out, const sfv_section *sec, const char *name,
                      const sfv_recovery *r) {
  fprintf(out, "  %s = ", name);
  if (r->kind == SFV_REC_UNDEFINED)
    fputs(strcmp(name, "ra") == 0 ? "undefined (outermost frame)" : "undefined",
          out);
  else if (r->kind == SFV_REC_SAME)
    fputs("unchanged", out);
  else
    rule_expr_text(out, sec, r);
  if (r->kind == SFV_REC_EXPR && r->source == SFV_SRC_FIXED)
    fputs(" (fixed)", out);
  fputc('\n', out);
}

static void rule_json(FILE *out, const sfv_section *sec, const sfv_recovery *r) {
  char buf[24];
  static const char *kinds[] = {"undefined", "same", "expr"};
  fprintf(out, "{\"kind\":\"%s\"", r->kind <= 2 ? kinds[r->kind] : "?");
  if (r->kind == SFV_REC_EXPR) {
    fprintf(out, ",\"source\":\"%s\",\"base\":", source_name(r->source));
    fmt_json_str(out, r->reg_p ? reg_label(sec, r->regnum, buf, sizeof buf) : "cfa");
    if (r->reg_p)
      fprintf(out, ",\"regnum\":%" PRIu32, r->regnum);
    else
      fputs(",\"regnum\":null", out);
    fprintf(out, ",\"offset\":%" PRId64 ",\"deref\":%s", r->offset,
            r->deref_p ? "true" : "false");
  }
  fputc('}', out);
}

static const char *pc_type_name(const sfv_fde *f) {
  return f->pc_type == SFV_PC_MASK ? "mask" : "inc";
}

static const char *fde_type_name(const sfv_fde *f) {
  return f->fde_type == SFV_FDE_DEFAULT ? "default"
         : f->fde_type == SFV_FDE_FLEX  ? "flex"
                                         : "unknown";
}

static int is_aarch64(const sfv_section *sec) {
  return sec->hdr.abi_arch == SFV_ABI_AARCH64_BE ||
         sec->hdr.abi_arch == SFV_ABI_AARCH64_LE;
}

static void found_text(FILE *out, const sfv_section *sec, uint64_t pc,
                       const sfv_lookup *lk) {
  const sfv_fde *f = &lk->fde;
  const sfv_fre *r = &lk->fre;
  fprintf(out, "pc 0x%" PRIx64 ": found\n", pc);
  fprintf(out, "  fde %" PRIu32 ": 0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu32
          " bytes), pc-type %s", f->index, lk->func_start,
          end_of(lk->func_start, f->size), f->size, pc_type_name(f));
  if (f->pc_type == SFV_PC_MASK)
    fprintf(out, " (rep-size %u)", (unsigned)f->rep_size);
  fprintf(out, ", fde-type %s\n", fde_type_name(f));
  fprintf(out, "  fre %" PRIu32 ": start %s0x%" PRIx64 ", base %s, %u data word%s"
          " x %u byte%s\n", r->index,
          f->pc_type == SFV_PC_MASK ? "+" : "", lk->fre_start,
          r->base_reg == SFV_BASE_SP ? "sp" : "fp", (unsigned)r->dw_count,
          r->dw_count == 1 ? "" : "s", (unsigned)r->dw_size,
          r->dw_size == 1 ? "" : "s");
  rule_text(out, sec, "cfa", &lk->recovery.cfa);
  rule_text(out, sec, "ra", &lk->recovery.ra);
  rule_text(out, sec, "fp", &lk->recovery.fp);
  if (lk->recovery.ra_mangled)
    fprintf(out, "  ra signed: pauth key %s\n",
            is_aarch64(sec) ? (lk->recovery.pauth_key ? "B" : "A") : "?");
  if (lk->recovery.signal)
    fputs("  signal frame\n", out);
  if (lk->recovery_status != SFV_OK)
    fprintf(out, "  warning: %s\n", sfv_status_name(lk->recovery_status));
}

/* {"pc":N,"found":true,"fde":{...},"fre":{...},"rules":{"cfa":R,"ra":R,
 *  "fp":R},"ra_mangled":B,"pauth_key":"A"|"B"|null,"signal":B,
 *  "rules_status":"ok"|...}; R = {"kind":"expr","source":"fre"|"fixed"|
 *  "register","base":"sp"|"fp"|"rN"|"cfa","regnum":N|null,"offset":N,
 *  "deref":B} or {"kind":"same"} or {"kind":"undefined"}. */
/* "{" and, with a path, its members and a comma. */
static void json_open(FILE *out, const char *path) {
  if (path == NULL) {
    fputc('{', out);
    return;
  }
  fmt_json_path(out, "{", "path", path);
  fputc(',', out);
}

static void found_json(FILE *out, const sfv_section *sec, uint64_t pc,
                       const sfv_lookup *lk, const char *path, fmt_json_extra_fn extra,
                       void *ctx) {
  const sfv_fde *f = &lk->fde;
  const sfv_fre *r = &lk->fre;
  unsigned k;
  json_open(out, path);
  fprintf(out, "\"pc\":%" PRIu64 ",\"found\":true,\"fde\":{\"index\":%" PRIu32
          ",\"start\":%" PRIu64 ",\"size\":%" PRIu32 ",\"pc_type\":\"%s\","
          "\"rep_size\":%u,\"fde_type\":\"%s\"},", pc, f->index, lk->func_start,
          f->size, pc_type_name(f), (unsigned)f->rep_size, fde_type_name(f));
  fprintf(out, "\"fre\":{\"index\":%" PRIu32 ",\"start\":%" PRIu64
          ",\"start_offset\":%" PRIu32 ",\"base\":\"%s\",\"data_words\":[",
          r->index, lk->fre_start, r->start,
          r->base_reg == SFV_BASE_SP ? "sp" : "fp");
  for (k = 0; k < r->dw_count; k++)
    fprintf(out, "%s%" PRId32, k ? "," : "", r->dw[k]);
  fprintf(out, "],\"data_word_size\":%u},\"rules\":{\"cfa\":", (unsigned)r->dw_size);
  rule_json(out, sec, &lk->recovery.cfa);
  fputs(",\"ra\":", out);
  rule_json(out, sec, &lk->recovery.ra);
  fputs(",\"fp\":", out);
  rule_json(out, sec, &lk->recovery.fp);
  fprintf(out, "},\"ra_mangled\":%s,\"pauth_key\":%s,\"signal\":%s,"
          "\"rules_status\":", lk->recovery.ra_mangled ? "true" : "false",
          !is_aarch64(sec) ? "null" : lk->recovery.pauth_key ? "\"B\"" : "\"A\"",
          lk->recovery.signal ? "true" : "false");
  fmt_json_str(out, sfv_status_name(lk->recovery_status));
  if (extra != NULL)
    extra(out, ctx);
  fputc('}', out);
}

void fmt_lookup_verdict_json(FILE *out, const fmt_lookup_answer *a) {
  char msg[FMT_MSG_MAX];
  const sfv_rule_info *ri;
  if (!a->validated)
    return;
  fprintf(out, ",\"valid\":%s", a->errors ? "false" : "true");
  if (!a->errors)
    return;
  fprintf(out, ",\"errors\":%" PRIu32, a->errors);
  if (!a->have_first_error ||
      (ri = sfv_rule_get(a->first_error.rule)) == NULL)
    return;
  (void)sfv_diag_message(&a->first_error, msg, sizeof msg);
  fputs(",\"first_error\":{\"rule\":", out);
  fmt_json_str(out, ri->id);
  fprintf(out, ",\"offset\":%" PRIu64 ",\"offset_space\":\"%s\",\"message\":",
          a->first_error.offset,
          sfv_rule_file_offset(a->first_error.rule) ? "file" : "section");
  fmt_json_str(out, msg);
  fputc('}', out);
}

void fmt_lookup_verdict_text(FILE *out, const fmt_lookup_answer *a) {
  char msg[FMT_MSG_MAX];
  const sfv_rule_info *ri;
  if (!a->validated || !a->errors)
    return;
  fprintf(out, "section INVALID: %" PRIu32 " error%s", a->errors,
          a->errors == 1 ? "" : "s");
  if (a->have_first_error &&
      (ri = sfv_rule_get(a->first_error.rule)) != NULL) {
    (void)sfv_diag_message(&a->first_error, msg, sizeof msg);
    fputs("; first: ", out);
    fmt_text_str(out, ri->id);
    fprintf(out, " at %s+0x%" PRIx64 ": ",
            sfv_rule_file_offset(a->first_error.rule) ? "elf" : ".sframe",
            a->first_error.offset);
    fmt_text_str(out, msg);
  }
  fputs(" (the answer above is a lenient reader's; validate the file for "
        "every diagnostic)\n", out);
}

static void missing(FILE *out, const sfv_section *sec,
                    const fmt_lookup_answer *a, int format, const char *path,
                    fmt_json_extra_fn extra, void *ctx) {
  const sfv_fde f = a->fde;
  uint64_t pc = a->pc, start = a->fde_start;
  sfv_status st = a->status;
  int have = a->have_fde;
  const char *reason = !have ? "no-fde"
                       : st == SFV_E_NOT_FOUND ? "no-fre"
                                               : "bad-fre";
  if (format == FMT_JSON) {
    json_open(out, path);
    fprintf(out, "\"pc\":%" PRIu64 ",\"found\":false,\"reason\":\"%s\"", pc,
            reason);
    if (have)
      fprintf(out, ",\"fde\":{\"index\":%" PRIu32 ",\"start\":%" PRIu64
              ",\"size\":%" PRIu32 "}", f.index, start, f.size);
    fputs(",\"status\":", out);
    fmt_json_str(out, sfv_status_name(st));
    if (extra != NULL)
      extra(out, ctx);
    fputc('}', out);
    return;
  }
  fprintf(out, "pc 0x%" PRIx64 ": not found: ", pc);
  if (!have)
    fputs("no FDE covers this pc\n", out);
  else if (st == SFV_E_NOT_FOUND)
    fprintf(out, "FDE %" PRIu32 " (0x%" PRIx64 "..0x%" PRIx64 ") has no FRE for it%s\n",
            f.index, start, end_of(start, f.size),
            f.pc_type == SFV_PC_MASK && f.rep_size == 0 && sec->hdr.version > 1
                ? " (pc-type mask with rep-size 0)" : "");
  else
    fprintf(out, "FDE %" PRIu32 " (0x%" PRIx64 "..0x%" PRIx64 "): FRE unreadable (%s)\n",
            f.index, start, end_of(start, f.size), sfv_status_name(st));
}

/* JSON: the verdict's members, then the caller's. */
typedef struct with_verdict {
  const fmt_lookup_answer *a;
  fmt_json_extra_fn extra;
  void *ctx;
} with_verdict;

static void verdict_then_extra(FILE *out, void *ctx) {
  const with_verdict *w = ctx;
  fmt_lookup_verdict_json(out, w->a);
  if (w->extra != NULL)
    w->extra(out, w->ctx);
}

int fmt_lookup_print(FILE *out, const sfv_section *sec,
                     const fmt_lookup_answer *a, int format, const char *path,
                     fmt_json_extra_fn extra, void *ctx) {
  with_verdict w = {a, extra, ctx};
  int bad = a->validated && a->errors != 0;
  if (a->status != SFV_OK) {
    missing(out, sec, a, format, path, verdict_then_extra, &w);
    return 1;
  }
  if (format == FMT_JSON) {
    found_json(out, sec, a->pc, &a->lk, path, verdict_then_extra, &w);
  } else {
    found_text(out, sec, a->pc, &a->lk);
  }
  /* An FRE the validator rejects gives no valid rule, a section with
   * errors no answer a strict reader gives: say so (exit 1). */
  return a->lk.recovery_status != SFV_OK || bad ? 1 : 0;
}

void fmt_lookup_unavailable(FILE *out, uint64_t pc, int format, const char *path,
                            const char *reason, const char *message) {
  if (format == FMT_JSON) {
    json_open(out, path);
    fprintf(out, "\"pc\":%" PRIu64 ",\"found\":false,\"reason\":", pc);
    fmt_json_str(out, reason);
    fputs(",\"status\":", out);
    fmt_json_str(out, message);
    fputc('}', out);
    return;
  }
  fprintf(out, "pc 0x%" PRIx64 ": not found: %s\n", pc, message);
}

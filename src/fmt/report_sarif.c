/* SPDX-License-Identifier: MIT */
/* report_sarif.c - the SARIF 2.1.0 report: one run, the rule catalogue as
 * the driver's rules, one result per diagnostic, one artifact per file (in
 * command-line order; results point at it by index), I/O errors as tool
 * execution notifications, the run's summary (when asked for) as
 * run.properties.summary, the object of the JSON report's "summary".  Offsets: region.byteOffset is a file offset;
 * properties.offset/offsetSpace keep the diagnostic's own offset.  Artifact
 * URIs are percent-encoded (ASCII); texts are strict UTF-8 (fmt_json_str). */
#include <string.h>

#include "fmt.h"
#include "report_formats.h"
#include "summary.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define TOOL_URI "https://sourceware.org/binutils/docs/sframe-spec.html"

/* A relative or absolute path as a URI reference: unreserved bytes and '/'
 * as they are, every other byte %XX. */
static void sarif_uri(FILE *out, const char *p) {
  static const char hex[] = "0123456789ABCDEF";
  fputc('"', out);
  if (p[0] == '/')
    fputs("file://", out);
  for (; *p; p++) {
    unsigned char ch = (unsigned char)*p;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
        (ch >= '0' && ch <= '9') || strchr("-._~/", ch) != NULL)
      fputc(ch, out);
    else
      fprintf(out, "%%%c%c", hex[ch >> 4], hex[ch & 15]);
  }
  fputc('"', out);
}

static const char *sarif_level(sfv_severity s) {
  return s == SFV_SEV_ERROR ? "error" : s == SFV_SEV_WARNING ? "warning" : "note";
}

static void sarif_rule(FILE *out, unsigned i) {
  const sfv_rule_info *r = sfv_rule_get((sfv_rule_id)i);
  unsigned k;
  int first = 1;
  fputs(i ? ",\n{\"id\":" : "\n{\"id\":", out);
  fmt_json_str(out, r->id);
  fputs(",\"shortDescription\":{\"text\":", out);
  fmt_json_str(out, r->summary);
  fputs("},\"messageStrings\":{\"default\":{\"text\":", out);
  fmt_json_str(out, r->message);
  fprintf(out, "}},\"defaultConfiguration\":{\"level\":\"%s\"},"
          "\"properties\":{\"spec\":", sarif_level(r->severity));
  fmt_json_str(out, r->spec);
  fputs(",\"versions\":[", out);
  for (k = 0; k < 3; k++)
    if (r->versions & (1u << k)) {
      fprintf(out, "%s%u", first ? "" : ",", k + 1);
      first = 0;
    }
  fprintf(out, "],\"offsetSpace\":\"%s\"}}",
          sfv_rule_file_offset((sfv_rule_id)i) ? "file" : "section");
}

static void sarif_begin(fmt_report *r) {
  unsigned i;
  fprintf(r->out,
          "{\"$schema\":\"%s\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":"
          "{\"driver\":{\"name\":\"sframe-validate\",\"version\":\"%s\","
          "\"semanticVersion\":\"%s\",\"informationUri\":\"%s\",\"rules\":[",
          SARIF_SCHEMA, SFV_VERSION_STRING, SFV_VERSION_STRING, TOOL_URI);
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++)
    sarif_rule(r->out, i);
  fputs("\n]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", r->out);
}

static void sarif_diag(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
                       sfv_severity sev) {
  char msg[FMT_MSG_MAX];
  FILE *out = r->out;
  (void)fmt_diag_text(fi, d, msg, sizeof msg);
  fputs(r->results++ ? ",\n{\"ruleId\":" : "\n{\"ruleId\":", out);
  fmt_json_str(out, sfv_rule_get(d->rule)->id);
  fprintf(out, ",\"ruleIndex\":%u,\"level\":\"%s\",", (unsigned)d->rule,
          sarif_level(sev));
  if (r->baseline_state != NULL)
    fprintf(out, "\"baselineState\":\"%s\",", r->baseline_state);
  fputs("\"message\":{\"text\":", out);
  fmt_json_str(out, msg);
  fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
        "{\"uri\":", out);
  sarif_uri(out, fi->path);
  fprintf(out, ",\"index\":%d},\"region\":{\"byteOffset\":%llu}}}],"
          "\"properties\":{\"offset\":%llu,\"offsetSpace\":\"%s\"",
          fi->idx, (unsigned long long)fmt_diag_file_offset(fi, d),
          (unsigned long long)d->offset,
          fmt_diag_in_file_space(fi, d) ? "file" : "section");
  if (d->fde != SFV_NONE)
    fprintf(out, ",\"fde\":%lld", (long long)d->fde);
  if (d->fre != SFV_NONE)
    fprintf(out, ",\"fre\":%lld", (long long)d->fre);
  fputs(",\"values\":", out);
  fmt_json_values(out, d);
  fputs("}}", out);
}

static void sarif_file_end(fmt_report *r, const fmt_file_info *fi,
                           const fmt_counts *c, int valid) {
  (void)r, (void)fi, (void)c, (void)valid;   /* per-file facts: artifacts */
}

typedef struct end_ctx {
  FILE *out;
  int first, ok;
} end_ctx;

static void sarif_artifact(void *arg, int idx, const fmt_file_rec *f) {
  end_ctx *c = arg;
  FILE *out = c->out;
  unsigned char st = f->state;
  fputs(idx ? ",\n{\"location\":{\"uri\":" : "\n{\"location\":{\"uri\":", out);
  sarif_uri(out, f->path);
  fprintf(out, "},\"length\":%lld,\"roles\":[\"analysisTarget\"],"
          "\"properties\":{\"valid\":%s}}",
          st == FMT_FILE_IO_ERROR || st == FMT_FILE_UNREAD
              ? -1LL : (long long)f->size,
          st == FMT_FILE_VALID ? "true" : "false");
  if (st == FMT_FILE_IO_ERROR)
    c->ok = 0;
}

static void sarif_notification(void *arg, int idx, const fmt_file_rec *f) {
  end_ctx *c = arg;
  FILE *out = c->out;
  fputs(c->first ? "\n{\"level\":\"error\",\"message\":{\"text\":"
                 : ",\n{\"level\":\"error\",\"message\":{\"text\":", out);
  c->first = 0;
  fmt_json_str(out, f->io_error ? f->io_error : "error");
  fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
        "{\"uri\":", out);
  sarif_uri(out, f->path);
  fprintf(out, ",\"index\":%d}}}]}", idx);
}

static void sarif_end(fmt_report *r, const fmt_files *files) {
  end_ctx c = {r->out, 1, 1};
  FILE *out = r->out;
  if (r->tail != NULL)
    r->tail(r, r->tail_ctx);   /* --baseline: "absent" results */
  fputs("\n],\"artifacts\":[", out);
  files->each(files->ctx, 0, sarif_artifact, &c);
  fprintf(out, "\n],\"invocations\":[{\"executionSuccessful\":%s,"
          "\"toolExecutionNotifications\":[", c.ok ? "true" : "false");
  files->each(files->ctx, 1, sarif_notification, &c);
  fputs("]}]", out);
  if (r->summary != NULL) {   /* the run's summary: run.properties */
    fputs(",\"properties\":{\"summary\":", out);
    fmt_summary_json(out, r->summary);
    fputc('}', out);
  }
  fputs("}]}\n", out);
}

void fmt_sarif_absent(fmt_report *r, const char *path, int idx,
                      const char *rule, sfv_severity sev, int64_t fde,
                      int64_t fre) {
  FILE *out = r->out;
  sfv_rule_id id = sfv_rule_lookup(rule);
  fputs(r->results++ ? ",\n{\"ruleId\":" : "\n{\"ruleId\":", out);
  fmt_json_str(out, rule);
  if (id != SFV_RULE_COUNT)
    fprintf(out, ",\"ruleIndex\":%u", (unsigned)id);
  fprintf(out, ",\"level\":\"%s\",\"baselineState\":\"absent\","
          "\"message\":{\"text\":\"fixed since the baseline\"},"
          "\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
          "{\"uri\":", sarif_level(sev));
  sarif_uri(out, path);
  fprintf(out, ",\"index\":%d}}}],\"properties\":{", idx);
  if (fde != SFV_NONE)
    fprintf(out, "\"fde\":%lld%s", (long long)fde, fre != SFV_NONE ? "," : "");
  if (fre != SFV_NONE)
    fprintf(out, "\"fre\":%lld", (long long)fre);
  fputs("}}", out);
}

const fmt_report_ops fmt_report_sarif_ops = {
  sarif_begin, NULL, sarif_diag, sarif_file_end, sarif_end,
};

/* SPDX-License-Identifier: MIT */
/* report_json.c - the JSON report (docs/json-output.schema.json):
 *   {"files":[{"path":..,"format":..,"diagnostics":[..],"valid":..,..}],
 *    "errors":[{"path":..,"message":..}], "summary":{..} (runs with one)}
 * Streamed: begin() opens the document and end() closes it whatever happens
 * in between, so stdout holds one well-formed, strict UTF-8 document. */
#include "fmt.h"
#include "report_formats.h"
#include "summary.h"

static void json_i64_or_null(FILE *out, int64_t v) {
  if (v == SFV_NONE)
    fputs("null", out);
  else
    fprintf(out, "%lld", (long long)v);
}

static void json_begin(fmt_report *r) { fputs("{\"files\":[", r->out); }

static void json_file_begin(fmt_report *r, const fmt_file_info *fi) {
  fmt_json_path(r->out, r->files ? ",\n {" : "\n {", "path", fi->path);
  fprintf(r->out, ",\"format\":\"%s\",\"diagnostics\":[",
          fi->is_archive ? "archive" : fi->is_elf ? "elf" : "raw");
}

static void json_diag(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
                      sfv_severity sev) {
  char msg[FMT_MSG_MAX];
  FILE *out = r->out;
  (void)fmt_diag_text(fi, d, msg, sizeof msg);
  fputs(r->diags > 1 ? ",\n    {\"rule\":" : "\n    {\"rule\":", out);
  fmt_json_str(out, sfv_rule_get(d->rule)->id);
  fprintf(out, ",\"severity\":\"%s\",\"offset\":%llu,\"offset_space\":\"%s\","
          "\"file_offset\":%llu,\"fde\":",
          sfv_severity_name(sev), (unsigned long long)d->offset,
          fmt_diag_in_file_space(fi, d) ? "file" : "section",
          (unsigned long long)fmt_diag_file_offset(fi, d));
  json_i64_or_null(out, d->fde);
  fputs(",\"fre\":", out);
  json_i64_or_null(out, d->fre);
  fprintf(out, ",\"found\":%lld,\"expected\":%lld,\"aux\":%lld,\"values\":",
          (long long)d->found, (long long)d->expected, (long long)d->aux);
  fmt_json_values(out, d);
  if (r->baseline_state != NULL)
    fprintf(out, ",\"baseline\":\"%s\"", r->baseline_state);
  fputs(",\"message\":", out);
  fmt_json_str(out, msg);
  fputc('}', out);
}

static void json_sframe(FILE *out, const fmt_file_info *fi) {
  const sfv_section *s = fi->sec;
  const char *abi;
  if (s == NULL) {
    fputs("null", out);
    return;
  }
  abi = sfv_abi_name(s->hdr.abi_arch);
  fprintf(out, "{\"version\":%u,\"flags\":%u,\"abi_arch\":%u,\"abi\":",
          s->hdr.version, s->hdr.flags, s->hdr.abi_arch);
  if (abi)
    fmt_json_str(out, abi);
  else
    fputs("null", out);
  fprintf(out, ",\"num_fdes\":%u,\"num_fres\":%u,\"size\":%llu,\"file_offset\":%llu",
          s->hdr.num_fdes, s->hdr.num_fres, (unsigned long long)s->size,
          (unsigned long long)fi->section_file_offset);
  if (fi->is_elf)
    fprintf(out, ",\"address\":%llu", (unsigned long long)fi->elf->sframe_addr);
  fputc('}', out);
}

static void json_file_end(fmt_report *r, const fmt_file_info *fi,
                          const fmt_counts *c, int valid) {
  const sfv_elf_result *er = fi->elf_res;
  FILE *out = r->out;
  fprintf(out, "\n   ],\"valid\":%s,\"errors\":%u,\"warnings\":%u,\"notes\":%u,"
          "\"suppressed\":%u,\"sframe\":",
          valid ? "true" : "false", c->errors, c->warnings, c->notes,
          c->suppressed);
  json_sframe(out, fi);
  if (fi->is_elf) {
    const sfv_elf *e = fi->elf;
    fprintf(out, ",\"elf\":{\"class\":%u,\"big_endian\":%s,\"machine\":%u,"
            "\"type\":\"%s\",\"bfd\":\"%s\",\"sframe_source\":\"%s\"}",
            e->elf_class * 32u, e->big_endian ? "true" : "false", e->e_machine,
            fmt_elf_type_name(e->e_type),
            e->header_ok ? fmt_bfd_name(e) : "unknown",
            e->source == SFV_ELF_SRC_SECTION ? "section"
            : e->source == SFV_ELF_SRC_SEGMENT ? "segment" : "none");
  }
  if (fi->is_archive)
    fprintf(out, ",\"archive\":{\"members\":%u,\"elf_members\":%u}",
            fi->members, fi->elf_members);
  fputs(",\"coverage\":", out);
  if (fi->is_elf && er != NULL && er->coverage_known)
    fprintf(out, "{\"functions\":%llu,\"covered\":%llu}",
            (unsigned long long)er->funcs_total,
            (unsigned long long)er->funcs_covered);
  else
    fputs("null", out);
  fputs(",\"cfi\":", out);
  if (fi->is_elf && er != NULL && er->cfi_compared)
    fprintf(out, "{\"functions\":%u,\"pc_bytes\":%llu,\"only_eh_frame\":%u,"
            "\"complete\":%s}", er->cfi_functions, (unsigned long long)er->cfi_pc_bytes,
            er->cfi_only_eh_frame, er->cfi_complete ? "true" : "false");
  else
    fputs("null", out);
  fputc('}', out);
}

typedef struct io_err_ctx {
  FILE *out;
  int first;
} io_err_ctx;

static void json_io_error(void *arg, int idx, const fmt_file_rec *f) {
  io_err_ctx *c = arg;
  (void)idx;
  fmt_json_path(c->out, c->first ? "\n {" : ",\n {", "path", f->path);
  c->first = 0;
  fputs(",\"message\":", c->out);
  fmt_json_str(c->out, f->io_error ? f->io_error : "error");
  fputc('}', c->out);
}

void fmt_json_io_errors(FILE *out, const fmt_files *files) {
  io_err_ctx c = {out, 1};
  fputs("\"errors\":[", out);
  files->each(files->ctx, 1, json_io_error, &c);
  fputc(']', out);
}

static void json_end(fmt_report *r, const fmt_files *files) {
  fputs("\n],", r->out);
  fmt_json_io_errors(r->out, files);
  if (r->summary != NULL) {
    fputs(",\n\"summary\":", r->out);
    fmt_summary_json(r->out, r->summary);
  }
  if (r->tail != NULL)
    r->tail(r, r->tail_ctx);
  fputs("}\n", r->out);
}

const fmt_report_ops fmt_report_json_ops = {
  json_begin, json_file_begin, json_diag, json_file_end, json_end,
};

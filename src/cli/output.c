/* output.c - diagnostics and per-file summaries in the three report
 * formats: gcc-style text, JSON (docs/json-output.schema.json) and SARIF
 * 2.1.0 (docs/sarif-notes.md).  JSON and SARIF are streamed: the document
 * is opened by cli_begin() and closed by cli_end(), whatever happens in
 * between, so stdout always holds one well-formed document. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define TOOL_URI "https://sourceware.org/binutils/docs/sframe-spec.html"

const char *cli_bfd_name(const sfv_elf *e) {
  int c64 = e->elf_class == 2, be = e->big_endian;
  switch (e->e_machine) {
  case 62: return c64 ? "elf64-x86-64" : "elf32-x86-64";
  case 3: return "elf32-i386";
  case 183:
    if (c64)
      return be ? "elf64-bigaarch64" : "elf64-littleaarch64";
    return be ? "elf32-bigaarch64" : "elf32-littleaarch64";
  case 22: return c64 ? "elf64-s390" : "elf32-s390";
  default:
    if (c64)
      return be ? "elf64-big" : "elf64-little";
    return be ? "elf32-big" : "elf32-little";
  }
}

static const char *type_name(uint16_t t) {
  switch (t) {
  case 1: return "ET_REL";
  case 2: return "ET_EXEC";
  case 3: return "ET_DYN";
  case 4: return "ET_CORE";
  default: return "ET_other";
  }
}

/* The rule's message, plus the symbol name for uncovered functions. */
static void diag_text(const cli_file_info *fi, const sfv_diag *d, char *buf,
                      size_t n) {
  size_t len = sfv_diag_message(d, buf, n);
  char name[160];
  if (d->rule == SFV_R_ELF_FUNC_UNCOVERED && fi->is_elf && fi->elf_res &&
      len < n && d->found >= 0 &&
      sfv_elf_symbol_name(fi->elf, fi->elf_res->symtab_shndx,
                          (uint64_t)d->found, name, sizeof name) > 0)
    snprintf(buf + len, n - len, " (%s)", name);
}

/* Diagnostic offset as a file offset (SARIF regions are file-relative). */
static uint64_t file_offset(const cli_file_info *fi, const sfv_diag *d) {
  if (!fi->is_elf || sfv_rule_file_offset(d->rule))
    return d->offset;
  return fi->section_file_offset + d->offset;
}

static int in_file_space(const cli_file_info *fi, const sfv_diag *d) {
  return fi->is_elf && sfv_rule_file_offset(d->rule);
}

static void json_i64(int64_t v) { printf("%lld", (long long)v); }

static void sarif_uri(const char *p) {
  static const char hex[] = "0123456789ABCDEF";
  fputc('"', stdout);
  if (p[0] == '/')
    fputs("file://", stdout);
  for (; *p; p++) {
    unsigned char ch = (unsigned char)*p;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
        (ch >= '0' && ch <= '9') || strchr("-._~/", ch) != NULL)
      fputc(ch, stdout);
    else
      printf("%%%c%c", hex[ch >> 4], hex[ch & 15]);
  }
  fputc('"', stdout);
}

static const char *sarif_level(sfv_severity s) {
  return s == SFV_SEV_ERROR ? "error" : s == SFV_SEV_WARNING ? "warning" : "note";
}

/* ---------------------------------------------------------------- */

void cli_begin(cli_opts *o) {
  unsigned i, k;
  if (o->format == FMT_JSON) {
    fputs("{\"files\":[", stdout);
  } else if (o->format == FMT_SARIF) {
    printf("{\"$schema\":\"%s\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":"
           "{\"driver\":{\"name\":\"sframe-validate\",\"version\":\"%s\","
           "\"semanticVersion\":\"%s\",\"informationUri\":\"%s\",\"rules\":[",
           SARIF_SCHEMA, SFV_VERSION_STRING, SFV_VERSION_STRING, TOOL_URI);
    for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++) {
      const sfv_rule_info *r = sfv_rule_get((sfv_rule_id)i);
      int first = 1;
      fputs(i ? ",\n{\"id\":" : "\n{\"id\":", stdout);
      cli_json_str(stdout, r->id);
      fputs(",\"shortDescription\":{\"text\":", stdout);
      cli_json_str(stdout, r->summary);
      fputs("},\"messageStrings\":{\"default\":{\"text\":", stdout);
      cli_json_str(stdout, r->message);
      printf("}},\"defaultConfiguration\":{\"level\":\"%s\"},"
             "\"properties\":{\"spec\":",
             sarif_level(r->severity));
      cli_json_str(stdout, r->spec);
      fputs(",\"versions\":[", stdout);
      for (k = 0; k < 3; k++)
        if (r->versions & (1u << k)) {
          printf("%s%u", first ? "" : ",", k + 1);
          first = 0;
        }
      printf("],\"offsetSpace\":\"%s\"}}",
             sfv_rule_file_offset((sfv_rule_id)i) ? "file" : "section");
    }
    fputs("\n]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", stdout);
  }
}

void cli_out_file_begin(cli_opts *o, const cli_file_info *fi) {
  if (o->format != FMT_JSON)
    return;
  fputs(o->files_done ? ",\n {\"path\":" : "\n {\"path\":", stdout);
  cli_json_str(stdout, fi->path);
  printf(",\"format\":\"%s\",\"diagnostics\":[", fi->is_elf ? "elf" : "raw");
  o->files_done++;
}

/* Number of diagnostics printed in the current JSON file / SARIF run. */
static unsigned long json_diags, sarif_results;

/* {"<slot name>":value,...}: the diagnostic's values labelled by the rule's
 * schema (unused slots left out); a named-enum value prints as its name. */
static void json_values(const sfv_diag *d) {
  const int64_t v[3] = {d->found, d->expected, d->aux};
  unsigned k, n = 0;
  fputc('{', stdout);
  for (k = 0; k < 3; k++) {
    const sfv_slot_info *si = sfv_rule_slot(d->rule, k);
    const char *nm;
    if (si == NULL || si->name == NULL)
      continue;
    fputs(n++ ? "," : "", stdout);
    cli_json_str(stdout, si->name);
    fputc(':', stdout);
    nm = sfv_slot_value_name(si->kind, v[k]);
    if (nm != NULL)
      cli_json_str(stdout, nm);
    else
      printf("%lld", (long long)v[k]);
  }
  fputc('}', stdout);
}

void cli_out_diag(cli_opts *o, const cli_file_info *fi, const sfv_diag *d,
                  sfv_severity sev) {
  char msg[640];
  const sfv_rule_info *ri = sfv_rule_get(d->rule);
  if (ri == NULL)
    return;
  diag_text(fi, d, msg, sizeof msg);
  if (o->format == FMT_JSON) {
    fputs(json_diags++ ? ",\n    {\"rule\":" : "\n    {\"rule\":", stdout);
    cli_json_str(stdout, ri->id);
    printf(",\"severity\":\"%s\",\"offset\":%llu,\"offset_space\":\"%s\","
           "\"file_offset\":%llu,\"fde\":",
           sfv_severity_name(sev), (unsigned long long)d->offset,
           in_file_space(fi, d) ? "file" : "section",
           (unsigned long long)file_offset(fi, d));
    if (d->fde == SFV_NONE)
      fputs("null", stdout);
    else
      json_i64(d->fde);
    fputs(",\"fre\":", stdout);
    if (d->fre == SFV_NONE)
      fputs("null", stdout);
    else
      json_i64(d->fre);
    printf(",\"found\":%lld,\"expected\":%lld,\"aux\":%lld,\"values\":",
           (long long)d->found, (long long)d->expected, (long long)d->aux);
    json_values(d);
    fputs(",\"message\":", stdout);
    cli_json_str(stdout, msg);
    fputc('}', stdout);
  } else if (o->format == FMT_SARIF) {
    fputs(sarif_results++ ? ",\n{\"ruleId\":" : "\n{\"ruleId\":", stdout);
    cli_json_str(stdout, ri->id);
    printf(",\"ruleIndex\":%u,\"level\":\"%s\",\"message\":{\"text\":",
           (unsigned)d->rule, sarif_level(sev));
    cli_json_str(stdout, msg);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
          "{\"uri\":", stdout);
    sarif_uri(fi->path);
    printf(",\"index\":%d},\"region\":{\"byteOffset\":%llu}}}],"
           "\"properties\":{\"offset\":%llu,\"offsetSpace\":\"%s\"",
           fi->idx, (unsigned long long)file_offset(fi, d),
           (unsigned long long)d->offset,
           in_file_space(fi, d) ? "file" : "section");
    if (d->fde != SFV_NONE)
      printf(",\"fde\":%lld", (long long)d->fde);
    if (d->fre != SFV_NONE)
      printf(",\"fre\":%lld", (long long)d->fre);
    fputs(",\"values\":", stdout);
    json_values(d);
    fputs("}}", stdout);
  } else if (!o->quiet) {
    if (in_file_space(fi, d))
      printf("%s: elf+0x%llx: %s: %s [%s]\n", fi->path,
             (unsigned long long)d->offset, sfv_severity_name(sev), msg, ri->id);
    else
      printf("%s: .sframe+0x%llx: %s: %s [%s]\n", fi->path,
             (unsigned long long)d->offset, sfv_severity_name(sev), msg, ri->id);
  }
}

static const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

static void json_sframe(const cli_file_info *fi) {
  const sfv_section *s = fi->sec;
  const char *abi;
  if (s == NULL) {
    fputs("null", stdout);
    return;
  }
  abi = sfv_abi_name(s->hdr.abi_arch);
  printf("{\"version\":%u,\"flags\":%u,\"abi_arch\":%u,\"abi\":", s->hdr.version,
         s->hdr.flags, s->hdr.abi_arch);
  if (abi)
    cli_json_str(stdout, abi);
  else
    fputs("null", stdout);
  printf(",\"num_fdes\":%u,\"num_fres\":%u,\"size\":%llu,\"file_offset\":%llu",
         s->hdr.num_fdes, s->hdr.num_fres, (unsigned long long)s->size,
         (unsigned long long)fi->section_file_offset);
  if (fi->is_elf)
    printf(",\"address\":%llu", (unsigned long long)fi->elf->sframe_addr);
  fputc('}', stdout);
}

void cli_out_file_end(cli_opts *o, const cli_file_info *fi,
                      const cli_counts *c, int valid) {
  const sfv_elf_result *er = fi->elf_res;
  int cov = fi->is_elf && er != NULL && er->coverage_known;
  if (o->format == FMT_JSON) {
    json_diags = 0;
    printf("\n   ],\"valid\":%s,\"errors\":%u,\"warnings\":%u,\"notes\":%u,"
           "\"suppressed\":%u,\"sframe\":",
           valid ? "true" : "false", c->errors, c->warnings, c->notes,
           c->suppressed);
    json_sframe(fi);
    if (fi->is_elf) {
      printf(",\"elf\":{\"class\":%u,\"big_endian\":%s,\"machine\":%u,"
             "\"type\":\"%s\",\"bfd\":\"%s\",\"sframe_source\":\"%s\"}",
             fi->elf->elf_class * 32u, fi->elf->big_endian ? "true" : "false",
             fi->elf->e_machine, type_name(fi->elf->e_type),
             fi->elf->header_ok ? cli_bfd_name(fi->elf) : "unknown",
             fi->elf->source == SFV_ELF_SRC_SECTION ? "section"
             : fi->elf->source == SFV_ELF_SRC_SEGMENT ? "segment" : "none");
    }
    fputs(",\"coverage\":", stdout);
    if (cov)
      printf("{\"functions\":%llu,\"covered\":%llu}",
             (unsigned long long)er->funcs_total,
             (unsigned long long)er->funcs_covered);
    else
      fputs("null", stdout);
    fputc('}', stdout);
    return;
  }
  if (o->format == FMT_SARIF)
    return;
  printf("%s: %s: %u error%s, %u warning%s, %u note%s%s", fi->path,
         valid ? "valid" : "INVALID", c->errors, plural(c->errors),
         c->warnings, plural(c->warnings), c->notes, plural(c->notes),
         c->suppressed ? " (some diagnostics suppressed)" : "");
  if (fi->is_elf)
    printf("; %s %s", fi->elf->header_ok ? cli_bfd_name(fi->elf) : "ELF",
           type_name(fi->elf->e_type));
  else
    fputs("; raw section", stdout);
  if (fi->sec != NULL)
    printf(", SFrame v%u, %u FDE%s", fi->sec->hdr.version,
           fi->sec->hdr.num_fdes, plural(fi->sec->hdr.num_fdes));
  else if (fi->is_elf && !fi->have_section)
    fputs(", no SFrame data", stdout);
  if (cov)
    printf(", coverage %llu/%llu functions", (unsigned long long)er->funcs_covered,
           (unsigned long long)er->funcs_total);
  fputc('\n', stdout);
}

void cli_out_io_error(cli_opts *o, int idx, const char *what) {
  size_t n = strlen(what) + 1;
  fprintf(stderr, "sframe-validate: %s: %s\n", o->paths[idx], what);
  o->states[idx] = FILE_IO_ERROR;
  o->io_errors[idx] = malloc(n);
  if (o->io_errors[idx] != NULL)
    memcpy(o->io_errors[idx], what, n);
}

void cli_end(cli_opts *o) {
  int i, first = 1, ok = 1;
  if (o->format == FMT_JSON) {
    fputs("\n],\"errors\":[", stdout);
    for (i = 0; i < o->nfiles; i++) {
      if (o->states[i] != FILE_IO_ERROR)
        continue;
      fputs(first ? "\n {\"path\":" : ",\n {\"path\":", stdout);
      first = 0;
      cli_json_str(stdout, o->paths[i]);
      fputs(",\"message\":", stdout);
      cli_json_str(stdout, o->io_errors[i] ? o->io_errors[i] : "error");
      fputc('}', stdout);
    }
    fputs("]}\n", stdout);
  } else if (o->format == FMT_SARIF) {
    fputs("\n],\"artifacts\":[", stdout);
    for (i = 0; i < o->nfiles; i++) {
      fputs(i ? ",\n{\"location\":{\"uri\":" : "\n{\"location\":{\"uri\":", stdout);
      sarif_uri(o->paths[i]);
      printf("},\"length\":%lld,\"roles\":[\"analysisTarget\"],"
             "\"properties\":{\"valid\":%s}}",
             o->states[i] == FILE_IO_ERROR || o->states[i] == FILE_UNREAD
                 ? -1LL : (long long)o->sizes[i],
             o->states[i] == FILE_VALID ? "true" : "false");
      if (o->states[i] == FILE_IO_ERROR)
        ok = 0;
    }
    printf("\n],\"invocations\":[{\"executionSuccessful\":%s,"
           "\"toolExecutionNotifications\":[", ok ? "true" : "false");
    for (i = 0; i < o->nfiles; i++) {
      if (o->states[i] != FILE_IO_ERROR)
        continue;
      fputs(first ? "\n{\"level\":\"error\",\"message\":{\"text\":"
                  : ",\n{\"level\":\"error\",\"message\":{\"text\":", stdout);
      first = 0;
      cli_json_str(stdout, o->io_errors[i] ? o->io_errors[i] : "error");
      fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
            "{\"uri\":", stdout);
      sarif_uri(o->paths[i]);
      printf(",\"index\":%d}}}]}", i);
    }
    fputs("]}]}]}\n", stdout);
  }
  fflush(stdout);
}

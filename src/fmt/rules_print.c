/* SPDX-License-Identifier: MIT */
/* rules.c - --list-rules: the catalogue as text, JSON or the Markdown
 * of docs/RULES.md (all generated from sfv_rules.def). */
#include <string.h>

#include "fmt.h"

static void versions_str(unsigned v, char *buf) {
  size_t n = 0;
  unsigned k;
  for (k = 0; k < 3; k++)
    if (v & (1u << k)) {
      if (n)
        buf[n++] = ',';
      buf[n++] = (char)('1' + k);
    }
  buf[n] = '\0';
}

static void consumers_str(unsigned c, char *buf, size_t cap) {
  static const char *const names[] = {"kernel", "glibc", "libsframe-2.47", "llvm",
                                      "libsframe-2.44"};
  size_t k;
  buf[0] = '\0';
  for (k = 0; k < sizeof names / sizeof names[0]; k++)
    if (c & (1u << k)) {
      if (buf[0])
        strncat(buf, ", ", cap - strlen(buf) - 1);
      strncat(buf, names[k], cap - strlen(buf) - 1);
    }
  if (!buf[0])
    strncat(buf, "-", cap - 1);
}

void fmt_list_rules(FILE *out, int format) {
  unsigned i;
  char vers[8], cons[64];
  if (format == FMT_JSON)
    fputc('[', out);
  if (format == FMT_MARKDOWN)
    fputs("# SFrame validation rules\n\n"
          "Generated from `src/sfv_rules.def` by "
          "`sframe-validate --list-rules --format=markdown` (`make rules-doc`);\n"
          "do not edit by hand: `make test` fails when this file is stale.\n\n"
          "Severities: **error** (the spec forbids it, or readers break on it), "
          "**warning** (legal but suspect), **note** (information).\n"
          "Rules whose summary starts with *Implementation-defined* record a "
          "decision where the spec is silent.\n"
          "*Rejected by* lists consumers known to reject a section that breaks "
          "the rule.\n\n"
          "| id | severity | versions | spec section | rejected by | summary |\n"
          "|---|---|---|---|---|---|\n",
          out);
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++) {
    const sfv_rule_info *r = sfv_rule_get((sfv_rule_id)i);
    versions_str(r->versions, vers);
    consumers_str(r->consumers, cons, sizeof cons);
    switch (format) {
    case FMT_JSON:
      fputs(i ? ",\n {\"id\":" : "\n {\"id\":", out);
      fmt_json_str(out, r->id);
      fputs(",\"severity\":", out);
      fmt_json_str(out, sfv_severity_name(r->severity));
      fputs(",\"spec\":", out);
      fmt_json_str(out, r->spec);
      fputs(",\"versions\":[", out);
      {
        unsigned k, first = 1;
        for (k = 0; k < 3; k++)
          if (r->versions & (1u << k)) {
            fprintf(out, "%s%u", first ? "" : ",", k + 1);
            first = 0;
          }
      }
      fputs("],\"consumers\":", out);
      fmt_json_str(out, cons);
      fputs(",\"summary\":", out);
      fmt_json_str(out, r->summary);
      fputs(",\"message\":", out);
      fmt_json_str(out, r->message);
      /* The typed schema: offset space and the value slots in use. */
      fprintf(out, ",\"offset_space\":\"%s\",\"slots\":{",
              r->space == SFV_SPACE_FILE ? "file" : "section");
      {
        static const char *const slot[3] = {"found", "expected", "aux"};
        unsigned k, n = 0;
        for (k = 0; k < 3; k++) {
          const sfv_slot_info *si = sfv_rule_slot((sfv_rule_id)i, k);
          if (si == NULL || si->name == NULL)
            continue;
          fprintf(out, "%s\"%s\":{\"name\":", n++ ? "," : "", slot[k]);
          fmt_json_str(out, si->name);
          fprintf(out, ",\"kind\":\"%s\"}", sfv_slot_kind_name(si->kind));
        }
      }
      fputs("}}", out);
      break;
    case FMT_MARKDOWN:
      fprintf(out, "| `%s` | %s | %s | %s | %s | %s |\n", r->id,
              sfv_severity_name(r->severity), vers, r->spec, cons, r->summary);
      break;
    default:
      fprintf(out, "%-28s %-8s v%-6s %s\n", r->id,
              sfv_severity_name(r->severity), vers, r->summary);
      break;
    }
  }
  if (format == FMT_JSON)
    fputs("\n]\n", out);
}

/* SPDX-License-Identifier: MIT */
/* summary.c - a run's summary (summary.h): accumulation and printing.
 * Every printed number is a sum of per-record facts, so the parent of a
 * parallel run gets the same summary by merging its workers' parts. */
#include <stddef.h>
#include <string.h>

#include "fmt.h"
#include "summary.h"

static uint64_t sat_add(uint64_t a, uint64_t b) {
  return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

void fmt_summary_record(fmt_summary *s, const fmt_file_info *fi,
                        const fmt_counts *c, int valid) {
  unsigned k;
  s->records++;
  if (valid)
    s->valid++;
  else
    s->invalid++;
  s->errors = sat_add(s->errors, c->errors);
  s->warnings = sat_add(s->warnings, c->warnings);
  s->notes = sat_add(s->notes, c->notes);
  s->suppressed = sat_add(s->suppressed, c->suppressed);
  if (fi->is_archive) {
    s->archives++;
    s->members = sat_add(s->members, fi->members);
    return;
  }
  if (fi->is_elf) {
    const sfv_elf *e = fi->elf;
    const sfv_elf_result *er = fi->elf_res;
    s->elf++;
    if (!fi->have_section)
      s->no_sframe++;
    else
      s->sframe_bytes = sat_add(s->sframe_bytes, e->sframe_size);
    s->eh_frame_bytes = sat_add(s->eh_frame_bytes, e->eh_frame_size);
    s->exec_bytes = sat_add(s->exec_bytes, e->exec_size);
    if (er != NULL && er->coverage_known) {
      s->coverage_records++;
      s->funcs_total = sat_add(s->funcs_total, er->funcs_total);
      s->funcs_covered = sat_add(s->funcs_covered, er->funcs_covered);
    }
  } else {
    s->raw++;
  }
  if (fi->sec != NULL) {
    uint8_t v = fi->sec->hdr.version;
    s->sections++;
    s->by_version[v >= 1 && v <= 3 ? v : 0]++;
    for (k = 0; k < FMT_SUMMARY_FLAGS; k++)
      if (fi->sec->hdr.flags & (1u << k))
        s->flag_set[k]++;
    s->fdes = sat_add(s->fdes, fi->sec->hdr.num_fdes);
  } else if (fi->have_section) {
    s->undecodable++;
  }
}

void fmt_summary_diag(fmt_summary *s, sfv_rule_id rule, sfv_severity sev) {
  if ((unsigned)rule < (unsigned)SFV_RULE_COUNT && (unsigned)sev < 3 &&
      s->by_rule[rule][sev] < UINT32_MAX)
    s->by_rule[rule][sev]++;
}

/* The counters before by_rule are uint64_t with no padding between them. */
_Static_assert(offsetof(fmt_summary, by_rule) % sizeof(uint64_t) == 0 &&
               offsetof(fmt_summary, by_rule) >= sizeof(uint64_t),
               "fmt_summary: uint64_t counters first");

void fmt_summary_merge(fmt_summary *d, const fmt_summary *s) {
  /* Every field is a counter: merge them all, by layout. */
  uint64_t *dw = &d->inputs;
  const uint64_t *sw = &s->inputs;
  size_t i, n = (size_t)((const uint64_t *)(const void *)s->by_rule - sw);
  unsigned r, v;
  for (i = 0; i < n; i++)
    dw[i] = sat_add(dw[i], sw[i]);
  for (r = 0; r < (unsigned)SFV_RULE_COUNT; r++)
    for (v = 0; v < 3; v++)
      d->by_rule[r][v] = s->by_rule[r][v] > UINT32_MAX - d->by_rule[r][v]
                             ? UINT32_MAX : d->by_rule[r][v] + s->by_rule[r][v];
}

/* ------------------------------------------------------------ printing */

static const char *const flag_names[FMT_SUMMARY_FLAGS] = {
  "SFRAME_F_FDE_SORTED", "SFRAME_F_FRAME_POINTER",
  "SFRAME_F_FDE_FUNC_START_PCREL", NULL, NULL, NULL, NULL, NULL,
};

/* The flag bits worth printing: the defined ones, and others when set. */
static int flag_shown(const fmt_summary *s, unsigned k) {
  return flag_names[k] != NULL || s->flag_set[k] != 0;
}

static void flag_name(char *buf, size_t n, unsigned k) {
  if (flag_names[k] != NULL)
    snprintf(buf, n, "%s", flag_names[k]);
  else
    snprintf(buf, n, "0x%x", 1u << k);
}

static int versions_mixed(const fmt_summary *s) {
  unsigned v, kinds = 0;
  for (v = 0; v < 4; v++)
    kinds += s->by_version[v] != 0;
  return kinds > 1;
}

static int flag_mixed(const fmt_summary *s, unsigned k) {
  return s->flag_set[k] != 0 && s->flag_set[k] != s->sections;
}

static const char *pl(uint64_t n) { return n == 1 ? "" : "s"; }

/* a as a percentage of b, one decimal; "n/a" when b is 0. */
static void pct(FILE *out, uint64_t a, uint64_t b) {
  if (b == 0)
    fputs("n/a", out);
  else
    fprintf(out, "%.1f%%", (double)a * 100.0 / (double)b);
}

static unsigned long long u(uint64_t v) { return (unsigned long long)v; }

void fmt_summary_text(FILE *out, const fmt_summary *s) {
  unsigned k, r, first = 1;
  fprintf(out, "summary: %llu file%s, %llu record%s: %llu valid, %llu INVALID,"
          " %llu I/O error%s\n", u(s->inputs), pl(s->inputs), u(s->records),
          pl(s->records), u(s->valid), u(s->invalid), u(s->io_errors),
          pl(s->io_errors));
  fprintf(out, "summary: %llu ELF (%llu without SFrame data), %llu raw "
          "section%s, %llu archive%s (%llu member%s)\n", u(s->elf),
          u(s->no_sframe), u(s->raw), pl(s->raw), u(s->archives),
          pl(s->archives), u(s->members), pl(s->members));
  fprintf(out, "summary: SFrame: %llu section%s", u(s->sections), pl(s->sections));
  for (k = 1; k <= 3; k++)
    if (s->by_version[k])
      fprintf(out, "%s %llu v%u", first++ == 1 ? ":" : ",", u(s->by_version[k]), k);
  if (s->by_version[0])
    fprintf(out, "%s %llu other version", first++ == 1 ? ":" : ",",
            u(s->by_version[0]));
  fprintf(out, "%s, %llu FDE%s, %llu undecodable\n",
          versions_mixed(s) ? " (versions mixed)" : "", u(s->fdes), pl(s->fdes),
          u(s->undecodable));
  if (s->sections) {
    fputs("summary: flags:", out);
    for (k = 0, first = 1; k < FMT_SUMMARY_FLAGS; k++) {
      char name[32];
      if (!flag_shown(s, k))
        continue;
      flag_name(name, sizeof name, k);
      fprintf(out, "%s %s %llu/%llu%s", first++ == 1 ? "" : ",", name,
              u(s->flag_set[k]), u(s->sections),
              flag_mixed(s, k) ? " (mixed)" : "");
    }
    fputc('\n', out);
  }
  if (s->coverage_records) {
    fprintf(out, "summary: coverage: %llu/%llu functions (", u(s->funcs_covered),
            u(s->funcs_total));
    pct(out, s->funcs_covered, s->funcs_total);
    fprintf(out, ") in %llu ELF file%s\n", u(s->coverage_records),
            pl(s->coverage_records));
  }
  if (s->elf) {
    fprintf(out, "summary: size: .sframe %llu bytes = ", u(s->sframe_bytes));
    pct(out, s->sframe_bytes, s->eh_frame_bytes);
    fprintf(out, " of .eh_frame (%llu bytes), ", u(s->eh_frame_bytes));
    pct(out, s->sframe_bytes, s->exec_bytes);
    fprintf(out, " of code (%llu bytes)\n", u(s->exec_bytes));
  }
  fprintf(out, "summary: %llu error%s, %llu warning%s, %llu note%s",
          u(s->errors), pl(s->errors), u(s->warnings), pl(s->warnings),
          u(s->notes), pl(s->notes));
  if (s->suppressed)
    fprintf(out, " (%llu suppressed)", u(s->suppressed));
  fputc('\n', out);
  for (r = 0; r < (unsigned)SFV_RULE_COUNT; r++) {
    const uint32_t *c = s->by_rule[r];
    static const char *const sev[3] = {"error", "warning", "note"};
    unsigned v;
    if (!c[0] && !c[1] && !c[2])
      continue;
    fprintf(out, "summary: rule %s:", sfv_rule_get((sfv_rule_id)r)->id);
    for (v = 0, first = 1; v < 3; v++)
      if (c[v])
        fprintf(out, "%s %u %s%s", first++ == 1 ? "" : ",", c[v], sev[v],
                pl(c[v]));
    fputc('\n', out);
  }
}

void fmt_summary_json(FILE *out, const fmt_summary *s) {
  unsigned k, r, first = 1;
  fprintf(out, "{\"inputs\":%llu,\"io_errors\":%llu,\"records\":%llu,"
          "\"valid\":%llu,\"invalid\":%llu,\"elf\":%llu,\"raw\":%llu,"
          "\"archives\":%llu,\"members\":%llu,\"no_sframe\":%llu,"
          "\"undecodable\":%llu,", u(s->inputs), u(s->io_errors),
          u(s->records), u(s->valid), u(s->invalid), u(s->elf), u(s->raw),
          u(s->archives), u(s->members), u(s->no_sframe), u(s->undecodable));
  fprintf(out, "\"sframe\":{\"sections\":%llu,\"fdes\":%llu,\"versions\":"
          "{\"1\":%llu,\"2\":%llu,\"3\":%llu,\"other\":%llu},"
          "\"versions_mixed\":%s,\"flags\":{", u(s->sections), u(s->fdes),
          u(s->by_version[1]), u(s->by_version[2]), u(s->by_version[3]),
          u(s->by_version[0]), versions_mixed(s) ? "true" : "false");
  for (k = 0; k < FMT_SUMMARY_FLAGS; k++) {
    char name[32];
    if (!flag_shown(s, k))
      continue;
    flag_name(name, sizeof name, k);
    fprintf(out, "%s\"%s\":%llu", first++ == 1 ? "" : ",", name,
            u(s->flag_set[k]));
  }
  fputs("},\"flags_mixed\":[", out);
  for (k = 0, first = 1; k < FMT_SUMMARY_FLAGS; k++) {
    char name[32];
    if (!flag_mixed(s, k))
      continue;
    flag_name(name, sizeof name, k);
    fprintf(out, "%s\"%s\"", first++ == 1 ? "" : ",", name);
  }
  fprintf(out, "]},\"coverage\":{\"files\":%llu,\"functions\":%llu,"
          "\"covered\":%llu},\"sizes\":{\"sframe\":%llu,\"eh_frame\":%llu,"
          "\"exec\":%llu},\"diagnostics\":{\"errors\":%llu,\"warnings\":%llu,"
          "\"notes\":%llu,\"suppressed\":%llu},\"rules\":[",
          u(s->coverage_records), u(s->funcs_total), u(s->funcs_covered),
          u(s->sframe_bytes), u(s->eh_frame_bytes), u(s->exec_bytes),
          u(s->errors), u(s->warnings), u(s->notes), u(s->suppressed));
  for (r = 0, first = 1; r < (unsigned)SFV_RULE_COUNT; r++) {
    const uint32_t *c = s->by_rule[r];
    if (!c[0] && !c[1] && !c[2])
      continue;
    fputs(first++ == 1 ? "{\"rule\":" : ",{\"rule\":", out);
    fmt_json_str(out, sfv_rule_get((sfv_rule_id)r)->id);
    fprintf(out, ",\"errors\":%u,\"warnings\":%u,\"notes\":%u}", c[0], c[1],
            c[2]);
  }
  fputs("]}", out);
}

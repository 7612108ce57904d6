/* SPDX-License-Identifier: MIT */
/* baseline.c - --baseline=OLD.json: compares a run's diagnostics with those
 * of a previous run's --format=json document, so that only new problems
 * fail a build.
 *
 * Key of a diagnostic: (file path as printed, rule id, FDE index, FRE
 * index).  Offsets are left out: they move whenever a section grows, while
 * FDE/FRE indices only move when functions are added before the one in
 * question.  Matching is one-to-one in order (a multiset): with three
 * baseline diagnostics of one key and four now, one is new.  Severity is
 * not part of the key.  Baseline files that this run does not check are
 * ignored (neither fixed nor unchanged).
 *
 * Exit status with a baseline: 1 when some diagnostic of effective
 * severity error is new, else 0 (2 for I/O errors as always); an
 * unreadable or malformed OLD.json is a usage error (2) before any file
 * is read, and so is a rule id that is not in the catalogue (every rule id
 * the run prints is the catalogue's own string).  Memory: the baseline's
 * entries (bounded by its size) and the new ones; lookups are hashed with
 * a keyed hash (baseline_load.c). */
#include "baseline_int.h"

/* ---------------------------------------------------------------- */
/* The run.                                                           */

void cli_baseline_file(cli_baseline *b, const char *path, int idx) {
  /* Files the baseline lacks are added too: new diagnostics name them. */
  b->cur = bl_file_of(b, path, 1);
  if (b->cur == UINT32_MAX)
    b->oom = 1;
  else
    b->files[b->cur].idx = idx;
}

const char *cli_baseline_diag(cli_baseline *b, const sfv_diag *d,
                              sfv_severity sev) {
  const char *rule = sfv_rule_get(d->rule)->id, *path;
  uint32_t i, k;
  if (b->cur == UINT32_MAX)
    return NULL;
  path = b->files[b->cur].path;
  i = (uint32_t)bl_key_hash(path, rule, d->fde, d->fre) & b->emask;
  while ((k = b->eslot[i]) != 0) {
    bl_ent *h = &b->ents[k - 1];
    if (h->file == b->cur && h->fde == d->fde && h->fre == d->fre &&
        strcmp(h->rule, rule) == 0) {
      if (h->cursor == 0)
        break;             /* every baseline entry of the key is used */
      b->ents[h->cursor - 1].matched = 1;
      h->cursor = b->ents[h->cursor - 1].next;
      b->unchanged++;
      return "unchanged";
    }
    i = (i + 1) & b->emask;
  }
  if (!bl_grow((void **)&b->news, &b->capnew, sizeof *b->news, b->nnew + 1)) {
    b->oom = 1;
    return "new";
  }
  b->news[b->nnew].file = b->cur;
  b->news[b->nnew].rule = rule;
  b->news[b->nnew].fde = d->fde;
  b->news[b->nnew].fre = d->fre;
  b->news[b->nnew].sev = sev;
  b->nnew++;
  if (sev == SFV_SEV_ERROR)
    b->nerr_new++;
  return "new";
}

/* A baseline entry no longer reported, in a file this run checked. */
static int fixed(const cli_baseline *b, const bl_ent *e) {
  return !e->matched && b->files[e->file].idx >= 0;
}

static uint64_t nfixed(const cli_baseline *b) {
  uint64_t n = 0;
  uint32_t k;
  for (k = 0; k < b->nents; k++)
    n += (uint64_t)fixed(b, &b->ents[k]);
  return n;
}

static void json_ent(FILE *out, int first, const char *path, const char *rule,
                     sfv_severity sev, int64_t fde, int64_t fre) {
  fmt_json_path(out, first ? "\n  {" : ",\n  {", "path", path);
  fputs(",\"rule\":", out);
  fmt_json_str(out, rule);
  fprintf(out, ",\"severity\":\"%s\",\"fde\":", sfv_severity_name(sev));
  if (fde == SFV_NONE)
    fputs("null", out);
  else
    fprintf(out, "%lld", (long long)fde);
  fputs(",\"fre\":", out);
  if (fre == SFV_NONE)
    fputs("null", out);
  else
    fprintf(out, "%lld", (long long)fre);
  fputc('}', out);
}

static void tail(fmt_report *r, void *ctx) {
  cli_baseline *b = ctx;
  FILE *out = r->out;
  uint32_t k;
  int first = 1;
  if (b->sarif) {
    for (k = 0; k < b->nents; k++)
      if (fixed(b, &b->ents[k]))
        fmt_sarif_absent(r, b->files[b->ents[k].file].path,
                         b->files[b->ents[k].file].idx, b->ents[k].rule,
                         b->ents[k].sev, b->ents[k].fde,
                         b->ents[k].fre);
    return;
  }
  fmt_json_path(out, ",\n\"baseline\":{", "file", b->name);
  fprintf(out, ",\"new\":%u,\"new_errors\":%llu,"
          "\"unchanged\":%llu,\"fixed\":%llu,\"new_diagnostics\":[",
          b->nnew, (unsigned long long)b->nerr_new,
          (unsigned long long)b->unchanged, (unsigned long long)nfixed(b));
  for (k = 0; k < b->nnew; k++, first = 0)
    json_ent(out, first, b->files[b->news[k].file].path, b->news[k].rule,
             b->news[k].sev, b->news[k].fde, b->news[k].fre);
  fputs("],\"fixed_diagnostics\":[", out);
  first = 1;
  for (k = 0; k < b->nents; k++)
    if (fixed(b, &b->ents[k])) {
      json_ent(out, first, b->files[b->ents[k].file].path, b->ents[k].rule,
               b->ents[k].sev, b->ents[k].fde, b->ents[k].fre);
      first = 0;
    }
  fputs("]}", out);
}

void cli_baseline_prepare(cli_baseline *b, fmt_report *r, int format) {
  b->sarif = format == FMT_SARIF;
  if (format != FMT_JSON && format != FMT_SARIF)
    return;
  r->tail = tail;
  r->tail_ctx = b;
}

static void text_ent(FILE *out, const char *what, const char *path,
                     const char *rule, sfv_severity sev, int64_t fde,
                     int64_t fre) {
  fprintf(out, "%s: ", what);
  fmt_text_str(out, path);
  fprintf(out, ": %s: %s", sfv_severity_name(sev), rule);
  if (fde != SFV_NONE)
    fprintf(out, " (fde %lld%s", (long long)fde, fre != SFV_NONE ? "" : ")");
  if (fre != SFV_NONE)
    fprintf(out, "%sfre %lld)", fde != SFV_NONE ? ", " : " (", (long long)fre);
  fputc('\n', out);
}

void cli_baseline_text(cli_baseline *b, FILE *out) {
  uint32_t k;
  fputs("baseline ", out);
  fmt_text_str(out, b->name);
  fprintf(out, ": %u new (%llu error%s), %llu unchanged, %llu fixed\n", b->nnew,
          (unsigned long long)b->nerr_new, b->nerr_new == 1 ? "" : "s",
          (unsigned long long)b->unchanged, (unsigned long long)nfixed(b));
  for (k = 0; k < b->nnew; k++)
    text_ent(out, "new", b->files[b->news[k].file].path, b->news[k].rule,
             b->news[k].sev, b->news[k].fde, b->news[k].fre);
  for (k = 0; k < b->nents; k++)
    if (fixed(b, &b->ents[k]))
      text_ent(out, "fixed", b->files[b->ents[k].file].path, b->ents[k].rule,
               b->ents[k].sev, b->ents[k].fde, b->ents[k].fre);
}

int cli_baseline_status(const cli_baseline *b, int worst) {
  if (worst >= 2 || b->oom)
    return 2;
  return b->nerr_new ? 1 : 0;
}

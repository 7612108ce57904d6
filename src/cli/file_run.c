/* SPDX-License-Identifier: MIT */
/* file_run.c - one file's record (file_run.h): the report stage.
 *
 * Severity policy lives here: --Werror turns warnings into errors,
 * --require-sframe makes a missing SFrame section an error, and
 * --require-sorted / --require-version=N / --min-coverage=PCT / --profile
 * add policy diagnostics.  The counts printed are those of the effective
 * severities.  Also the one I/O-error path and the one mode decision. */
#include <string.h>

#include "file_run.h"
#include "common/intree.h" /* the saturating counters */

sfv_severity cli_effective_severity(const cli_opts *o, const sfv_diag *d) {
  sfv_severity s = d->severity;
  if ((d->rule == SFV_R_ELF_NO_SFRAME || d->rule == SFV_R_ELF_SFRAME_NOBITS) &&
      o->require_sframe)
    return SFV_SEV_ERROR;
  if (o->werror && s == SFV_SEV_WARNING)
    return SFV_SEV_ERROR;
  return s;
}

static void count(cli_counts *c, sfv_severity s) {
  sfv_count_severity(s, &c->errors, &c->warnings, &c->notes);
}

static void emit(file_run *fr, const sfv_diag *d) {
  sfv_severity sev = cli_effective_severity(fr->o, d);
  count(&fr->delivered, sev);
  cli_profile_note(&fr->prof, d);
  cli_out_diag(fr->o, &fr->fi, d, sev);
}

static void emit_cb(void *ctx, const sfv_diag *d) { emit(ctx, d); }

int cli_run_on_diag(void *ctx, const sfv_diag *d) {
  file_run *fr = ctx;
  count(&fr->lib_delivered, d->severity);
  emit(fr, d);
  return 0;
}

void cli_run_extra(file_run *fr, const sfv_diag *d) {
  uint32_t max = fr->o->max_diags ? fr->o->max_diags : SFV_DEFAULT_MAX_DIAGS;
  cli_counts *c = &fr->lib_delivered;
  count(&fr->extra, d->severity);
  if ((uint64_t)c->errors + c->warnings + c->notes >= max) {
    sfv_count_add(&fr->extra_suppressed, 1); /* over the cap: counted only */
    return;
  }
  cli_run_on_diag(fr, d);
}

/* Policy diagnostics (--require-version, --require-sorted): rules of the
 * catalogue, reported by the library's sfv_check_policy(). */
static int on_policy(void *ctx, const sfv_diag *d) {
  emit(ctx, d);
  return 0;
}

static void policy(file_run *fr, const sfv_section *sec) {
  sfv_policy pol;
  memset(&pol, 0, sizeof pol);
  pol.require_version = (uint8_t)fr->o->require_version;
  pol.require_sorted = (uint8_t)(fr->o->require_sorted != 0);
  (void)sfv_check_policy(sec, &pol, on_policy, fr, NULL);
  if (fr->o->profiles)
    cli_profile_check(fr->o->profiles, &fr->prof, sec, emit_cb, fr);
}

/* Final counts: delivered diagnostics by effective severity, plus those the
 * library (or cli_run_extra) counted but did not deliver.  In 64 bits,
 * then saturated (common/count.h): what was delivered is at most what was
 * counted, even when a library counter saturated. */
static void totals(const file_run *fr, uint32_t lib_e, uint32_t lib_w,
                   uint32_t lib_n, uint32_t lib_sup, cli_counts *c) {
  uint64_t se = (uint64_t)lib_e + fr->extra.errors - fr->lib_delivered.errors;
  uint64_t sw =
      (uint64_t)lib_w + fr->extra.warnings - fr->lib_delivered.warnings;
  uint64_t sn = (uint64_t)lib_n + fr->extra.notes - fr->lib_delivered.notes;
  *c = fr->delivered;
  c->errors = sfv_count_of(c->errors + se + (fr->o->werror ? sw : 0));
  c->warnings = sfv_count_of(c->warnings + (fr->o->werror ? 0 : sw));
  c->notes = sfv_count_of(c->notes + sn);
  c->suppressed = sfv_count_of((uint64_t)lib_sup + fr->extra_suppressed);
}

/* --min-coverage: per ELF file (archive members included). */
static void elf_policy(file_run *fr) {
  sfv_policy pol;
  memset(&pol, 0, sizeof pol);
  pol.have_min_coverage = (uint8_t)(fr->o->min_coverage >= 0);
  pol.min_coverage = (uint8_t)(fr->o->min_coverage >= 0 ? fr->o->min_coverage : 0);
  if (pol.have_min_coverage && fr->fi.is_elf && fr->fi.elf != NULL &&
      fr->fi.elf_res != NULL)
    (void)sfv_check_elf_policy(fr->fi.elf, fr->fi.elf_res, &pol, on_policy, fr,
                               NULL);
}

int cli_run_finish(file_run *fr, const sfv_section *sec, uint32_t errors,
                   uint32_t warnings, uint32_t notes, uint32_t suppressed) {
  cli_counts c;
  if (sec != NULL)
    policy(fr, sec);
  else if (fr->o->profiles && fr->fi.have_section)
    cli_profile_check(fr->o->profiles, &fr->prof, NULL, emit_cb, fr);
  elf_policy(fr);
  totals(fr, errors, warnings, notes, suppressed, &c);
  cli_out_file_end(fr->o, &fr->fi, &c, c.errors == 0);
  return c.errors ? 1 : 0;
}

void cli_run_init(file_run *fr, cli_opts *o, int idx, const char *path) {
  memset(fr, 0, sizeof *fr);
  fr->o = o;
  fr->fi.path = path;
  fr->fi.idx = idx;
}

int cli_io_error(cli_opts *o, int idx, const char *what) {
  cli_out_io_error(o, idx, what);
  return 2;
}

int cli_src_io_error(cli_opts *o, int idx, const cli_src *s) {
  char what[160];
  cli_src_error(s, what, sizeof what);
  return cli_io_error(o, idx, what);
}

int cli_mode_of(const cli_opts *o) {
  if (o->mode == MODE_DUMP || o->mode == MODE_LOOKUP)
    return o->mode;
  return o->format == FMT_CANONICAL ? CLI_MODE_CANONICAL : MODE_CHECK;
}

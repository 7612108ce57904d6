/* check.c - one input file: open it safely (reader.c), recognise it (ELF,
 * ar archive or raw SFrame section, by magic or by --input), read what the
 * checks need, then validate it, or --dump, --lookup or
 * --format=canonical it.
 *
 * Severity policy lives here: --Werror turns warnings into errors,
 * --require-sframe makes a missing SFrame section an error, and
 * --require-sorted / --require-version=N add policy diagnostics.  The
 * counts printed are those of the effective severities.
 *
 * Memory: the SFrame section, the FDE scratch and the reader's cache.  A
 * raw file's bytes past the section's declared end are streamed, not held
 * (sfv_trailing_diag() classifies them). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "check_run.h"
#include "reader.h"

/* Raw files: a tail past the declared end longer than this is streamed. */
#define RAW_TAIL_INLINE ((uint64_t)1 << 20)
/* Raw files in --dump/--lookup/--format=canonical: read whole up to this
 * size, else only up to the declared end. */
#define RAW_WHOLE_MAX ((uint64_t)256 << 20)

static sfv_severity effective(const cli_opts *o, const sfv_diag *d) {
  sfv_severity s = d->severity;
  if ((d->rule == SFV_R_ELF_NO_SFRAME || d->rule == SFV_R_ELF_SFRAME_NOBITS) &&
      o->require_sframe)
    return SFV_SEV_ERROR;
  if (o->werror && s == SFV_SEV_WARNING)
    return SFV_SEV_ERROR;
  return s;
}

static void count(cli_counts *c, sfv_severity s) {
  if (s == SFV_SEV_ERROR)
    c->errors++;
  else if (s == SFV_SEV_WARNING)
    c->warnings++;
  else
    c->notes++;
}

static void emit(file_run *fr, const sfv_diag *d) {
  sfv_severity sev = effective(fr->o, d);
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
  if (c->errors + c->warnings + c->notes >= max) {
    fr->extra_suppressed++; /* over the cap: counted, not delivered */
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
  pol.require_version = (uint8_t)fr->o->require_version;
  pol.require_sorted = (uint8_t)(fr->o->require_sorted != 0);
  (void)sfv_check_policy(sec, &pol, on_policy, fr, NULL);
  if (fr->o->profiles)
    cli_profile_check(fr->o->profiles, &fr->prof, sec, emit_cb, fr);
}

/* Final counts: delivered diagnostics by effective severity, plus those the
 * library (or cli_run_extra) counted but did not deliver. */
static void totals(const file_run *fr, uint32_t lib_e, uint32_t lib_w,
                   uint32_t lib_n, uint32_t lib_sup, cli_counts *c) {
  uint32_t se = lib_e + fr->extra.errors - fr->lib_delivered.errors;
  uint32_t sw = lib_w + fr->extra.warnings - fr->lib_delivered.warnings;
  uint32_t sn = lib_n + fr->extra.notes - fr->lib_delivered.notes;
  *c = fr->delivered;
  c->errors += se + (fr->o->werror ? sw : 0);
  c->warnings += fr->o->werror ? 0 : sw;
  c->notes += sn;
  c->suppressed = lib_sup + fr->extra_suppressed;
}

/* Scratch for the exact cross-FDE checks of an opened section (NULL when
 * the section could not be opened: the validator then needs none). */
static void *scratch_for(const sfv_section *sec, size_t *n) {
  *n = 0;
  if (sec == NULL)
    return NULL;
  *n = sfv_scratch_size(sec->fde_avail);
  return malloc(*n);
}

int cli_run_finish(file_run *fr, const sfv_section *sec, uint32_t errors,
                   uint32_t warnings, uint32_t notes, uint32_t suppressed) {
  cli_counts c;
  if (sec != NULL)
    policy(fr, sec);
  else if (fr->o->profiles && fr->fi.have_section)
    cli_profile_check(fr->o->profiles, &fr->prof, NULL, emit_cb, fr);
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

static int io_error(cli_opts *o, int idx, const char *what) {
  cli_out_io_error(o, idx, what);
  return 2;
}

static int src_io_error(cli_opts *o, int idx, const cli_src *s) {
  char what[160];
  cli_src_error(s, what, sizeof what);
  return io_error(o, idx, what);
}

/* ---------------------------------------------------------------- */
/* Raw SFrame sections.                                               */

/* The declared end of the section in buf[0..n) (header only is enough),
 * clipped to size; n when the header cannot be opened. */
static uint64_t raw_extent(const uint8_t *buf, size_t n, uint64_t size) {
  sfv_section s;
  uint64_t end;
  if (sfv_open(&s, buf, n) != SFV_OK)
    return n;
  end = sfv_declared_end(&s); /* >= the header's end */
  return end < size ? end : size;
}

/* First non-zero byte of [from, size) (size if none) and up to
 * SFV_HEADER_SIZE bytes from there into at[].  Holes are skipped unread. */
static int scan_tail(cli_src *src, uint64_t from, uint64_t *first_nz,
                     uint8_t *at, size_t *at_len) {
  static uint8_t chunk[65536];
  uint64_t q = from;
  *first_nz = src->size;
  *at_len = 0;
  static const uint8_t zero[4096];
  while ((q = cli_src_next_data(src, q)) < src->size) {
    size_t n = src->size - q < sizeof chunk ? (size_t)(src->size - q)
                                            : sizeof chunk, i = 0;
    if (cli_src_pread(src, q, chunk, n) != 0)
      return -1;
    while (i + sizeof zero <= n && memcmp(chunk + i, zero, sizeof zero) == 0)
      i += sizeof zero;
    while (i < n && chunk[i] == 0)
      i++;
    if (i < n) {
      *first_nz = q + i;
      *at_len = src->size - *first_nz < SFV_HEADER_SIZE
                    ? (size_t)(src->size - *first_nz) : SFV_HEADER_SIZE;
      return cli_src_pread(src, *first_nz, at, *at_len);
    }
    q += n;
  }
  return 0;
}

static int check_raw(file_run *fr, cli_src *src, const uint8_t *data,
                     size_t len) {
  cli_opts *o = fr->o;
  sfv_options so;
  sfv_result res;
  sfv_section sec;
  sfv_diag d;
  int have_sec = sfv_open(&sec, data, len) == SFV_OK;

  memset(&so, 0, sizeof so);
  so.max_diags = o->max_diags;
  if (o->unrelocated)
    so.flags |= SFV_OPT_UNRELOCATED;
  if (o->have_vma) {
    so.flags |= SFV_OPT_VMA;
    so.vma = o->vma;
  }
  so.scratch = scratch_for(have_sec ? &sec : NULL, &so.scratch_size);
  fr->fi.have_section = 1;
  fr->fi.sec = have_sec ? &sec : NULL;
  cli_out_file_begin(o, &fr->fi);
  if (src->size == 0) {
    /* Only with --input=raw: an empty section, not a truncated header. */
    memset(&res, 0, sizeof res);
    memset(&d, 0, sizeof d);
    d.rule = SFV_R_EMPTY_SECTION;
    d.severity = sfv_rule_get(d.rule)->severity;
    d.fde = d.fre = SFV_NONE;
    cli_run_extra(fr, &d);
    free(so.scratch);
    return cli_run_finish(fr, NULL, 0, 0, 0, 0);
  }
  sfv_validate(data, len, &so, cli_run_on_diag, fr, &res);
  free(so.scratch);
  if (have_sec && len < src->size && sfv_declared_end(&sec) <= len) {
    /* The streamed tail: what sfv_validate() would say of it. */
    uint8_t at[SFV_HEADER_SIZE];
    uint64_t first_nz;
    size_t at_len;
    if (scan_tail(src, len, &first_nz, at, &at_len) != 0) {
      cli_run_finish(fr, &sec, res.errors, res.warnings, res.notes,
                     res.suppressed);
      return -1;
    }
    if (sfv_trailing_diag(&sec, src->size, first_nz, at, at_len, &d))
      cli_run_extra(fr, &d);
  }
  return cli_run_finish(fr, have_sec ? &sec : NULL, res.errors, res.warnings,
                        res.notes, res.suppressed);
}

static int process_raw(cli_opts *o, int idx, const char *path, cli_src *src) {
  uint8_t hdr[SFV_HEADER_SIZE + 255];
  size_t hn = src->size < sizeof hdr ? (size_t)src->size : sizeof hdr;
  uint64_t want;
  uint8_t *buf;
  int rc;
  file_run fr;

  if (cli_src_pread(src, 0, hdr, hn) != 0)
    return src_io_error(o, idx, src);
  want = raw_extent(hdr, hn, src->size);
  if (o->mode != MODE_CHECK || o->format == FMT_CANONICAL) {
    if (src->size <= RAW_WHOLE_MAX)
      want = src->size;
  } else if (src->size - want <= RAW_TAIL_INLINE) {
    want = src->size;
  }
  if (want > SIZE_MAX || (buf = malloc(want ? (size_t)want : 1)) == NULL)
    return io_error(o, idx, "out of memory for the SFrame section");
  if (cli_src_pread(src, 0, buf, (size_t)want) != 0) {
    free(buf);
    return src_io_error(o, idx, src);
  }
  switch (cli_mode_of(o)) {
  case MODE_DUMP:
    rc = cli_mode_dump(o, path, NULL, buf, (size_t)want, o->have_vma ? o->vma : 0);
    break;
  case MODE_LOOKUP:
    rc = cli_mode_lookup(o, path, buf, (size_t)want, o->have_vma ? o->vma : 0);
    break;
  case CLI_MODE_CANONICAL:
    rc = cli_mode_canonical(o, path, buf, (size_t)want);
    break;
  default:
    cli_run_init(&fr, o, idx, path);
    rc = check_raw(&fr, src, buf, (size_t)want);
    if (rc < 0)
      rc = src_io_error(o, idx, src);
    break;
  }
  free(buf);
  return rc;
}

/* ---------------------------------------------------------------- */
/* Dispatch.                                                          */

static int is_raw_sframe(const uint8_t *p, size_t n) {
  return n >= 2 && ((p[0] == 0xe2 && p[1] == 0xde) ||
                    (p[0] == 0xde && p[1] == 0xe2));
}

static int is_elf(const uint8_t *p, size_t n) {
  return n >= 4 && p[0] == 0x7f && p[1] == 'E' && p[2] == 'L' && p[3] == 'F';
}

int cli_check_file(cli_opts *o, int idx) {
  const char *path = o->paths[idx];
  cli_src src;
  uint8_t magic[8];
  size_t n;
  char why[200];
  int rc;

  if (cli_src_open(&src, path, why, sizeof why) != 0)
    return io_error(o, idx, why);
  o->sizes[idx] = src.size;
  n = src.size < sizeof magic ? (size_t)src.size : sizeof magic;
  if (cli_src_pread(&src, 0, magic, n) != 0) {
    rc = src_io_error(o, idx, &src);
  } else if (o->input_mode == CLI_INPUT_RAW) {
    rc = process_raw(o, idx, path, &src);
  } else if (cli_is_archive(magic, n)) {
    rc = cli_process_archive(o, idx, path, &src);
  } else if (is_elf(magic, n)) {
    rc = cli_process_elf(o, idx, path, &src, NULL);
  } else if (o->input_mode == CLI_INPUT_ELF) {
    snprintf(why, sizeof why, "not an ELF file or archive (--input=elf; first "
             "bytes %02x %02x)", n > 0 ? magic[0] : 0, n > 1 ? magic[1] : 0);
    rc = io_error(o, idx, why);
  } else if (is_raw_sframe(magic, n)) {
    rc = process_raw(o, idx, path, &src);
  } else if (n == 0) {
    rc = io_error(o, idx, "empty file: neither ELF nor an SFrame section "
                          "(--input=raw reads it as an empty section)");
  } else {
    snprintf(why, sizeof why,
             "neither ELF nor an SFrame section (first bytes %02x %02x%s)",
             magic[0], n > 1 ? magic[1] : 0, n > 1 ? "" : ", file of 1 byte");
    rc = io_error(o, idx, why);
  }
  cli_src_close(&src);
  if (rc != 2)
    o->states[idx] = rc ? FILE_INVALID : FILE_VALID;
  return rc;
}

/* SPDX-License-Identifier: MIT */
/* check_input.c - the check stage (file_run.h): the one mode decision
 * per read input, and validation of a raw section or an ELF file.
 *
 * Memory: the FDE scratch (and the CFI comparison's, which reuses it);
 * a scratch that cannot be allocated is an I/O error of the file (status
 * 2), never a validation with checks skipped.  A raw file's bytes past
 * what was read are streamed from its source, not held
 * (sfv_trailing_diag() classifies them). */
#include <stdlib.h>
#include <string.h>

#include "file_run.h"
#include "common/intree.h" /* the saturating counters */

#define NO_SCRATCH "out of memory for the validation scratch"

/* *p = n bytes of scratch (NULL for n = 0); -1 when out of memory. */
static int scratch_alloc(void **p, size_t n) {
  *p = n > 0 ? malloc(n) : NULL;
  return n > 0 && *p == NULL ? -1 : 0;
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

/* The options of a raw section's validation, its scratch allocated when
 * the section opened (the caller frees so->scratch); -1 out of memory. */
static int raw_options(const cli_opts *o, const sfv_section *sec,
                       sfv_options *so) {
  memset(so, 0, sizeof *so);
  so->max_diags = o->max_diags;
  if (o->unrelocated)
    so->flags |= SFV_OPT_UNRELOCATED;
  if (o->have_vma) {
    so->flags |= SFV_OPT_VMA;
    so->vma = o->vma;
  }
  so->scratch_size = sec != NULL ? sfv_scratch_size(sec->fde_avail) : 0;
  return scratch_alloc(&so->scratch, so->scratch_size);
}

/* The options of an ELF file's validation, its scratch allocated when the
 * section opened (the caller frees eo->scratch); -1 out of memory. */
static int elf_options(const cli_opts *o, const sfv_elf *e,
                       const sfv_section *sec, sfv_elf_options *eo) {
  memset(eo, 0, sizeof *eo);
  eo->max_diags = o->max_diags;
  if (o->coverage)
    eo->flags |= SFV_ELF_OPT_COVERAGE;
  if (o->no_cfi)
    eo->flags |= SFV_ELF_OPT_NO_CFI;
  if (sec != NULL) {
    /* the CFI comparison reuses the scratch after validation */
    size_t cfi = o->no_cfi ? 0 : sfv_elf_cfi_scratch_size(e);
    eo->scratch_size = sfv_scratch_size(sec->fde_avail);
    if (cfi > eo->scratch_size)
      eo->scratch_size = cfi;
  }
  return scratch_alloc(&eo->scratch, eo->scratch_size);
}

static int validate_raw(file_run *fr, const cli_read_input *in) {
  cli_src *src = in->src;
  const uint8_t *data = in->data;
  size_t len = in->len;
  cli_opts *o = fr->o;
  sfv_options so;
  sfv_result res;
  sfv_section sec;
  sfv_diag d;
  int have_sec = sfv_open(&sec, data, len) == SFV_OK;

  if (raw_options(o, have_sec ? &sec : NULL, &so) != 0)
    return cli_io_error(o, fr->fi.idx, NO_SCRATCH);
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

/* Validation of an opened ELF file with its SFrame data loaded.  Returns
 * 0/1, or -1 when the reader failed mid-run (the record is closed). */
static int validate_elf(file_run *fr, const sfv_elf *e) {
  cli_opts *o = fr->o;
  sfv_elf_options eo;
  sfv_elf_result res;
  sfv_section sec;
  sfv_status st;
  int rc, have_sec = e->sframe_data != NULL &&
                     sfv_open(&sec, e->sframe_data, e->sframe_len) == SFV_OK;

  if (elf_options(o, e, have_sec ? &sec : NULL, &eo) != 0)
    return cli_io_error(o, fr->fi.idx, NO_SCRATCH);
  fr->fi.is_elf = 1;
  fr->fi.elf = e;
  fr->fi.elf_res = &res;
  fr->fi.section_file_offset = e->sframe_offset;
  fr->fi.have_section = e->sframe_data != NULL;
  fr->fi.sec = have_sec ? &sec : NULL;
  memset(&res, 0, sizeof res);
  cli_out_file_begin(o, &fr->fi);
  st = sfv_elf_validate(e, &eo, cli_run_on_diag, fr, &res);
  free(eo.scratch);
  rc = cli_run_finish(fr, have_sec ? &sec : NULL, res.errors, res.warnings,
                      res.notes, res.suppressed);
  return st == SFV_E_IO ? -1 : rc;
}

/* --lookup's verdict: the section validated as the default mode would
 * (library validation with the file's options; --Werror makes warnings
 * errors), printing nothing; the first error kept for the report. */
static int verdict_diag(void *ctx, const sfv_diag *d) {
  cli_verdict *v = ctx;
  if (cli_effective_severity(v->o, d) == SFV_SEV_ERROR && !v->have_first) {
    v->first = *d;
    v->have_first = 1;
  }
  return 0;
}

/* -1 when out of memory; else v->cfi_scratch is the scratch of the .eh_frame
 * row --lookup prints for an ELF file (the caller frees it). */
static int verdict(const cli_opts *o, const cli_read_input *in,
                   cli_verdict *v) {
  sfv_section sec;
  int have_sec = in->data != NULL &&
                 sfv_open(&sec, in->data, in->len) == SFV_OK;
  memset(v, 0, sizeof *v);
  v->o = o;
  if (in->elf != NULL) {
    sfv_elf_options eo;
    sfv_elf_result res;
    v->cfi_scratch_size = sfv_elf_cfi_scratch_size(in->elf);
    if (scratch_alloc(&v->cfi_scratch, v->cfi_scratch_size) != 0)
      return -1;
    if (elf_options(o, in->elf, have_sec ? &sec : NULL, &eo) != 0) {
      free(v->cfi_scratch);
      return -1;
    }
    memset(&res, 0, sizeof res);
    (void)sfv_elf_validate(in->elf, &eo, verdict_diag, v, &res);
    free(eo.scratch);
    v->errors = res.errors;
    v->warnings = res.warnings;
  } else {
    sfv_options so;
    sfv_result res;
    if (raw_options(o, have_sec ? &sec : NULL, &so) != 0)
      return -1;
    sfv_validate(in->data, in->len, &so, verdict_diag, v, &res);
    free(so.scratch);
    v->errors = res.errors;
    v->warnings = res.warnings;
  }
  if (o->werror)
    sfv_count_add(&v->errors, v->warnings);
  return 0;
}

int cli_check_input(cli_opts *o, const cli_read_input *in) {
  const char *name = in->dump_name != NULL ? in->dump_name : in->path;
  file_run fr;
  switch (cli_mode_of(o)) {
  case MODE_DUMP:
    return cli_mode_dump(o, name, in->elf, in->data, in->len, in->vma);
  case MODE_LOOKUP: {
    cli_verdict v;
    int rc;
    if (verdict(o, in, &v) != 0)
      return cli_io_error(o, in->idx, NO_SCRATCH);
    rc = cli_mode_lookup(o, in->path, in->elf, in->data, in->len, in->vma,
                         &v);
    free(v.cfi_scratch);
    return rc;
  }
  case CLI_MODE_CANONICAL:
    return cli_mode_canonical(o, in->path, in->data, in->len);
  default:
    cli_run_init(&fr, o, in->idx, in->path);
    return in->elf != NULL ? validate_elf(&fr, in->elf) : validate_raw(&fr, in);
  }
}

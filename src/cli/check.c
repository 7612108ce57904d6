/* check.c - one input file: read it (mmap), recognise it (ELF or raw
 * SFrame section by magic), then validate it, or --dump, --lookup or
 * --format=canonical it.
 *
 * Severity policy lives here: --Werror turns warnings into errors,
 * --require-sframe makes a missing SFrame section an error, and
 * --require-sorted / --require-version=N add policy diagnostics.  The
 * counts printed are those of the effective severities. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

typedef struct file_run {
  cli_opts *o;
  cli_file_info fi;
  cli_counts delivered;      /* by effective severity */
  cli_counts lib_delivered;  /* by the library's severity */
} file_run;

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
  cli_out_diag(fr->o, &fr->fi, d, sev);
}

static int on_diag(void *ctx, const sfv_diag *d) {
  file_run *fr = ctx;
  count(&fr->lib_delivered, d->severity);
  emit(fr, d);
  return 0;
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
}

/* Final counts: delivered diagnostics by effective severity, plus those the
 * library counted but did not deliver (over --max-diags). */
static void totals(const file_run *fr, uint32_t lib_e, uint32_t lib_w,
                   uint32_t lib_n, uint32_t lib_sup, cli_counts *c) {
  uint32_t se = lib_e - fr->lib_delivered.errors;
  uint32_t sw = lib_w - fr->lib_delivered.warnings;
  uint32_t sn = lib_n - fr->lib_delivered.notes;
  *c = fr->delivered;
  c->errors += se + (fr->o->werror ? sw : 0);
  c->warnings += fr->o->werror ? 0 : sw;
  c->notes += sn;
  c->suppressed = lib_sup;
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

/* Common end of a file's run: policy checks, totals, summary, status. */
static int finish_file(file_run *fr, const sfv_section *sec, uint32_t errors,
                       uint32_t warnings, uint32_t notes, uint32_t suppressed) {
  cli_counts c;
  if (sec != NULL)
    policy(fr, sec);
  totals(fr, errors, warnings, notes, suppressed, &c);
  cli_out_file_end(fr->o, &fr->fi, &c, c.errors == 0);
  return c.errors ? 1 : 0;
}

static int check_raw(file_run *fr, const uint8_t *data, size_t size) {
  cli_opts *o = fr->o;
  sfv_options so;
  sfv_result res;
  sfv_section sec;
  int have_sec = sfv_open(&sec, data, size) == SFV_OK;

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
  sfv_validate(data, size, &so, on_diag, fr, &res);
  free(so.scratch);
  return finish_file(fr, have_sec ? &sec : NULL, res.errors, res.warnings,
                     res.notes, res.suppressed);
}

static int check_elf(file_run *fr, const sfv_elf *e) {
  cli_opts *o = fr->o;
  sfv_elf_options eo;
  sfv_elf_result res;
  sfv_section sec;
  int have_sec = e->sframe_data != NULL &&
                 sfv_open(&sec, e->sframe_data, e->sframe_len) == SFV_OK;

  memset(&eo, 0, sizeof eo);
  eo.max_diags = o->max_diags;
  if (o->coverage)
    eo.flags |= SFV_ELF_OPT_COVERAGE;
  if (o->no_cfi)
    eo.flags |= SFV_ELF_OPT_NO_CFI;
  eo.scratch = scratch_for(have_sec ? &sec : NULL, &eo.scratch_size);
  if (!o->no_cfi && sfv_elf_cfi_scratch_size(e) > eo.scratch_size) {
    /* the CFI comparison reuses the scratch after validation */
    free(eo.scratch);
    eo.scratch_size = sfv_elf_cfi_scratch_size(e);
    eo.scratch = malloc(eo.scratch_size);
  }
  fr->fi.is_elf = 1;
  fr->fi.elf = e;
  fr->fi.elf_res = &res;
  fr->fi.section_file_offset = e->sframe_offset;
  fr->fi.have_section = e->sframe_data != NULL;
  fr->fi.sec = have_sec ? &sec : NULL;
  memset(&res, 0, sizeof res);
  cli_out_file_begin(o, &fr->fi);
  sfv_elf_validate(e, &eo, on_diag, fr, &res);
  free(eo.scratch);
  return finish_file(fr, have_sec ? &sec : NULL, res.errors, res.warnings,
                     res.notes, res.suppressed);
}

static int io_error(cli_opts *o, int idx, const char *what) {
  cli_out_io_error(o, idx, what);
  return 2;
}

static int is_raw_sframe(const uint8_t *p, size_t n) {
  return n >= 2 && ((p[0] == 0xe2 && p[1] == 0xde) ||
                    (p[0] == 0xde && p[1] == 0xe2));
}

static int process(cli_opts *o, int idx, const uint8_t *data, size_t size) {
  const char *path = o->paths[idx];
  file_run fr;
  sfv_elf elf;
  int is_elf = data != NULL && sfv_elf_open(&elf, data, size) == SFV_OK;
  const uint8_t *sd = data;
  size_t ss = size;
  uint64_t vma = o->have_vma ? o->vma : 0;
  char what[96];

  if (!is_elf && (data == NULL || !is_raw_sframe(data, size))) {
    if (size == 0)
      return io_error(o, idx, "empty file: neither ELF nor an SFrame section");
    snprintf(what, sizeof what,
             "neither ELF nor an SFrame section (first bytes %02x %02x%s)",
             data[0], size > 1 ? data[1] : 0, size > 1 ? "" : ", file of 1 byte");
    return io_error(o, idx, what);
  }
  if (is_elf) {
    sd = elf.sframe_data;
    ss = elf.sframe_len;
    vma = elf.sframe_addr;
  }
  switch (o->mode) {
  case MODE_DUMP:
    return cli_mode_dump(o, path, is_elf ? &elf : NULL, sd, ss, vma);
  case MODE_LOOKUP:
    return cli_mode_lookup(o, path, is_elf ? &elf : NULL, sd, ss, vma);
  default:
    break;
  }
  if (o->format == FMT_CANONICAL)
    return cli_mode_canonical(o, path, sd, ss);

  memset(&fr, 0, sizeof fr);
  fr.o = o;
  fr.fi.path = path;
  fr.fi.idx = idx;
  return is_elf ? check_elf(&fr, &elf) : check_raw(&fr, data, size);
}

int cli_check_file(cli_opts *o, int idx) {
  const char *path = o->paths[idx];
  int fd, rc;
  struct stat st;
  size_t size;
  void *map = NULL;

  fd = open(path, O_RDONLY);
  if (fd < 0)
    return io_error(o, idx, strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return io_error(o, idx, "not a regular file");
  }
  size = (size_t)st.st_size;
  if (size > 0) {
    map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
      int err = errno;
      close(fd);
      return io_error(o, idx, strerror(err));
    }
  }
  close(fd);
  o->sizes[idx] = size;
  rc = process(o, idx, map, size);
  if (map != NULL)
    munmap(map, size);
  if (rc != 2)
    o->states[idx] = rc ? FILE_INVALID : FILE_VALID;
  return rc;
}

/* check_elf.c - an ELF input (a file, or an archive member's window): the
 * library locates the SFrame data through the reader, the SFrame section
 * (only it) is read into memory, then the run: validation here, or
 * --dump, --lookup, --format=canonical (modes.c).  A read that fails mid-run (the file
 * shrank) ends the file's record and reports an I/O error (exit 2). */
#include <stdlib.h>
#include <string.h>

#include "check_run.h"

int cli_mode_of(const cli_opts *o) {
  if (o->mode == MODE_DUMP || o->mode == MODE_LOOKUP)
    return o->mode;
  return o->format == FMT_CANONICAL ? CLI_MODE_CANONICAL : MODE_CHECK;
}

static int io_error_src(cli_opts *o, int idx, const cli_src *s) {
  char what[160];
  cli_src_error(s, what, sizeof what);
  cli_out_io_error(o, idx, what);
  return 2;
}

/* Validation of an opened ELF file with its SFrame data loaded.  Returns
 * 0/1, or -1 when the reader failed mid-run (the record is closed). */
static int check_elf(file_run *fr, const sfv_elf *e) {
  cli_opts *o = fr->o;
  sfv_elf_options eo;
  sfv_elf_result res;
  sfv_section sec;
  sfv_status st;
  int rc, have_sec = e->sframe_data != NULL &&
                     sfv_open(&sec, e->sframe_data, e->sframe_len) == SFV_OK;

  memset(&eo, 0, sizeof eo);
  eo.max_diags = o->max_diags;
  if (o->coverage)
    eo.flags |= SFV_ELF_OPT_COVERAGE;
  if (o->no_cfi)
    eo.flags |= SFV_ELF_OPT_NO_CFI;
  if (have_sec) {
    /* the CFI comparison reuses the scratch after validation */
    size_t cfi = o->no_cfi ? 0 : sfv_elf_cfi_scratch_size(e);
    eo.scratch_size = sfv_scratch_size(sec.fde_avail);
    if (cfi > eo.scratch_size)
      eo.scratch_size = cfi;
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
  st = sfv_elf_validate(e, &eo, cli_run_on_diag, fr, &res);
  free(eo.scratch);
  rc = cli_run_finish(fr, have_sec ? &sec : NULL, res.errors, res.warnings,
                      res.notes, res.suppressed);
  return st == SFV_E_IO ? -1 : rc;
}

int cli_process_elf(cli_opts *o, int idx, const char *path, cli_src *src,
                    const char *dump_name) {
  sfv_elf elf;
  sfv_status st;
  uint8_t *buf = NULL;
  file_run fr;
  int rc;

  st = sfv_elf_open_reader(&elf, &src->rd, o->section_name);
  if (st == SFV_E_IO)
    return io_error_src(o, idx, src);
  if (st != SFV_OK) {
    cli_out_io_error(o, idx, "not an ELF file");
    return 2;
  }
  if (elf.sframe_readable) {
    size_t n = (size_t)elf.sframe_size;
    buf = malloc(n ? n : 1);
    if (buf == NULL) {
      cli_out_io_error(o, idx, "out of memory for the SFrame section");
      return 2;
    }
    st = sfv_elf_load_sframe(&elf, buf, n);
    if (st != SFV_OK) {
      free(buf);
      return io_error_src(o, idx, src);
    }
  }
  switch (cli_mode_of(o)) {
  case MODE_DUMP:
    rc = cli_mode_dump(o, dump_name ? dump_name : path, &elf, elf.sframe_data,
                      elf.sframe_len, elf.sframe_addr);
    break;
  case MODE_LOOKUP:
    rc = cli_mode_lookup(o, path, &elf, elf.sframe_data, elf.sframe_len,
                        elf.sframe_addr);
    break;
  case CLI_MODE_CANONICAL:
    rc = cli_mode_canonical(o, path, elf.sframe_data, elf.sframe_len);
    break;
  default:
    cli_run_init(&fr, o, idx, path);
    rc = check_elf(&fr, &elf);
    break;
  }
  free(buf);
  if (rc < 0 || src->failed)
    return io_error_src(o, idx, src);
  return rc;
}

/* SPDX-License-Identifier: MIT */
/* read_elf.c - the read stage for an ELF input (a file, or an archive
 * member's window): the library locates the SFrame data through the
 * reader, the SFrame section (only it) is read into memory, then the
 * check stage runs.  A read that fails mid-run (the file shrank) ends the
 * file's record and reports an I/O error (exit 2). */
#include <stdlib.h>
#include <string.h>

#include "file_run.h"

int cli_read_elf(cli_opts *o, int idx, const char *path, cli_src *src,
                 const char *dump_name) {
  sfv_elf elf;
  sfv_status st;
  uint8_t *buf = NULL;
  cli_read_input in;
  int rc;

  st = sfv_elf_open_reader(&elf, &src->rd, o->section_name);
  if (st == SFV_E_IO)
    return cli_src_io_error(o, idx, src);
  if (st != SFV_OK)
    return cli_io_error(o, idx, "not an ELF file");
  if (elf.sframe_readable) {
    size_t n = (size_t)elf.sframe_size;
    buf = malloc(n ? n : 1);
    if (buf == NULL)
      return cli_io_error(o, idx, "out of memory for the SFrame section");
    st = sfv_elf_load_sframe(&elf, buf, n);
    if (st != SFV_OK) {
      free(buf);
      return cli_src_io_error(o, idx, src);
    }
  }
  in = (cli_read_input){.idx = idx, .path = path, .dump_name = dump_name,
                        .src = src, .elf = &elf, .data = elf.sframe_data,
                        .len = elf.sframe_len, .vma = elf.sframe_addr};
  rc = cli_check_input(o, &in);
  free(buf);
  if (rc < 0 || src->failed)
    return cli_src_io_error(o, idx, src);
  return rc;
}

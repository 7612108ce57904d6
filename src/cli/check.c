/* SPDX-License-Identifier: MIT */
/* check.c - the dispatch stage (file_run.h): one command-line input is
 * opened safely (reader.c), recognised (ELF, ar archive or raw SFrame
 * section, by magic or by --input), and handed to its read stage; an
 * archive's ELF members are each read as a file of their own. */
#include <stdio.h>
#include <string.h>

#include "file_run.h"

static int is_raw_sframe(const uint8_t *p, size_t n) {
  return n >= 2 && ((p[0] == 0xe2 && p[1] == 0xde) ||
                    (p[0] == 0xde && p[1] == 0xe2));
}

static int is_elf(const uint8_t *p, size_t n) {
  return n >= 4 && p[0] == 0x7f && p[1] == 'E' && p[2] == 'L' && p[3] == 'F';
}

/* Every ELF member through the read stage, then the archive's own record;
 * the worst status (2 ends the walk: an I/O error was reported). */
static int check_archive(cli_opts *o, int idx, const char *path,
                         cli_src *src) {
  cli_ar_iter it;
  static cli_ar_member m; /* names and display of up to 4.5 KB */
  int r, rc, worst = cli_ar_begin(&it, o, idx, path, src);
  if (worst != 0)
    return worst;
  while ((r = cli_ar_next(&it, &m)) == CLI_AR_MEMBER) {
    rc = cli_ar_member_done(&it, &m, cli_read_elf(o, idx, m.display, &m.src,
                                                  m.name));
    if (rc > worst)
      worst = rc;
    if (rc == 2)
      break;
  }
  if (r == CLI_AR_IO)
    worst = 2;
  return cli_ar_end(&it, worst);
}

int cli_check_file(cli_opts *o, int idx) {
  const char *path = o->file.path;
  cli_src src;
  uint8_t magic[8];
  size_t n;
  char why[200];
  int rc;

  if (cli_src_open(&src, path, why, sizeof why) != 0)
    return cli_io_error(o, idx, why);
  o->file.size = src.size;
  n = src.size < sizeof magic ? (size_t)src.size : sizeof magic;
  if (cli_src_pread(&src, 0, magic, n) != 0) {
    rc = cli_src_io_error(o, idx, &src);
  } else if (o->input_mode == CLI_INPUT_RAW) {
    rc = cli_read_raw(o, idx, path, &src);
  } else if (cli_is_archive(magic, n)) {
    rc = check_archive(o, idx, path, &src);
  } else if (is_elf(magic, n)) {
    rc = cli_read_elf(o, idx, path, &src, NULL);
  } else if (o->input_mode == CLI_INPUT_ELF) {
    snprintf(why, sizeof why, "not an ELF file or archive (--input=elf; first "
             "bytes %02x %02x)", n > 0 ? magic[0] : 0, n > 1 ? magic[1] : 0);
    rc = cli_io_error(o, idx, why);
  } else if (is_raw_sframe(magic, n)) {
    rc = cli_read_raw(o, idx, path, &src);
  } else if (n == 0) {
    rc = cli_io_error(o, idx, "empty file: neither ELF nor an SFrame section "
                          "(--input=raw reads it as an empty section)");
  } else {
    snprintf(why, sizeof why,
             "neither ELF nor an SFrame section (first bytes %02x %02x%s)",
             magic[0], n > 1 ? magic[1] : 0, n > 1 ? "" : ", file of 1 byte");
    rc = cli_io_error(o, idx, why);
  }
  cli_src_close(&src);
  if (rc != 2)
    o->file.state = rc ? FILE_INVALID : FILE_VALID;
  return rc;
}

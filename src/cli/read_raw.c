/* SPDX-License-Identifier: MIT */
/* read_raw.c - the read stage for a raw SFrame section file: reads the
 * section (up to its declared end, or whole when what follows is small or
 * the mode prints the section), then hands it to the check stage.
 *
 * Memory: at most the declared section plus RAW_TAIL_INLINE bytes when
 * validating; up to RAW_WHOLE_MAX for the modes that print it. */
#include <stdlib.h>
#include <string.h>

#include "file_run.h"

/* Raw files: a tail past the declared end longer than this is streamed. */
#define RAW_TAIL_INLINE ((uint64_t)1 << 20)
/* Raw files in --dump/--lookup/--format=canonical: read whole up to this
 * size, else only up to the declared end. */
#define RAW_WHOLE_MAX ((uint64_t)256 << 20)

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

int cli_read_raw(cli_opts *o, int idx, const char *path, cli_src *src) {
  uint8_t hdr[SFV_HEADER_SIZE + 255];
  size_t hn = src->size < sizeof hdr ? (size_t)src->size : sizeof hdr;
  uint64_t want;
  uint8_t *buf;
  int rc;
  cli_read_input in;

  if (cli_src_pread(src, 0, hdr, hn) != 0)
    return cli_src_io_error(o, idx, src);
  want = raw_extent(hdr, hn, src->size);
  if (cli_mode_of(o) != MODE_CHECK) {
    if (src->size <= RAW_WHOLE_MAX)
      want = src->size;
  } else if (src->size - want <= RAW_TAIL_INLINE) {
    want = src->size;
  }
  if (want > SIZE_MAX || (buf = malloc(want ? (size_t)want : 1)) == NULL)
    return cli_io_error(o, idx, "out of memory for the SFrame section");
  if (cli_src_pread(src, 0, buf, (size_t)want) != 0) {
    free(buf);
    return cli_src_io_error(o, idx, src);
  }
  in = (cli_read_input){.idx = idx, .path = path, .src = src, .data = buf,
                        .len = (size_t)want,
                        .vma = o->have_vma ? o->vma : 0};
  rc = cli_check_input(o, &in);
  if (rc < 0)
    rc = cli_src_io_error(o, idx, src);
  free(buf);
  return rc;
}


/* SPDX-License-Identifier: MIT */
/* workcount.c - a work counter for the hostile suite: opens FILE through
 * libsfv's reader interface with a reader that counts its calls and bytes,
 * validates it (sfv_elf_validate) and builds the relocated view
 * (sfv_elf_relocated_sframe), then prints
 *   reads=N bytes=B diags=D aliased=A work=W applied=P status=S
 * Reads are the library's whole access to the file, so their number
 * measures the work of both passes; tests compare it across inputs of
 * doubling size (never a timer). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sfv.h"

typedef struct counter {
  int fd;
  unsigned long long reads, bytes;
} counter;

static int rd(void *ctx, uint64_t off, void *buf, size_t n) {
  counter *c = ctx;
  c->reads++;
  c->bytes += n;
  return pread(c->fd, buf, n, (off_t)off) == (ssize_t)n ? 0 : -1;
}

static unsigned long long diags, aliased;

static int on_diag(void *ctx, const sfv_diag *d) {
  (void)ctx;
  diags++;
  if (d->rule == SFV_R_ELF_RELOC_ALIASED)
    aliased++;
  return 0;
}

int main(int argc, char **argv) {
  counter c = {0, 0, 0};
  sfv_reader r;
  sfv_elf e;
  sfv_elf_options o;
  sfv_elf_result res;
  struct stat st;
  uint8_t *buf = NULL, *copy = NULL;
  uint32_t applied = 0;
  sfv_status s1, s2 = SFV_OK;
  if (argc != 2 || (c.fd = open(argv[1], O_RDONLY)) < 0 || fstat(c.fd, &st) != 0) {
    fprintf(stderr, "usage: workcount ELF-FILE\n");
    return 2;
  }
  memset(&r, 0, sizeof r);
  r.read = rd;
  r.ctx = &c;
  r.size = (uint64_t)st.st_size;
  if (sfv_elf_open_reader(&e, &r, NULL) != SFV_OK)
    return 2;
  if (e.sframe_readable) {
    buf = malloc(e.sframe_size ? (size_t)e.sframe_size : 1);
    copy = malloc(e.sframe_size ? (size_t)e.sframe_size : 1);
    if (buf == NULL || copy == NULL ||
        sfv_elf_load_sframe(&e, buf, (size_t)e.sframe_size) != SFV_OK)
      return 2;
  }
  memset(&o, 0, sizeof o);
  o.max_diags = UINT32_MAX;
  s1 = sfv_elf_validate(&e, &o, on_diag, NULL, &res);
  if (e.sframe_data != NULL)
    s2 = sfv_elf_relocated_sframe(&e, copy, e.sframe_len, &applied);
  printf("reads=%llu bytes=%llu diags=%llu aliased=%llu work=%llu applied=%u "
         "status=%d,%d\n", c.reads, c.bytes, diags, aliased,
         (unsigned long long)res.work, applied, (int)s1, (int)s2);
  free(buf);
  free(copy);
  close(c.fd);
  return 0;
}

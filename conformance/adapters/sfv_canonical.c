/* sfv_canonical.c - conformance adapter for libsfv: `sfv-canonical FILE`.
 *
 * Adapter protocol (conformance/README.md): exit 0 and the canonical JSON on
 * stdout when the section is accepted, exit 1 when it is rejected, exit 2 on
 * usage or I/O errors (the runner counts anything but 0/1 as a crash).
 * All the work is fmt_canonical() (src/fmt/canonical.c, libsfvfmt.a), the
 * same code behind `sframe-validate --format=canonical`.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fmt/fmt.h"

int main(int argc, char **argv) {
  FILE *fh;
  uint8_t *data = NULL;
  size_t size = 0, cap = 0, got;
  int rc;

  if (argc != 2) {
    fputs("usage: sfv-canonical FILE\n", stderr);
    return 2;
  }
  fh = fopen(argv[1], "rb");
  if (fh == NULL) {
    perror(argv[1]);
    return 2;
  }
  for (;;) {
    if (size == cap) {
      uint8_t *n;
      cap = cap ? cap * 2 : 65536;
      n = realloc(data, cap);
      if (n == NULL) {
        free(data);
        fclose(fh);
        return 2;
      }
      data = n;
    }
    got = fread(data + size, 1, cap - size, fh);
    size += got;
    if (got == 0)
      break;
  }
  if (ferror(fh)) {
    perror(argv[1]);
    free(data);
    fclose(fh);
    return 2;
  }
  fclose(fh);
  rc = fmt_canonical(stdout, data, size);
  free(data);
  return rc;
}

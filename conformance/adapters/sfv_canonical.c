/* SPDX-License-Identifier: MIT */
/* sfv_canonical.c - conformance adapter for libsfv: `sfv-canonical FILE`.
 *
 * Adapter protocol (conformance/README.md): exit 0 and the canonical JSON on
 * stdout when the section is accepted; exit 1 and one structured rejection
 * {"error": {"rule", "offset", "diagnostics": [...]}} naming every
 * error-severity diagnostic when it is rejected; exit 2 on usage or I/O
 * errors (the runner counts anything else as a crash).  The decode is
 * fmt_canonical() (src/fmt/canonical.c, the code behind
 * `sframe-validate --format=canonical`),
 * which rejects exactly when sfv_validate() reports an error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fmt/fmt.h"

typedef struct reject_list {
  unsigned n;
  const char *rule; /* first error */
  unsigned long long offset;
} reject_list;

/* Prints each error as one element of the rejection's diagnostics array. */
static int print_error(void *ctx, const sfv_diag *d) {
  reject_list *rl = ctx;
  const sfv_rule_info *ri = sfv_rule_get(d->rule);
  if (d->severity != SFV_SEV_ERROR)
    return 0;
  if (rl->n == 0) {
    rl->rule = ri != NULL ? ri->id : "?";
    rl->offset = (unsigned long long)d->offset;
  }
  printf("%s{\"rule\":\"%s\",\"offset\":%llu}", rl->n++ ? "," : "",
         ri != NULL ? ri->id : "?", (unsigned long long)d->offset);
  return 0;
}

/* Rejected: one JSON value on stdout (exit 1).  The first error is also the
 * rejection's own rule/offset. */
static int reject(const uint8_t *data, size_t size) {
  sfv_options so = {0};
  sfv_result res;
  sfv_section sec;
  reject_list rl = {0};
  void *scratch = NULL;
  if (sfv_open(&sec, data, size) == SFV_OK) {
    so.scratch_size = sfv_scratch_size(sec.fde_avail);
    scratch = malloc(so.scratch_size);
    so.scratch = scratch;
  }
  fputs("{\"error\":{\"diagnostics\":[", stdout);
  sfv_validate(data, size, &so, print_error, &rl, &res);
  free(scratch);
  if (rl.n > 0)
    printf("],\"rule\":\"%s\",\"offset\":%llu}}\n", rl.rule, rl.offset);
  else
    fputs("],\"message\":\"accepted section failed to decode\"}}\n", stdout);
  return 1;
}

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
  if (rc != 0)
    rc = reject(data, size);
  free(data);
  return rc;
}

/* SPDX-License-Identifier: MIT */
/* parse_num.c - the one number parser of the options and of --lookup=-'s
 * lines (cli.h). */
#include <errno.h>
#include <stdlib.h>

#include "cli.h"

int cli_parse_u64(const char *s, uint64_t *out) {
  char *end;
  unsigned long long v;
  errno = 0;
  v = strtoull(s, &end, 0);
  if (errno != 0 || end == s || *end != '\0' || *s == '-' || *s == '+' ||
      *s == ' ')
    return 0;
  *out = (uint64_t)v;
  return 1;
}

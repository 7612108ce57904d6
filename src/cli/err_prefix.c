/* SPDX-License-Identifier: MIT */
/* err_prefix.c - the start of every error line the command writes to
 * stderr: "sframe-validate: PATH: ", the path quoted as untrusted text.
 * Below everything that reports an error (output.c, modes.c, the
 * baseline reader). */
#include <stdio.h>

#include "cli.h"

void cli_err_prefix(const char *path) {
  fputs("sframe-validate: ", stderr);
  fmt_text_str(stderr, path);
  fputs(": ", stderr);
}

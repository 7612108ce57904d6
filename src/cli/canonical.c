/* canonical.c - --format=canonical.  Placeholder until the implementation
 * lands. */
#include "cli.h"

int cli_canonical(FILE *out, const uint8_t *data, size_t size) {
  (void)out; (void)data; (void)size;
  fputs("sframe-validate: --format=canonical is not implemented yet\n", stderr);
  return 1;
}

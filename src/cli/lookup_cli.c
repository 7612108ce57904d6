/* lookup_cli.c - --lookup=PC.  Placeholder until the implementation lands. */
#include "cli.h"

int cli_lookup(FILE *out, const sfv_section *sec, uint64_t pc, int format) {
  (void)out; (void)sec; (void)pc; (void)format;
  fputs("sframe-validate: --lookup is not implemented yet\n", stderr);
  return 1;
}

/* dump.c - --dump (objdump --sframe identical output).  Placeholder until
 * the implementation lands: reports that dumping is unavailable. */
#include "cli.h"

int cli_dump_section(FILE *out, const uint8_t *data, size_t size,
                     uint64_t vma, int objdump_version) {
  (void)out; (void)data; (void)size; (void)vma; (void)objdump_version;
  fputs("sframe-validate: --dump is not implemented yet\n", stderr);
  return 1;
}

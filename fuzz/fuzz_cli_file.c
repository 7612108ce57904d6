/* fuzz_cli_file.c - the CLI's file handling in-process: the input is
 * written to a file, which the CLI then opens, recognises (ELF, ar archive,
 * raw section), reads through its pread reader and runs in every mode:
 * validation in text, JSON (with --coverage) and SARIF, --dump, --lookup,
 * --format=canonical, and again with --input=raw and --input=elf.
 *
 * Invariants: every run ends with status 0, 1 or 2 and marks the file's
 * state accordingly; nothing crashes, leaks past the run (the reader's
 * memory is freed) or reads outside what the file holds (ASan/UBSan).
 * Thin archive members are not opened here (they name other files, which a
 * fuzzer must not roam); their headers are still parsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_helpers.h"
#include "cli/file_run.h"

static char path[64];
static FILE *devnull;

static void setup(void) {
  if (path[0] != '\0')
    return;
  snprintf(path, sizeof path, "/tmp/sfv-fuzz-cli-%ld.bin", (long)getpid());
  devnull = fopen("/dev/null", "w");
  FUZZ_ASSERT(devnull != NULL, "open /dev/null");
  cli_archive_thin_enabled = 0;
}

static int run_one(int format, int mode, int input, const uint8_t *data,
                   size_t size) {
  const char *paths[1] = {path};
  uint64_t sizes[1] = {0};
  unsigned char states[1] = {0};
  char *io_errors[1] = {NULL};
  cli_opts o;
  FILE *saved_out, *saved_err;
  int rc;
  memset(&o, 0, sizeof o);
  o.format = format;
  o.mode = mode;
  o.input_mode = input;
  o.coverage = format == FMT_JSON;
  o.max_diags = format == FMT_SARIF ? 3 : 0;
  o.lookup_pc = size >= 16 ? (uint64_t)fuzz_hash(data, 16) % 0x10000u : 0x1000u;
  o.paths = paths;
  o.sizes = sizes;
  o.states = states;
  o.io_errors = io_errors;
  o.nfiles = 1;
  /* The CLI's reports and messages go nowhere (stdio's streams swapped
   * for the run only: the engine and the replay driver keep theirs). */
  saved_out = stdout;
  saved_err = stderr;
  stdout = devnull;
  stderr = devnull;
  if (mode == MODE_CHECK && format != FMT_CANONICAL) {
    (void)fmt_report_init(&o.rep, format, stdout, 0, o.max_diags);
    cli_begin(&o);
  }
  rc = cli_check_file(&o, 0);
  if (mode == MODE_CHECK && format != FMT_CANONICAL)
    cli_end(&o);
  if (mode == MODE_LOOKUP)
    cli_lookup_end(&o);
  fflush(stdout);
  stdout = saved_out;
  stderr = saved_err;
  FUZZ_ASSERT(rc >= 0 && rc <= 2, "status %d", rc);
  FUZZ_ASSERT(rc != 2 || states[0] == FILE_IO_ERROR || mode != MODE_CHECK ||
                  states[0] != FILE_UNREAD,
              "status 2 without an I/O error state");
  if (rc != 2)
    FUZZ_ASSERT(states[0] == (rc ? FILE_INVALID : FILE_VALID), "state %u vs status %d",
                states[0], rc);
  free(io_errors[0]);
  return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f;
  setup();
  f = fopen(path, "wb");
  FUZZ_ASSERT(f != NULL, "cannot write %s", path);
  FUZZ_ASSERT(size == 0 || fwrite(data, 1, size, f) == size, "write");
  fclose(f);
  run_one(FMT_TEXT, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_JSON, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_SARIF, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_TEXT, MODE_DUMP, CLI_INPUT_AUTO, data, size);
  run_one(FMT_JSON, MODE_LOOKUP, CLI_INPUT_AUTO, data, size);
  run_one(FMT_CANONICAL, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_TEXT, MODE_CHECK, CLI_INPUT_RAW, data, size);
  run_one(FMT_JSON, MODE_CHECK, CLI_INPUT_ELF, data, size);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* fuzz_archive.c - the ar archive walker (src/cli/archive.c) through the
 * CLI's file path: GNU (symbol tables, "//" long names), BSD ("#1/N",
 * __.SYMDEF) and thin archives.
 *
 * Input: an archive ("!<arch>\n" or "!<thin>\n" first); any other input is
 * taken as the members of a GNU archive ("!<arch>\n" put before it).  It is
 * written as in.a in the harness's sandbox directory (fuzz_sandbox.h), next
 * to the files thin members may name: elf.o (an ELF header, no sections),
 * txt, nested.a (an empty archive), empty (0 bytes).  A thin member is
 * opened only when its name has no '/' and is not "." or "..", so it
 * resolves inside the sandbox; every other name is refused (reported
 * ar-thin-member) and never reaches the file system.
 * Runs: validation in text, JSON (--coverage) and SARIF (--max-diags=3),
 * and --dump.
 * Invariants: every run ends with status 0, 1 or 2 and marks the file's
 * state accordingly; the walk opens no thin member outside the sandbox;
 * nothing crashes or reads outside what the files hold (ASan/UBSan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_cli.h"
#include "fuzz_sandbox.h"

#define AR_FUZZ_MAX_INPUT (1u << 20)

static int ready;
static uint8_t buf[AR_FUZZ_MAX_INPUT + 8];

static int thin_inside(const char *name) {
  return name[0] != '\0' && strchr(name, '/') == NULL &&
         strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

static void setup(void) {
  /* ELF64 little-endian x86-64 ET_REL header: no sections, no segments. */
  static const uint8_t elf[64] = {
      0x7f, 'E', 'L', 'F', 2, 1, 1, 0, [16] = 1, 0, 62, 0, 1, 0, 0, 0,
      [52] = 64, 0, 0, 0, 0, 0, 64, 0};
  if (ready)
    return;
  ready = 1;
  (void)fuzz_sandbox_write("elf.o", elf, sizeof elf);
  (void)fuzz_sandbox_write("txt", "not ELF\n", 8);
  (void)fuzz_sandbox_write("nested.a", "!<arch>\n", 8);
  (void)fuzz_sandbox_write("empty", "", 0);
  cli_archive_thin_allow = thin_inside;
}

static void run_one(const char *path, int format, int mode) {
  cli_opts o;
  memset(&o, 0, sizeof o);
  o.format = format;
  o.mode = mode;
  o.coverage = format == FMT_JSON;
  o.max_diags = format == FMT_SARIF ? 3 : 0;
  (void)fuzz_cli_run(&o, &path, 1, fuzz_devnull());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path;
  size_t n = 0;
  if (size > AR_FUZZ_MAX_INPUT)
    return 0;
  setup();
  if (!cli_is_archive(data, size)) {
    memcpy(buf, "!<arch>\n", 8);
    n = 8;
  }
  if (size > 0)
    memcpy(buf + n, data, size);
  path = fuzz_sandbox_write("in.a", buf, n + size);
  run_one(path, FMT_TEXT, MODE_CHECK);
  run_one(path, FMT_JSON, MODE_CHECK);
  run_one(path, FMT_SARIF, MODE_CHECK);
  run_one(path, FMT_TEXT, MODE_DUMP);
  return 0;
}

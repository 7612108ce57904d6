/* SPDX-License-Identifier: MIT */
/* fuzz_sandbox.h - a private directory per fuzzing process for the CLI
 * harnesses that need files (fuzz_baseline.c, fuzz_archive.c): created
 * with mkdtemp on first use, its files written whole under fixed names and
 * removed at exit.  Nothing outside it is written. */
#ifndef SFV_FUZZ_SANDBOX_H
#define SFV_FUZZ_SANDBOX_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_helpers.h"

#define FUZZ_SANDBOX_FILES 16

static char fuzz_sandbox_path[64];
static char fuzz_sandbox_names[FUZZ_SANDBOX_FILES][32];

static inline void fuzz_sandbox_cleanup(void) {
  char p[sizeof fuzz_sandbox_path + sizeof fuzz_sandbox_names[0] + 1];
  int i;
  for (i = 0; i < FUZZ_SANDBOX_FILES; i++)
    if (fuzz_sandbox_names[i][0] != '\0') {
      snprintf(p, sizeof p, "%s/%.31s", fuzz_sandbox_path, fuzz_sandbox_names[i]);
      (void)unlink(p);
    }
  (void)rmdir(fuzz_sandbox_path);
}

/* The sandbox directory (no trailing slash). */
static inline const char *fuzz_sandbox(void) {
  if (fuzz_sandbox_path[0] == '\0') {
    snprintf(fuzz_sandbox_path, sizeof fuzz_sandbox_path, "/tmp/sfv-fuzz-XXXXXX");
    FUZZ_ASSERT(mkdtemp(fuzz_sandbox_path) != NULL, "mkdtemp");
    atexit(fuzz_sandbox_cleanup);
  }
  return fuzz_sandbox_path;
}

/* Writes n bytes as sandbox file `name` (no '/', < 32 bytes); returns its
 * path (static storage per name slot, valid until the next call). */
static inline const char *fuzz_sandbox_write(const char *name, const void *data,
                                             size_t n) {
  static char p[FUZZ_SANDBOX_FILES]
               [sizeof fuzz_sandbox_path + sizeof fuzz_sandbox_names[0] + 1];
  FILE *f;
  int i;
  for (i = 0; i < FUZZ_SANDBOX_FILES && fuzz_sandbox_names[i][0] != '\0' &&
              strcmp(fuzz_sandbox_names[i], name) != 0; i++)
    ;
  FUZZ_ASSERT(i < FUZZ_SANDBOX_FILES && strlen(name) < 32 && strchr(name, '/') == NULL,
              "sandbox name %s", name);
  snprintf(fuzz_sandbox_names[i], sizeof fuzz_sandbox_names[i], "%s", name);
  snprintf(p[i], sizeof p[i], "%s/%s", fuzz_sandbox(), name);
  f = fopen(p[i], "wb");
  FUZZ_ASSERT(f != NULL, "cannot write %s", p[i]);
  FUZZ_ASSERT(n == 0 || fwrite(data, 1, n, f) == n, "write %s", p[i]);
  FUZZ_ASSERT(fclose(f) == 0, "close %s", p[i]);
  return p[i];
}

#endif

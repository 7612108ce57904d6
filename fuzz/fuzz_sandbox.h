/* SPDX-License-Identifier: MIT */
/* fuzz_sandbox.h - a private directory per fuzzing process for the CLI
 * harnesses that need files (fuzz_baseline.c, fuzz_archive.c): created
 * with mkdtemp on first use as $TMPDIR/sfv-fuzz-XXXXXX (/tmp without
 * TMPDIR), its files written whole under fixed names and removed at exit.
 * Nothing outside it is written.
 *
 * A process killed by the engine (AFL++ ends a run with SIGKILL) runs no
 * exit handler, so each sandbox holds LOCK, on which its process keeps an
 * exclusive flock(2) for its whole life; the kernel drops it however the
 * process dies.  Invariants:
 *  - LOCK exists only once it is locked (created as PENDING, locked, then
 *    renamed), so a LOCK that can be locked has no live owner;
 *  - the first call of a process removes every sandbox whose LOCK it can
 *    lock, and those without LOCK older than FUZZ_SANDBOX_STALE seconds
 *    (an owner killed between mkdtemp and rename); a live sandbox is never
 *    touched. */
#ifndef SFV_FUZZ_SANDBOX_H
#define SFV_FUZZ_SANDBOX_H

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fuzz_helpers.h"

#define FUZZ_SANDBOX_FILES 16
#define FUZZ_SANDBOX_PREFIX "sfv-fuzz-"
#define FUZZ_SANDBOX_STALE 60

static char fuzz_sandbox_path[512];
static char fuzz_sandbox_names[FUZZ_SANDBOX_FILES][32];
static int fuzz_sandbox_lock = -1;

/* Removes directory dir and the files in it (a sandbox holds no
 * subdirectory). */
static inline void fuzz_sandbox_remove(const char *dir) {
  char p[sizeof fuzz_sandbox_path + 300];
  DIR *d = opendir(dir);
  struct dirent *de;
  if (d != NULL) {
    while ((de = readdir(d)) != NULL)
      if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        (void)unlink(p);
      }
    closedir(d);
  }
  (void)rmdir(dir);
}

static inline void fuzz_sandbox_cleanup(void) {
  fuzz_sandbox_remove(fuzz_sandbox_path);
  if (fuzz_sandbox_lock >= 0)
    (void)close(fuzz_sandbox_lock);
  fuzz_sandbox_lock = -1;
}

static inline const char *fuzz_sandbox_base(void) {
  const char *t = getenv("TMPDIR");
  return t != NULL && t[0] == '/' && strlen(t) < 256 ? t : "/tmp";
}

/* Sandbox dir of a process that is gone: its LOCK can be locked, or it has
 * none and is stale. */
static inline int fuzz_sandbox_dead(const char *dir) {
  char p[sizeof fuzz_sandbox_path + 8];
  struct stat st;
  int fd, dead;
  snprintf(p, sizeof p, "%s/LOCK", dir);
  fd = open(p, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
           time(NULL) - st.st_mtime > FUZZ_SANDBOX_STALE;
  dead = flock(fd, LOCK_EX | LOCK_NB) == 0;
  (void)close(fd); /* drops the lock; a dead sandbox is removed next */
  return dead;
}

/* Removes the sandboxes that processes killed before their exit left. */
static inline void fuzz_sandbox_reap(const char *base) {
  char p[sizeof fuzz_sandbox_path];
  DIR *d = opendir(base);
  struct dirent *de;
  if (d == NULL)
    return;
  while ((de = readdir(d)) != NULL) {
    if (strncmp(de->d_name, FUZZ_SANDBOX_PREFIX, sizeof FUZZ_SANDBOX_PREFIX - 1) != 0 ||
        strlen(de->d_name) != sizeof FUZZ_SANDBOX_PREFIX - 1 + 6)
      continue;
    snprintf(p, sizeof p, "%s/%s", base, de->d_name);
    if (strcmp(p, fuzz_sandbox_path) != 0 && fuzz_sandbox_dead(p))
      fuzz_sandbox_remove(p);
  }
  closedir(d);
}

/* The sandbox directory (no trailing slash). */
static inline const char *fuzz_sandbox(void) {
  if (fuzz_sandbox_path[0] == '\0') {
    const char *base = fuzz_sandbox_base();
    char pending[sizeof fuzz_sandbox_path + 8], lock[sizeof fuzz_sandbox_path + 8];
    snprintf(fuzz_sandbox_path, sizeof fuzz_sandbox_path, "%s/" FUZZ_SANDBOX_PREFIX "XXXXXX",
             base);
    FUZZ_ASSERT(mkdtemp(fuzz_sandbox_path) != NULL, "mkdtemp");
    atexit(fuzz_sandbox_cleanup);
    snprintf(pending, sizeof pending, "%s/PENDING", fuzz_sandbox_path);
    snprintf(lock, sizeof lock, "%s/LOCK", fuzz_sandbox_path);
    fuzz_sandbox_lock = open(pending, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    FUZZ_ASSERT(fuzz_sandbox_lock >= 0 && flock(fuzz_sandbox_lock, LOCK_EX) == 0 &&
                    rename(pending, lock) == 0,
                "sandbox lock %s", lock);
    fuzz_sandbox_reap(base);
  }
  return fuzz_sandbox_path;
}

/* Writes n bytes as sandbox file `name` (no '/', < 32 bytes, not LOCK or
 * PENDING); returns its path (static storage per name slot, valid until the
 * next call). */
static inline const char *fuzz_sandbox_write(const char *name, const void *data,
                                             size_t n) {
  static char p[FUZZ_SANDBOX_FILES]
               [sizeof fuzz_sandbox_path + sizeof fuzz_sandbox_names[0] + 1];
  FILE *f;
  int i;
  for (i = 0; i < FUZZ_SANDBOX_FILES && fuzz_sandbox_names[i][0] != '\0' &&
              strcmp(fuzz_sandbox_names[i], name) != 0; i++)
    ;
  FUZZ_ASSERT(i < FUZZ_SANDBOX_FILES && strlen(name) < 32 && strchr(name, '/') == NULL &&
                  strcmp(name, "LOCK") != 0 && strcmp(name, "PENDING") != 0,
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

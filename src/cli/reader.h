/* SPDX-License-Identifier: MIT */
/* reader.h - how the CLI reaches an input file's bytes (reader.c): opened
 * without blocking and only when it is a regular file, then read on demand
 * with pread() through a small cache; never mapped, never read whole. */
#ifndef SFV_CLI_READER_H
#define SFV_CLI_READER_H

#include <stddef.h>
#include <stdint.h>

#include "sfv.h"

#define CLI_CACHE_SLOTS 4
#define CLI_CACHE_BLOCK 65536u
/* Files whose st_size is not their length (procfs, sysfs, ...) are read
 * as a stream into memory, up to this many bytes. */
#define CLI_STREAM_MAX ((size_t)64 << 20)

typedef struct cli_cache_slot {
  uint8_t *buf;              /* CLI_CACHE_BLOCK bytes, or NULL */
  uint64_t off;              /* window offset of buf[0] */
  size_t len;                /* valid bytes */
  uint64_t used;             /* LRU clock */
} cli_cache_slot;

/* An input, or a window [base, base + size) of one (an archive member). */
typedef struct cli_src {
  int fd;                    /* -1 when the bytes are in mem */
  int owns_fd;
  const uint8_t *mem;        /* stream-read content (owned when owns_mem) */
  int owns_mem;
  uint64_t base;             /* window start in the file */
  uint64_t size;             /* window size */
  cli_cache_slot slot[CLI_CACHE_SLOTS];
  uint64_t clock;
  sfv_reader rd;             /* read = the window's pread; ctx = this */
  uint64_t reads;            /* reader calls served (a work counter) */
  /* The first failure: errno (0 = the file ended early) and where. */
  int failed, err;
  uint64_t err_off;
  size_t err_want, err_got;
} cli_src;

/* The one way the CLI opens a file it reads: path (relative to directory
 * dfd, or AT_FDCWD) when it is a regular file, without blocking and without
 * side effects on anything else: the type is looked at first (fstatat:
 * symbolic links followed unless CLI_OPEN_NOFOLLOW), the file is opened
 * O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC and looked at again (*st).
 * The descriptor, or -1 with a message in why. */
#define CLI_OPEN_NOFOLLOW 1
struct stat;
int cli_open_regular(int dfd, const char *path, int flags, struct stat *st,
                     char *why, size_t n);
/* cli_open_regular(AT_FDCWD, path, 0, ...) as a cli_src; 0, or -1 with a
 * message in why. */
int cli_src_open(cli_src *s, const char *path, char *why, size_t n);
/* The window [off, off + size) of parent (which must outlive it). */
void cli_src_window(cli_src *w, const cli_src *parent, uint64_t off,
                    uint64_t size);
void cli_src_close(cli_src *s);
/* n bytes at window offset off into buf: 0, or -1 (s->failed set) when the
 * file cannot deliver them (I/O error, or it shrank). */
int cli_src_pread(cli_src *s, uint64_t off, void *buf, size_t n);
/* The first offset >= off of the window that may hold data: holes of a
 * sparse file read as zeros and are skipped (SEEK_DATA); off itself when
 * the file system cannot tell. */
uint64_t cli_src_next_data(const cli_src *s, uint64_t off);
/* The failure in words ("file shrank while being read: ..."). */
void cli_src_error(const cli_src *s, char *buf, size_t n);

#endif

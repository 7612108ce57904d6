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

/* Opens path for reading without blocking and without side effects on
 * anything but a regular file: the type is looked at first (stat, symlinks
 * followed), the file is opened O_NONBLOCK | O_NOCTTY and looked at again.
 * 0 on success; else -1 with a message in why. */
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

/* SPDX-License-Identifier: MIT */
/* fuzz_diff_libsframe_safe.c - the libsframe drop-in (src/compat, ABI 3)
 * against the stock GNU libsframe.so.3 it replaces.
 *
 * Both run the same transcript (libsframe_transcript.c: every decoder
 * getter, sframe_find_fre, dump_sframe's text, and two encode round trips).
 * The drop-in runs here, under the sanitizers; the stock library, opened
 * with dlopen from $SFV_LIBSFRAME_STOCK, in a forked child over a copy of
 * the input that ends at a guard page, its transcript written line by line
 * into a pipe.  Verdicts:
 *  - the child ends normally: the transcripts must be equal;
 *  - either way, on an input listed in libsframe_safe_refusals.h (stock
 *    reads outside its copy of the section, or a named open deviation),
 *    the comparison may stop at a call the drop-in refused and stock
 *    answered (counted);
 *  - the child dies (signal, sanitizer report, 5 s alarm): what it wrote
 *    before must be the start of the drop-in's transcript (the drop-in
 *    answers where upstream crashed; it must not crash itself).
 * Without a stock library (OSS-Fuzz) only the drop-in runs: no crash, no
 * sanitizer report, no hang.  A summary is printed at exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_helpers.h"
#include "libsframe_api.h"
#include "peer_alloc.h"

static struct {
  unsigned long runs, equal, stock_died, no_stock, listed, dump_heap;
} stats;

static void print_stats(void) {
  fprintf(stderr,
          "diff_libsframe_safe: %lu runs; transcripts equal %lu; stock libsframe "
          "died %lu (drop-in agreed up to there); listed refusals (libsframe_safe_refusals.h) "
          "%lu; unlisted dump refusals %lu; drop-in alone %lu\n",
          stats.runs, stats.equal, stats.stock_died, stats.listed, stats.dump_heap,
          stats.no_stock);
}

/* Inputs on which the drop-in refuses a call that the stock library
 * answers, each with its reason (fuzz/libsframe_safe_refusals.h: stock
 * reads outside its copy of the section there, shown under an ASan build
 * of stock, or a named open deviation).  Keyed by fuzz_hash of the input. */
static const struct {
  uint64_t hash;
  const char *reason;
} listed[] = {
#define SFV_REFUSAL(h, why) {h, why},
#include "libsframe_safe_refusals.h"
#undef SFV_REFUSAL
};

/* A dump the drop-in refused and the stock library printed, on an input
 * not listed.  The stock library is loaded with the process's allocator,
 * so where its dump reads past its copy of the FRE sub-section it prints
 * whatever the heap holds there, and whether it prints or faults depends
 * on the allocations before the fork (one full replay printed 373 bytes
 * on an input another run of the same corpus passed).  Tolerated and
 * counted until the stock child gets a guard-page allocator (issue 27);
 * every other refused call must be listed. */
static const char unlisted_dump[] = "unlisted-dump";

/* The reason of the input's row in libsframe_safe_refusals.h, or NULL. */
static const char *listed_reason(const uint8_t *data, size_t size) {
  uint64_t h = fuzz_hash(data, size);
  size_t k;
  for (k = 0; k < sizeof listed / sizeof listed[0]; k++)
    if (listed[k].hash == h)
      return listed[k].reason;
  return NULL;
}

/* The listed reason when the transcripts are equal up to a line where the
 * drop-in refused (a call's ret=-1 or ret=NULL, or dump_sframe printing
 * only its line end) and the stock library answered the same call, and
 * the input is listed; else NULL.  Nothing after that line is compared,
 * as nothing after a stock crash is. */
static const char *listed_refusal(const uint8_t *data, size_t size, const ls_sink *mine,
                                  const ls_sink *theirs) {
  size_t i = 0, ls;
  const char *ml, *tl, *me, *sp, *why;
  if (mine->buf == NULL || theirs->buf == NULL)
    return NULL;
  while (i < mine->len && i < theirs->len && mine->buf[i] == theirs->buf[i])
    i++;
  if (i == mine->len)
    return NULL;              /* equal, or the drop-in stopped first */
  for (ls = i; ls > 0 && mine->buf[ls - 1] != '\n'; ls--)
    ;
  ml = mine->buf + ls;
  tl = theirs->buf + ls;      /* the same line start: equal up to i */
  me = strchr(ml, '\n');
  if (me == NULL || ls >= theirs->len)
    return NULL;
  if (strncmp(ml, "dump len=1 ", 11) == 0) {
    if (strncmp(tl, "dump ", 5) != 0)
      return NULL;
    why = listed_reason(data, size);
    return why != NULL ? why : unlisted_dump;
  } else {
    sp = strstr(ml, " ret=");   /* the call's words, then its return value */
    if (sp == NULL || sp > me || strncmp(ml, tl, (size_t)(sp - ml) + 5) != 0)
      return NULL;              /* not the same call */
    sp += 5;
    if (!(strncmp(sp, "-1", 2) == 0 && (sp[2] == '\n' || sp[2] == ' ')) &&
        !(strncmp(sp, "NULL", 4) == 0 && (sp[4] == '\n' || sp[4] == ' ')))
      return NULL;              /* the drop-in answered: a real difference */
  }
  return listed_reason(data, size);
}

/* The stock transcript; returns 1 when the child ended normally. */
static int stock_transcript(const ls_api *stock, const uint8_t *data, size_t size,
                            ls_sink *out) {
  int fds[2], status;
  pid_t pid;
  char chunk[4096];
  FUZZ_ASSERT(pipe(fds) == 0, "pipe: %s", strerror(errno));
  pid = fork();
  FUZZ_ASSERT(pid >= 0, "fork: %s", strerror(errno));
  if (pid == 0) {
    static const int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    ls_sink s = {fds[1], NULL, 0, 0};
    const uint8_t *copy;
    int devnull = open("/dev/null", O_WRONLY);
    unsigned k;
    for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
      signal(sigs[k], SIG_DFL);
    if (devnull >= 0 && getenv("SFV_DIFF_CHILD_STDERR") == NULL)
      dup2(devnull, 2);
    close(fds[0]);
    alarm(5);
    copy = peer_input_copy(data, size);
    if (copy == NULL)
      _exit(3);
    ls_transcript(stock, copy, size, &s);
    _exit(0);
  }
  close(fds[1]);
  for (;;) {
    ssize_t n = read(fds[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    ls_sink_append(out, chunk, (size_t)n);
  }
  close(fds[0]);
  while (waitpid(pid, &status, 0) < 0)
    FUZZ_ASSERT(errno == EINTR, "waitpid: %s", strerror(errno));
  FUZZ_ASSERT(!(WIFEXITED(status) && WEXITSTATUS(status) == 3),
              "the stock child could not map the input copy");
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* First differing line of two transcripts, for the failure message. */
static const char *first_diff(const ls_sink *a, const ls_sink *b, size_t *at) {
  size_t i = 0, line = 0;
  while (i < a->len && i < b->len && a->buf[i] == b->buf[i]) {
    if (a->buf[i] == '\n')
      line = i + 1;
    i++;
  }
  *at = line;
  return a->buf != NULL ? a->buf + line : "";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int init, have_stock;
  static ls_api dropin, stock;
  ls_sink mine = {-1, NULL, 0, 0}, theirs = {-1, NULL, 0, 0};
  size_t at;
  int whole;
  const char *why;

  if (!init) {
    init = 1;
    ls_api_dropin(&dropin);
    have_stock = ls_api_stock(&stock, getenv("SFV_LIBSFRAME_STOCK"));
    atexit(print_stats);
  }
  stats.runs++;
  ls_transcript(&dropin, data, size, &mine);
  if (!have_stock) {
    stats.no_stock++;
    free(mine.buf);
    return 0;
  }
  whole = stock_transcript(&stock, data, size, &theirs);
  if (!whole)
    while (theirs.len > 0 && theirs.buf[theirs.len - 1] != '\n')
      theirs.buf[--theirs.len] = '\0'; /* a line cut by the crash */
  if ((why = listed_refusal(data, size, &mine, &theirs)) != NULL) {
    if (why == unlisted_dump)
      stats.dump_heap++;
    else
      stats.listed++;
  } else if (whole) {
    first_diff(&mine, &theirs, &at);
    FUZZ_ASSERT(mine.len == theirs.len && (mine.len == 0 ||
                memcmp(mine.buf, theirs.buf, mine.len) == 0),
                "drop-in and stock libsframe differ at transcript offset %zu:\n"
                "  drop-in: %.200s\n  stock:   %.200s", at,
                at < mine.len ? mine.buf + at : "(end)",
                at < theirs.len ? theirs.buf + at : "(end)");
    /* A row whose input now agrees has outlived its reason: the list holds
     * only inputs the drop-in still refuses. */
    why = listed_reason(data, size);
    FUZZ_ASSERT(why == NULL,
                "listed in libsframe_safe_refusals.h (%s) but the drop-in now "
                "agrees with stock libsframe: remove the row", why);
    stats.equal++;
  } else {
    first_diff(&mine, &theirs, &at);
    FUZZ_ASSERT(theirs.len <= mine.len &&
                (theirs.len == 0 || memcmp(mine.buf, theirs.buf, theirs.len) == 0),
                "drop-in differs from stock libsframe before stock died, at "
                "transcript offset %zu:\n  drop-in: %.200s\n  stock:   %.200s", at,
                at < mine.len ? mine.buf + at : "(end)",
                at < theirs.len ? theirs.buf + at : "(end)");
    stats.stock_died++;
  }
  free(mine.buf);
  free(theirs.buf);
  return 0;
}

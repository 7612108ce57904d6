/* SPDX-License-Identifier: MIT */
/* fuzz_diff_libsframe_safe.c - the libsframe drop-in (src/compat) against
 * the stock GNU libsframe it replaces: ABI 3 (libsframe.so.3, binutils
 * 2.47; $SFV_LIBSFRAME_STOCK) here, ABI 1 (libsframe.so.1, binutils 2.44;
 * $SFV_LIBSFRAME1_STOCK) when built as fuzz_diff_libsframe_safe1.c, ABI 0
 * (libsframe.so.0, binutils 2.40; $SFV_LIBSFRAME0_STOCK) when built as
 * fuzz_diff_libsframe_safe0.c.
 *
 * Both run the same transcript (libsframe_transcript.c: every decoder
 * getter, sframe_find_fre, dump_sframe's text, and the encode round trips).
 * The drop-in runs here, under the sanitizers; the stock library, opened
 * with dlopen from LS_STOCK_ENV, in a forked child over a copy of
 * the input that ends at a guard page, its transcript written line by line
 * into a pipe.  The stock library allocates from peer_alloc's guard-page
 * blocks (its relocation slots rewritten once after dlopen, peer_got.c),
 * so a read past any of its buffers faults, whatever the process
 * allocated before; checked at start-up.  Verdicts:
 *  - the child ends normally: the transcripts must be equal;
 *  - on an input listed in LS_REFUSALS (libsframe_safe_refusals.h,
 *    libsframe_safe1_refusals.h, libsframe_safe0_refusals.h: each row
 *    with its reason), the comparison may stop at a call the drop-in
 *    refused and stock answered (counted); nothing else may differ;
 *  - the child dies (signal, sanitizer report, 5 s alarm), or asks for
 *    more than peer_alloc gives (16 GiB: whether malloc grants that depends
 *    on the machine; counted apart): what it wrote before must be the start
 *    of the drop-in's transcript (the drop-in answers where upstream
 *    crashed; it must not crash itself);
 *  - stock reads memory it never wrote (uninitialized stack or malloc
 *    bytes: 2.40-2.47's dump_sframe prints the previous row entry after a
 *    refused FRE, which for the first FRE is an uninitialized local): each
 *    child fills both with a byte first (0x00); where the transcripts
 *    differ, stock runs again with 0xff, and from the first line where its
 *    two transcripts differ nothing is compared (counted apart);
 *  - a listed input whose transcripts are equal, or on which stock dies
 *    with the drop-in agreeing up to there, fails: its row is stale.
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

#if SFV_COMPAT_ABI == 3
#define LS_REFUSALS "libsframe_safe_refusals.h"
#elif SFV_COMPAT_ABI == 1
#define LS_REFUSALS "libsframe_safe1_refusals.h"
#else
#define LS_REFUSALS "libsframe_safe0_refusals.h"
#endif

static struct {
  unsigned long runs, equal, stock_died, stock_nomem, stock_uninit, no_stock, listed, unlisted;
} stats;

/* The stock child's exit status when it asked for a block peer_alloc cannot
 * give (over 16 GiB): counted apart from crashes, compared as one. */
#define LS_EXIT_NOMEM 4

/* SFV_DIFF_LIST set: a difference or a stale row is printed with the
 * input's hash (the key of a row) instead of failing at once, and the run
 * fails at exit (SFV_DIFF_SHOW: with both transcripts whole; SFV_DIFF_SAVE:
 * the inputs kept).  For drafting the list and for campaigns that run on
 * past a known class; it never passes a difference. */
static int list_mode;

static void print_stats(void) {
  fprintf(stderr,
          LS_NAME ": %lu runs; transcripts equal %lu; stock libsframe died %lu, "
          "ran out of memory %lu, read memory it never wrote %lu (drop-in agreed up to "
          "there); listed (" LS_REFUSALS ") %lu; unlisted %lu; drop-in alone %lu\n",
          stats.runs, stats.equal, stats.stock_died, stats.stock_nomem, stats.stock_uninit,
          stats.listed, stats.unlisted, stats.no_stock);
  if (stats.unlisted > 0) {
    fflush(stderr);
    _exit(1);
  }
}

/* Inputs on which the drop-in may refuse a call that the stock library
 * answers, each with its reason (fuzz/libsframe_safe_refusals.h, ABI 3;
 * fuzz/libsframe_safe1_refusals.h, ABI 1).  Keyed by fuzz_hash of the
 * input. */
static const struct {
  uint64_t hash;
  const char *reason;
} listed[] = {
#define SFV_REFUSAL(h, why) {h, why},
#include LS_REFUSALS
#undef SFV_REFUSAL
    {0, NULL}, /* the end */
};

/* SFV_DIFF_SAVE=DIR (list mode, for campaigns): each differing input is
 * written to DIR/<its hash>, for replaying and classifying afterwards. */
static void save_input(const uint8_t *data, size_t size) {
  const char *dir = getenv("SFV_DIFF_SAVE");
  char path[4096];
  FILE *f;
  if (dir == NULL || dir[0] == '\0')
    return;
  snprintf(path, sizeof path, "%s/%016llx", dir, (unsigned long long)fuzz_hash(data, size));
  f = fopen(path, "wb");
  FUZZ_ASSERT(f != NULL && fwrite(data, 1, size, f) == size && fclose(f) == 0,
              "SFV_DIFF_SAVE: cannot write %s", path);
}

/* A difference (what: its message) fails the run; in list mode it is
 * printed with the input's hash and counted. */
static void report(const uint8_t *data, size_t size, const char *what, size_t at,
                   const ls_sink *mine, const ls_sink *theirs) {
  FUZZ_ASSERT(list_mode,
              "input 0x%016llxull: %s, at transcript offset %zu:\n  drop-in: %.200s\n"
              "  stock:   %.200s",
              (unsigned long long)fuzz_hash(data, size), what, at,
              at < mine->len ? mine->buf + at : "(end)",
              at < theirs->len ? theirs->buf + at : "(end)");
  fprintf(stderr, LS_NAME ": unlisted 0x%016llxull: %s: drop-in: %.120s | stock: %.120s\n",
          (unsigned long long)fuzz_hash(data, size), what,
          at < mine->len ? mine->buf + at : "(end)",
          at < theirs->len ? theirs->buf + at : "(end)");
  if (getenv("SFV_DIFF_SHOW") != NULL)
    fprintf(stderr, "--- drop-in\n%s--- stock\n%s---\n", mine->buf ? mine->buf : "",
            theirs->buf ? theirs->buf : "");
  save_input(data, size);
  stats.unlisted++;
}

/* The reason of the input's row in LS_REFUSALS, or NULL. */
static const char *listed_reason(const uint8_t *data, size_t size) {
  uint64_t h = fuzz_hash(data, size);
  size_t k;
  for (k = 0; listed[k].reason != NULL; k++)
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
  const char *ml, *tl, *me, *sp;
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

/* Fills the stack below the caller with byte (the stock library's
 * uninitialized locals then read it). */
static __attribute__((noinline)) void scrub_stack(int byte) {
  unsigned char pad[256 * 1024];
  memset(pad, byte, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
}

/* The stock transcript, run with fill in its uninitialized stack and heap
 * bytes; returns 1 when the child ended normally, 0 when it died,
 * LS_EXIT_NOMEM when it ran out of peer_alloc's memory.  A line cut by a
 * crash is dropped. */
static int stock_transcript(const ls_api *stock, const uint8_t *data, size_t size,
                            ls_sink *out, unsigned char fill) {
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
    peer_alloc_fail_exit = LS_EXIT_NOMEM;
    peer_alloc_fill = fill;
    scrub_stack(fill);
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
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return 1;
  while (out->len > 0 && out->buf[out->len - 1] != '\n')
    out->buf[--out->len] = '\0'; /* a line cut by the crash */
  return WIFEXITED(status) && WEXITSTATUS(status) == LS_EXIT_NOMEM ? LS_EXIT_NOMEM : 0;
}

/* 1 when mine equals theirs (whole) or starts with it (stock stopped). */
static int agrees(const ls_sink *mine, const ls_sink *theirs, int whole) {
  if (whole ? mine->len != theirs->len : theirs->len > mine->len)
    return 0;
  return theirs->len == 0 || memcmp(mine->buf, theirs->buf, theirs->len) == 0;
}

/* Cuts theirs at the first line where again differs from it: stock's
 * answer from there on depends on memory it never wrote.  Returns 1 when
 * it cut. */
static int cut_at_uninit(ls_sink *theirs, int whole, const ls_sink *again, int whole2) {
  size_t i = 0;
  if (whole == whole2 && theirs->len == again->len &&
      (theirs->len == 0 || memcmp(theirs->buf, again->buf, theirs->len) == 0))
    return 0;
  while (i < theirs->len && i < again->len && theirs->buf[i] == again->buf[i])
    i++;
  while (i > 0 && theirs->buf[i - 1] != '\n')
    i--;
  theirs->len = i;
  if (theirs->buf != NULL)
    theirs->buf[i] = '\0';
  return 1;
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

/* A section (x86_64, little-endian; v2, at ABI 0 v1, the only version
 * 2.40 reads) whose one FRE has its data word one byte past sfh_fre_len
 * (2): stock's copy of the FRE sub-section ends there, so its
 * sframe_decoder_get_fre reads one byte past a heap block, right after
 * the transcript's line LS_OVERREAD_FDE_LINE. */
static const uint8_t overread_by_one[] = {
#if SFV_COMPAT_ABI >= 1
#define LS_OVERREAD_FDE_LINE "fde 0 v2 "
    0xe2, 0xde, 2, 0, 3, 0, 0xf8, 0, /* preamble, abi, fixed fp/ra, auxhdr */
    1, 0, 0, 0, 1, 0, 0, 0,          /* 1 FDE, 1 FRE */
    2, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, /* fre_len 2, fdeoff 0, freoff 20 */
    0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, /* FDE */
#else
#define LS_OVERREAD_FDE_LINE "fde 0 v1 "
    0xe2, 0xde, 1, 0, 3, 0, 0xf8, 0, /* preamble, abi, fixed fp/ra, auxhdr */
    1, 0, 0, 0, 1, 0, 0, 0,          /* 1 FDE, 1 FRE */
    2, 0, 0, 0, 0, 0, 0, 0, 17, 0, 0, 0, /* fre_len 2, fdeoff 0, freoff 17 */
    0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, /* v1 FDE */
#endif
    0, 0x03, 0x08,                   /* FRE: start 0, SP+1 word, word 8 */
};

/* The stock library must allocate from peer_alloc: a context it allocates
 * and frees moves peer_alloc's count of blocks, and its one-byte read
 * past its copy of the FRE sub-section kills its child at that call. */
static void check_stock_guarded(const ls_api *stock) {
  size_t before = peer_alloc_live(), end, last;
  int err = 0;
  ls_sink cut = {-1, NULL, 0, 0};
  sframe_encoder_ctx *e = stock->encode(LS_SFRAME_VERSION, SFV_F_FDE_FUNC_START_PCREL,
                                        SFV_ABI_AMD64_LE, 0, -8, &err);
  FUZZ_ASSERT(e != NULL && peer_alloc_live() > before,
              "stock libsframe's sframe_encode did not allocate from peer_alloc "
              "(err %d): its allocator is not routed", err);
  stock->encoder_free(&e);
  FUZZ_ASSERT(peer_alloc_live() == before,
              "stock libsframe's sframe_encoder_free did not free into peer_alloc");
  FUZZ_ASSERT(!stock_transcript(stock, overread_by_one, sizeof overread_by_one, &cut, 0),
              "stock libsframe read one byte past its FRE copy without dying: "
              "its heap blocks do not end at guard pages\n%s", cut.buf ? cut.buf : "");
  for (end = cut.len; end > 0 && cut.buf[end - 1] != '\n'; end--)
    ; /* past the last whole line */
  for (last = end; last > 0 && (last == end || cut.buf[last - 1] != '\n'); last--)
    ;
  FUZZ_ASSERT(end > 0 && strncmp(cut.buf + last, LS_OVERREAD_FDE_LINE,
                                  sizeof LS_OVERREAD_FDE_LINE - 1) == 0,
              "stock libsframe died on the one-byte over-read, but not at the "
              "first sframe_decoder_get_fre (its last line: %.200s)",
              end > 0 ? cut.buf + last : "(none)");
  free(cut.buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int init, have_stock;
  static ls_api dropin, stock;
  ls_sink mine = {-1, NULL, 0, 0}, theirs = {-1, NULL, 0, 0}, again = {-1, NULL, 0, 0};
  size_t at;
  int st, whole, nomem, uninit = 0;
  const char *why;

  if (!init) {
    init = 1;
    ls_api_dropin(&dropin);
    list_mode = getenv("SFV_DIFF_LIST") != NULL;
    have_stock = ls_api_stock(&stock, getenv(LS_STOCK_ENV));
    if (have_stock)
      check_stock_guarded(&stock);
    atexit(print_stats);
  }
  stats.runs++;
  ls_transcript(&dropin, data, size, &mine);
  if (!have_stock) {
    stats.no_stock++;
    free(mine.buf);
    return 0;
  }
  st = stock_transcript(&stock, data, size, &theirs, 0x00);
  if (!agrees(&mine, &theirs, st == 1)) {
    /* Before calling it a difference: does stock's answer change with
     * what its uninitialized stack and heap bytes hold? */
    int st2 = stock_transcript(&stock, data, size, &again, 0xff);
    uninit = cut_at_uninit(&theirs, st, &again, st2);
    if (uninit)
      st = 0;
    free(again.buf);
  }
  whole = st == 1;
  nomem = st == LS_EXIT_NOMEM;
  first_diff(&mine, &theirs, &at);
  if (listed_refusal(data, size, &mine, &theirs) != NULL) {
    stats.listed++;
  } else if (!agrees(&mine, &theirs, whole)) {
    report(data, size,
           whole ? "drop-in and stock libsframe differ"
                 : "drop-in differs from stock libsframe before stock died", at, &mine,
           &theirs);
  } else if ((why = listed_reason(data, size)) != NULL && !uninit &&
             !(!whole && strcmp(why, "dump-uninit") == 0)) {
    /* A row whose input now agrees (or on which stock dies with the
     * drop-in agreeing up to there) has outlived its reason; not where
     * stock's answer was seen to depend on memory it never wrote, nor a
     * dump-uninit row on which stock died: whether the two fills reach
     * that memory, and whether what it holds there kills stock, depend on
     * what ran in the process before (corpus/dump/538a5a75...: one run in
     * three dies, the others print the same unset row on both fills). */
    fprintf(stderr, LS_NAME ": listed (%s) but the drop-in agrees with stock libsframe%s: "
            "remove the row\n", why, whole ? "" : " up to where stock died");
    report(data, size, "stale row in " LS_REFUSALS, at, &mine, &theirs);
  } else if (whole) {
    stats.equal++;
  } else if (nomem) {
    stats.stock_nomem++;
  } else if (uninit) {
    stats.stock_uninit++;
  } else {
    stats.stock_died++;
  }
  free(mine.buf);
  free(theirs.buf);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* fuzz_diff_libsframe.c - differential test against GNU libsframe 2.47
 * (Debian sid build: reads SFrame v2 and v3).
 *
 * libsframe runs in a forked child (libsframe_child.c) with guard-page
 * allocations; the parent validates with libsfv and judges:
 *
 *  - libsfv accepts (zero errors): libsframe must accept, with identical
 *    FDE/FRE values and sframe_find_fre answers, unless the section is in a
 *    documented acceptance class (accept_class below);
 *  - libsfv rejects, libsframe accepts: every error rule libsfv reported
 *    must be in a documented class (reject_class below): a rule whose
 *    catalogue entry does not list libsframe among the consumers that
 *    reject it, or a documented libsframe gap.  Anything else fails;
 *  - libsframe crashes (signal, or a sanitizer report while inside a
 *    libsframe call: its memcpy is intercepted) or hangs: not a failure of this project;
 *    counted, and the input saved under $SFV_LIBSFRAME_CRASH_DIR (when set
 *    and not empty)
 *    as <signal>-<hash>.sframe, at most 200 files per process.
 *
 * A summary (verdict and class counts) is printed at exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diff_libsframe.h"
#include "fuzz_helpers.h"

/* ------------------------------------------------------------ classes */

enum { ACC_V1, ACC_FOREIGN_AUXHDR, ACC_FOREIGN_FRE_GAP, ACC_COUNT };
static const char *const accept_class_why[ACC_COUNT] = {
    "v1: libsframe 2.47 reads SFrame v2 and v3 only",
    "foreign byte order with an auxiliary header: libsframe cannot byte-swap "
    "it (flip_header)",
    "foreign byte order with FRE bytes no FDE uses (fre-unused-bytes): "
    "flip_sframe takes the section to end at sfh_freoff plus the FREs' sizes "
    "and refuses nonzero bytes past that (docs/FINDINGS.md Z6)",
};

/* Rules libsframe is documented (rules.def) or known (docs/FINDINGS.md)
 * not to check, and when. */
enum {
  W_ALWAYS = 0,
  W_NATIVE = 1,     /* host byte order: layout is checked only while swapping */
  W_NO_FDES = 2,    /* sfh_num_fdes == 0: the FDE offset is never used */
  W_NO_FRE_BYTES = 3, /* sfh_fre_len == 0: the FRE offset is never used */
  W_V2_PAD_CUT = 4   /* v2, only the last FDE's 2-byte padding is cut off */
};
typedef struct reject_class {
  sfv_rule_id rule;
  int when;
  const char *why;
} reject_class;

static const reject_class known_gaps[] = {
    /* Each class was observed (SFV_DIFF_COLLECT survey, then checked by
     * hand against libsframe's source); reproducers in tests/findings/. */
    {SFV_R_NUM_FRES_MISMATCH, W_NATIVE,
     "sfh_num_fres is checked only in flip_sframe (foreign byte order)"},
    {SFV_R_TRAILING_GARBAGE, W_NATIVE,
     "trailing bytes are checked only in flip_sframe (foreign byte order)"},
    {SFV_R_CONCATENATED_SECTIONS, W_NATIVE,
     "trailing bytes are checked only in flip_sframe (same path as trailing-garbage)"},
    {SFV_R_ABI_UNKNOWN, 0, "sframe_decode never looks at sfh_abi_arch"},
    {SFV_R_ABI_ENDIAN, 0, "sframe_decode never looks at sfh_abi_arch"},
    {SFV_R_FDE_TYPE_UNKNOWN, 0, "no FDE type check in decode or get_fre"},
    {SFV_R_FDE_MASK_REP_SIZE, 0,
     "rep_size is only used (as a divisor) by sframe_find_fre"},
    {SFV_R_FLEX_COUNT, 0, "flex data words are not checked when read"},
    {SFV_R_FLEX_CFA_REG_P, 0, "flex data words are not checked when read"},
    {SFV_R_FDE_SORTED, 0, "sortedness is not checked by the decoder"},
    {SFV_R_FRE_START_RANGE, 0,
     "FRE starts are not checked against the function size when FREs are "
     "read (only sframe_find_fre looks at the range): the walk accepts the "
     "section unless the start breaks something else first; the suite's "
     "cases crash it (tests/consumers counts that as not accepted, so the "
     "consumers bit stays set)"},
    {SFV_R_FDE_FRE_TYPE, 0,
     "the FRE type is checked (by assertion) only when an FRE is read: an FDE "
     "without FREs passes"},
    {SFV_R_FDE_FRE_BLOCK_BOUNDS, 0,
     "FDE FRE offsets are never checked against sfh_fre_len: an FDE without "
     "FREs (v2), or whose v3 attribute still lies inside the buffer, passes"},
    {SFV_R_FRE_SUBSECTION_BOUNDS, W_NO_FRE_BYTES,
     "an empty FRE sub-section (sfh_fre_len 0) is never dereferenced, "
     "wherever sfh_freoff points"},
    {SFV_R_FDE_SUBSECTION_BOUNDS, W_NO_FDES,
     "without FDEs, sfh_fdeoff is never dereferenced"},
    {SFV_R_AUXHDR_BOUNDS, W_NO_FDES,
     "sframe_decode never checks sfh_auxhdr_len against the buffer; without "
     "FDEs nothing after the header is read (with FDEs: SIGSEGV, Z4)"},
    {SFV_R_FDE_SUBSECTION_BOUNDS, W_V2_PAD_CUT,
     "sfde_func_padding2 (the last 2 bytes of a v2 FDE) is never read"},
};
#define NKNOWN (sizeof known_gaps / sizeof known_gaps[0])

/* ------------------------------------------------------------ stats */

static struct {
  unsigned long runs, ls_accept, ls_reject, ls_budget, crashes[65], timeouts;
  unsigned long both_accept, we_reject_ls_accept, accept_class[ACC_COUNT];
  unsigned long by_rule[SFV_RULE_COUNT];
  unsigned long finds, find_skipped, s390x_flex, find_trunc, saved;
} stats;

static void print_stats(void) {
  unsigned i;
  fprintf(stderr,
          "diff_libsframe: %lu runs; libsframe accepted %lu, rejected %lu, "
          "no verdict %lu, timeouts %lu; both accept %lu (find_fre compared "
          "%lu; skipped on %lu sections without PCREL); we reject + libsframe "
          "accepts %lu; s390x flex CFA not compared on %lu; lookups differing by "
          "libsframe's 32-bit FDE search on %lu\n",
          stats.runs, stats.ls_accept, stats.ls_reject, stats.ls_budget,
          stats.timeouts, stats.both_accept, stats.finds, stats.find_skipped,
          stats.we_reject_ls_accept, stats.s390x_flex, stats.find_trunc);
  for (i = 0; i < 65; i++)
    if (stats.crashes[i])
      fprintf(stderr, "diff_libsframe: libsframe crashed by %s %u (%s): %lu\n",
              i ? "signal" : "sanitizer report", i, i ? strsignal((int)i) : "in libsframe",
              stats.crashes[i]);
  for (i = 0; i < ACC_COUNT; i++)
    if (stats.accept_class[i])
      fprintf(stderr, "diff_libsframe: we accept, libsframe rejects [%s]: %lu\n",
              accept_class_why[i], stats.accept_class[i]);
  for (i = 0; i < SFV_RULE_COUNT; i++)
    if (stats.by_rule[i])
      fprintf(stderr, "diff_libsframe: libsframe accepted sections with error %s: %lu\n",
              sfv_rule_get((sfv_rule_id)i)->id, stats.by_rule[i]);
}

static void save_crash(const uint8_t *data, size_t size, int sig) {
  const char *dir = getenv("SFV_LIBSFRAME_CRASH_DIR");
  char path[1024];
  int fd;
  if (dir == NULL || dir[0] == '\0' || stats.saved >= 200)
    return;
  (void)mkdir(dir, 0777);
  snprintf(path, sizeof path, "%s/sig%d-%016llx.sframe", dir, sig,
           (unsigned long long)fuzz_hash(data, size));
  fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0)
    return;
  if (write(fd, data, size) == (ssize_t)size)
    stats.saved++;
  close(fd);
}

/* Collection mode (SFV_DIFF_COLLECT=DIR): unexplained acceptances are
 * saved as DIR/<rule>-<native|foreign>-<hash>.sframe (3 per rule and byte
 * order) instead of failing, to survey libsframe's gaps in one run. */
static const char *collect_dir;
static unsigned collected[SFV_RULE_COUNT][2];

static void save_example(const char *dir, const char *rule, int native,
                         const uint8_t *data, size_t size) {
  char path[1024];
  int fd;
  sfv_rule_id id = sfv_rule_lookup(rule);
  if (dir[0] == '\0' || collected[id][native]++ >= 3)
    return;
  (void)mkdir(dir, 0777);
  snprintf(path, sizeof path, "%s/%s-%s-%016llx.sframe", dir, rule,
           native ? "native" : "foreign", (unsigned long long)fuzz_hash(data, size));
  fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0)
    return;
  if (write(fd, data, size) != (ssize_t)size)
    fprintf(stderr, "diff_libsframe: short write %s\n", path);
  close(fd);
}

/* ------------------------------------------------------------ oracle */

/* Sanitizer runtimes call this before exiting on a report (weak: the AFL++
 * build has no sanitizer). */
__attribute__((weak)) void __sanitizer_set_death_callback(void (*cb)(void));

static void child_death(void) {
  _exit(ls_in_peer ? LS_EXIT_PEER_CRASH : LS_EXIT_OUR_CRASH);
}

/* Returns 1 with *rec filled, 0 when libsframe crashed or hung. */
static int run_child(const uint8_t *data, size_t size, int compare, ls_record *rec) {
  int fds[2], status;
  pid_t pid;
  ssize_t got = 0;
  FUZZ_ASSERT(pipe(fds) == 0, "pipe: %s", strerror(errno));
  pid = fork();
  FUZZ_ASSERT(pid >= 0, "fork: %s", strerror(errno));
  if (pid == 0) {
    static const int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
    unsigned k;
    int devnull = open("/dev/null", O_WRONLY);
    ls_record r;
    for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
      signal(sigs[k], SIG_DFL);
    if (devnull >= 0 && getenv("SFV_DIFF_CHILD_STDERR") == NULL) {
      dup2(devnull, 1);
      dup2(devnull, 2);
    }
    close(fds[0]);
    if (__sanitizer_set_death_callback != NULL)
      __sanitizer_set_death_callback(child_death);
    alarm(5);
    ls_child_run(data, size, compare, &r);
    if (write(fds[1], &r, sizeof r) != (ssize_t)sizeof r)
      _exit(3);
    _exit(0);
  }
  close(fds[1]);
  while (got < (ssize_t)sizeof *rec) {
    ssize_t n = read(fds[0], (char *)rec + got, sizeof *rec - (size_t)got);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    got += n;
  }
  close(fds[0]);
  while (waitpid(pid, &status, 0) < 0)
    FUZZ_ASSERT(errno == EINTR, "waitpid: %s", strerror(errno));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    if (sig == SIGALRM)
      stats.timeouts++;
    else
      stats.crashes[sig < 65 ? sig : 0]++;
    save_crash(data, size, sig);
    return 0;
  }
  if (WEXITSTATUS(status) == LS_EXIT_PEER_CRASH) {
    stats.crashes[0]++; /* sanitizer report inside libsframe */
    save_crash(data, size, 0);
    return 0;
  }
  FUZZ_ASSERT(WEXITSTATUS(status) == 0 && got == (ssize_t)sizeof *rec,
              "oracle child exited %d after %zd bytes", WEXITSTATUS(status), got);
  return 1;
}

static int host_order(const uint8_t *data, size_t size) {
  /* This harness runs on little-endian hosts (x86-64, the CI machine). */
  return size >= 2 && data[0] == 0xe2 && data[1] == 0xde;
}

static int class_applies(int when, int native, const sfv_section *sec) {
  switch (when) {
  case W_NATIVE: return native;
  case W_NO_FDES: return sec->hdr.num_fdes == 0;
  case W_NO_FRE_BYTES: return sec->hdr.fre_len == 0;
  case W_V2_PAD_CUT:
    return sec->hdr.version == 2 &&
           sfv_fde_subsection_offset(sec) + (uint64_t)sec->hdr.num_fdes * sfv_fde_entry_size(sec) <= sec->size + 2u;
  default: return 1;
  }
}

static int reject_allowed(sfv_rule_id r, int native, const sfv_section *sec) {
  static int use_known = -1;
  unsigned k;
  if (use_known < 0)
    use_known = getenv("SFV_DIFF_NO_KNOWN_GAPS") == NULL;
  if (!(sfv_rule_get(r)->consumers & SFV_C_LIBSFRAME))
    return 1;
  for (k = 0; use_known && k < NKNOWN; k++)
    if (known_gaps[k].rule == r && class_applies(known_gaps[k].when, native, sec))
      return 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int init;
  fuzz_diags fd;
  sfv_result res;
  sfv_options opt;
  sfv_section sec;
  ls_record rec;
  void *scratch = NULL;
  int accepted, native = host_order(data, size);
  unsigned r;

  if (!init) {
    init = 1;
    collect_dir = getenv("SFV_DIFF_COLLECT");
    atexit(print_stats);
  }
  memset(&opt, 0, sizeof opt);
  opt.max_diags = UINT32_MAX;
  if (sfv_open(&sec, data, size) == SFV_OK) {
    opt.scratch_size = sfv_scratch_size(sec.fde_avail);
    opt.scratch = scratch = malloc(opt.scratch_size);
  }
  memset(&fd, 0, sizeof fd);
  fd.size = size;
  (void)sfv_validate(data, size, &opt, fuzz_on_diag, &fd, &res);
  free(scratch);
  accepted = res.errors == 0;

  stats.runs++;
  if (!run_child(data, size,
                 accepted ? LS_CMP_VALUES | (fuzz_seen(&fd, SFV_R_CHECKS_SKIPPED)
                                                 ? 0 : LS_CMP_LOOKUPS)
                          : 0,
                 &rec))
    return 0;
  if (rec.stage == LS_BUDGET) {
    stats.ls_budget++;
    return 0;
  }
  if (rec.stage == LS_ACCEPTS)
    stats.ls_accept++;
  else
    stats.ls_reject++;
  stats.finds += rec.finds;
  stats.find_skipped += (unsigned long)rec.find_skipped;
  stats.s390x_flex += (unsigned long)rec.s390x_flex_cfa_skipped;
  stats.find_trunc += (unsigned long)rec.find_truncation;

  if (accepted) {
    FUZZ_ASSERT(!rec.mismatch, "libsframe and libsfv disagree on an accepted section: %s",
                rec.msg);
    if (rec.stage == LS_ACCEPTS) {
      stats.both_accept++;
      return 0;
    }
    if (size > 2 && data[2] == 1) {
      stats.accept_class[ACC_V1]++;
      return 0;
    }
    if (!native && size > 7 && data[7] != 0) {
      stats.accept_class[ACC_FOREIGN_AUXHDR]++;
      return 0;
    }
    if (!native && fuzz_seen(&fd, SFV_R_FRE_UNUSED_BYTES)) {
      stats.accept_class[ACC_FOREIGN_FRE_GAP]++;
      return 0;
    }
    FUZZ_ASSERT(0, "libsframe rejects a section libsfv accepts (stage %d, error %d, "
                   "FDE %u FRE %u)", rec.stage, rec.err, rec.fde, rec.fre);
  }
  if (rec.stage != LS_ACCEPTS)
    return 0;
  stats.we_reject_ls_accept++;
  for (r = 0; r < SFV_RULE_COUNT; r++) {
    if (!fuzz_seen(&fd, (sfv_rule_id)r) || sfv_rule_get((sfv_rule_id)r)->severity != SFV_SEV_ERROR)
      continue;
    stats.by_rule[r]++;
    if (collect_dir != NULL && !reject_allowed((sfv_rule_id)r, native, &sec)) {
      save_example(collect_dir, sfv_rule_get((sfv_rule_id)r)->id, native, data, size);
      continue;
    }
    FUZZ_ASSERT(reject_allowed((sfv_rule_id)r, native, &sec),
                "libsframe accepts a section libsfv rejects with error '%s', which "
                "rules.def says libsframe rejects (%s byte order); document it or fix "
                "the consumer mask",
                sfv_rule_get((sfv_rule_id)r)->id, native ? "host" : "foreign");
  }
  return 0;
}

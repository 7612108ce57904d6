/* SPDX-License-Identifier: MIT */
/* fault.c - failure injection for the command's tests (mk/fault.mk): linked
 * into a CLI whose own calls of the functions below are redirected here with
 * -Wl,--wrap=NAME (FAULT_WRAPS in mk/fault.mk), it makes the Nth call of one
 * of them fail with a chosen errno.  Only the CLI's objects and the
 * libraries linked with it are wrapped; calls inside libc are not.
 *
 *   SFV_FAULT=NAME:N:ERRNO   fail call number N (from 1) of NAME, once;
 *                            ERRNO is a number (errno.h)
 *   SFV_FAULT_LOG=PATH       on that call, append "NAME N PID\n" to PATH
 *                            (the test's proof that call N was reached)
 *
 * Without SFV_FAULT every call goes through unchanged.  Calls are counted
 * from main on (the program's and the runtime's start-up are not) and
 * until main returns or the process calls _exit (mk/coverage.mk's profile
 * write is not failed).  A forked worker inherits the count at fork and
 * counts its own calls from there. */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The functions the shim can fail: X(name) for every --wrap=name. */
#define FAULT_FUNCS(X) \
  X(malloc) X(calloc) X(realloc) X(open) X(openat) X(read) X(pread) \
  X(write) X(fstat) X(fstatat) X(stat) X(fstatfs) X(lseek) X(fcntl) \
  X(dup) X(dup2) X(pipe) X(fork) X(poll) X(waitpid) X(kill) X(ftruncate) \
  X(memfd_create) X(fdopendir) X(readdir) X(open_memstream) X(fflush) \
  X(fclose) X(getrandom)

#define FAULT_NAME(f) #f,
static const char *const fault_names[] = {FAULT_FUNCS(FAULT_NAME)};
#define FAULT_ENUM(f) F_##f,
enum { FAULT_FUNCS(FAULT_ENUM) F_COUNT };

static int armed;                 /* between main and its end */
static int target = -1;           /* F_* to fail, -1 none */
static unsigned long target_n;    /* its call number to fail */
static int target_errno;
static unsigned long calls;       /* calls of the target so far */
static const char *log_path;

int __real_main(int argc, char **argv);
int __wrap_main(int argc, char **argv);
void sfv_fault_disarm(void);

/* mk/coverage.mk's hook, run before the profile is written (weak: only the
 * coverage build has it). */
void sfv_cov_before_profile(void) __attribute__((weak));

void sfv_fault_disarm(void) { armed = 0; }

static void at_end(void) {
  sfv_fault_disarm();
  if (sfv_cov_before_profile)
    sfv_cov_before_profile();
}

static void setup(void) {
  const char *spec = getenv("SFV_FAULT");
  size_t len;
  char *end;
  int i;
  log_path = getenv("SFV_FAULT_LOG");
  if (spec == NULL || (end = strchr(spec, ':')) == NULL)
    return;
  len = (size_t)(end - spec);
  for (i = 0; i < F_COUNT; i++)
    if (strlen(fault_names[i]) == len && memcmp(fault_names[i], spec, len) == 0)
      break;
  if (i == F_COUNT)
    return;
  target_n = strtoul(end + 1, &end, 10);
  if (*end != ':' || target_n == 0)
    return;
  target_errno = (int)strtol(end + 1, NULL, 10);
  target = i;
}

int __wrap_main(int argc, char **argv) {
  setup();
  (void)atexit(at_end);
  armed = 1;
  return __real_main(argc, argv);
}

int __real_open(const char *path, int flags, ...);
ssize_t __real_write(int fd, const void *buf, size_t n);
int __real_close(int fd);

static void note(int f) {
  char line[128];
  int fd, n;
  if (log_path == NULL)
    return;
  n = snprintf(line, sizeof line, "%s %lu %ld\n", fault_names[f], target_n,
               (long)getpid());
  fd = __real_open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  (void)!__real_write(fd, line, (size_t)n);
  (void)close(fd);
}

/* 1 when this call of f is the one to fail (errno then set). */
static int fail(int f) {
  if (!armed || f != target || ++calls != target_n)
    return 0;
  armed = 0;
  note(f);
  armed = 1;
  errno = target_errno;
  return 1;
}

#define REAL(ret, name, params) ret __real_##name params; ret __wrap_##name params;

REAL(void *, malloc, (size_t n))
void *__wrap_malloc(size_t n) { return fail(F_malloc) ? NULL : __real_malloc(n); }

REAL(void *, calloc, (size_t k, size_t n))
void *__wrap_calloc(size_t k, size_t n) { return fail(F_calloc) ? NULL : __real_calloc(k, n); }

REAL(void *, realloc, (void *p, size_t n))
void *__wrap_realloc(void *p, size_t n) { return fail(F_realloc) ? NULL : __real_realloc(p, n); }

/* open and openat pass a mode only with O_CREAT or O_TMPFILE, after their
 * last named parameter `flags`. */
#define MODE_ARG(mode)                             \
  do {                                             \
    if (flags & (O_CREAT | O_TMPFILE)) {           \
      va_list ap;                                  \
      va_start(ap, flags);                         \
      mode = (mode_t)va_arg(ap, unsigned);         \
      va_end(ap);                                  \
    }                                              \
  } while (0)

int __wrap_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...) {
  mode_t mode = 0;
  MODE_ARG(mode);
  return fail(F_open) ? -1 : __real_open(path, flags, mode);
}

int __real_openat(int dirfd, const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...) {
  mode_t mode = 0;
  MODE_ARG(mode);
  return fail(F_openat) ? -1 : __real_openat(dirfd, path, flags, mode);
}

REAL(ssize_t, read, (int fd, void *b, size_t n))
ssize_t __wrap_read(int fd, void *b, size_t n) { return fail(F_read) ? -1 : __real_read(fd, b, n); }

REAL(ssize_t, pread, (int fd, void *b, size_t n, off_t o))
ssize_t __wrap_pread(int fd, void *b, size_t n, off_t o) {
  return fail(F_pread) ? -1 : __real_pread(fd, b, n, o);
}

ssize_t __wrap_write(int fd, const void *b, size_t n);
ssize_t __wrap_write(int fd, const void *b, size_t n) {
  return fail(F_write) ? -1 : __real_write(fd, b, n);
}

REAL(int, fstat, (int fd, struct stat *st))
int __wrap_fstat(int fd, struct stat *st) { return fail(F_fstat) ? -1 : __real_fstat(fd, st); }

REAL(int, fstatat, (int d, const char *p, struct stat *st, int fl))
int __wrap_fstatat(int d, const char *p, struct stat *st, int fl) {
  return fail(F_fstatat) ? -1 : __real_fstatat(d, p, st, fl);
}

REAL(int, stat, (const char *p, struct stat *st))
int __wrap_stat(const char *p, struct stat *st) { return fail(F_stat) ? -1 : __real_stat(p, st); }

REAL(int, fstatfs, (int fd, struct statfs *st))
int __wrap_fstatfs(int fd, struct statfs *st) {
  return fail(F_fstatfs) ? -1 : __real_fstatfs(fd, st);
}

REAL(off_t, lseek, (int fd, off_t o, int w))
off_t __wrap_lseek(int fd, off_t o, int w) { return fail(F_lseek) ? (off_t)-1 : __real_lseek(fd, o, w); }

/* The CLI's fcntl commands take an int argument or none. */
int __real_fcntl(int fd, int cmd, ...);
int __wrap_fcntl(int fd, int cmd, ...);
int __wrap_fcntl(int fd, int cmd, ...) {
  va_list ap;
  int arg;
  va_start(ap, cmd);
  arg = cmd == F_GETFD || cmd == F_GETFL ? 0 : va_arg(ap, int);
  va_end(ap);
  return fail(F_fcntl) ? -1 : __real_fcntl(fd, cmd, arg);
}

REAL(int, dup, (int fd))
int __wrap_dup(int fd) { return fail(F_dup) ? -1 : __real_dup(fd); }

REAL(int, dup2, (int a, int b))
int __wrap_dup2(int a, int b) { return fail(F_dup2) ? -1 : __real_dup2(a, b); }

REAL(int, pipe, (int fds[2]))
int __wrap_pipe(int fds[2]) { return fail(F_pipe) ? -1 : __real_pipe(fds); }

REAL(pid_t, fork, (void))
pid_t __wrap_fork(void) { return fail(F_fork) ? -1 : __real_fork(); }

REAL(int, poll, (struct pollfd *p, nfds_t n, int t))
int __wrap_poll(struct pollfd *p, nfds_t n, int t) { return fail(F_poll) ? -1 : __real_poll(p, n, t); }

REAL(pid_t, waitpid, (pid_t p, int *st, int o))
pid_t __wrap_waitpid(pid_t p, int *st, int o) { return fail(F_waitpid) ? -1 : __real_waitpid(p, st, o); }

REAL(int, kill, (pid_t p, int s))
int __wrap_kill(pid_t p, int s) { return fail(F_kill) ? -1 : __real_kill(p, s); }

REAL(int, ftruncate, (int fd, off_t n))
int __wrap_ftruncate(int fd, off_t n) { return fail(F_ftruncate) ? -1 : __real_ftruncate(fd, n); }

REAL(int, memfd_create, (const char *name, unsigned fl))
int __wrap_memfd_create(const char *name, unsigned fl) {
  return fail(F_memfd_create) ? -1 : __real_memfd_create(name, fl);
}

REAL(DIR *, fdopendir, (int fd))
DIR *__wrap_fdopendir(int fd) { return fail(F_fdopendir) ? NULL : __real_fdopendir(fd); }

REAL(struct dirent *, readdir, (DIR *d))
struct dirent *__wrap_readdir(DIR *d) { return fail(F_readdir) ? NULL : __real_readdir(d); }

REAL(FILE *, open_memstream, (char **p, size_t *n))
FILE *__wrap_open_memstream(char **p, size_t *n) {
  return fail(F_open_memstream) ? NULL : __real_open_memstream(p, n);
}

/* A failed fflush leaves the buffer unwritten; a failed fclose still closes
 * the stream, as the real ones do. */
REAL(int, fflush, (FILE *f))
int __wrap_fflush(FILE *f) { return fail(F_fflush) ? EOF : __real_fflush(f); }

REAL(int, fclose, (FILE *f))
int __wrap_fclose(FILE *f) {
  if (!fail(F_fclose))
    return __real_fclose(f);
  {
    int err = errno;
    (void)__real_fclose(f);
    errno = err;
  }
  return EOF;
}

REAL(ssize_t, getrandom, (void *b, size_t n, unsigned fl))
ssize_t __wrap_getrandom(void *b, size_t n, unsigned fl) {
  return fail(F_getrandom) ? -1 : __real_getrandom(b, n, fl);
}

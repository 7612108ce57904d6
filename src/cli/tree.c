/* SPDX-License-Identifier: MIT */
/* tree.c - the list of files of a run (tree.h): operands, --files-from,
 * and -r walks.
 *
 * Walk invariants:
 *  - symbolic links found in a tree are not followed (neither to
 *    directories, so a walk cannot loop, nor to files: a file reached by a
 *    link is validated under its own name when it is in the tree), like
 *    find(1) without -L; an operand that is a link to a directory is walked;
 *  - a directory is opened with openat(parent, name, O_NOFOLLOW |
 *    O_DIRECTORY), so a directory swapped for a link mid-walk is not left;
 *  - only regular files are opened (cli_open_regular, reader.h: O_NONBLOCK |
 *    O_NOFOLLOW, looked at before and after) before their first 8 bytes are
 *    read: FIFOs, sockets and devices are never opened and never block;
 *  - a file found in a tree is listed only when it is ELF, or an ar
 *    archive named *.a (static libraries; .deb and other ar containers are
 *    not); anything else is skipped silently (no record, no message).
 *    Files named on the command line or in --files-from are listed as
 *    given and keep the usual checks and messages;
 *  - the walk is iterative (an explicit stack of open directories), so a
 *    deep tree costs one descriptor and one name list per level, never C
 *    stack; a directory that cannot be read is listed with its error (an
 *    I/O error record, status 2), the walk goes on.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader.h"
#include "tree.h"

static cli_run *run_of(cli_opts *o) {
  if (o->run == NULL) {
    o->run = calloc(1, sizeof *o->run);
    if (o->run != NULL)
      o->run->summary = -1;
  }
  return o->run;
}

static int oom(void) {
  fputs("sframe-validate: out of memory\n", stderr);
  return 2;
}

int cli_tree_take(cli_opts *o, int c, const char *arg) {
  cli_run *r;
  char *end;
  long v;
  if (c != 'r' && c != 'j' && (c < OPT_TREE_FILES_FROM || c > OPT_TREE_NO_SUMMARY))
    return -1;
  if ((r = run_of(o)) == NULL)
    return oom();
  switch (c) {
  case 'r': r->recursive = 1; break;
  case OPT_TREE_FILES_FROM: r->files_from = arg; break;
  case OPT_TREE_NULL: r->null_sep = 1; break;
  case OPT_TREE_SUMMARY: r->summary = 1; break;
  case OPT_TREE_NO_SUMMARY: r->summary = 0; break;
  default: /* 'j' */
    errno = 0;
    v = strtol(arg, &end, 10);
    if (errno != 0 || end == arg || *end != '\0' || v < 1 || v > 1024) {
      fputs("sframe-validate: bad -j/--jobs '", stderr);
      fmt_text_str(stderr, arg);
      fputs("' (1 to 1024)\nTry 'sframe-validate --help'.\n", stderr);
      return 2;
    }
    r->jobs = (int)v;
    break;
  }
  return 0;
}

int cli_tree_listed(const cli_opts *o) {
  return o->run != NULL && (o->run->recursive || o->run->files_from != NULL);
}

int cli_tree_summary_wanted(const cli_opts *o) {
  if (o->run == NULL || o->run->summary == 0)
    return 0;
  return o->run->summary == 1 || cli_tree_listed(o);
}

/* ---------------------------------------------------------------- list */

/* Appends path (copied) with an optional listing error; 0 or -1. */
static int add(cli_run *r, const char *path, size_t len, const char *err) {
  char *p, *e = NULL;
  if (r->n == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 64;
    char **np = realloc(r->paths, cap * sizeof *np);
    char **ne;
    if (np == NULL)
      return -1;
    r->paths = np;
    ne = realloc(r->pre_err, cap * sizeof *ne);
    if (ne == NULL)
      return -1;
    r->pre_err = ne;
    r->cap = cap;
  }
  if ((p = malloc(len + 1)) == NULL)
    return -1;
  memcpy(p, path, len);
  p[len] = '\0';
  if (err != NULL && (e = malloc(strlen(err) + 1)) == NULL) {
    free(p);
    return -1;
  }
  if (e != NULL)
    strcpy(e, err);
  r->paths[r->n] = p;
  r->pre_err[r->n++] = e;
  return 0;
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n >= m && strcmp(s + n - m, suf) == 0;
}

/* A file found in a tree: 1 when it is listed (ELF, or an ar archive
 * named *.a), 0 when skipped.  Unreadable files are listed: the check
 * then says why; only a file that is gone or no longer regular is
 * skipped. */
static int wanted(int dfd, const char *name) {
  unsigned char m[8];
  struct stat st;
  ssize_t got;
  char why[200];
  int fd = cli_open_regular(dfd, name, CLI_OPEN_NOFOLLOW, &st, why, sizeof why);
  if (fd < 0) {
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
      return errno != ENOENT;
    return S_ISREG(st.st_mode);
  }
  got = pread(fd, m, sizeof m, 0);
  close(fd);
  if (got < 0)
    return 1;
  if (got >= 4 && memcmp(m, "\x7f" "ELF", 4) == 0)
    return 1;
  return got == 8 && (memcmp(m, "!<arch>\n", 8) == 0 ||
                      memcmp(m, "!<thin>\n", 8) == 0) && has_suffix(name, ".a");
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One open directory of the walk: its sorted entries and the position. */
typedef struct frame {
  int fd;
  char **names;
  size_t n, next;
  size_t path_len;           /* length of its path in the path buffer */
} frame;

static void frame_free(frame *f) {
  size_t i;
  for (i = 0; i < f->n; i++)
    free(f->names[i]);
  free(f->names);
  if (f->fd >= 0)
    close(f->fd);
}

/* Reads the entries of directory fd (taken over) into f, sorted; 0, or an
 * errno value (fd closed). */
static int frame_read(frame *f, int fd) {
  DIR *d;
  struct dirent *de;
  size_t cap = 0;
  int dup_fd = dup(fd);
  memset(f, 0, sizeof *f);
  f->fd = fd;
  if (dup_fd < 0 || (d = fdopendir(dup_fd)) == NULL) {
    int err = errno;
    if (dup_fd >= 0)
      close(dup_fd);
    return err ? err : EIO;
  }
  errno = 0;
  while ((de = readdir(d)) != NULL) {
    char *nm;
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
      continue;
    if (f->n == cap) {
      char **p = realloc(f->names, (cap = cap ? cap * 2 : 32) * sizeof *p);
      if (p == NULL)
        break;
      f->names = p;
    }
    if ((nm = malloc(strlen(de->d_name) + 1)) == NULL)
      break;
    strcpy(nm, de->d_name);
    f->names[f->n++] = nm;
    errno = 0;
  }
  {
    int err = errno;
    closedir(d);
    if (err != 0)
      return err;
  }
  if (f->n > 1)
    qsort(f->names, f->n, sizeof *f->names, by_name);
  return 0;
}

/* path buffer: grows; *len is the current length. */
typedef struct pbuf {
  char *s;
  size_t len, cap;
} pbuf;

static int pbuf_set(pbuf *b, size_t keep, const char *add_s) {
  size_t n = strlen(add_s), sep = keep > 0 && b->s[keep - 1] != '/';
  if (keep + sep + n + 1 > b->cap) {
    size_t cap = (keep + sep + n + 1) * 2;
    char *p = realloc(b->s, cap);
    if (p == NULL)
      return -1;
    b->s = p;
    b->cap = cap;
  }
  if (sep)
    b->s[keep] = '/';
  memcpy(b->s + keep + sep, add_s, n + 1);
  b->len = keep + sep + n;
  return 0;
}

static int list_error(cli_run *r, const char *path, const char *what, int err) {
  char msg[256];
  snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
  return add(r, path, strlen(path), msg);
}

/* Walks the directory `root` (already known to be one). 0, or -1 (out of
 * memory). */
static int walk(cli_run *r, const char *root) {
  frame *st = NULL;
  size_t depth = 0, cap = 0;
  pbuf pb = {NULL, 0, 0};
  int fd, err, rc = 0;

  if (pbuf_set(&pb, 0, root) != 0)
    return -1;
  fd = open(root, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    rc = list_error(r, root, "cannot open directory", errno);
    free(pb.s);
    return rc;
  }
  for (;;) {
    frame *f;
    if (fd >= 0) {               /* enter the directory pb.s */
      if (depth == cap) {
        frame *p = realloc(st, (cap = cap ? cap * 2 : 16) * sizeof *p);
        if (p == NULL) {
          close(fd);
          rc = -1;
          break;
        }
        st = p;
      }
      if ((err = frame_read(&st[depth], fd)) != 0) {
        frame_free(&st[depth]);
        if ((rc = list_error(r, pb.s, "cannot read directory", err)) != 0)
          break;
      } else {
        st[depth].path_len = pb.len;
        depth++;
      }
      fd = -1;
    }
    if (depth == 0)
      break;
    f = &st[depth - 1];
    if (f->next == f->n) {       /* done: back to the parent */
      frame_free(f);
      depth--;
      continue;
    }
    {
      const char *name = f->names[f->next++];
      struct stat sb;
      if (pbuf_set(&pb, f->path_len, name) != 0) {
        rc = -1;
        break;
      }
      if (fstatat(f->fd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)     /* gone meanwhile */
          continue;
        if ((rc = list_error(r, pb.s, "cannot stat", errno)) != 0)
          break;
        continue;
      }
      if (S_ISDIR(sb.st_mode)) {
        fd = openat(f->fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
                                     O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 && errno != ELOOP && errno != ENOTDIR &&
            (rc = list_error(r, pb.s, "cannot open directory", errno)) != 0)
          break;
        if (fd < 0)
          continue;
      } else if (S_ISREG(sb.st_mode) && wanted(f->fd, name)) {
        if ((rc = add(r, pb.s, pb.len, NULL)) != 0)
          break;
      }
    }
  }
  while (depth > 0)
    frame_free(&st[--depth]);
  free(st);
  free(pb.s);
  return rc;
}

/* One operand (argv or --files-from): walked with -r when a directory
 * (symbolic links followed for operands), else listed as given (a missing
 * file or a symbolic link loop: the check says so; another failed stat
 * is the operand's error). */
static int operand(cli_run *r, const char *p, size_t len) {
  struct stat sb;
  if (r->recursive) {
    if (stat(p, &sb) != 0) {
      if (errno != ENOENT && errno != ELOOP && errno != ENOTDIR)
        return list_error(r, p, "cannot stat", errno);
    } else if (S_ISDIR(sb.st_mode)) {
      return walk(r, p);
    }
  }
  return add(r, p, len, NULL);
}

/* A list read in chunks (tree.h): a named list is opened like every input
 * (reader.h: a regular file, never blocking); "-" is standard input,
 * which may be a regular file, a pipe or a socket (the `find -print0 |
 * sframe-validate --null --files-from=-` use), never a terminal or a
 * device. */
static void list_err(const cli_list_in *in, const char *what) {
  fprintf(stderr, "sframe-validate: %s", in->opt);
  fmt_text_str(stderr, in->name);
  fprintf(stderr, ": %s\n", what);
}

int cli_list_open(cli_list_in *in, const char *opt, const char *name) {
  char why[200];
  struct stat st;
  memset(in, 0, sizeof *in);
  in->opt = opt;
  in->name = name;
  in->is_stdin = strcmp(name, "-") == 0;
  if (!in->is_stdin) {
    if (cli_src_open(&in->src, name, why, sizeof why) == 0)
      return 0;
    list_err(in, why);
    return -1;
  }
  if (fstat(0, &st) != 0) {
    list_err(in, strerror(errno));
    return -1;
  }
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode)) {
    list_err(in, "standard input is not a regular file, a pipe or a socket: "
                 "not read");
    return -1;
  }
  return 0;
}

ssize_t cli_list_read(cli_list_in *in, char *buf, size_t n) {
  char why[200];
  if (!in->is_stdin) {
    size_t k = in->src.size - in->off < n ? (size_t)(in->src.size - in->off) : n;
    if (cli_src_pread(&in->src, in->off, buf, k) != 0) {
      cli_src_error(&in->src, why, sizeof why);
      list_err(in, why);
      return -1;
    }
    in->off += k;
    return (ssize_t)k;
  }
  for (;;) {
    ssize_t got = read(0, buf, n);
    struct pollfd pf;
    if (got >= 0)
      return got;
    if (errno == EINTR)
      continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      snprintf(why, sizeof why, "read error: %s", strerror(errno));
      list_err(in, why);
      return -1;
    }
    pf.fd = 0;             /* a non-blocking pipe: wait for its writer */
    pf.events = POLLIN;
    if (poll(&pf, 1, -1) < 0 && errno != EINTR) {
      snprintf(why, sizeof why, "poll: %s", strerror(errno));
      list_err(in, why);
      return -1;
    }
  }
}

void cli_list_close(cli_list_in *in) {
  if (!in->is_stdin)
    cli_src_close(&in->src);
}

/* --files-from: names separated by '\n' (or NUL with --null); empty
 * names are skipped.  0, -1 out of memory, -2 input error (said). */
static int files_from(cli_run *r) {
  static char chunk[65536], name[PATH_MAX];
  cli_list_in in;
  size_t len = 0;
  uint64_t total = 0;
  char sep = r->null_sep ? '\0' : '\n';
  int rc = 0;
  if (cli_list_open(&in, "--files-from=", r->files_from) != 0)
    return -2;
  for (;;) {
    ssize_t got = cli_list_read(&in, chunk, sizeof chunk), i;
    if (got < 0) {
      rc = -2;
      break;
    }
    total += (uint64_t)got;
    if (total > CLI_LIST_MAX_BYTES) {
      list_err(&in, "the list is longer than " CLI_LIST_MAX_WORDS);
      rc = -2;
      break;
    }
    for (i = 0; i < got && rc == 0; i++) {
      char c = chunk[i];
      if (c == sep) {
        if (len > 0) {
          name[len] = '\0';
          rc = operand(r, name, len);
        }
        len = 0;
      } else if (c == '\0') {
        list_err(&in, "a name holds a NUL byte (use --null for NUL-separated "
                    "names)");
        rc = -2;
      } else if (len == sizeof name - 1) {
        list_err(&in, "a name of PATH_MAX bytes or more");
        rc = -2;
      } else {
        name[len++] = c;
      }
    }
    if (rc != 0 || got == 0)
      break;
  }
  if (rc == 0 && len > 0) {  /* the last name, without its separator */
    name[len] = '\0';
    rc = operand(r, name, len);
  }
  cli_list_close(&in);
  return rc;
}

int cli_tree_files(cli_opts *o, int argc, char **argv) {
  cli_run *r = o->run;
  int k, rc = 0;
  if (r == NULL) {               /* the plain case: argv as it is */
    o->paths = (const char **)(void *)argv;
    o->nfiles = argc;
    return 0;
  }
  if (r->summary == 1 && (o->mode != MODE_CHECK || o->format == FMT_CANONICAL)) {
    fputs("sframe-validate: --summary is for validation reports (text, json, "
          "sarif)\nTry 'sframe-validate --help'.\n", stderr);
    return 2;
  }
  if (r->null_sep && r->files_from == NULL) {
    fputs("sframe-validate: --null needs --files-from\n"
          "Try 'sframe-validate --help'.\n", stderr);
    return 2;
  }
  for (k = 0; k < argc && rc == 0; k++)
    rc = operand(r, argv[k], strlen(argv[k]));
  if (rc == 0 && r->files_from != NULL)
    rc = files_from(r);
  if (rc == -2)
    return 2;
  if (rc != 0 || r->n > (size_t)INT32_MAX)
    return oom();
  o->paths = (const char **)(void *)r->paths;
  o->nfiles = (int)r->n;
  return 0;
}

void cli_tree_free(cli_opts *o) {
  size_t i;
  cli_run *r = o->run;
  if (r == NULL)
    return;
  for (i = 0; i < r->n; i++) {
    free(r->paths[i]);
    free(r->pre_err[i]);
  }
  free(r->paths);
  free(r->pre_err);
  free(r);
  o->run = NULL;
}

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

/* Hands out path (copied) with an optional listing error as *it; 1, or
 * -1 when out of memory. */
static int yield(cli_item *it, const char *path, size_t len, const char *err) {
  it->path = malloc(len + 1);
  it->pre_err = NULL;
  if (it->path == NULL)
    return -1;
  memcpy(it->path, path, len);
  it->path[len] = '\0';
  if (err != NULL) {
    if ((it->pre_err = malloc(strlen(err) + 1)) == NULL) {
      free(it->path);
      it->path = NULL;
      return -1;
    }
    strcpy(it->pre_err, err);
  }
  return 1;
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

/* One open directory of the walk: its entries' names, sorted, packed in
 * one buffer (names[i] is an offset into it), and the position. */
struct cli_frame {
  int fd;
  char *text;
  size_t *names;
  size_t n, next;
  size_t path_len;           /* length of its path in the path buffer */
};

static void frame_free(cli_frame *f) {
  free(f->text);
  free(f->names);
  if (f->fd >= 0)
    close(f->fd);
}

static const char *sort_text;   /* qsort has no context argument */
static int by_name(const void *a, const void *b) {
  return strcmp(sort_text + *(const size_t *)a, sort_text + *(const size_t *)b);
}

/* Reads the entries of directory fd (taken over) into f, sorted; 0, or an
 * errno value (fd closed by frame_free). */
static int frame_read(cli_frame *f, int fd) {
  DIR *d;
  struct dirent *de;
  size_t cap = 0, tcap = 0, tlen = 0;
  int dup_fd = dup(fd), err;
  memset(f, 0, sizeof *f);
  f->fd = fd;
  if (dup_fd < 0 || (d = fdopendir(dup_fd)) == NULL) {
    err = errno;
    if (dup_fd >= 0)
      close(dup_fd);
    return err ? err : EIO;
  }
  errno = 0;
  while ((de = readdir(d)) != NULL) {
    size_t len = strlen(de->d_name) + 1;
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
      continue;
    if (f->n == cap) {
      size_t *p = realloc(f->names, (cap = cap ? cap * 2 : 32) * sizeof *p);
      if (p == NULL)
        break;
      f->names = p;
    }
    if (tlen + len > tcap) {
      char *t = realloc(f->text, tcap = (tlen + len) * 2);
      if (t == NULL)
        break;
      f->text = t;
    }
    memcpy(f->text + tlen, de->d_name, len);
    f->names[f->n++] = tlen;
    tlen += len;
    errno = 0;
  }
  err = errno;
  closedir(d);
  if (err != 0)
    return err;
  if (f->n > 1) {
    sort_text = f->text;
    qsort(f->names, f->n, sizeof *f->names, by_name);
  }
  return 0;
}

typedef cli_path_buf pbuf;

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

static int list_error(cli_item *it, const char *path, const char *what, int err) {
  char msg[256];
  snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
  return yield(it, path, strlen(path), msg);
}

/* Enters directory fd (taken over), whose path is r->pb.s: 0, 1 with an
 * item (it cannot be read), -1 out of memory. */
static int enter(cli_run *r, int fd, cli_item *it) {
  int err;
  if (r->depth == r->cap) {
    cli_frame *p = realloc(r->st, (r->cap ? r->cap * 2 : 16) * sizeof *p);
    if (p == NULL) {
      close(fd);
      return -1;
    }
    r->st = p;
    r->cap = r->cap ? r->cap * 2 : 16;
  }
  if ((err = frame_read(&r->st[r->depth], fd)) != 0) {
    frame_free(&r->st[r->depth]);
    return list_error(it, r->pb.s, "cannot read directory", err);
  }
  r->st[r->depth++].path_len = r->pb.len;
  return 0;
}

/* Starts the walk of directory root (known to be one): 0, 1, -1 as
 * enter(). */
static int walk_start(cli_run *r, const char *root, cli_item *it) {
  int fd;
  if (pbuf_set(&r->pb, 0, root) != 0)
    return -1;
  fd = open(root, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return list_error(it, root, "cannot open directory", errno);
  return enter(r, fd, it);
}

/* The walk's next item: 1, 0 when it is over, -1 out of memory. */
static int walk_next(cli_run *r, cli_item *it) {
  while (r->depth > 0) {
    cli_frame *f = &r->st[r->depth - 1];
    const char *name;
    struct stat sb;
    int fd;
    if (f->next == f->n) {       /* done: back to the parent */
      frame_free(f);
      r->depth--;
      continue;
    }
    name = f->text + f->names[f->next++];
    if (pbuf_set(&r->pb, f->path_len, name) != 0)
      return -1;
    if (fstatat(f->fd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno == ENOENT)       /* gone meanwhile */
        continue;
      return list_error(it, r->pb.s, "cannot stat", errno);
    }
    if (S_ISDIR(sb.st_mode)) {
      int rc;
      fd = openat(f->fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
                                   O_NONBLOCK | O_CLOEXEC);
      if (fd < 0) {
        if (errno == ELOOP || errno == ENOTDIR)
          continue;
        return list_error(it, r->pb.s, "cannot open directory", errno);
      }
      if ((rc = enter(r, fd, it)) != 0)
        return rc;
    } else if (S_ISREG(sb.st_mode) && wanted(f->fd, name)) {
      return yield(it, r->pb.s, r->pb.len, NULL);
    }
  }
  return 0;
}

/* One operand (argv or --files-from): walked with -r when a directory
 * (symbolic links followed for operands), else listed as given (a missing
 * file or a symbolic link loop: the check says so; another failed stat
 * is the operand's error).  1 with an item, 0 when a walk began (or
 * nothing is listed), -1 out of memory. */
static int operand(cli_run *r, const char *p, size_t len, cli_item *it) {
  struct stat sb;
  if (r->recursive) {
    if (stat(p, &sb) != 0) {
      if (errno != ENOENT && errno != ELOOP && errno != ENOTDIR)
        return list_error(it, p, "cannot stat", errno);
    } else if (S_ISDIR(sb.st_mode)) {
      return walk_start(r, p, it);
    }
  }
  return yield(it, p, len, NULL);
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

/* --files-from: the next name, separated by '\n' (or NUL with --null);
 * empty names are skipped.  1 with the name in r->name (r->name_len
 * bytes, NUL-ended), 0 at the end, -2 input error (said). */
static int ff_next(cli_run *r) {
  char sep = r->null_sep ? '\0' : '\n';
  while (r->ff_state == 1) {
    while (r->chunk_pos < r->chunk_len) {
      char c = r->chunk[r->chunk_pos++];
      if (c == sep) {
        if (r->name_len > 0) {
          r->name[r->name_len] = '\0';
          r->name_len = 0;
          return 1;
        }
      } else if (c == '\0') {
        list_err(&r->in, "a name holds a NUL byte (use --null for "
                         "NUL-separated names)");
        return -2;
      } else if (r->name_len == sizeof r->name - 1) {
        list_err(&r->in, "a name of PATH_MAX bytes or more");
        return -2;
      } else {
        r->name[r->name_len++] = c;
      }
    }
    {
      ssize_t got = cli_list_read(&r->in, r->chunk, sizeof r->chunk);
      if (got < 0)
        return -2;
      r->chunk_pos = 0;
      r->chunk_len = (size_t)got;
      if (got == 0) {
        r->ff_state = 2;
        cli_list_close(&r->in);
        if (r->name_len > 0) {   /* the last name, without its separator */
          r->name[r->name_len] = '\0';
          return 1;
        }
      }
    }
  }
  return 0;
}

int cli_tree_next(cli_opts *o, cli_item *it) {
  cli_run *r = o->run;
  int rc;
  it->path = it->pre_err = NULL;
  for (;;) {
    if (r->depth > 0) {
      if ((rc = walk_next(r, it)) != 0)
        break;
    } else if (r->argi < r->argc) {
      const char *p = r->argv[r->argi++];
      if ((rc = operand(r, p, strlen(p), it)) != 0)
        break;
    } else if (r->files_from != NULL && r->ff_state != 2) {
      if ((rc = ff_next(r)) == 1)
        rc = operand(r, r->name, strlen(r->name), it);
      if (rc != 0)
        break;
    } else {
      return 0;
    }
  }
  if (rc == -1) {
    fputs("sframe-validate: out of memory\n", stderr);
    return -1;
  }
  return rc == -2 ? -1 : 1;
}

int cli_tree_files(cli_opts *o, int argc, char **argv) {
  cli_run *r = run_of(o);
  if (r == NULL)
    return oom();
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
  r->argv = argv;
  r->argc = argc;
  /* A list that cannot be opened (or is not a file, pipe or socket) is
   * refused before any file is checked; its read errors come as read. */
  if (r->files_from != NULL) {
    if (cli_list_open(&r->in, "--files-from=", r->files_from) != 0)
      return 2;
    r->ff_state = 1;
  }
  return 0;
}

void cli_tree_free(cli_opts *o) {
  cli_run *r = o->run;
  if (r == NULL)
    return;
  while (r->depth > 0)
    frame_free(&r->st[--r->depth]);
  free(r->st);
  free(r->pb.s);
  if (r->ff_state == 1)
    cli_list_close(&r->in);
  free(r);
  o->run = NULL;
}

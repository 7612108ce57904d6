/* SPDX-License-Identifier: MIT */
/* archive.c - ar archives as iterators (file_run.h): the dispatcher
 * (check.c) asks for each ELF member in turn and reads it as a file of its
 * own, named as binutils names it, "libfoo.a(member.o)".
 *
 * Formats: GNU (symbol table "/" or "/SYM64/", long names "/N" into the
 * "//" table), BSD (long names "#1/N" stored before the member's data,
 * "__.SYMDEF" symbol tables), and thin archives ("!<thin>\n": members are
 * the files the names give, relative to the archive's directory).
 *
 * Invariants:
 *  - every header field is untrusted: a member header is read only when its
 *    60 bytes lie in the archive, a member's data only when its size (a
 *    decimal field, overflow-checked) fits in what is left, a name (a "//"
 *    offset, a BSD #1/N length) only from bytes that lie in the archive,
 *    thin archives included (there a member's size is that of a file
 *    elsewhere, so it bounds nothing in the archive); a bad header ends the
 *    walk with an ar-header diagnostic, a bad name is an ar-name
 *    diagnostic, never an over-read nor an I/O error;
 *  - the walk advances by at least 60 bytes per member, so it ends; a thin
 *    member is opened like any input (regular files only, never blocking);
 *  - nested archives are not read (ar-nested);
 *  - the archive's own diagnostics are kept (up to --max-diags) and printed
 *    as the archive's record after its members' records.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "file_run.h"
#include "common/intree.h" /* the rules' slot structs */

#define AR_HDR 60u
#define AR_NAME_MAX CLI_AR_NAME_MAX

int (*cli_archive_thin_allow)(const char *name);

int cli_is_archive(const uint8_t *p, size_t n) {
  return n >= 8 && (memcmp(p, "!<arch>\n", 8) == 0 ||
                    memcmp(p, "!<thin>\n", 8) == 0);
}


/* Keeps one archive diagnostic; values by slot name through AR_FIND. */
static void ar_diag(cli_ar_iter *w, sfv_rule_id rule, uint64_t off,
                    sfv_slot_values v) {
  const sfv_rule_info *ri = sfv_rule_get(rule);
  sfv_diag *d;
  if (ri == NULL)
    return;
  if (w->ndiags == w->cap) {
    uint32_t cap = w->cap ? w->cap * 2 : 16;
    sfv_diag *p = realloc(w->diags, cap * sizeof *p);
    if (p == NULL)
      return;
    w->diags = p;
    w->cap = cap;
  }
  d = &w->diags[w->ndiags++];
  memset(d, 0, sizeof *d);
  d->rule = rule;
  d->severity = ri->severity;
  d->offset = off;
  d->fde = SFV_NONE;
  d->fre = SFV_NONE;
  d->found = v.found;
  d->expected = v.expected;
  d->aux = v.aux;
}

/* The typed reporter (src/common/report.h): AR_FIND(w, AR_NAME, off, .slot = v,
 * ...) names the rule's slots (sfv_schema.def); a slot the rule does not
 * have does not compile. */
#define AR_FIND(w, R, off, ...)                                              \
  ar_diag((w), SFV_R_##R, (off),                                             \
          sfv_pack_##R((struct sfv_slots_##R){__VA_ARGS__}))

/* Archive offsets and sizes are file offsets or decimal fields of at most
 * 10 digits: always below 2^63. */
static int64_t ar_i64(uint64_t x) { return x > INT64_MAX ? 0 : (int64_t)x; }

/* Decimal field of an ar header (digits, then spaces); 0 if malformed. */
static int ar_decimal(const uint8_t *p, size_t n, uint64_t *v) {
  size_t i = 0;
  *v = 0;
  while (i < n && p[i] >= '0' && p[i] <= '9') {
    *v = *v * 10u + (uint64_t)(p[i] - '0'); /* at most 10 digits: no overflow */
    i++;
  }
  if (i == 0)
    return 0;
  while (i < n && p[i] == ' ')
    i++;
  return i == n;
}

/* The member's name into name[] (NUL-terminated).  *skip_data: bytes of the
 * member's data holding the name (BSD #1/N).  avail: the archive's bytes
 * after the header (a name is read only from there: in a thin archive msize
 * is the size of a file elsewhere).  Returns 1 (named), 0 (a symbol or name
 * table: not a member), -1 (bad name: reported). */
static int ar_name(cli_ar_iter *w, uint64_t hoff, const uint8_t *h, uint64_t msize,
                   uint64_t avail, char *name, size_t n, uint64_t *skip_data) {
  size_t len;
  uint64_t v;
  *skip_data = 0;
  if (memcmp(h, "/               ", 16) == 0 || memcmp(h, "/SYM64/         ", 16) == 0)
    return 0;
  if (memcmp(h, "//              ", 16) == 0)
    return 0;
  if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
    /* GNU long name: offset into "//", ends with "/\n" (or "\n"). */
    uint8_t buf[AR_NAME_MAX];
    size_t want, i;
    if (!ar_decimal(h + 1, 15, &v) || w->names_len == 0 || v >= w->names_len) {
      AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff),
              .table_size = ar_i64(w->names_len), .name_offset = ar_i64(v));
      return -1;
    }
    want = w->names_len - v < sizeof buf ? (size_t)(w->names_len - v) : sizeof buf;
    if (cli_src_pread(w->src, w->names_off + v, buf, want) != 0)
      return -1;
    for (i = 0; i < want && buf[i] != '\n'; i++)
      ;
    if (i == want || i == 0) {
      AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff),
              .table_size = ar_i64(w->names_len), .name_offset = ar_i64(v));
      return -1;
    }
    len = buf[i - 1] == '/' ? i - 1 : i;
    if (len >= n)
      len = n - 1;
    memcpy(name, buf, len);
    name[len] = '\0';
    return len > 0 ? 1 : (AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff),
              .table_size = ar_i64(w->names_len), .name_offset = ar_i64(v)), -1);
  }
  if (memcmp(h, "#1/", 3) == 0) {
    /* BSD long name: the first v bytes of the data. */
    if (!ar_decimal(h + 3, 13, &v) || v > msize || v > avail || v == 0 ||
        v >= n) {
      AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff),
              .table_size = ar_i64(msize < avail ? msize : avail),
              .name_offset = ar_i64(v));
      return -1;
    }
    if (cli_src_pread(w->src, hoff + AR_HDR, name, (size_t)v) != 0)
      return -1;
    name[v] = '\0';
    *skip_data = v;
    len = strlen(name); /* NUL padding allowed */
    if (strncmp(name, "__.SYMDEF", 9) == 0)
      return 0;
    return len > 0 ? 1 : (AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff),
              .table_size = ar_i64(msize), .name_offset = ar_i64(v)), -1);
  }
  /* Short name: GNU ends it with '/', BSD pads with spaces. */
  for (len = 0; len < 16 && h[len] != '/' && h[len] != ' '; len++)
    ;
  if (len == 0) {
    AR_FIND(w, AR_NAME, hoff, .header_offset = ar_i64(hoff), .table_size = 16,
            .name_offset = 0);
    return -1;
  }
  memcpy(name, h, len);
  name[len] = '\0';
  if (strcmp(name, "__.SYMDEF") == 0)
    return 0;
  return 1;
}

/* Whether the member in src is an ELF file to hand out; anything else is
 * reported as the archive's own diagnostic.  -1 when it cannot be read. */
static int ar_is_elf_member(cli_ar_iter *w, uint64_t hoff, cli_src *src) {
  uint8_t magic[8];
  size_t n = src->size < sizeof magic ? (size_t)src->size : sizeof magic;
  w->members++;
  if (cli_src_pread(src, 0, magic, n) != 0)
    return -1;
  if (cli_is_archive(magic, n)) {
    AR_FIND(w, AR_NESTED, hoff, .header_offset = ar_i64(hoff));
    return 0;
  }
  if (n < 4 || memcmp(magic, "\x7f" "ELF", 4) != 0) {
    AR_FIND(w, AR_MEMBER_NOT_ELF, hoff, .header_offset = ar_i64(hoff),
            .member_size = ar_i64(src->size));
    return 0;
  }
  return 1;
}

/* A thin member: opens the file `m->name` relative to the archive's
 * directory into m->src; 1 opened, 0 reported (not opened). */
static int ar_thin_open(cli_ar_iter *w, uint64_t hoff, cli_ar_member *m,
                        uint64_t msize) {
  char full[AR_NAME_MAX + 4096], why[200];
  const char *slash = strrchr(w->path, '/');
  if (cli_archive_thin_allow != NULL && !cli_archive_thin_allow(m->name)) {
    AR_FIND(w, AR_THIN_MEMBER, hoff, .header_offset = ar_i64(hoff),
            .member_size = ar_i64(msize));
    return 0;
  }
  if (m->name[0] == '/' || slash == NULL)
    snprintf(full, sizeof full, "%s", m->name);
  else
    snprintf(full, sizeof full, "%.*s/%s", (int)(slash - w->path), w->path,
             m->name);
  if (cli_src_open(&m->src, full, why, sizeof why) != 0 || m->src.size != msize) {
    if (m->src.fd >= 0 || m->src.mem != NULL)
      cli_src_close(&m->src);
    AR_FIND(w, AR_THIN_MEMBER, hoff, .header_offset = ar_i64(hoff),
            .member_size = ar_i64(msize));
    return 0;
  }
  return 1;
}

/* The archive's own read failure, reported once; ends the walk. */
static int ar_io(cli_ar_iter *w) {
  if (w->src->failed)
    (void)cli_src_io_error(w->o, w->idx, w->src);
  w->done = 1;
  return CLI_AR_IO;
}

int cli_ar_next(cli_ar_iter *w, cli_ar_member *m) {
  uint64_t size = w->src->size;
  while (!w->done && w->off < size) {
    uint8_t h[AR_HDR];
    uint64_t msize, skip, data, off = w->off;
    int named, special, opened = 0, elf;
    if (size - off < AR_HDR) {
      AR_FIND(w, AR_HEADER, off, .header_offset = ar_i64(off),
              .archive_size = ar_i64(size), .member_size = ar_i64(size - off));
      break;
    }
    if (cli_src_pread(w->src, off, h, AR_HDR) != 0)
      return ar_io(w);
    if (h[58] != '`' || h[59] != '\n' || !ar_decimal(h + 48, 10, &msize)) {
      AR_FIND(w, AR_HEADER, off, .header_offset = ar_i64(off),
              .archive_size = ar_i64(size), .member_size = 0);
      break;
    }
    data = off + AR_HDR;
    special = h[0] == '/' && (h[1] == ' ' || h[1] == '/' || h[1] == 'S');
    if ((!w->thin || special) && msize > size - data) {
      AR_FIND(w, AR_HEADER, off, .header_offset = ar_i64(off),
              .archive_size = ar_i64(size), .member_size = ar_i64(msize));
      break;
    }
    if (memcmp(h, "//              ", 16) == 0) {
      w->names_off = data;
      w->names_len = msize;
    }
    named = ar_name(w, off, h, msize, size - data, m->name, sizeof m->name,
                    &skip);
    if (w->src->failed)
      return ar_io(w);
    if (w->thin && !special && named == 0 && msize > size - data) {
      /* A BSD symbol table (__.SYMDEF) keeps its data in a thin archive too. */
      AR_FIND(w, AR_HEADER, off, .header_offset = ar_i64(off),
              .archive_size = ar_i64(size), .member_size = ar_i64(msize));
      break;
    }
    /* The walk advances by at least one header per member; as binutils,
     * a thin member's BSD name is in the archive, its data is not. */
    if (w->thin && !special && named != 0)
      w->off = data + skip;
    else
      w->off = data + msize + (msize & 1u);
    if (named <= 0)
      continue;
    if (w->thin && !special) {
      opened = ar_thin_open(w, off, m, msize - skip);
    } else {
      cli_src_window(&m->src, w->src, data + skip, msize - skip);
      opened = 1;
    }
    if (!opened)
      continue;
    elf = ar_is_elf_member(w, off, &m->src);
    if (elf == 1) {
      w->elf_members++;
      /* never cut: two members would print, and key a baseline, alike */
      snprintf(m->display, sizeof m->display, "%s(%s)", w->path, m->name);
      if (w->o->mode == MODE_DUMP && w->elf_members == 1) {
        fputs("In archive ", stdout); /* objdump's line, once */
        fmt_text_str(stdout, w->path);
        fputs(":\n", stdout);
      }
      return CLI_AR_MEMBER;
    }
    if (cli_ar_member_done(w, m, elf) == 2)
      return CLI_AR_IO;
  }
  w->done = 1;
  return CLI_AR_END;
}

int cli_ar_member_done(cli_ar_iter *w, cli_ar_member *m, int rc) {
  if (rc == -1 || m->src.failed) {
    (void)cli_src_io_error(w->o, w->idx, &m->src);
    rc = 2;
    w->done = 1;
  }
  cli_src_close(&m->src);
  return rc;
}

int cli_ar_begin(cli_ar_iter *w, cli_opts *o, int idx, const char *path,
                 cli_src *src) {
  int mode = cli_mode_of(o);
  uint8_t magic[8];
  memset(w, 0, sizeof *w);
  if (mode == MODE_LOOKUP || mode == CLI_MODE_CANONICAL)
    return cli_io_error(o, idx, "an ar archive holds many sections: --lookup "
                                "and --format=canonical take one ELF file or "
                                "section");
  w->o = o;
  w->idx = idx;
  w->path = path;
  w->src = src;
  w->off = 8;
  if (cli_src_pread(src, 0, magic, 8) != 0)
    return cli_src_io_error(o, idx, src);
  w->thin = memcmp(magic, "!<thin>\n", 8) == 0;
  return 0;
}

int cli_ar_end(cli_ar_iter *w, int worst) {
  file_run fr;
  uint32_t i;
  int rc = worst;
  if (cli_mode_of(w->o) == MODE_CHECK && rc != 2) {
    cli_run_init(&fr, w->o, w->idx, w->path);
    fr.fi.is_archive = 1;
    fr.fi.members = w->members;
    fr.fi.elf_members = w->elf_members;
    cli_out_file_begin(w->o, &fr.fi);
    for (i = 0; i < w->ndiags; i++)
      cli_run_extra(&fr, &w->diags[i]);
    if (cli_run_finish(&fr, NULL, 0, 0, 0, 0) > rc)
      rc = 1;
  }
  free(w->diags);
  w->diags = NULL;
  return rc;
}

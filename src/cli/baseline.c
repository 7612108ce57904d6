/* baseline.c - --baseline=OLD.json: compares a run's diagnostics with those
 * of a previous run's --format=json document, so that only new problems
 * fail a build.
 *
 * Key of a diagnostic: (file path as printed, rule id, FDE index, FRE
 * index).  Offsets are left out: they move whenever a section grows, while
 * FDE/FRE indices only move when functions are added before the one in
 * question.  Matching is one-to-one in order (a multiset): with three
 * baseline diagnostics of one key and four now, one is new.  Severity is
 * not part of the key.  Baseline files that this run does not check are
 * ignored (neither fixed nor unchanged).
 *
 * Exit status with a baseline: 1 when some diagnostic of effective
 * severity error is new, else 0 (2 for I/O errors as always); an
 * unreadable or malformed OLD.json is a usage error (2) before any file
 * is read.  Memory: the baseline's entries (bounded by its size, at most
 * BASELINE_MAX_BYTES) and the new ones; lookups are hashed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "json_read.h"

#define BASELINE_MAX_BYTES ((size_t)256 << 20)
#define BL_STR_MAX 8192

typedef struct bl_file {
  char *path;
  int idx;                   /* index in this run, -1 while not seen */
} bl_file;

typedef struct bl_ent {
  uint32_t file;             /* into files[] */
  char *rule;
  int64_t fde, fre;
  sfv_severity sev;
  int matched;
  /* Entries of one key form a chain in baseline order (index + 1, 0 =
   * end); the first of the chain is in the hash table and keeps the
   * chain's last entry and its first unmatched one, so that identical
   * keys cost O(1) each to index and to match. */
  uint32_t next, last, cursor;
} bl_ent;

/* A new diagnostic of this run. */
typedef struct bl_new {
  uint32_t file;
  const char *rule;          /* catalogue id (static) */
  int64_t fde, fre;
  sfv_severity sev;
} bl_new;

struct cli_baseline {
  const char *name;
  bl_file *files;
  uint32_t nfiles, capfiles;
  bl_ent *ents;
  uint32_t nents, capents;
  uint32_t *fslot, fmask;    /* open addressing: file index + 1 */
  uint32_t *eslot, emask;    /* entry index + 1 */
  bl_new *news;
  uint32_t nnew, capnew;
  uint32_t cur;              /* files[] index of the file being checked */
  uint64_t unchanged, nerr_new;
  int oom;
  int sarif;                 /* the report is SARIF (else JSON) */
};

/* 32-bit FNV-1a; the product is formed in 64 bits and masked, so no
 * arithmetic wraps (the sanitized build traps on unsigned overflow). */
static uint64_t mix(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  size_t i;
  for (i = 0; i < n; i++)
    h = ((h ^ b[i]) * 16777619u) & 0xffffffffu;
  return h;
}

static uint64_t key_hash(const char *path, const char *rule, int64_t fde,
                         int64_t fre) {
  uint64_t h = 2166136261u;
  h = mix(h, path, strlen(path) + 1);
  h = mix(h, rule, strlen(rule) + 1);
  h = mix(h, &fde, sizeof fde);
  return mix(h, &fre, sizeof fre);
}

static int grow(void **p, uint32_t *cap, size_t el, uint32_t need) {
  void *q;
  uint32_t n;
  if (need <= *cap)
    return 1;
  if (*cap > UINT32_MAX / 2)
    return 0;
  n = *cap ? *cap * 2 : 64;
  q = realloc(*p, (size_t)n * el);
  if (q == NULL)
    return 0;
  *p = q;
  *cap = n;
  return 1;
}

static char *dup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d != NULL)
    memcpy(d, s, n);
  return d;
}

static int make_slots(uint32_t **slot, uint32_t *mask, uint32_t n);

static void file_slots(cli_baseline *b) {
  uint32_t k;
  for (k = 0; k < b->nfiles; k++) {
    uint32_t i = (uint32_t)key_hash(b->files[k].path, "", 0, 0) & b->fmask;
    while (b->fslot[i] != 0)
      i = (i + 1) & b->fmask;
    b->fslot[i] = k + 1;
  }
}

/* Index of path in files[], adding it when add; UINT32_MAX if absent or
 * out of memory.  The table is kept at most half full (rebuilt twice as
 * large), so a probe always ends at an empty slot. */
static uint32_t file_of(cli_baseline *b, const char *path, int add) {
  uint32_t i = (uint32_t)key_hash(path, "", 0, 0) & b->fmask, k;
  while ((k = b->fslot[i]) != 0) {
    if (strcmp(b->files[k - 1].path, path) == 0)
      return k - 1;
    i = (i + 1) & b->fmask;
  }
  if (!add || !grow((void **)&b->files, &b->capfiles, sizeof *b->files,
                    b->nfiles + 1))
    return UINT32_MAX;
  if ((b->files[b->nfiles].path = dup(path)) == NULL)
    return UINT32_MAX;
  b->files[b->nfiles].idx = -1;
  b->fslot[i] = ++b->nfiles;
  if (b->nfiles > (b->fmask + 1) / 4) {
    uint32_t *old = b->fslot, omask = b->fmask;
    if (!make_slots(&b->fslot, &b->fmask, b->nfiles * 2)) {
      b->fslot = old;
      b->fmask = omask;
      return b->nfiles > (b->fmask + 1) / 2 ? UINT32_MAX : b->nfiles - 1;
    }
    free(old);
    file_slots(b);
  }
  return b->nfiles - 1;
}

static sfv_severity sev_of(const char *s) {
  return strcmp(s, "error") == 0     ? SFV_SEV_ERROR
         : strcmp(s, "warning") == 0 ? SFV_SEV_WARNING
                                     : SFV_SEV_NOTE;
}

/* Tables sized for n entries and files (load factor <= 1/2). */
static int make_slots(uint32_t **slot, uint32_t *mask, uint32_t n) {
  uint32_t size = 64;
  while (size < 2u * n + 2u) {
    if (size > UINT32_MAX / 4)
      return 0;
    size *= 2;
  }
  *slot = calloc(size, sizeof **slot);
  *mask = size - 1;
  return *slot != NULL;
}

/* ---------------------------------------------------------------- */
/* Reading OLD.json.                                                  */

typedef struct pending {
  char path[BL_STR_MAX];
  int have_path, bytes_path;
} pending;

/* Hex bytes of path_bytes into out (NUL-terminated); 0 if malformed. */
static int unhex(const char *h, char *out, size_t cap) {
  size_t n = strlen(h), i;
  if (n % 2 || n / 2 + 1 > cap)
    return 0;
  for (i = 0; i < n / 2; i++) {
    unsigned v = 0, k;
    for (k = 0; k < 2; k++) {
      char c = h[2 * i + k];
      unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a') + 10u
                                          : 16u;
      if (d > 15)
        return 0;
      v = v * 16 + d;
    }
    if (v == 0)
      return 0;
    out[i] = (char)v;
  }
  out[n / 2] = '\0';
  return 1;
}

/* The reader's error; never NULL (a token the grammar excludes where it
 * is met is malformed too). */
static const char *jr_why(const jr *r) {
  return r->err != NULL ? r->err : "malformed report";
}

/* One diagnostic object (its JT_OBJ read) of file `file`. */
static const char *read_diag(cli_baseline *b, jr *r, uint32_t file) {
  bl_ent e;
  int t, have_rule = 0;
  memset(&e, 0, sizeof e);
  e.file = file;
  e.fde = e.fre = SFV_NONE;
  e.sev = SFV_SEV_ERROR;
  while ((t = jr_next(r)) == JT_KEY) {
    int is_rule = strcmp(r->buf, "rule") == 0, is_fde = strcmp(r->buf, "fde") == 0,
        is_fre = strcmp(r->buf, "fre") == 0, is_sev = strcmp(r->buf, "severity") == 0;
    t = jr_next(r);
    if (t == JT_ERROR)
      break;
    if (is_rule || is_sev) {
      if (t != JT_STR) {
        free(e.rule);
        return "\"rule\" and \"severity\" must be strings";
      }
      if (is_sev) {
        e.sev = sev_of(r->buf);
      } else {
        free(e.rule);
        if ((e.rule = dup(r->buf)) == NULL)
          return "out of memory";
        have_rule = 1;
      }
    } else if (is_fde || is_fre) {
      int64_t v = SFV_NONE;
      if (t == JT_NUM) {
        if (!jr_int(r, &v) || v < 0)
          goto bad_index;
      } else if (t != JT_NULL) {
        goto bad_index;
      }
      *(is_fde ? &e.fde : &e.fre) = v;
    } else if (jr_skip(r, t) == JT_ERROR) {
      free(e.rule);
      return jr_why(r);
    }
  }
  if (t != JT_OBJ_END || !have_rule) {
    free(e.rule);
    return t == JT_ERROR ? jr_why(r) : "a diagnostic without \"rule\"";
  }
  if (!grow((void **)&b->ents, &b->capents, sizeof *b->ents, b->nents + 1)) {
    free(e.rule);
    return "out of memory";
  }
  b->ents[b->nents++] = e;
  return NULL;
bad_index:
  free(e.rule);
  return "\"fde\" and \"fre\" must be null or non-negative integers";
}

/* One element of "files" (its JT_OBJ read). */
static const char *read_file_obj(cli_baseline *b, jr *r, pending *pd) {
  uint32_t first = b->nents, file, k;
  int t;
  const char *err;
  pd->have_path = pd->bytes_path = 0;
  /* Entries are read with a placeholder file; their path may come after
   * the diagnostics (not in our writer's order, but legal JSON). */
  while ((t = jr_next(r)) == JT_KEY) {
    int is_path = strcmp(r->buf, "path") == 0;
    int is_bytes = strcmp(r->buf, "path_bytes") == 0;
    int is_diags = strcmp(r->buf, "diagnostics") == 0;
    t = jr_next(r);
    if (t == JT_ERROR)
      return jr_why(r);
    if (is_path || is_bytes) {
      if (t != JT_STR)
        return "\"path\" must be a string";
      if (is_bytes) {
        if (!unhex(r->buf, pd->path, sizeof pd->path))
          return "bad \"path_bytes\"";
        pd->bytes_path = 1;
      } else if (!pd->bytes_path) {
        memcpy(pd->path, r->buf, r->len + 1);
      }
      pd->have_path = 1;
    } else if (is_diags) {
      if (t != JT_ARR)
        return "\"diagnostics\" must be an array";
      while ((t = jr_next(r)) == JT_OBJ)
        if ((err = read_diag(b, r, UINT32_MAX)) != NULL)
          return err;
      if (t != JT_ARR_END)
        return t == JT_ERROR ? jr_why(r) : "a diagnostic must be an object";
    } else if (jr_skip(r, t) == JT_ERROR) {
      return jr_why(r);
    }
  }
  if (t != JT_OBJ_END)
    return jr_why(r);
  if (!pd->have_path)
    return "a file without \"path\"";
  if ((file = file_of(b, pd->path, 1)) == UINT32_MAX)
    return "out of memory";
  for (k = first; k < b->nents; k++)
    b->ents[k].file = file;
  return NULL;
}

static const char *read_doc(cli_baseline *b, jr *r) {
  static pending pd;         /* one path buffer, not on the stack */
  int t = jr_next(r), seen_files = 0;
  const char *err;
  if (t != JT_OBJ)
    return t == JT_ERROR ? jr_why(r) : "not a JSON object";
  while ((t = jr_next(r)) == JT_KEY) {
    int is_files = strcmp(r->buf, "files") == 0;
    t = jr_next(r);
    if (!is_files) {
      if (jr_skip(r, t) == JT_ERROR)
        return jr_why(r);
      continue;
    }
    if (t != JT_ARR)
      return t == JT_ERROR ? jr_why(r) : "\"files\" must be an array";
    seen_files = 1;
    while ((t = jr_next(r)) == JT_OBJ)
      if ((err = read_file_obj(b, r, &pd)) != NULL)
        return err;
    if (t != JT_ARR_END)
      return t == JT_ERROR ? jr_why(r) : "a file must be an object";
  }
  if (t != JT_OBJ_END)
    return jr_why(r);
  if (jr_next(r) != JT_END)
    return jr_why(r);
  return seen_files ? NULL
                    : "no \"files\": not a sframe-validate --format=json report";
}

static int same_key(const bl_ent *a, const bl_ent *e) {
  return a->file == e->file && a->fde == e->fde && a->fre == e->fre &&
         strcmp(a->rule, e->rule) == 0;
}

/* The entries' table, once their count is known: one slot per distinct
 * key, its entries chained in baseline order. */
static const char *index_entries(cli_baseline *b) {
  uint32_t k, h;
  if (!make_slots(&b->eslot, &b->emask, b->nents))
    return "out of memory";
  for (k = 0; k < b->nents; k++) {
    bl_ent *e = &b->ents[k];
    uint32_t i = (uint32_t)key_hash(b->files[e->file].path, e->rule, e->fde,
                                    e->fre) & b->emask;
    while ((h = b->eslot[i]) != 0 && !same_key(&b->ents[h - 1], e))
      i = (i + 1) & b->emask;
    if (h == 0) {
      b->eslot[i] = k + 1;
      e->last = e->cursor = k + 1;
    } else {
      b->ents[b->ents[h - 1].last - 1].next = k + 1;
      b->ents[h - 1].last = k + 1;
    }
  }
  return NULL;
}

static char *slurp(const char *path, size_t *n, const char **err) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t len = 0, cap = 0;
  if (f == NULL) {
    *err = strerror(errno);
    return NULL;
  }
  for (;;) {
    size_t got;
    if (len == cap) {
      char *q;
      if (cap >= BASELINE_MAX_BYTES) {
        *err = "larger than 256 MiB";
        break;
      }
      cap = cap ? cap * 2 : 65536;
      if ((q = realloc(buf, cap)) == NULL) {
        *err = "out of memory";
        break;
      }
      buf = q;
    }
    got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) {
      if (ferror(f))
        *err = "read error";
      else {
        fclose(f);
        *n = len;
        return buf;
      }
      break;
    }
  }
  fclose(f);
  free(buf);
  return NULL;
}

cli_baseline *cli_baseline_load(const char *path) {
  cli_baseline *b = calloc(1, sizeof *b);
  static char sbuf[BL_STR_MAX];
  const char *err = "out of memory";
  size_t n = 0;
  char *data;
  jr r;
  if (b == NULL || !make_slots(&b->fslot, &b->fmask, 1024)) {
    fputs("sframe-validate: --baseline: out of memory\n", stderr);
    cli_baseline_free(b);
    return NULL;
  }
  b->name = path;
  data = slurp(path, &n, &err);
  if (data != NULL) {
    jr_init(&r, data, n, sbuf, sizeof sbuf);
    err = read_doc(b, &r);
    if (err == NULL)
      err = index_entries(b);
    free(data);
    if (err == NULL)
      return b;
    cli_err_prefix(path);
    fprintf(stderr, "--baseline: %s (byte %zu)\n", err, r.err_off);
  } else {
    cli_err_prefix(path);
    fprintf(stderr, "--baseline: %s\n", err);
  }
  cli_baseline_free(b);
  return NULL;
}

void cli_baseline_free(cli_baseline *b) {
  uint32_t k;
  if (b == NULL)
    return;
  for (k = 0; k < b->nfiles; k++)
    free(b->files[k].path);
  for (k = 0; k < b->nents; k++)
    free(b->ents[k].rule);
  free(b->files);
  free(b->ents);
  free(b->fslot);
  free(b->eslot);
  free(b->news);
  free(b);
}

/* ---------------------------------------------------------------- */
/* The run.                                                           */

void cli_baseline_file(cli_baseline *b, const char *path, int idx) {
  /* Files the baseline lacks are added too: new diagnostics name them. */
  b->cur = file_of(b, path, 1);
  if (b->cur == UINT32_MAX)
    b->oom = 1;
  else
    b->files[b->cur].idx = idx;
}

const char *cli_baseline_diag(cli_baseline *b, const sfv_diag *d,
                              sfv_severity sev) {
  const char *rule = sfv_rule_get(d->rule)->id, *path;
  uint32_t i, k;
  if (b->cur == UINT32_MAX)
    return NULL;
  path = b->files[b->cur].path;
  i = (uint32_t)key_hash(path, rule, d->fde, d->fre) & b->emask;
  while ((k = b->eslot[i]) != 0) {
    bl_ent *h = &b->ents[k - 1];
    if (h->file == b->cur && h->fde == d->fde && h->fre == d->fre &&
        strcmp(h->rule, rule) == 0) {
      if (h->cursor == 0)
        break;             /* every baseline entry of the key is used */
      b->ents[h->cursor - 1].matched = 1;
      h->cursor = b->ents[h->cursor - 1].next;
      b->unchanged++;
      return "unchanged";
    }
    i = (i + 1) & b->emask;
  }
  if (!grow((void **)&b->news, &b->capnew, sizeof *b->news, b->nnew + 1)) {
    b->oom = 1;
    return "new";
  }
  b->news[b->nnew].file = b->cur;
  b->news[b->nnew].rule = rule;
  b->news[b->nnew].fde = d->fde;
  b->news[b->nnew].fre = d->fre;
  b->news[b->nnew].sev = sev;
  b->nnew++;
  if (sev == SFV_SEV_ERROR)
    b->nerr_new++;
  return "new";
}

/* A baseline entry no longer reported, in a file this run checked. */
static int fixed(const cli_baseline *b, const bl_ent *e) {
  return !e->matched && b->files[e->file].idx >= 0;
}

static uint64_t nfixed(const cli_baseline *b) {
  uint64_t n = 0;
  uint32_t k;
  for (k = 0; k < b->nents; k++)
    n += (uint64_t)fixed(b, &b->ents[k]);
  return n;
}

static void json_ent(FILE *out, int first, const char *path, const char *rule,
                     sfv_severity sev, int64_t fde, int64_t fre) {
  fmt_json_path(out, first ? "\n  {" : ",\n  {", "path", path);
  fputs(",\"rule\":", out);
  fmt_json_str(out, rule);
  fprintf(out, ",\"severity\":\"%s\",\"fde\":", sfv_severity_name(sev));
  if (fde == SFV_NONE)
    fputs("null", out);
  else
    fprintf(out, "%lld", (long long)fde);
  fputs(",\"fre\":", out);
  if (fre == SFV_NONE)
    fputs("null", out);
  else
    fprintf(out, "%lld", (long long)fre);
  fputc('}', out);
}

static void tail(fmt_report *r, void *ctx) {
  cli_baseline *b = ctx;
  FILE *out = r->out;
  uint32_t k;
  int first = 1;
  if (b->sarif) {
    for (k = 0; k < b->nents; k++)
      if (fixed(b, &b->ents[k]))
        fmt_sarif_absent(r, b->files[b->ents[k].file].path,
                         b->files[b->ents[k].file].idx, b->ents[k].rule,
                         b->ents[k].sev, b->ents[k].fde,
                         b->ents[k].fre);
    return;
  }
  fmt_json_path(out, ",\n\"baseline\":{", "file", b->name);
  fprintf(out, ",\"new\":%u,\"new_errors\":%llu,"
          "\"unchanged\":%llu,\"fixed\":%llu,\"new_diagnostics\":[",
          b->nnew, (unsigned long long)b->nerr_new,
          (unsigned long long)b->unchanged, (unsigned long long)nfixed(b));
  for (k = 0; k < b->nnew; k++, first = 0)
    json_ent(out, first, b->files[b->news[k].file].path, b->news[k].rule,
             b->news[k].sev, b->news[k].fde, b->news[k].fre);
  fputs("],\"fixed_diagnostics\":[", out);
  first = 1;
  for (k = 0; k < b->nents; k++)
    if (fixed(b, &b->ents[k])) {
      json_ent(out, first, b->files[b->ents[k].file].path, b->ents[k].rule,
               b->ents[k].sev, b->ents[k].fde, b->ents[k].fre);
      first = 0;
    }
  fputs("]}", out);
}

void cli_baseline_prepare(cli_baseline *b, fmt_report *r, int format) {
  b->sarif = format == FMT_SARIF;
  if (format != FMT_JSON && format != FMT_SARIF)
    return;
  r->tail = tail;
  r->tail_ctx = b;
}

static void text_ent(FILE *out, const char *what, const char *path,
                     const char *rule, sfv_severity sev, int64_t fde,
                     int64_t fre) {
  fprintf(out, "%s: ", what);
  fmt_text_str(out, path);
  fprintf(out, ": %s: %s", sfv_severity_name(sev), rule);
  if (fde != SFV_NONE)
    fprintf(out, " (fde %lld%s", (long long)fde, fre != SFV_NONE ? "" : ")");
  if (fre != SFV_NONE)
    fprintf(out, "%sfre %lld)", fde != SFV_NONE ? ", " : " (", (long long)fre);
  fputc('\n', out);
}

void cli_baseline_text(cli_baseline *b, FILE *out) {
  uint32_t k;
  fputs("baseline ", out);
  fmt_text_str(out, b->name);
  fprintf(out, ": %u new (%llu error%s), %llu unchanged, %llu fixed\n", b->nnew,
          (unsigned long long)b->nerr_new, b->nerr_new == 1 ? "" : "s",
          (unsigned long long)b->unchanged, (unsigned long long)nfixed(b));
  for (k = 0; k < b->nnew; k++)
    text_ent(out, "new", b->files[b->news[k].file].path, b->news[k].rule,
             b->news[k].sev, b->news[k].fde, b->news[k].fre);
  for (k = 0; k < b->nents; k++)
    if (fixed(b, &b->ents[k]))
      text_ent(out, "fixed", b->files[b->ents[k].file].path, b->ents[k].rule,
               b->ents[k].sev, b->ents[k].fde, b->ents[k].fre);
}

int cli_baseline_status(const cli_baseline *b, int worst) {
  if (worst >= 2 || b->oom)
    return 2;
  return b->nerr_new ? 1 : 0;
}

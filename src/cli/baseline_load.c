/* SPDX-License-Identifier: MIT */
/* baseline_load.c - --baseline=OLD.json: reads a previous run's
 * --format=json document and indexes its diagnostics by key (see
 * baseline.c for the key and the matching). */
#include "baseline_int.h"
#include "json_read.h"
#include "reader.h"
#include "siphash.h"

/* SipHash-2-4 under the run's key (siphash.h): OLD.json may come from
 * someone else, and keys that collide under an unkeyed hash are cheap to
 * make (linear probing would then cost O(n^2) to load). */
uint64_t bl_key_hash(const char *path, const char *rule, int64_t fde,
                     int64_t fre) {
  cli_sip s;
  cli_sip_init(&s, cli_sip_run_key());
  cli_sip_add(&s, path, strlen(path) + 1);
  cli_sip_add(&s, rule, strlen(rule) + 1);
  cli_sip_add(&s, &fde, sizeof fde);
  cli_sip_add(&s, &fre, sizeof fre);
  return cli_sip_final(&s);
}

int bl_grow(void **p, uint32_t *cap, size_t el, uint32_t need) {
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
    uint32_t i = (uint32_t)bl_key_hash(b->files[k].path, "", 0, 0) & b->fmask;
    while (b->fslot[i] != 0) {
      i = (i + 1) & b->fmask;
      b->probes++;
    }
    b->fslot[i] = k + 1;
  }
}

/* Index of path in files[], adding it when add; UINT32_MAX if absent or
 * out of memory.  The table is kept at most half full (rebuilt twice as
 * large), so a probe always ends at an empty slot. */
uint32_t bl_file_of(cli_baseline *b, const char *path, int add) {
  uint32_t i = (uint32_t)bl_key_hash(path, "", 0, 0) & b->fmask, k;
  while ((k = b->fslot[i]) != 0) {
    if (strcmp(b->files[k - 1].path, path) == 0)
      return k - 1;
    i = (i + 1) & b->fmask;
    b->probes++;
  }
  if (!add || !bl_grow((void **)&b->files, &b->capfiles, sizeof *b->files,
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

/* The file object being read: its path, a string inside the document. */
typedef struct pending {
  const char *path;
  int have_path, bytes_path;
} pending;

/* Hex bytes of path_bytes, decoded in place over h (NUL-terminated); 0 if
 * malformed.  Byte i is written after h[2i] and h[2i+1] are read. */
static int unhex(char *h) {
  char *out = h;
  size_t n = strlen(h), i;
  if (n % 2)
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

/* read_diag's answer for a rule id that is not in the catalogue (the id
 * itself is in b->bad_rule): refused, never printed as it is. */
static const char unknown_rule[] = "unknown rule";

/* One diagnostic object (its JT_OBJ read) of file `file`.  Its rule id must
 * be in this version's catalogue: the entry then holds the catalogue's own
 * string, so every rule id the run prints is one of ours. */
static const char *read_diag(cli_baseline *b, jr *r, uint32_t file) {
  bl_ent e;
  int t;
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
      if (t != JT_STR)
        return "\"rule\" and \"severity\" must be strings";
      if (is_sev) {
        e.sev = sev_of(r->buf);
      } else {
        sfv_rule_id id = sfv_rule_lookup(r->buf);
        if (id == SFV_RULE_COUNT) {
          b->bad_rule = r->buf;
          b->bad_off = (size_t)(r->p - r->start);
          return unknown_rule;
        }
        e.rule = sfv_rule_get(id)->id;
      }
    } else if (is_fde || is_fre) {
      int64_t v = SFV_NONE;
      if (t == JT_NUM) {
        if (!jr_int(r, &v) || v < 0)
          return "\"fde\" and \"fre\" must be null or non-negative integers";
      } else if (t != JT_NULL) {
        return "\"fde\" and \"fre\" must be null or non-negative integers";
      }
      *(is_fde ? &e.fde : &e.fre) = v;
    } else if (jr_skip(r, t) == JT_ERROR) {
      return jr_why(r);
    }
  }
  if (t != JT_OBJ_END || e.rule == NULL)
    return t == JT_ERROR ? jr_why(r) : "a diagnostic without \"rule\"";
  if (!bl_grow((void **)&b->ents, &b->capents, sizeof *b->ents, b->nents + 1))
    return "out of memory";
  b->ents[b->nents++] = e;
  return NULL;
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
        if (!unhex(r->buf))
          return "bad \"path_bytes\"";
        pd->path = r->buf;
        pd->bytes_path = 1;
      } else if (!pd->bytes_path) {
        pd->path = r->buf;
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
  if ((file = bl_file_of(b, pd->path, 1)) == UINT32_MAX)
    return "out of memory";
  for (k = first; k < b->nents; k++)
    b->ents[k].file = file;
  return NULL;
}

static const char *read_doc(cli_baseline *b, jr *r) {
  pending pd;
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
    uint32_t i = (uint32_t)bl_key_hash(b->files[e->file].path, e->rule, e->fde,
                                    e->fre) & b->emask;
    while ((h = b->eslot[i]) != 0 && !same_key(&b->ents[h - 1], e)) {
      i = (i + 1) & b->emask;
      b->probes++;
    }
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

/* OLD.json's bytes (n of them, then a NUL), read through the input opener
 * (reader.h: a regular file only, never blocking); NULL after *err (or
 * why) says why. */
static char *slurp(const char *path, size_t *n, const char **err, char *why,
                   size_t wn) {
  cli_src s;
  char *buf = NULL;
  if (cli_src_open(&s, path, why, wn) != 0) {
    *err = why;
    return NULL;
  }
  if (s.size >= SIZE_MAX || (buf = malloc((size_t)s.size + 1)) == NULL) {
    *err = "out of memory";
  } else if (cli_src_pread(&s, 0, buf, (size_t)s.size) != 0) {
    cli_src_error(&s, why, wn);
    *err = why;
    free(buf);
    buf = NULL;
  } else {
    buf[s.size] = '\0';
    *n = (size_t)s.size;
  }
  cli_src_close(&s);
  return buf;
}

cli_baseline *cli_baseline_load(const char *path) {
  cli_baseline *b = calloc(1, sizeof *b);
  const char *err = "out of memory";
  char why[200];
  size_t n = 0;
  char *data;
  jr r;
  if (b == NULL || !make_slots(&b->fslot, &b->fmask, 1024)) {
    fputs("sframe-validate: --baseline: out of memory\n", stderr);
    cli_baseline_free(b);
    return NULL;
  }
  b->name = path;
  data = slurp(path, &n, &err, why, sizeof why);
  if (data != NULL) {
    jr_init(&r, data, n);
    err = read_doc(b, &r);
    if (err == NULL)
      err = index_entries(b);
    if (err == NULL) {
      free(data);
      return b;
    }
    cli_err_prefix(path);
    if (err == unknown_rule) {
      fputs("--baseline: rule \"", stderr);
      fmt_text_str(stderr, b->bad_rule);
      fprintf(stderr, "\" is not in this version's catalogue "
              "(sframe-validate --list-rules) (byte %zu)\n", b->bad_off);
    } else {
      fprintf(stderr, "--baseline: %s (byte %zu)\n", err, r.err_off);
    }
    free(data);
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
  free(b->files);
  free(b->ents);
  free(b->fslot);
  free(b->eslot);
  free(b->news);
  free(b);
}

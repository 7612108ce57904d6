/* SPDX-License-Identifier: MIT */
/* fuzz_baseline.c - --baseline=OLD.json (src/cli/baseline_load.c,
 * baseline.c, json_read.c) in-process.
 *
 * Input: OLD.json as the user would give it, except that every "@/" is
 * replaced by the harness's sandbox directory (fuzz_sandbox.h) and a '/'.
 * The sandbox holds the files the run checks: v.sframe (a valid section)
 * and bad.sframe (a section with errors in several FDEs), both generated
 * (sframe_model.c), so a baseline naming "@/bad.sframe" matches this run's
 * diagnostics.  SFV_FUZZ_WRITE_SEEDS=DIR writes the seeds (this run's own
 * reports with "@/" paths, and edits of them) into DIR on the first call.
 * Per input: the JSON token stream (json_read.c); then, in text, JSON and
 * SARIF, the baseline loaded and the run over both files with it.
 * Invariants:
 *  - the reader ends: at most one token per input byte (+2), error offsets
 *    inside the input, depth <= JR_MAX_DEPTH, every token inside the
 *    document (strings decoded in place, NUL-terminated there);
 *  - the baseline loads in every format or in none; status 0, 1 or 2;
 *  - text output holds no control byte but '\n' (untrusted text quoted);
 *  - the JSON report is one RFC 8259 value (json_read.c reads it to its
 *    end) and loads as a baseline itself; a second run against it finds
 *    nothing new and exits 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_cli.h"
#include "fuzz_sandbox.h"
#include "sframe_model.h"
#include "cli/baseline.h"
#include "cli/json_read.h"

#define BL_FUZZ_MAX_INPUT (1u << 20)
#define NFILES 2

static const char *files[NFILES];
static int ready;
static uint8_t subst[BL_FUZZ_MAX_INPUT * 16 + 64];

/* A section's bytes into the sandbox. */
static const char *put_section(const char *name, const model *m) {
  static uint8_t sec[1u << 16];
  size_t n = model_serialize(m, sec, sizeof sec);
  FUZZ_ASSERT(n > 0, "model_serialize %s", name);
  return fuzz_sandbox_write(name, sec, n);
}

static uint32_t errors_of(const model *m) {
  static uint8_t sec[1u << 16];
  size_t n = model_serialize(m, sec, sizeof sec);
  sfv_result res;
  (void)sfv_validate(sec, n, NULL, NULL, NULL, &res);
  return res.errors;
}

static void make_files(void) {
  static model m;
  model_rng r = {0x5f3759df};
  uint64_t seed;
  model_default(&m, 2, SFV_ABI_AMD64_LE, 6, &r);
  files[0] = put_section("v.sframe", &m);
  /* The first deterministic edit chain that leaves >= 3 errors. */
  for (seed = 1;; seed++) {
    int k;
    r.s = seed;
    model_default(&m, 2, SFV_ABI_AMD64_LE, 6, &r);
    for (k = 0; k < 4; k++)
      model_mutate(&m, &r);
    if (errors_of(&m) >= 3)
      break;
  }
  files[1] = put_section("bad.sframe", &m);
}

/* One run over files[] with baseline b (may be NULL) into out; returns
 * the exit status as main.c computes it. */
static int run(cli_baseline *b, int format, FILE *out) {
  cli_opts o;
  int worst;
  memset(&o, 0, sizeof o);
  o.format = format;
  o.mode = MODE_CHECK;
  o.baseline = b;
  worst = fuzz_cli_run(&o, files, NFILES, out);
  return b != NULL ? cli_baseline_status(b, worst) : worst;
}

/* A writable copy (the reader decodes strings in place). */
static char *dup_doc(const void *p, size_t n) {
  char *d = malloc(n + 1);
  FUZZ_ASSERT(d != NULL, "malloc");
  if (n > 0)
    memcpy(d, p, n);
  return d;
}

/* Reads a whole JSON text; returns the value of "baseline"."new" (-1 when
 * absent), asserting that the text is one well-formed value. */
static int64_t check_json(const char *p, size_t n) {
  jr r;
  int t, in_baseline = 0;
  int64_t v = -1, nnew = -1;
  size_t tokens = 0;
  char *doc = dup_doc(p, n);
  jr_init(&r, doc, n);
  while ((t = jr_next(&r)) != JT_END) {
    FUZZ_ASSERT(t != JT_ERROR, "report is not JSON: %s at byte %zu of %zu", r.err,
                r.err_off, n);
    FUZZ_ASSERT(++tokens <= n + 2, "reader runs on");
    if (t == JT_KEY && r.depth == 1)
      in_baseline = strcmp(r.buf, "baseline") == 0;
    else if (t == JT_KEY && r.depth == 2 && in_baseline && strcmp(r.buf, "new") == 0 &&
             jr_next(&r) == JT_NUM && jr_int(&r, &v))
      nnew = v;
  }
  free(doc);
  return nnew;
}

/* The token stream of arbitrary bytes: bounded, offsets inside. */
static void check_reader(const uint8_t *p, size_t n) {
  jr r;
  int t;
  size_t tokens = 0;
  char *doc = dup_doc(p, n);
  jr_init(&r, doc, n);
  while ((t = jr_next(&r)) != JT_END && t != JT_ERROR) {
    int64_t v;
    FUZZ_ASSERT(++tokens <= n + 2, "reader runs on: %zu tokens", tokens);
    FUZZ_ASSERT(r.depth >= 0 && r.depth <= JR_MAX_DEPTH, "depth %d", r.depth);
    if (t == JT_KEY || t == JT_STR || t == JT_NUM)
      FUZZ_ASSERT(r.buf >= doc && r.len <= n && (size_t)(r.buf - doc) <= n - r.len,
                  "token outside the document");
    if (t == JT_KEY || t == JT_STR)
      FUZZ_ASSERT((size_t)(r.buf - doc) + r.len < n && r.buf[r.len] == '\0',
                  "string not terminated inside the document");
    if (t == JT_NUM)
      (void)jr_int(&r, &v);
  }
  if (t == JT_ERROR) {
    FUZZ_ASSERT(r.err != NULL && r.err_off <= n, "error at %zu of %zu", r.err_off, n);
    FUZZ_ASSERT(jr_next(&r) == JT_ERROR, "error is not sticky");
  }
  free(doc);
}

static void check_text(const char *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    FUZZ_ASSERT((unsigned char)p[i] >= 0x20 || p[i] == '\n',
                "control byte 0x%02x in text output at %zu: %.*s",
                (unsigned char)p[i], i, (int)(n - i < 80 ? n - i : 80), p + i);
}

/* cli_baseline_load, its message (if any) to /dev/null. */
static cli_baseline *load(const char *path) {
  FILE *saved_err = stderr;
  cli_baseline *b;
  stderr = fuzz_devnull();
  b = cli_baseline_load(path);
  stderr = saved_err;
  return b;
}

/* "@/" -> the sandbox directory and '/'. */
static size_t substitute(const uint8_t *in, size_t n, uint8_t *out) {
  const char *dir = fuzz_sandbox();
  size_t dl = strlen(dir), i, o = 0;
  for (i = 0; i < n; i++) {
    if (in[i] == '@' && i + 1 < n && in[i + 1] == '/') {
      memcpy(out + o, dir, dl);
      o += dl;
    } else {
      out[o++] = in[i];
    }
  }
  return o;
}

/* A run's output with the sandbox directory written "@" again. */
static void write_seed(const char *dir, const char *name, const char *p, size_t n) {
  const char *sb = fuzz_sandbox();
  size_t sl = strlen(sb), i;
  char path[4096];
  FILE *f;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  f = fopen(path, "wb");
  FUZZ_ASSERT(f != NULL, "cannot write %s", path);
  for (i = 0; i < n; i++) {
    if (n - i >= sl && memcmp(p + i, sb, sl) == 0) {
      fputc('@', f);
      i += sl - 1;
    } else {
      fputc(p[i], f);
    }
  }
  fclose(f);
}

static void write_seeds(const char *dir) {
  static const char *const extra[][2] = {
      {"empty-files.json", "{\"files\":[]}"},
      {"unknown-rule.json",
       "{\"files\":[{\"path\":\"@/bad.sframe\",\"diagnostics\":[{\"rule\":\"no-such-rule\","
       "\"severity\":\"error\",\"fde\":1,\"fre\":null}]}]}"},
      {"other-file.json",
       "{\"files\":[{\"path\":\"@/gone.sframe\",\"diagnostics\":[{\"rule\":\"fde-bounds\","
       "\"severity\":\"error\",\"fde\":0,\"fre\":0}]}]}"},
      {"path-hex.json", "{\"files\":[{\"path_hex\":\"2f746d70\",\"diagnostics\":[]}]}"},
      {"deep.json", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
      {"escapes.json", "{\"files\":[{\"path\":\"\\u00e9\\ud83d\\ude00\\u001b[2J\","
                       "\"diagnostics\":[]}],\"x\":[1.5e3,-0,true,false,null]}"},
  };
  int f[2] = {FMT_JSON, FMT_TEXT};
  const char *names[2] = {"report.json", "report.txt"};
  size_t k;
  for (k = 0; k < 2; k++) {
    char *p = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&p, &n);
    FUZZ_ASSERT(out != NULL, "open_memstream");
    (void)run(NULL, f[k], out);
    fclose(out);
    write_seed(dir, names[k], p, n);
    free(p);
  }
  for (k = 0; k < sizeof extra / sizeof extra[0]; k++)
    write_seed(dir, extra[k][0], extra[k][1], strlen(extra[k][1]));
}

static void setup(void) {
  const char *seeds;
  if (ready)
    return;
  ready = 1;
  make_files();
  if ((seeds = getenv("SFV_FUZZ_WRITE_SEEDS")) != NULL && seeds[0] != '\0')
    write_seeds(seeds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const int formats[3] = {FMT_TEXT, FMT_JSON, FMT_SARIF};
  const char *old;
  size_t n, k;
  int loaded = -1;
  if (size > BL_FUZZ_MAX_INPUT)
    return 0;
  setup();
  n = substitute(data, size, subst);
  check_reader(subst, n);
  old = fuzz_sandbox_write("old.json", subst, n);
  for (k = 0; k < 3; k++) {
    FILE *out;
    char *p = NULL;
    size_t pn = 0;
    cli_baseline *b;
    int st;
    b = load(old);
    FUZZ_ASSERT(loaded < 0 || loaded == (b != NULL), "loads in one format only");
    loaded = b != NULL;
    if (b == NULL)
      return 0;
    out = open_memstream(&p, &pn);
    FUZZ_ASSERT(out != NULL, "open_memstream");
    st = run(b, formats[k], out);
    fclose(out);
    cli_baseline_free(b);
    FUZZ_ASSERT(st >= 0 && st <= 2, "status %d", st);
    if (formats[k] == FMT_TEXT)
      check_text(p, pn);
    else
      (void)check_json(p, pn);
    if (formats[k] == FMT_JSON) {
      /* The report, as the next run's baseline. */
      const char *rep = fuzz_sandbox_write("report.json", p, pn);
      char *q = NULL;
      size_t qn = 0;
      cli_baseline *b2;
      b2 = load(rep);
      FUZZ_ASSERT(b2 != NULL, "the JSON report does not load as a baseline");
      out = open_memstream(&q, &qn);
      FUZZ_ASSERT(out != NULL, "open_memstream");
      st = run(b2, FMT_JSON, out);
      fclose(out);
      cli_baseline_free(b2);
      FUZZ_ASSERT(check_json(q, qn) == 0 && st == 0,
                  "against its own report, a run finds something new (status %d)", st);
      free(q);
    }
    free(p);
  }
  return 0;
}

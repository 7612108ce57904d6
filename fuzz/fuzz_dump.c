/* SPDX-License-Identifier: MIT */
/* fuzz_dump.c - the printers (src/fmt: --dump for objdump 2.40 and 2.47
 * layouts, --format=canonical, --lookup) on accepted and rejected input,
 * each writing to an in-memory FILE.
 *
 * Invariants: no crash; return codes in their documented sets; output
 * bounded (linear in the input: at most DUMP_BYTES_PER_INPUT_BYTE bytes
 * per input byte plus a constant); canonical prints nothing when it
 * rejects; output never contains a NUL byte.  The input's first bytes,
 * taken as a path or symbol name: quoted text has no byte below 0x20 nor
 * DEL and is valid UTF-8; the JSON string is valid UTF-8 with no raw
 * control byte, and its path_bytes (when present) give the bytes back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt/fmt.h"
#include "fuzz_helpers.h"

#define DUMP_BYTES_PER_INPUT_BYTE 400u
#define DUMP_BYTES_CONST 65536u

typedef struct memout {
  FILE *f;
  char *buf;
  size_t len;
} memout;

static void mo_open(memout *m) {
  m->buf = NULL;
  m->len = 0;
  m->f = open_memstream(&m->buf, &m->len);
  FUZZ_ASSERT(m->f != NULL, "open_memstream");
}

static void mo_close(memout *m, size_t size, const char *what) {
  size_t bound = (size_t)DUMP_BYTES_PER_INPUT_BYTE * size + DUMP_BYTES_CONST;
  FUZZ_ASSERT(fclose(m->f) == 0, "%s: fclose", what);
  FUZZ_ASSERT(m->len <= bound, "%s: %zu output bytes for a %zu-byte input", what,
              m->len, size);
  FUZZ_ASSERT(memchr(m->buf, '\0', m->len) == NULL, "%s: NUL in output", what);
  free(m->buf);
}

/* The printers report rejections on stderr; at fuzzing rates that is
 * gigabytes of log.  stdio's stderr is pointed at /dev/null around the calls
 * (SFV_FUZZ_CLI_STDERR=1 keeps it); sanitizer reports use fd 2 directly and
 * are unaffected. */
static FILE *quiet_stderr(void) {
  static FILE *null;
  static int keep = -1;
  FILE *saved = stderr;
  if (keep < 0)
    keep = getenv("SFV_FUZZ_CLI_STDERR") != NULL;
  if (keep)
    return saved;
  if (null == NULL)
    null = fopen("/dev/null", "w");
  if (null != NULL)
    stderr = null;
  return saved;
}

/* Checks the text quoting and the JSON writer on name = data[0..n). */
static void check_names(const uint8_t *data, size_t size) {
  char name[257], *p;
  size_t n = size < 256 ? size : 256, k;
  memout m;
  memcpy(name, data, n);
  name[n] = '\0';
  mo_open(&m);
  fmt_text_str(m.f, name);
  FUZZ_ASSERT(fclose(m.f) == 0, "fclose");
  for (k = 0; k < m.len; k++)
    FUZZ_ASSERT((unsigned char)m.buf[k] >= 0x20 && m.buf[k] != 0x7f,
                "quoted text has byte 0x%02x", (unsigned char)m.buf[k]);
  FUZZ_ASSERT(memchr(m.buf, '\0', m.len) == NULL && (m.len == 0 || fmt_utf8_valid(m.buf)),
              "quoted text is not UTF-8");
  free(m.buf);
  mo_open(&m);
  fmt_json_path(m.f, "{", "path", name);
  fputc('}', m.f);
  FUZZ_ASSERT(fclose(m.f) == 0, "fclose");
  for (k = 0; k < m.len; k++)
    FUZZ_ASSERT((unsigned char)m.buf[k] >= 0x20, "JSON has raw byte 0x%02x",
                (unsigned char)m.buf[k]);
  FUZZ_ASSERT(fmt_utf8_valid(m.buf), "JSON is not UTF-8");
  p = strstr(m.buf, "\"path_bytes\":\"");
  FUZZ_ASSERT((p != NULL) == !fmt_utf8_valid(name), "path_bytes present: %d", p != NULL);
  if (p != NULL) {
    p += 14;
    for (k = 0; name[k] != '\0'; k++) {
      unsigned v = 0;
      FUZZ_ASSERT(sscanf(p + 2 * k, "%2x", &v) == 1 && v == (unsigned char)name[k],
                  "path_bytes differ at %zu", k);
    }
    FUZZ_ASSERT(p[2 * k] == '"', "path_bytes too long");
  }
  free(m.buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *saved_stderr = quiet_stderr();
  memout m;
  sfv_section sec;
  fuzz_bits bits;
  int rc;
  uint64_t vma;

  check_names(data, size);
  bits.h = fuzz_hash(data, size);
  vma = fuzz_take(&bits, 2) ? 0 : fuzz_u64_at(data, size, 8);

  mo_open(&m);
  {
    fmt_dump_opts opt;
    uint64_t rows = 0;
    opt.objdump_version = fuzz_take(&bits, 2) ? 247 : 240;
    opt.vma = vma;
    opt.max_rows = fmt_dump_default_rows(size);   /* the CLI's default cap */
    opt.who = NULL;
    rc = fmt_dump_section(m.f, data, size, &opt, &rows);
    FUZZ_ASSERT(rc >= 0 && rc <= 3, "dump returned %d", rc);
    /* 2: stopped at the cap; 3: more rows than the cap plus the work
     * budget, nothing printed -- either way more rows than the cap */
    FUZZ_ASSERT(rc < 2 || rows > opt.max_rows, "capped at %llu of %llu rows",
                (unsigned long long)opt.max_rows, (unsigned long long)rows);
    FUZZ_ASSERT(rc != 3 || (fflush(m.f) == 0 && m.len == 0),
                "over budget yet %zu bytes printed", m.len);
  }
  mo_close(&m, size, "dump");

  mo_open(&m);
  rc = fmt_canonical(m.f, data, size);
  FUZZ_ASSERT(rc >= 0 && rc <= 2, "canonical returned %d", rc);
  FUZZ_ASSERT(fflush(m.f) == 0, "fflush");
  FUZZ_ASSERT(rc == 0 || m.len == 0,
              "canonical printed %zu bytes for a rejected section", m.len);
  mo_close(&m, size, "canonical");

  if (sfv_open(&sec, data, size) == SFV_OK) {
    unsigned i;
    sfv_set_vma(&sec, vma);
    for (i = 0; i < 4; i++) {
      uint64_t pc = fuzz_u64_at(data, size, fuzz_take(&bits, (uint32_t)size + 1));
      if (i == 0)
        pc = vma + 0x1000u;
      mo_open(&m);
      {
        fmt_lookup_answer a;
        fmt_lookup_answer_find(&sec, pc, &a);
        rc = fmt_lookup_print(m.f, &sec, &a,
                              fuzz_take(&bits, 2) ? FMT_JSON : FMT_TEXT, NULL,
                              NULL, NULL);
      }
      FUZZ_ASSERT(rc == 0 || rc == 1, "lookup returned %d", rc);
      mo_close(&m, size, "lookup");
    }
  }
  stderr = saved_stderr;
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* lookup_batch.c - --lookup=- and --lookup=@FILE: one PC a line (as
 * --lookup=PC takes it: decimal, 0x hex, 0 octal), each answered on ONE
 * line (fmt_lookup_line; the formats are in src/fmt/lookup_line.c) from
 * the lookup index (sfv_index_*: exactly sfv_find_fre()'s answers;
 * sfv_find_fre() itself on a section the index refuses), as addr2line
 * answers addresses.
 *
 *  - text: one line per PC, the section's verdict line once at the end;
 *  - json: JSON Lines, one compact object per input line, the section's
 *    verdict members ("valid", and "errors" and "first_error" when
 *    invalid, as --lookup=PC's) in each;
 *  - answers are formatted by hand into a 128 KiB buffer (small enough to
 *    stay in a core's L2 cache beside the index), written with one fwrite
 *    when it fills and after each chunk of input (a slow writer's lines
 *    are answered as they come); a found answer is put together from its
 *    FDE's and its rule entry's parts, formatted once (fmt_lookup_memo);
 *  - the common line, "0x" and hex digits, is parsed and delimited in one
 *    pass (hex_line);
 *  - input is scanned in place in 64 KiB chunks; only a line split across
 *    chunks is copied (into a line buffer);
 *  - a trailing CR is dropped; empty lines are skipped; a line that is not
 *    a PC, or longer than LINE_MAX_BYTES, is answered with an error naming
 *    its line number and quoting its text (stderr in text, an object
 *    {"line":N,"error":WHAT,"text":TEXT} in JSON Lines) and the run goes
 *    on; the status is then 1;
 *  - memory: the index (sfv_index_size()), one 64 KiB chunk, the output
 *    buffer, the kept parts (MEMO_*) and one line of at most
 *    LINE_MAX_BYTES, whatever the input's size; the list is read as --files-from's is (tree.h: never a blocking
 *    read);
 *  - a failed write on stdout stops the reading (the run then ends with
 *    status 2, run_files). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree.h"

#define LINE_MAX_BYTES 256

#define OUT_BYTES (1u << 17)
/* The kept line parts (fmt_lookup_memo): every FDE of a section of up to
 * 4096 functions, every rule entry of one of up to 512 (SQLite: 1679 and
 * 207); 256 KiB of FDE parts (one cache line each) and 168 KiB of rules
 * parts. */
#define MEMO_FDES 4096u
#define MEMO_RULES 512u
#define TAIL_BYTES 8192

typedef struct batch_run {
  cli_opts *o;
  const sfv_section *sec;
  const cli_verdict *v;
  sfv_index ix;
  int indexed;
  fmt_lookup_memo memo;     /* when indexed */
  fmt_memo_fde *memo_fdes;  /* in memo_raw */
  void *memo_raw;
  fmt_memo_rules *memo_rules;
  int json;
  int worst;
  int invalid;          /* the section has errors: every answer is status 1 */
  char *out;            /* OUT_BYTES */
  size_t olen;
  char tail[TAIL_BYTES];   /* JSON: the verdict's members */
  size_t tail_len;
} batch_run;

/* Writes the buffered answers; 0, or -1 once stdout has failed. */
static int flush_out(batch_run *b) {
  if (b->olen > 0)
    (void)fwrite(b->out, 1, b->olen, stdout);
  b->olen = 0;
  (void)fflush(stdout);
  return ferror(stdout) ? -1 : 0;
}

static void bad_line(batch_run *b, uint64_t line, const char *what,
                     const char *text) {
  b->worst = 1;
  (void)flush_out(b);
  if (b->json) {
    printf("{\"line\":%llu,\"error\":", (unsigned long long)line);
    fmt_json_str(stdout, what);
    fputs(",\"text\":", stdout);
    fmt_json_str(stdout, text);
    fputs("}\n", stdout);
    return;
  }
  fputs(strcmp(b->o->lookup_list, "-") == 0 ? "sframe-validate: --lookup="
                                            : "sframe-validate: --lookup=@", stderr);
  fmt_text_str(stderr, b->o->lookup_list);
  fprintf(stderr, ": line %llu: %s: '", (unsigned long long)line, what);
  fmt_text_str(stderr, text);
  fputs("'\n", stderr);
}

static void set_verdict(fmt_lookup_answer *a, const cli_verdict *v) {
  a->validated = 1;
  a->errors = v->errors;
  a->have_first_error = v->have_first;
  a->first_error = v->first;
}

static void slow_answer(batch_run *b, uint64_t pc);

/* The line at pc: from the index and the kept parts when it finds an FRE
 * or no FDE, else slow_answer(). */
static void answer(batch_run *b, uint64_t pc) {
  fmt_lookup_answer a;
  sfv_index_hit h;
  sfv_status st = b->indexed ? sfv_index_find(&b->ix, pc, &h) : SFV_E_ARG;
  if (st == SFV_OK) {
    if (h.recovery_status != SFV_OK || b->invalid)
      b->worst = 1;
    b->olen += fmt_lookup_memo_line(&b->memo, b->out + b->olen, pc, &h, b->tail,
                                    b->tail_len);
  } else if (st != SFV_E_ARG && !h.fde_found) {
    /* No FDE covers pc: the index's fde_found is sfv_find_fde()'s answer. */
    a.pc = pc;
    a.status = st;
    a.have_fde = 0;
    b->worst = 1;
    b->olen += fmt_lookup_line(b->out + b->olen, b->sec, &a,
                               b->json ? FMT_JSON : FMT_TEXT, b->tail, b->tail_len);
  } else {
    slow_answer(b, pc);
    return;
  }
  if (b->olen > OUT_BYTES - FMT_LOOKUP_LINE_MAX - b->tail_len)
    (void)flush_out(b);
}

/* An answer from sfv_index_lookup() (or sfv_find_fre()) and sfv_find_fde(). */
static void slow_answer(batch_run *b, uint64_t pc) {
  fmt_lookup_answer a;
  a.pc = pc;
  a.status = b->indexed ? sfv_index_lookup(&b->ix, pc, &a.lk)
                        : sfv_find_fre(b->sec, pc, &a.lk);
  a.have_fde = 0;
  if (a.status != SFV_OK)
    a.have_fde = sfv_find_fde(b->sec, pc, &a.fde, &a.fde_start) == SFV_OK;
  if (a.status != SFV_OK || a.lk.recovery_status != SFV_OK || b->invalid)
    b->worst = 1;
  b->olen += fmt_lookup_line(b->out + b->olen, b->sec, &a,
                             b->json ? FMT_JSON : FMT_TEXT, b->tail, b->tail_len);
  if (b->olen > OUT_BYTES - FMT_LOOKUP_LINE_MAX - b->tail_len)
    (void)flush_out(b);
}

/* Hex digit values + 1; 0: not a hex digit. */
static const uint8_t hex_val[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7,
    ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13,
    ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12, ['C'] = 13,
    ['D'] = 14, ['E'] = 15, ['F'] = 16};

/* The common spellings, parsed by hand: "0x" and 1-16 hex digits, or a
 * decimal of 1-19 digits not starting with 0 (no overflow either way).
 * Everything else is left to cli_parse_u64 (return 0). */
static int fast_pc(const char *s, size_t len, uint64_t *out) {
  uint64_t v = 0;
  size_t i;
  if (len > 2 && len <= 18 && s[0] == '0' && (s[1] | 0x20) == 'x') {
    for (i = 2; i < len; i++) {
      unsigned d = hex_val[(unsigned char)s[i]];
      if (d == 0)
        return 0;
      v = v << 4 | (d - 1u);
    }
    *out = v;
    return 1;
  }
  if (len == 0 || len > 19 || s[0] < '1' || s[0] > '9')
    return 0;
  for (i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return 0;
    v = v * 10u + (uint64_t)(s[i] - '0');
  }
  *out = v;
  return 1;
}


/* The most common line, "0x", 1-16 hex digits and '\n', at p (before
 * end), parsed and delimited in one pass (fast_pc's hex case, with its
 * newline found): its length with the newline, or 0 for any other line. */
static size_t hex_line(const char *p, const char *end, uint64_t *pc) {
  const unsigned char *s = (const unsigned char *)p + 2, *stop;
  const unsigned char *e = (const unsigned char *)end;
  uint64_t v = 0;
  unsigned d;
  if (end - p < 4 || p[0] != '0' || (p[1] | 0x20) != 'x')
    return 0;
  stop = e - s > 16 ? s + 16 : e;   /* at most 16 digits: v never overflows */
  while (s < stop && (d = hex_val[*s]) != 0) {
    v = v << 4 | (d - 1u);
    s++;
  }
  if (s == e || *s != '\n' || s == (const unsigned char *)p + 2)
    return 0;                        /* a 17th digit is not '\n' */
  *pc = v;
  return (size_t)(s + 1 - (const unsigned char *)p);
}

/* One line: len bytes of s, s[len] writable (CR dropped here); `over`
 * when it was longer than LINE_MAX_BYTES and s holds its start. */
static void one_line(batch_run *b, uint64_t line, char *s, size_t len, int over) {
  uint64_t pc;
  if (over) {
    s[LINE_MAX_BYTES] = '\0';
    bad_line(b, line, "line longer than 256 bytes (its start quoted)", s);
    return;
  }
  if (len > 0 && s[len - 1] == '\r')
    len--;
  if (len == 0)
    return;
  if (fast_pc(s, len, &pc)) {
    answer(b, pc);
    return;
  }
  s[len] = '\0';
  if (memchr(s, '\0', len) != NULL) {
    bad_line(b, line, "line holds a NUL byte", s);   /* quoted up to it */
    return;
  }
  if (!cli_parse_u64(s, &pc)) {
    bad_line(b, line, "not a PC", s);
    return;
  }
  answer(b, pc);
}

/* JSON: the verdict's members, formatted once. */
static void make_tail(batch_run *b) {
  fmt_lookup_answer verdict;
  FILE *m;
  memset(&verdict, 0, sizeof verdict);
  set_verdict(&verdict, b->v);
  b->tail_len = 0;
  if (!b->json || (m = fmemopen(b->tail, sizeof b->tail, "w")) == NULL)
    return;
  fmt_lookup_verdict_json(m, &verdict);
  if (!ferror(m)) {
    long n = ftell(m);
    b->tail_len = n > 0 && (size_t)n < sizeof b->tail ? (size_t)n : 0;
  }
  fclose(m);
}

int cli_lookup_batch(cli_opts *o, const sfv_section *sec, const cli_verdict *v) {
  static char chunk[65536];
  char s[LINE_MAX_BYTES + 1];
  size_t len = 0, isz = 0;
  uint64_t line = 1;
  int over = 0, in_line = 0;
  void *mem = NULL;
  static batch_run b;
  cli_list_in in;
  fmt_lookup_answer verdict;

  memset(&b, 0, sizeof b);
  b.o = o;
  b.sec = sec;
  b.v = v;
  b.json = o->format == FMT_JSON;
  b.invalid = v->errors != 0;
  make_tail(&b);
  if ((b.out = malloc(OUT_BYTES)) == NULL) {
    fputs("sframe-validate: --lookup: out of memory\n", stderr);
    return 2;
  }
  if (sfv_index_size(sec, &isz) == SFV_OK &&
      (mem = malloc(isz ? isz : 8)) != NULL &&
      sfv_index_build(&b.ix, sec, mem, isz) == SFV_OK &&
      (b.memo_raw = calloc(MEMO_FDES + 1u, sizeof *b.memo_fdes)) != NULL &&
      (b.memo_rules = calloc(MEMO_RULES, sizeof *b.memo_rules)) != NULL) {
    /* FDE parts on cache-line boundaries (the one spare entry's room) */
    b.memo_fdes = (fmt_memo_fde *)(void *)((char *)b.memo_raw +
                                          (64u - (uintptr_t)b.memo_raw % 64u) % 64u);
    fmt_lookup_memo_init(&b.memo, sec, &b.ix, o->format, b.memo_fdes, MEMO_FDES,
                         b.memo_rules, MEMO_RULES);
    b.indexed = 1;
  }
  if (cli_list_open(&in, strcmp(o->lookup_list, "-") == 0 ? "--lookup="
                                                            : "--lookup=@",
                    o->lookup_list) != 0) {
    free(mem);
    free(b.memo_raw);
    free(b.memo_rules);
    free(b.out);
    return 1;
  }
  for (;;) {
    ssize_t got = cli_list_read(&in, chunk, sizeof chunk);
    char *p, *end, *nl;
    if (got < 0)
      b.worst = 1;
    if (got <= 0)
      break;
    p = chunk;
    end = chunk + got;
    while (p < end) {
      size_t n;
      uint64_t pc;
      if (!in_line && (n = hex_line(p, end, &pc)) != 0) {
        answer(&b, pc);
        line++;
        p += n;
        continue;
      }
      nl = memchr(p, '\n', (size_t)(end - p));
      n = (size_t)((nl != NULL ? nl : end) - p);
      if (nl != NULL && !in_line) {          /* a whole line in the chunk */
        one_line(&b, line++, p, n, n > LINE_MAX_BYTES);
        p = nl + 1;
        continue;
      }
      in_line = 1;                           /* carried across chunks */
      if (n > LINE_MAX_BYTES - len) {
        memcpy(s + len, p, LINE_MAX_BYTES - len);
        len = LINE_MAX_BYTES;
        over = 1;
      } else {
        memcpy(s + len, p, n);
        len += n;
      }
      if (nl == NULL)
        break;
      one_line(&b, line++, s, len, over);
      len = 0;
      over = in_line = 0;
      p = nl + 1;
    }
    if (flush_out(&b) != 0)
      break;
  }
  if (in_line && !ferror(stdout))   /* the last line, without its newline */
    one_line(&b, line, s, len, over);
  (void)flush_out(&b);
  cli_list_close(&in);
  free(mem);
  free(b.memo_raw);
  free(b.memo_rules);
  free(b.out);
  if (!b.json) {
    memset(&verdict, 0, sizeof verdict);
    set_verdict(&verdict, v);
    fmt_lookup_verdict_text(stdout, &verdict);
  }
  return b.worst;
}

/* SPDX-License-Identifier: MIT */
/* lookup_batch.c - --lookup=- and --lookup=@FILE: one PC a line (as
 * --lookup=PC takes it: decimal, 0x hex, 0 octal), each answered the way
 * --lookup=PC answers it, from the lookup index (sfv_index_*: exactly
 * sfv_find_fre()'s answers; sfv_find_fre() itself on a section the index
 * refuses).
 *
 *  - text: each answer's lines as --lookup=PC prints them (without the
 *    .eh_frame rows), the section's verdict line once at the end;
 *  - json: JSON Lines, one object per input line, as --lookup=PC's
 *    objects (without "path" and "cfi");
 *  - a trailing CR is dropped; empty lines are skipped; a line that is not
 *    a PC, or longer than LINE_MAX_BYTES, is answered with an error naming
 *    its line number and quoting its text (stderr in text, an object
 *    {"line":N,"error":WHAT,"text":TEXT} in JSON Lines) and the run goes
 *    on; the status is then 1;
 *  - memory: the index (sfv_index_size()), one 64 KiB chunk and one line
 *    of at most LINE_MAX_BYTES, whatever the input's size; the list is read
 *    as --files-from's is (tree.h: never a blocking read);
 *  - a failed write on stdout stops the reading (the run then ends with
 *    status 2, run_files). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree.h"

#define LINE_MAX_BYTES 256

typedef struct batch_run {
  cli_opts *o;
  const sfv_section *sec;
  const cli_verdict *v;
  sfv_index ix;
  int indexed;
  int worst;
} batch_run;

static void bad_line(batch_run *b, uint64_t line, const char *what,
                     const char *text) {
  b->worst = 1;
  if (b->o->format == FMT_JSON) {
    printf("{\"line\":%llu,\"error\":", (unsigned long long)line);
    fmt_json_str(stdout, what);
    fputs(",\"text\":", stdout);
    fmt_json_str(stdout, text);
    fputs("}\n", stdout);
    return;
  }
  fflush(stdout);
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

static void answer(batch_run *b, uint64_t pc) {
  fmt_lookup_answer a;
  memset(&a, 0, sizeof a);
  a.pc = pc;
  a.status = b->indexed ? sfv_index_lookup(&b->ix, pc, &a.lk)
                        : sfv_find_fre(b->sec, pc, &a.lk);
  if (a.status != SFV_OK)
    a.have_fde = sfv_find_fde(b->sec, pc, &a.fde, &a.fde_start) == SFV_OK;
  set_verdict(&a, b->v);
  if (fmt_lookup_print(stdout, b->sec, &a, b->o->format == FMT_JSON ? FMT_JSON
                                                                    : FMT_TEXT,
                       NULL, NULL, NULL))
    b->worst = 1;
  if (b->o->format == FMT_JSON)
    fputc('\n', stdout);
}

/* One line (len bytes of s, NUL-terminated, CR dropped; `over` when it was
 * longer than LINE_MAX_BYTES and s holds its start). */
static void one_line(batch_run *b, uint64_t line, char *s, size_t len, int over) {
  uint64_t pc;
  if (over) {
    bad_line(b, line, "line longer than 256 bytes (its start quoted)", s);
    return;
  }
  if (len > 0 && s[len - 1] == '\r')
    s[--len] = '\0';
  if (len == 0)
    return;
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

int cli_lookup_batch(cli_opts *o, const sfv_section *sec, const cli_verdict *v) {
  static char chunk[65536];
  char s[LINE_MAX_BYTES + 1];
  size_t len = 0, isz = 0;
  uint64_t line = 1;
  int over = 0, in_line = 0;
  void *mem = NULL;
  batch_run b;
  cli_list_in in;
  fmt_lookup_answer verdict;

  memset(&b, 0, sizeof b);
  b.o = o;
  b.sec = sec;
  b.v = v;
  if (sfv_index_size(sec, &isz) == SFV_OK &&
      (mem = malloc(isz ? isz : 8)) != NULL &&
      sfv_index_build(&b.ix, sec, mem, isz) == SFV_OK)
    b.indexed = 1;
  if (cli_list_open(&in, strcmp(o->lookup_list, "-") == 0 ? "--lookup="
                                                            : "--lookup=@",
                    o->lookup_list) != 0) {
    free(mem);
    return 1;
  }
  for (;;) {
    ssize_t got = cli_list_read(&in, chunk, sizeof chunk), i;
    if (got < 0)
      b.worst = 1;
    if (got <= 0)
      break;
    for (i = 0; i < got; i++) {
      char c = chunk[i];
      if (c == '\n') {
        s[len] = '\0';
        one_line(&b, line++, s, len, over);
        len = 0;
        over = in_line = 0;
        continue;
      }
      in_line = 1;
      if (len < LINE_MAX_BYTES)
        s[len++] = c;
      else
        over = 1;
    }
    if (ferror(stdout))
      break;
  }
  if (in_line && !ferror(stdout)) {   /* the last line, without its newline */
    s[len] = '\0';
    one_line(&b, line, s, len, over);
  }
  cli_list_close(&in);
  free(mem);
  if (o->format != FMT_JSON) {
    memset(&verdict, 0, sizeof verdict);
    set_verdict(&verdict, v);
    fmt_lookup_verdict_text(stdout, &verdict);
  }
  return b.worst;
}

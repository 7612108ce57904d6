/* SPDX-License-Identifier: MIT */
/* json_read.h - a small pull reader for JSON text (RFC 8259), for the
 * documents --baseline reads back.  Bounded: nesting deeper than
 * JR_MAX_DEPTH, NUL (\u0000), lone surrogates, invalid UTF-8 and anything
 * after the top value are errors, never crashes; no recursion, no
 * allocation.  Strings are decoded in place, into the document's own
 * bytes: a string of any length the document holds is read (the reader has
 * no length limit of its own, so it reads whatever the writer wrote). */
#ifndef SFV_CLI_JSON_READ_H
#define SFV_CLI_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

#define JR_MAX_DEPTH 32

enum jr_tok {
  JT_ERROR = -1, JT_END = 0, JT_OBJ, JT_OBJ_END, JT_ARR, JT_ARR_END, JT_KEY,
  JT_STR, JT_NUM, JT_TRUE, JT_FALSE, JT_NULL
};

typedef struct jr {
  const unsigned char *p, *start, *end;
  int depth;                 /* open objects/arrays */
  unsigned char stack[JR_MAX_DEPTH]; /* 'o' or 'a' */
  int state;
  char *buf;                 /* JT_KEY/JT_STR: NUL-terminated text, inside
                                the document (valid while it is, and never
                                overwritten by later tokens); JT_NUM: the
                                number as written, len bytes, no NUL */
  size_t len;                /* bytes at buf */
  const char *err;           /* JT_ERROR: what, at offset err_off */
  size_t err_off;
} jr;

/* data: the document, n bytes, overwritten as strings are decoded. */
void jr_init(jr *r, void *data, size_t n);
/* The next token; JT_ERROR (r->err says why) and then always JT_ERROR. */
int jr_next(jr *r);
/* After JT_OBJ or JT_ARR: consumes up to the matching end token; after a
 * scalar: nothing.  Returns JT_ERROR or the last token read. */
int jr_skip(jr *r, int tok);
/* JT_NUM as an integer: 1 when it has no fraction or exponent and fits. */
int jr_int(const jr *r, int64_t *v);

#endif

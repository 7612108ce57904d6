/* json_read.h - a small pull reader for JSON text (RFC 8259), for the
 * documents --baseline reads back.  Bounded: nesting deeper than
 * JR_MAX_DEPTH, strings longer than the caller's buffer, NUL (\u0000),
 * lone surrogates, invalid UTF-8 and anything after the top value are
 * errors, never crashes; no recursion, no allocation. */
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
  char *buf;                 /* JT_KEY/JT_STR: NUL-terminated text;
                                JT_NUM: the number as written */
  size_t cap;                /* bytes of buf (including the NUL) */
  size_t len;                /* bytes in buf */
  const char *err;           /* JT_ERROR: what, at offset err_off */
  size_t err_off;
} jr;

void jr_init(jr *r, const void *data, size_t n, char *buf, size_t cap);
/* The next token; JT_ERROR (r->err says why) and then always JT_ERROR. */
int jr_next(jr *r);
/* After JT_OBJ or JT_ARR: consumes up to the matching end token; after a
 * scalar: nothing.  Returns JT_ERROR or the last token read. */
int jr_skip(jr *r, int tok);
/* JT_NUM as an integer: 1 when it has no fraction or exponent and fits. */
int jr_int(const jr *r, int64_t *v);

#endif

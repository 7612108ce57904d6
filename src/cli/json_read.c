/* SPDX-License-Identifier: MIT */
/* json_read.c - the bounded pull reader of json_read.h.
 *
 * Invariants: one pass over the bytes, the cursor p only moves forward and
 * never past end; the nesting stack is a fixed array (JR_MAX_DEPTH) and a
 * deeper document is an error; strings are decoded in place (a decoded
 * string is never longer than its JSON text), so no string is ever cut or
 * refused for its length: the document is the only bound. */
#include <string.h>

#include "json_read.h"

enum { S_VALUE, S_FIRST_ARR, S_FIRST_OBJ, S_KEY, S_AFTER, S_DONE, S_FAILED };

void jr_init(jr *r, void *data, size_t n) {
  memset(r, 0, sizeof *r);
  r->start = r->p = data;
  r->end = r->p + n;
  r->buf = data;
  r->state = S_VALUE;
}

static int fail(jr *r, const char *why) {
  r->err = why;
  r->err_off = (size_t)(r->p - r->start);
  r->state = S_FAILED;
  return JT_ERROR;
}

static void ws(jr *r) {
  while (r->p < r->end &&
         (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
    r->p++;
}

static void put(jr *r, uint32_t cp) {
  unsigned char u[4];
  size_t n;
  if (cp < 0x80) {
    u[0] = (unsigned char)cp;
    n = 1;
  } else if (cp < 0x800) {
    u[0] = (unsigned char)(0xc0 | (cp >> 6));
    u[1] = (unsigned char)(0x80 | (cp & 0x3f));
    n = 2;
  } else if (cp < 0x10000) {
    u[0] = (unsigned char)(0xe0 | (cp >> 12));
    u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    u[2] = (unsigned char)(0x80 | (cp & 0x3f));
    n = 3;
  } else {
    u[0] = (unsigned char)(0xf0 | (cp >> 18));
    u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    u[3] = (unsigned char)(0x80 | (cp & 0x3f));
    n = 4;
  }
  /* An escape is at least as long as its UTF-8 (\uXXXX: 6 bytes for at
   * most 3, a pair: 12 for 4): the text written stays behind r->p. */
  memcpy(r->buf + r->len, u, n);
  r->len += n;
}

static int hex4(jr *r, uint32_t *v) {
  int i;
  *v = 0;
  if (r->end - r->p < 4)
    return 0;
  for (i = 0; i < 4; i++) {
    unsigned char c = *r->p++;
    unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a') + 10u
                 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A') + 10u
                                        : 16u;
    if (d > 15)
      return 0;
    *v = *v << 4 | d;
  }
  return 1;
}

/* One UTF-8 sequence at p (RFC 3629: no overlongs, no surrogates); its
 * code point, or 0 and *cp untouched when invalid. */
static size_t utf8(const unsigned char *p, const unsigned char *end,
                   uint32_t *cp) {
  size_t n, i;
  uint32_t v, min;
  if (p[0] < 0x80) {
    *cp = p[0];
    return 1;
  }
  if (p[0] >= 0xc2 && p[0] <= 0xdf) n = 2, v = p[0] & 0x1fu, min = 0x80;
  else if (p[0] >= 0xe0 && p[0] <= 0xef) n = 3, v = p[0] & 0x0fu, min = 0x800;
  else if (p[0] >= 0xf0 && p[0] <= 0xf4) n = 4, v = p[0] & 0x07u, min = 0x10000;
  else return 0;
  if ((size_t)(end - p) < n)
    return 0;
  for (i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80)
      return 0;
    v = v << 6 | (p[i] & 0x3fu);
  }
  if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
    return 0;
  *cp = v;
  return n;
}

/* A string; r->p is at the opening quote.  Decoded in place from the
 * byte after the quote: r->buf + r->len never passes r->p. */
static int string(jr *r) {
  r->len = 0;
  r->p++;
  r->buf = (char *)(uintptr_t)r->p;
  for (;;) {
    uint32_t cp, lo;
    size_t n;
    if (r->p >= r->end)
      return fail(r, "unterminated string");
    if (*r->p == '"') {
      r->p++;
      break;
    }
    if (*r->p < 0x20)
      return fail(r, "control character in a string");
    if (*r->p == '\\') {
      if (r->end - r->p < 2)
        return fail(r, "unterminated string");
      r->p++;
      switch (*r->p++) {
      case '"': cp = '"'; break;
      case '\\': cp = '\\'; break;
      case '/': cp = '/'; break;
      case 'b': cp = 8; break;
      case 'f': cp = 12; break;
      case 'n': cp = 10; break;
      case 'r': cp = 13; break;
      case 't': cp = 9; break;
      case 'u':
        if (!hex4(r, &cp))
          return fail(r, "bad \\u escape");
        if (cp >= 0xdc00 && cp <= 0xdfff)
          return fail(r, "lone low surrogate");
        if (cp >= 0xd800 && cp <= 0xdbff) {
          if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u')
            return fail(r, "lone high surrogate");
          r->p += 2;
          if (!hex4(r, &lo) || lo < 0xdc00 || lo > 0xdfff)
            return fail(r, "bad surrogate pair");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        }
        if (cp == 0)
          return fail(r, "NUL in a string");
        break;
      default:
        return fail(r, "bad escape");
      }
      put(r, cp);
      continue;
    }
    if ((n = utf8(r->p, r->end, &cp)) == 0)
      return fail(r, "invalid UTF-8");
    memmove(r->buf + r->len, r->p, n);
    r->len += n;
    r->p += n;
  }
  r->buf[r->len] = '\0';
  return JT_STR;
}

static int digits(jr *r) {
  const unsigned char *s = r->p;
  while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
    r->p++;
  return r->p > s;
}

static int number(jr *r) {
  const unsigned char *s = r->p;
  size_t n;
  if (*r->p == '-')
    r->p++;
  if (r->p < r->end && *r->p == '0')
    r->p++;
  else if (!digits(r))
    return fail(r, "bad number");
  if (r->p < r->end && *r->p == '.') {
    r->p++;
    if (!digits(r))
      return fail(r, "bad number");
  }
  if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
    r->p++;
    if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
      r->p++;
    if (!digits(r))
      return fail(r, "bad number");
  }
  n = (size_t)(r->p - s);
  r->buf = (char *)(uintptr_t)s; /* not NUL-terminated: the next token's */
  r->len = n;
  return JT_NUM;
}

static int literal(jr *r, const char *w, int tok) {
  size_t n = strlen(w);
  if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
    return fail(r, "unexpected character");
  r->p += n;
  return tok;
}

static int push(jr *r, unsigned char kind, int state, int tok) {
  if (r->depth >= JR_MAX_DEPTH)
    return fail(r, "nested too deeply");
  r->stack[r->depth++] = kind;
  r->p++;
  r->state = state;
  return tok;
}

static int value(jr *r) {
  int t;
  switch (*r->p) {
  case '{': return push(r, 'o', S_FIRST_OBJ, JT_OBJ);
  case '[': return push(r, 'a', S_FIRST_ARR, JT_ARR);
  case '"': t = string(r); break;
  case 't': t = literal(r, "true", JT_TRUE); break;
  case 'f': t = literal(r, "false", JT_FALSE); break;
  case 'n': t = literal(r, "null", JT_NULL); break;
  default:
    if (*r->p == '-' || (*r->p >= '0' && *r->p <= '9'))
      t = number(r);
    else
      t = fail(r, "unexpected character");
  }
  if (t != JT_ERROR)
    r->state = S_AFTER;
  return t;
}

int jr_next(jr *r) {
  for (;;) {
    ws(r);
    if (r->state == S_FAILED)
      return JT_ERROR;
    if (r->state == S_AFTER && r->depth == 0)
      r->state = S_DONE;
    if (r->state == S_DONE)
      return r->p == r->end ? JT_END : fail(r, "data after the document");
    if (r->p >= r->end)
      return fail(r, "unexpected end of input");
    switch (r->state) {
    case S_AFTER:
      if (*r->p == ',') {
        r->p++;
        r->state = r->stack[r->depth - 1] == 'o' ? S_KEY : S_VALUE;
        continue;
      }
      if ((*r->p == '}' && r->stack[r->depth - 1] == 'o') ||
          (*r->p == ']' && r->stack[r->depth - 1] == 'a')) {
        int t = *r->p == '}' ? JT_OBJ_END : JT_ARR_END;
        r->p++;
        r->depth--;
        return t;
      }
      return fail(r, "expected ',' or the end of the object/array");
    case S_FIRST_OBJ:
      if (*r->p == '}') {
        r->p++;
        r->depth--;
        r->state = S_AFTER;
        return JT_OBJ_END;
      }
      /* fall through */
    case S_KEY:
      if (*r->p != '"')
        return fail(r, "expected a key");
      if (string(r) == JT_ERROR)
        return JT_ERROR;
      ws(r);
      if (r->p >= r->end || *r->p != ':')
        return fail(r, "expected ':'");
      r->p++;
      r->state = S_VALUE;
      return JT_KEY;
    case S_FIRST_ARR:
      if (*r->p == ']') {
        r->p++;
        r->depth--;
        r->state = S_AFTER;
        return JT_ARR_END;
      }
      r->state = S_VALUE;
      continue;
    default:
      return value(r);
    }
  }
}

int jr_skip(jr *r, int tok) {
  int depth;
  if (tok != JT_OBJ && tok != JT_ARR)
    return tok;
  depth = r->depth - 1;
  do {
    tok = jr_next(r);
    if (tok == JT_ERROR || tok == JT_END)
      return JT_ERROR;
  } while (r->depth > depth);
  return tok;
}

int jr_int(const jr *r, int64_t *v) {
  const char *s = r->buf, *e = r->buf + r->len;
  int neg = s < e && *s == '-';
  uint64_t acc = 0, lim = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
  if (neg)
    s++;
  for (; s < e; s++) {
    if (*s < '0' || *s > '9')
      return 0;
    if (acc > (lim - (uint64_t)(*s - '0')) / 10u)
      return 0;
    acc = acc * 10u + (uint64_t)(*s - '0');
  }
  *v = neg ? (acc == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)acc)
           : (int64_t)acc;
  return 1;
}

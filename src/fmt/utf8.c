/* SPDX-License-Identifier: MIT */
/* utf8.c - UTF-8 checking and the text quoting of names (fmt.h).
 *
 * Quoting rule for text output (README "Output", sframe-validate(1)): a
 * byte is written as \xHH when it is a control byte (< 0x20), DEL (0x7f),
 * part of a C1 control (U+0080..U+009F, which terminals may obey) or part of
 * an invalid UTF-8 sequence; a backslash is written as \\; everything else
 * (printable ASCII, valid UTF-8 from U+00A0 up) passes unchanged.  The
 * quoted form is unambiguous and contains no byte below 0x20.
 */
#include <string.h>

#include "fmt.h"

size_t fmt_utf8_seq(const unsigned char *s, size_t n) {
  unsigned c, len, k;
  uint32_t cp;
  if (n == 0)
    return 0;
  c = s[0];
  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf) {
    len = 2;
    cp = c & 0x1fu;
  } else if (c >= 0xe0 && c <= 0xef) {
    len = 3;
    cp = c & 0x0fu;
  } else if (c >= 0xf0 && c <= 0xf4) {
    len = 4;
    cp = c & 0x07u;
  } else {
    return 0;                  /* continuation byte, 0xc0/0xc1, 0xf5.. */
  }
  if (n < len)
    return 0;
  for (k = 1; k < len; k++) {
    if ((s[k] & 0xc0u) != 0x80u)
      return 0;
    cp = (cp << 6) | (s[k] & 0x3fu);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
      cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;                  /* overlong, out of range, surrogate */
  return len;
}

int fmt_utf8_valid(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t n = strlen(s), i = 0, k;
  while (i < n) {
    k = fmt_utf8_seq(p + i, n - i);
    if (k == 0)
      return 0;
    i += k;
  }
  return 1;
}

size_t fmt_utf8_trim(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = n, back = 0;
  /* Walk back over at most 3 continuation bytes to the sequence's lead. */
  while (i > 0 && back < 3 && (p[i - 1] & 0xc0u) == 0x80u) {
    i--;
    back++;
  }
  if (i == 0 || p[i - 1] < 0xc0u)
    return n;                  /* ends with ASCII or stray continuations */
  i--;                         /* p[i] is a lead byte */
  {
    unsigned need = p[i] >= 0xf0u ? 4u : p[i] >= 0xe0u ? 3u : 2u;
    return back + 1 < need ? i : n;
  }
}

/* Writes one quoted byte to buf at *len (counting past n). */
static void put(char *buf, size_t n, size_t *len, char c) {
  if (*len + 1 < n)
    buf[*len] = c;
  (*len)++;
}

static void put_hex(char *buf, size_t n, size_t *len, unsigned char c) {
  static const char hex[] = "0123456789abcdef";
  put(buf, n, len, '\\');
  put(buf, n, len, 'x');
  put(buf, n, len, hex[c >> 4]);
  put(buf, n, len, hex[c & 15u]);
}

size_t fmt_text_quote(char *buf, size_t n, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t len = 0, avail = strlen(s), i = 0, k, j;
  while (i < avail) {
    unsigned char c = p[i];
    if (c == '\\') {
      put(buf, n, &len, '\\');
      put(buf, n, &len, '\\');
      i++;
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      put_hex(buf, n, &len, c);
      i++;
      continue;
    }
    k = fmt_utf8_seq(p + i, avail - i);
    if (k == 0) {
      put_hex(buf, n, &len, c);
      i++;
      continue;
    }
    if (k == 2 && c == 0xc2 && p[i + 1] < 0xa0) { /* C1 control */
      put_hex(buf, n, &len, c);
      put_hex(buf, n, &len, p[i + 1]);
    } else {
      for (j = 0; j < k; j++)
        put(buf, n, &len, (char)p[i + j]);
    }
    i += k;
  }
  if (n > 0)
    buf[len < n ? len : n - 1] = '\0';
  return len;
}

void fmt_text_str(FILE *out, const char *s) {
  char small[256];
  size_t need = fmt_text_quote(small, sizeof small, s);
  if (need < sizeof small) {
    fputs(small, out);
    return;
  }
  /* Long names: quote piecewise through the same function, one input
   * character (or byte) at a time, so the rule lives in one place. */
  {
    const unsigned char *p = (const unsigned char *)s;
    size_t avail = strlen(s), i = 0, k;
    char piece[8], q[20];
    while (i < avail) {
      k = fmt_utf8_seq(p + i, avail - i);
      if (k == 0 || p[i] < 0x20)
        k = 1;
      memcpy(piece, p + i, k);
      piece[k] = '\0';
      (void)fmt_text_quote(q, sizeof q, piece);
      fputs(q, out);
      i += k;
    }
  }
}

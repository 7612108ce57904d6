/* SPDX-License-Identifier: MIT */
/* json.c - the one JSON string writer of the tool (fmt.h).
 *
 * Output is strict UTF-8 (RFC 8259 section 8.1): valid sequences pass
 * through, every byte of an invalid one becomes \ufffd; '"', '\\', control
 * bytes and DEL are escaped.  Callers that need the raw bytes back (paths)
 * use fmt_json_path(), which adds them in hex.
 */
#include <string.h>

#include "fmt.h"

int fmt_parse_format(const char *s, int *out) {
  static const struct { const char *name; int fmt; } names[] = {
    {"text", FMT_TEXT}, {"json", FMT_JSON}, {"markdown", FMT_MARKDOWN},
    {"sarif", FMT_SARIF}, {"canonical", FMT_CANONICAL},
  };
  size_t k;
  for (k = 0; k < sizeof names / sizeof names[0]; k++)
    if (strcmp(s, names[k].name) == 0) {
      *out = names[k].fmt;
      return 1;
    }
  return 0;
}

void fmt_json_str(FILE *out, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t n = strlen(s), i = 0, k;
  fputc('"', out);
  while (i < n) {
    unsigned char c = p[i];
    if (c == '"' || c == '\\') {
      fputc('\\', out);
      fputc(c, out);
      i++;
    } else if (c == '\n') {
      fputs("\\n", out);
      i++;
    } else if (c == '\t') {
      fputs("\\t", out);
      i++;
    } else if (c < 0x20 || c == 0x7f) {
      fprintf(out, "\\u%04x", c);
      i++;
    } else if ((k = fmt_utf8_seq(p + i, n - i)) == 0) {
      fputs("\\ufffd", out);
      i++;
    } else {
      fwrite(p + i, 1, k, out);
      i += k;
    }
  }
  fputc('"', out);
}

void fmt_json_path(FILE *out, const char *lead, const char *key, const char *path) {
  static const char hex[] = "0123456789abcdef";
  const unsigned char *p = (const unsigned char *)path;
  fprintf(out, "%s\"%s\":", lead, key);
  fmt_json_str(out, path);
  if (fmt_utf8_valid(path))
    return;
  fprintf(out, ",\"%s_bytes\":\"", key);
  for (; *p; p++) {
    fputc(hex[*p >> 4], out);
    fputc(hex[*p & 15u], out);
  }
  fputc('"', out);
}

/* rules.c - the rule table compiled from sfv_rules.def, and message
 * formatting.  Formatting writes into the caller's buffer only. */
#include <string.h>

#include "sfv.h"
#include "internal.h"

static const sfv_rule_info rule_table[SFV_RULE_COUNT] = {
#define SFV_RULE(enum_name, id, sev, spec, versions, consumers, summary, msg) \
  {id, sev, spec, versions, consumers, summary, msg},
#include "sfv_rules.def"
#undef SFV_RULE
};

const sfv_rule_info *sfv_rule_get(sfv_rule_id id) {
  if ((unsigned)id >= (unsigned)SFV_RULE_COUNT)
    return NULL;
  return &rule_table[id];
}

sfv_rule_id sfv_rule_lookup(const char *id) {
  unsigned i;
  if (id == NULL)
    return SFV_RULE_COUNT;
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++)
    if (strcmp(rule_table[i].id, id) == 0)
      return (sfv_rule_id)i;
  return SFV_RULE_COUNT;
}

const char *sfv_severity_name(sfv_severity s) {
  switch (s) {
  case SFV_SEV_ERROR: return "error";
  case SFV_SEV_WARNING: return "warning";
  case SFV_SEV_NOTE: return "note";
  }
  return "unknown";
}

/* Appends to buf[0..n) at *len, counting what would not fit. */
typedef struct outbuf {
  char *buf;
  size_t n;
  size_t len;
} outbuf;

static void put_char(outbuf *o, char ch) {
  if (o->n > 0 && o->len < o->n - 1)
    o->buf[o->len] = ch;
  o->len++;
}

static void put_str(outbuf *o, const char *s) {
  while (*s)
    put_char(o, *s++);
}

/* hex 0: decimal; 1: 0x-prefixed hex with a leading '-' for negatives;
 * 2: an address, the 64-bit two's-complement pattern in hex. */
static void put_int(outbuf *o, int64_t v, int hex) {
  char tmp[24];
  unsigned base = hex ? 16u : 10u;
  uint64_t mag;
  int i = 0;
  if (hex == 2) {
    mag = v < 0 ? UINT64_MAX - (uint64_t)(-(v + 1)) : (uint64_t)v;
  } else if (v < 0) {
    put_char(o, '-');
    mag = (uint64_t)(-(v + 1)) + 1u;
  } else {
    mag = (uint64_t)v;
  }
  if (hex)
    put_str(o, "0x");
  do {
    tmp[i++] = "0123456789abcdef"[mag % base];
    mag /= base;
  } while (mag != 0);
  while (i > 0)
    put_char(o, tmp[--i]);
}

size_t sfv_diag_message(const sfv_diag *d, char *buf, size_t n) {
  outbuf o = {buf, n, 0};
  const sfv_rule_info *ri;
  const char *p;

  if (d == NULL || (ri = sfv_rule_get(d->rule)) == NULL) {
    put_str(&o, "(invalid diagnostic)");
  } else {
    for (p = ri->message; *p; p++) {
      const char *close;
      size_t name_len;
      int hex = 0;
      int64_t val;
      if (*p != '{' || (close = strchr(p, '}')) == NULL) {
        put_char(&o, *p);
        continue;
      }
      name_len = (size_t)(close - p - 1);
      if (name_len > 2 && p[name_len - 1] == ':' &&
          (p[name_len] == 'x' || p[name_len] == 'a')) {
        hex = p[name_len] == 'x' ? 1 : 2;
        name_len -= 2;
      }
      if (name_len == 3 && strncmp(p + 1, "fde", 3) == 0)
        val = d->fde;
      else if (name_len == 3 && strncmp(p + 1, "fre", 3) == 0)
        val = d->fre;
      else if (name_len == 5 && strncmp(p + 1, "found", 5) == 0)
        val = d->found;
      else if (name_len == 8 && strncmp(p + 1, "expected", 8) == 0)
        val = d->expected;
      else if (name_len == 3 && strncmp(p + 1, "aux", 3) == 0)
        val = d->aux;
      else {
        put_char(&o, *p);
        continue;
      }
      put_int(&o, val, hex);
      p = close;
    }
  }
  if (n > 0)
    buf[o.len < n ? o.len : n - 1] = '\0';
  return o.len;
}

int sfv_diag_make(sfv_diag *d, sfv_rule_id rule, uint64_t off, int64_t fde,
                  int64_t fre, int64_t found, int64_t expected, int64_t aux) {
  const sfv_rule_info *ri = sfv_rule_get(rule);
  if (ri == NULL)
    return 0;
  d->rule = rule;
  d->severity = ri->severity;
  d->offset = off;
  d->fde = fde;
  d->fre = fre;
  d->found = found;
  d->expected = expected;
  d->aux = aux;
  return 1;
}

void sfv_diag_count(const sfv_diag *d, uint32_t *errors, uint32_t *warnings,
                    uint32_t *notes) {
  if (d->severity == SFV_SEV_ERROR)
    (*errors)++;
  else if (d->severity == SFV_SEV_WARNING)
    (*warnings)++;
  else
    (*notes)++;
}

void sfv_emit(sfv_emitter *em, const sfv_diag *d, uint32_t *suppressed) {
  if (em->stop)
    return;
  if (em->delivered >= em->max) {
    (*suppressed)++;
    return;
  }
  em->delivered++;
  if (em->fn != NULL && em->fn(em->ctx, d) != 0)
    em->stop = 1;
}

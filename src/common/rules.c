/* SPDX-License-Identifier: MIT */
/* rules.c - the rule table compiled from sfv_rules.def, and message
 * formatting.  Formatting writes into the caller's buffer only. */
#include <string.h>

#include "sfv.h"
#include <string.h>
#include "common/report.h"

/* One row per rule: the text columns from sfv_rules.def, the typed
 * columns from sfv_schema.def, joined by the rule's enum (each member set
 * exactly once; test_schema checks every rule has its schema row). */
#define SLOT(name, kind)                                                     \
  {SFV_KIND_##kind == SFV_KIND_NONE ? NULL : #name, SFV_KIND_##kind}
static const sfv_rule_info rule_table[SFV_RULE_COUNT] = {
#define SFV_RULE(E, id_, sev, spec_, versions_, consumers_, summary_, msg) \
  [SFV_R_##E].id = id_, [SFV_R_##E].severity = sev,                       \
  [SFV_R_##E].spec = spec_, [SFV_R_##E].versions = versions_,             \
  [SFV_R_##E].consumers = consumers_, [SFV_R_##E].summary = summary_,     \
  [SFV_R_##E].message = msg,
#include "sfv_rules.def"
#undef SFV_RULE
#define SFV_SCHEMA(E, space_, fn_, fk, en, ek, an, ak)                       \
  [SFV_R_##E].space = SFV_SPACE_##space_,                                 \
  [SFV_R_##E].found = SLOT(fn_, fk), [SFV_R_##E].expected = SLOT(en, ek), \
  [SFV_R_##E].aux = SLOT(an, ak),
#include "common/sfv_schema.def"
#undef SFV_SCHEMA
};
#undef SLOT

const char *sfv_slot_value_name(sfv_slot_kind kind, int64_t v) {
  switch (kind) {
  case SFV_KIND_E_SKIP_REASON:
    switch (v) {
    case SFV_SKIP_UNRELOCATED: return "unrelocated";
    case SFV_SKIP_NO_SCRATCH: return "no-scratch";
    case SFV_SKIP_BUDGET: return "work-budget";
    case SFV_SKIP_STARTS_ZERO: return "starts-all-zero";
    default: return NULL;
    }
  case SFV_KIND_E_BYTE_ORDER:
    return v == SFV_ORDER_BIG ? "big" : v == SFV_ORDER_LITTLE ? "little" : NULL;
  case SFV_KIND_E_ENTITY:
    return v == SFV_ENTITY_RA ? "ra" : v == SFV_ENTITY_FP ? "fp" : NULL;
  case SFV_KIND_E_PT_FIELD:
    return v == SFV_PT_OFFSET ? "p_offset"
           : v == SFV_PT_VADDR ? "p_vaddr"
           : v == SFV_PT_FILESZ ? "p_filesz"
                                : NULL;
  case SFV_KIND_E_TABLE:
    return v == SFV_TABLE_SECTIONS ? "section-headers"
           : v == SFV_TABLE_SEGMENTS ? "program-headers"
                                     : NULL;
  case SFV_KIND_E_IDENT:
    return v == 4 ? "EI_CLASS" : v == 5 ? "EI_DATA" : v == 6 ? "EI_VERSION" : NULL;
  case SFV_KIND_E_PROFILE_REASON: {
    static const char *const reason[] = {
        NULL, "version", "flag-missing", "flag-refused", "auxiliary-header",
        "no-fdes-or-fres", "equal-function-starts", "rules-it-refuses",
        "unplaceable-data-words", "fres-inside-fdes", "start-out-of-reach",
        "fixed-fp-wins", "fixed-ra-wins", "no-ra-word", "amd64-ra-offset-zero",
        "s390x-cfa-undecoded", "more-fres-than-bytes", "end-out-of-reach",
        "mask-start-past-size-aborts"};
    _Static_assert(sizeof reason / sizeof reason[0] == SFV_PROF_MASK_START_PAST_SIZE + 1,
                   "one name per profile reason");
    return v > 0 && v <= SFV_PROF_MASK_START_PAST_SIZE ? reason[v] : NULL;
  }
  case SFV_KIND_E_COVERAGE_UNKNOWN:
    switch (v) {
    case SFV_COVUNK_NOT_LINKED: return "not-linked";
    case SFV_COVUNK_NO_SYMTAB: return "no-function-symbols";
    case SFV_COVUNK_UNREADABLE: return "sframe-unreadable";
    case SFV_COVUNK_BUDGET: return "work-budget";
    default: return NULL;
    }
  case SFV_KIND_E_CFI_UNREPR: {
    static const char *const reason[] = {
        NULL, "cfa-expression", "cfa-register", "ra-rule", "fp-rule",
        "no-cfa", "ra-column", "sp-rule", "ra-signed-with-pc"};
    _Static_assert(sizeof reason / sizeof reason[0] ==
                       SFV_UNREPR_RA_PC_SIGNED + 1,
                   "one name per cfi-not-representable reason");
    return v > 0 && v <= SFV_UNREPR_RA_PC_SIGNED ? reason[v] : NULL;
  }
  case SFV_KIND_E_CFI_ERR: {
    static const char *const err[] = {
        NULL, "truncated", "length", "cie-pointer", "cie-version",
        "augmentation", "pointer-encoding", "leb128-too-wide", "opcode",
        "overflow", "location-backward", "remember-too-deep",
        "restore-underflow", "cfa-change-on-expression", "advance-in-cie",
        "work-budget", "address-size"};
    _Static_assert(sizeof err / sizeof err[0] == SFV_CFI_ERR_ADDR_SIZE + 1,
                   "one name per sfv_cfi_err");
    return v > 0 && v <= SFV_CFI_ERR_ADDR_SIZE ? err[v] : NULL;
  }
  case SFV_KIND_E_HDR_FIELD: {
    static const char *const field[] = {
        "version", "eh_frame_ptr_enc", "fde_count_enc", "table_enc",
        "truncated", "table-shorter-than-fde_count"};
    _Static_assert(sizeof field / sizeof field[0] == SFV_HDRF_TABLE_SHORT + 1,
                   "one name per .eh_frame_hdr field");
    return v >= 0 && v <= SFV_HDRF_TABLE_SHORT ? field[v] : NULL;
  }
  default:
    return NULL;
  }
}

const char *sfv_slot_kind_name(sfv_slot_kind kind) {
  static const char *const names[] = {
      "none", "count", "bytes", "offset", "addr", "index", "value", "bits",
      "regnum", "version", "abi", "skip-reason", "byte-order", "entity",
      "pt-field", "elf-table", "e-ident", "profile-reason", "coverage-unknown",
      "cfi-unrepresentable", "cfi-error", "eh-frame-hdr-field"};
  _Static_assert(sizeof names / sizeof names[0] == SFV_KIND_E_HDR_FIELD + 1,
                 "one name per sfv_slot_kind");
  return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind]
                                                         : "unknown";
}

const sfv_slot_info *sfv_rule_slot(sfv_rule_id id, unsigned i) {
  const sfv_rule_info *ri = sfv_rule_get(id);
  if (ri == NULL || i > 2)
    return NULL;
  return i == 0 ? &ri->found : i == 1 ? &ri->expected : &ri->aux;
}

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
      int hex = 0, slot;
      int64_t val;
      if (*p != '{' || (close = strchr(p, '}')) == NULL) {
        put_char(&o, *p);
        continue;
      }
      name_len = (size_t)(close - p - 1);
      if (name_len > 2 && p[name_len - 1] == ':' &&
          (p[name_len] == 'x' || p[name_len] == 'a' || p[name_len] == 'n')) {
        hex = p[name_len] == 'x' ? 1 : p[name_len] == 'a' ? 2 : 3;
        name_len -= 2;
      }
      slot = -1;
      if (name_len == 3 && strncmp(p + 1, "fde", 3) == 0)
        val = d->fde;
      else if (name_len == 3 && strncmp(p + 1, "fre", 3) == 0)
        val = d->fre;
      else if (name_len == 5 && strncmp(p + 1, "found", 5) == 0)
        val = d->found, slot = 0;
      else if (name_len == 8 && strncmp(p + 1, "expected", 8) == 0)
        val = d->expected, slot = 1;
      else if (name_len == 3 && strncmp(p + 1, "aux", 3) == 0)
        val = d->aux, slot = 2;
      else {
        put_char(&o, *p);
        continue;
      }
      if (hex == 3) {
        /* {slot:n}: the name of a named-enum value, else the number. */
        const sfv_slot_info *si =
            slot < 0 ? NULL : sfv_rule_slot(d->rule, (unsigned)slot);
        const char *nm = si != NULL ? sfv_slot_value_name(si->kind, val) : NULL;
        if (nm != NULL)
          put_str(&o, nm);
        else
          put_int(&o, val, 0);
      } else {
        put_int(&o, val, hex);
      }
      p = close;
    }
  }
  if (n > 0)
    buf[o.len < n ? o.len : n - 1] = '\0';
  return o.len;
}

/* SPDX-License-Identifier: MIT */
/* test_api.c - argument checking, names, the rule table, message
 * formatting, scratch sizing, the diagnostic cap and early stop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "diagsink.h"
#include "sfv.h"

static sink S;

static void null_args(void) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  sfv_fre_iter it;
  sfv_recovery_set rec;
  sfv_lookup lk;
  sfv_result res;
  uint64_t a;
  base b;
  base_init(&b, 3, SB_ABI_AMD64, 0);
  base_build(&b);

  CHECK_EQ(sfv_open(NULL, b.buf, b.size), SFV_E_ARG, "open NULL sec");
  CHECK_EQ(sfv_open(&sec, NULL, 5), SFV_E_ARG, "open NULL data");
  CHECK_EQ(sfv_open(&sec, NULL, 0), SFV_E_TRUNCATED, "open empty");
  CHECK_EQ(sfv_open(&sec, b.buf, b.size), SFV_OK, "open");
  CHECK_EQ(sfv_fde_get(NULL, 0, &f), SFV_E_ARG, "fde_get");
  CHECK_EQ(sfv_fde_get(&sec, 0, NULL), SFV_E_ARG, "fde_get");
  CHECK_EQ(sfv_fde_get(&sec, UINT32_MAX, &f), SFV_E_RANGE, "fde_get range");
  CHECK_EQ(sfv_fde_get(&sec, 0, &f), SFV_OK, "fde_get");
  CHECK_EQ(sfv_fde_func_start(NULL, &f, &a), SFV_E_ARG, "func_start");
  CHECK_EQ(sfv_fde_func_start(&sec, NULL, &a), SFV_E_ARG, "func_start");
  CHECK_EQ(sfv_fde_func_start(&sec, &f, NULL), SFV_E_ARG, "func_start");
  CHECK_EQ(sfv_fre_iter_init(NULL, &sec, &f, 0), SFV_E_ARG, "iter_init");
  CHECK_EQ(sfv_fre_iter_init(&it, NULL, &f, 0), SFV_E_ARG, "iter_init");
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, NULL, 0), SFV_E_ARG, "iter_init");
  CHECK_EQ(sfv_fre_iter_init(&it, &sec, &f, 0), SFV_OK, "iter_init");
  CHECK_EQ(sfv_fre_next(NULL, &r), SFV_E_ARG, "fre_next");
  CHECK_EQ(sfv_fre_next(&it, NULL), SFV_E_ARG, "fre_next");
  CHECK_EQ(sfv_fre_next(&it, &r), SFV_OK, "fre_next");
  CHECK_EQ(sfv_fre_recovery(NULL, &f, &r, &rec), SFV_E_ARG, "fre_rules");
  CHECK_EQ(sfv_fre_recovery(&sec, NULL, &r, &rec), SFV_E_ARG, "fre_rules");
  CHECK_EQ(sfv_fre_recovery(&sec, &f, NULL, &rec), SFV_E_ARG, "fre_rules");
  CHECK_EQ(sfv_fre_recovery(&sec, &f, &r, NULL), SFV_E_ARG, "fre_rules");
  CHECK_EQ(sfv_find_fre(NULL, 0, &lk), SFV_E_ARG, "find_fre");
  CHECK_EQ(sfv_find_fre(&sec, 0, NULL), SFV_E_ARG, "find_fre");
  {
    sfv_section zero;
    memset(&zero, 0, sizeof zero);
    CHECK_EQ(sfv_find_fre(&zero, 0, &lk), SFV_E_ARG, "find_fre unopened");
  }
  {
    /* The lookup index: NULLs, an unopened section, an unbuilt index. */
    static uint64_t mem[4096];
    sfv_section zero;
    sfv_index ix;
    sfv_index_hit h;
    size_t need = 0;
    memset(&zero, 0, sizeof zero);
    memset(&ix, 0, sizeof ix);
    CHECK_EQ(sfv_index_size(NULL, &need), SFV_E_ARG, "index_size");
    CHECK_EQ(sfv_index_size(&sec, NULL), SFV_E_ARG, "index_size");
    CHECK_EQ(sfv_index_size(&zero, &need), SFV_E_ARG, "index_size unopened");
    CHECK_EQ(sfv_index_find(&ix, 0, &h), SFV_E_ARG, "index_find unbuilt");
    CHECK_EQ(sfv_index_lookup(&ix, 0, &lk), SFV_E_ARG, "index_lookup unbuilt");
    CHECK_EQ(sfv_index_build(NULL, &sec, mem, sizeof mem), SFV_E_ARG, "index_build");
    CHECK_EQ(sfv_index_build(&ix, NULL, mem, sizeof mem), SFV_E_ARG, "index_build");
    CHECK_EQ(sfv_index_build(&ix, &zero, mem, sizeof mem), SFV_E_ARG, "index_build");
    CHECK_EQ(sfv_index_build(&ix, &sec, NULL, sizeof mem), SFV_E_ARG, "index_build");
    CHECK_EQ(sfv_index_size(&sec, &need), SFV_OK, "index_size");
    CHECK(need > 0 && need <= sizeof mem);
    CHECK_EQ(sfv_index_build(&ix, &sec, mem, need), SFV_OK, "index_build");
    CHECK_EQ(sfv_index_find(NULL, 0, &h), SFV_E_ARG, "index_find");
    CHECK_EQ(sfv_index_find(&ix, 0, NULL), SFV_E_ARG, "index_find");
    CHECK_EQ(sfv_index_lookup(NULL, 0, &lk), SFV_E_ARG, "index_lookup");
    CHECK_EQ(sfv_index_lookup(&ix, 0, NULL), SFV_E_ARG, "index_lookup");
  }
  sfv_set_vma(NULL, 5); /* must not crash */
  CHECK_EQ(sfv_validate(NULL, 5, NULL, NULL, NULL, &res), SFV_E_ARG,
           "validate NULL data");
  CHECK_EQ(sfv_validate(NULL, 0, NULL, sink_fn, &S, &res), SFV_OK,
           "validate empty");
  CHECK_EQ(res.errors, 1, "validate empty");
  CHECK_EQ(res.decoded, 0, "validate empty");
  CHECK_EQ(sfv_validate(b.buf, b.size, NULL, NULL, NULL, NULL), SFV_OK,
           "validate without anything");

  /* sfv_open refusals. */
  {
    uint8_t bad[64];
    memcpy(bad, b.buf, sizeof bad);
    bad[0] = 0x12;
    CHECK_EQ(sfv_open(&sec, bad, sizeof bad), SFV_E_MAGIC, "open magic");
    memcpy(bad, b.buf, sizeof bad);
    bad[2] = 4;
    CHECK_EQ(sfv_open(&sec, bad, sizeof bad), SFV_E_VERSION, "open version");
    memcpy(bad, b.buf, sizeof bad);
    CHECK_EQ(sfv_open(&sec, bad, 27), SFV_E_TRUNCATED, "open 27");
    CHECK_EQ(sfv_open(&sec, bad, 1), SFV_E_TRUNCATED, "open 1");
    CHECK_EQ(sfv_open(&sec, bad, 28), SFV_OK, "open header only");
    CHECK_EQ(sec.fde_avail, 0, "header only");
  }
}

static void names(void) {
  int i, j;
  for (i = SFV_OK; i <= SFV_E_BUDGET; i++) {
    const char *n = sfv_status_name((sfv_status)i);
    CHECKF(n != NULL && strcmp(n, "unknown status") != 0, "status %d", i);
    for (j = SFV_OK; j < i; j++)
      CHECKF(strcmp(n, sfv_status_name((sfv_status)j)) != 0,
             "statuses %d and %d share a name", i, j);
  }
  CHECK(strcmp(sfv_status_name((sfv_status)99), "unknown status") == 0);
  CHECK(strcmp(sfv_severity_name(SFV_SEV_ERROR), "error") == 0);
  CHECK(strcmp(sfv_severity_name(SFV_SEV_WARNING), "warning") == 0);
  CHECK(strcmp(sfv_severity_name(SFV_SEV_NOTE), "note") == 0);
  CHECK(strcmp(sfv_severity_name((sfv_severity)7), "unknown") == 0);
  CHECK(strcmp(sfv_abi_name(SFV_ABI_AMD64_LE), "amd64") == 0);
  CHECK(strcmp(sfv_abi_name(SFV_ABI_AARCH64_BE), "aarch64-be") == 0);
  CHECK(strcmp(sfv_abi_name(SFV_ABI_AARCH64_LE), "aarch64-le") == 0);
  CHECK(strcmp(sfv_abi_name(SFV_ABI_S390X_BE), "s390x") == 0);
  CHECK(sfv_abi_name(0) == NULL && sfv_abi_name(5) == NULL);
  /* DWARF: rsp 7 / rbp 6; sp 31 / x29; r15 / r11. */
  CHECK(sfv_abi_sp_regnum(SFV_ABI_AMD64_LE) == 7);
  CHECK(sfv_abi_fp_regnum(SFV_ABI_AMD64_LE) == 6);
  CHECK(sfv_abi_sp_regnum(SFV_ABI_AARCH64_LE) == 31);
  CHECK(sfv_abi_fp_regnum(SFV_ABI_AARCH64_BE) == 29);
  CHECK(sfv_abi_sp_regnum(SFV_ABI_S390X_BE) == 15);
  CHECK(sfv_abi_fp_regnum(SFV_ABI_S390X_BE) == 11);
  CHECK(sfv_abi_sp_regnum(9) < 0 && sfv_abi_fp_regnum(0) < 0);
}

static int kebab(const char *s) {
  if (*s == '\0' || *s == '-')
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
          (*s == '-' && s[1] != '-' && s[1] != '\0')))
      return 0;
  return 1;
}

static void rule_table(void) {
  unsigned i, j;
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++) {
    const sfv_rule_info *r = sfv_rule_get((sfv_rule_id)i);
    CHECKF(r != NULL, "rule %u", i);
    if (r == NULL)
      continue;
    CHECKF(r->id && kebab(r->id), "rule %u id", i);
    CHECKF(r->summary && *r->summary && r->message && *r->message && r->spec,
           "rule %s texts", r->id);
    CHECKF(r->severity <= SFV_SEV_NOTE, "rule %s severity", r->id);
    CHECKF(r->versions != 0 && (r->versions & ~SFV_VALL) == 0,
           "rule %s versions", r->id);
    CHECKF(sfv_rule_lookup(r->id) == (sfv_rule_id)i, "lookup %s", r->id);
    for (j = 0; j < i; j++)
      CHECKF(strcmp(r->id, sfv_rule_get((sfv_rule_id)j)->id) != 0,
             "duplicate id %s", r->id);
  }
  CHECK(sfv_rule_get(SFV_RULE_COUNT) == NULL);
  CHECK(sfv_rule_get((sfv_rule_id)-1) == NULL);
  CHECK(sfv_rule_lookup(NULL) == SFV_RULE_COUNT);
  CHECK(sfv_rule_lookup("") == SFV_RULE_COUNT);
  CHECK(sfv_rule_lookup("no-such-rule") == SFV_RULE_COUNT);
  CHECK(sfv_rule_lookup("MAGIC") == SFV_RULE_COUNT);
  CHECK(sfv_rule_lookup("magic") == SFV_R_MAGIC);
}

/* Independent expansion of a message template: {fde} {fre} {found}
 * {expected} {aux}, ":x" for 0x-hex with '-' before negatives, ":a" for
 * an address (the uint64 bit pattern in 0x-hex), ":n" for the name of a
 * named-enum value (the schema's; decimal when it has none). */
static void expand(const char *tmpl, const sfv_diag *d, char *out, size_t n) {
  static const char *const names[] = {"fde", "fre", "found", "expected", "aux"};
  size_t len = 0;
  const char *p = tmpl;
  out[0] = '\0';
  while (*p && len + 32 < n) {
    unsigned k;
    int done = 0;
    for (k = 0; k < 5 && *p == '{'; k++) {
      size_t nl = strlen(names[k]);
      int64_t val = k == 0   ? d->fde
                    : k == 1 ? d->fre
                    : k == 2 ? d->found
                    : k == 3 ? d->expected
                             : d->aux;
      char num[40];
      uint64_t mag = val < 0 ? (uint64_t)(-(val + 1)) + 1u : (uint64_t)val;
      if (strncmp(p + 1, names[k], nl) != 0)
        continue;
      if (p[1 + nl] == '}') {
        snprintf(num, sizeof num, "%s%llu", val < 0 ? "-" : "",
                 (unsigned long long)mag);
        p += nl + 2;
      } else if (strncmp(p + 1 + nl, ":x}", 3) == 0) {
        snprintf(num, sizeof num, "%s0x%llx", val < 0 ? "-" : "",
                 (unsigned long long)mag);
        p += nl + 4;
      } else if (strncmp(p + 1 + nl, ":n}", 3) == 0 && k >= 2) {
        /* The value's name when its slot is a named enum, else decimal. */
        const sfv_slot_info *si = sfv_rule_slot(d->rule, k - 2);
        const char *nm = si != NULL ? sfv_slot_value_name(si->kind, val) : NULL;
        if (nm != NULL)
          snprintf(num, sizeof num, "%s", nm);
        else
          snprintf(num, sizeof num, "%s%llu", val < 0 ? "-" : "",
                   (unsigned long long)mag);
        p += nl + 4;
      } else if (strncmp(p + 1 + nl, ":a}", 3) == 0) {
        uint64_t bits;
        memcpy(&bits, &val, sizeof bits);
        snprintf(num, sizeof num, "0x%llx", (unsigned long long)bits);
        p += nl + 4;
      } else {
        continue;
      }
      memcpy(out + len, num, strlen(num) + 1);
      len += strlen(num);
      done = 1;
      break;
    }
    if (!done) {
      out[len++] = *p++;
      out[len] = '\0';
    }
  }
}

static void messages(void) {
  static const int64_t vals[][5] = {
      {0, SFV_NONE, 0, 0, 0},
      {3, 7, -12, 255, 0x1234},
      {INT64_MAX, INT64_MIN, -1, 0x7fffffff, -0x80},
      {1, 2, 0xdee2, -160, 31},
      {1, 2, 1, 0xbe, 2}, /* named-enum values */
  };
  unsigned i, v;
  char got[512], want[512];
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++)
    for (v = 0; v < sizeof vals / sizeof vals[0]; v++) {
      sfv_diag d;
      size_t n, k;
      memset(&d, 0, sizeof d);
      d.rule = (sfv_rule_id)i;
      d.fde = vals[v][0], d.fre = vals[v][1], d.found = vals[v][2];
      d.expected = vals[v][3], d.aux = vals[v][4];
      expand(sfv_rule_get(d.rule)->message, &d, want, sizeof want);
      n = sfv_diag_message(&d, got, sizeof got);
      CHECKF(strcmp(got, want) == 0, "rule %s: '%s' want '%s'",
             sfv_rule_get(d.rule)->id, got, want);
      CHECK_EQ(n, strlen(want), "message length");
      /* Truncation: always NUL-terminated, same return value. */
      for (k = 0; k <= n + 1 && k < 40; k++) {
        char small[48];
        memset(small, 'Z', sizeof small);
        CHECK_EQ(sfv_diag_message(&d, small, k), n, "truncated length");
        if (k > 0) {
          size_t want_len = k - 1 < n ? k - 1 : n;
          CHECKF(small[want_len] == '\0' &&
                     strncmp(small, want, want_len) == 0,
                 "rule %s truncated to %zu", sfv_rule_get(d.rule)->id, k);
        }
        CHECKF(small[k] == 'Z' || (k == 0 && small[0] == 'Z'),
               "wrote past %zu bytes", k);
      }
      CHECK_EQ(sfv_diag_message(&d, NULL, 0), n, "NULL buffer");
    }
  {
    sfv_diag d;
    memset(&d, 0, sizeof d);
    d.rule = SFV_R_MAGIC;
    d.found = 0x1234;
    sfv_diag_message(&d, got, sizeof got);
    CHECKF(strcmp(got, "magic is 0x1234, not 0xdee2 in either byte order") ==
               0,
           "magic message '%s'", got);
    d.rule = SFV_R_FIXED_FP_OFFSET;
    d.found = -12;
    sfv_diag_message(&d, got, sizeof got);
    CHECKF(strcmp(got, "fixed FP offset -12 is not a negative multiple of 8") ==
               0,
           "fixed-fp message '%s'", got);
    d.rule = SFV_RULE_COUNT;
    sfv_diag_message(&d, got, sizeof got);
    CHECK(strcmp(got, "(invalid diagnostic)") == 0);
    sfv_diag_message(NULL, got, sizeof got);
    CHECK(strcmp(got, "(invalid diagnostic)") == 0);
  }
}

/* A section with many diagnostics: every FDE sets an unused info bit. */
static size_t noisy(base *b) {
  unsigned i;
  base_init(b, 2, SB_ABI_AMD64, 0);
  base_build(b);
  for (i = 0; i < b->d.nfdes; i++)
    b->buf[b->lay.fde_off[i] + SB_FDE12_INFO] |= 0x40;
  return b->d.nfdes;
}

static void cap_and_stop(void) {
  base b;
  sfv_result res;
  sfv_options o;
  size_t total = noisy(&b);
  unsigned k;
  CHECK(total >= 4);
  memset(&o, 0, sizeof o);
  S.stop_after = 0;
  CHECK_EQ(sfv_validate(b.buf, b.size, &o, sink_fn, &S, &res), SFV_OK, "all");
  /* counted whatever the rule's severity (fde-info-unused is a warning) */
  CHECK_EQ(res.errors + res.warnings + res.notes, total, "all");
  CHECK_EQ(res.suppressed, 0, "all");
  for (k = 1; k <= total + 1; k++) {
    S.n = 0;
    o.max_diags = k;
    CHECK_EQ(sfv_validate(b.buf, b.size, &o, sink_fn, &S, &res), SFV_OK,
             "cap");
    CHECK_EQ(S.n, k < total ? k : total, "delivered under cap");
    CHECK_EQ(res.errors + res.warnings + res.notes, total, "counted under cap");
    CHECK_EQ(res.suppressed, k < total ? total - k : 0, "suppressed");
  }
  o.max_diags = 0;
  for (k = 1; k <= total; k++) {
    S.n = 0;
    S.stop_after = k;
    CHECK_EQ(sfv_validate(b.buf, b.size, &o, sink_fn, &S, &res), SFV_OK,
             "stop");
    CHECK_EQ(S.n, k, "stopped after k");
    CHECK_EQ(res.errors + res.warnings + res.notes, k, "counted until stop");
    CHECK_EQ(res.suppressed, 0, "stop");
  }
  S.stop_after = 0;
}

/* Exactly sfv_scratch_size(n) bytes at any alignment suffice. */
static void scratch(void) {
  base b;
  unsigned mis;
  CHECK(sfv_scratch_size(0) <= sfv_scratch_size(1));
  CHECK(sfv_scratch_size(1000) >= 1000 * 2 * sizeof(int64_t));
  CHECK(sfv_scratch_size(100000) > sfv_scratch_size(99999));
  base_init(&b, 2, SB_ABI_AMD64, 0);
  b.fdes[0].start = 0x1000;              /* unsorted ... */
  b.fdes[2].start = 0x1010;              /* ... and overlapping */
  b.fdes[2].size = 0x8;
  b.d.flags = 0;
  base_build(&b);
  for (mis = 0; mis < 16; mis++) {
    size_t need = sfv_scratch_size(b.d.nfdes);
    unsigned char *mem = malloc(need + 16);
    sfv_options o;
    sfv_result res;
    memset(&o, 0, sizeof o);
    o.scratch = mem + mis;
    o.scratch_size = need;
    S.n = 0;
    memset(S.per_rule, 0, sizeof S.per_rule);
    CHECK_EQ(sfv_validate(b.buf, b.size, &o, sink_fn, &S, &res), SFV_OK,
             "scratch");
    CHECKF(S.per_rule[SFV_R_FDE_FUNC_OVERLAP] == 1 &&
               S.per_rule[SFV_R_CHECKS_SKIPPED] == 0,
           "misalignment %u: overlap %u skipped %u", mis,
           S.per_rule[SFV_R_FDE_FUNC_OVERLAP],
           S.per_rule[SFV_R_CHECKS_SKIPPED]);
    /* Too small: the check is skipped and said so, never overrun. */
    o.scratch_size = need / 2;
    memset(S.per_rule, 0, sizeof S.per_rule);
    CHECK_EQ(sfv_validate(b.buf, b.size, &o, sink_fn, &S, &res), SFV_OK,
             "small scratch");
    CHECK_EQ(S.per_rule[SFV_R_CHECKS_SKIPPED], 1, "small scratch");
    CHECK_EQ(S.per_rule[SFV_R_FDE_FUNC_OVERLAP], 0, "small scratch");
    free(mem);
  }
}

int main(void) {
  null_args();
  names();
  rule_table();
  messages();
  cap_and_stop();
  scratch();
  return t_exit("test_api");
}

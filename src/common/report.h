/* SPDX-License-Identifier: MIT */
/* report.h - typed findings: one reporter per rule, generated from the
 * schema (sfv_schema.def), so that a report names its value slots and a
 * slot the rule does not have does not compile (not API).
 *
 *   SFV_FIND(out, NUM_FRES_MISMATCH, off, fde, fre,
 *            .sfh_num_fres = a, .fres_in_fdes = b);
 *
 * expands to a compound literal of `struct sfv_slots_NUM_FRES_MISMATCH`,
 * whose members are the rule's slot names.  Its first member is a pointer,
 * so positional (unnamed) values do not compile either (int to pointer).
 * Every check reports through SFV_FIND: the classifiers, the validator,
 * the policies, the trailing-bytes classifier and the ELF checks (through
 * ELF_FIND, src/elf/elf_internal.h); sfv_diag_from() is the one place a
 * finding becomes an sfv_diag.  The CLI's archive diagnostics use the
 * same slot structs (src/cli/archive.c AR_FIND).
 */
#ifndef SFV_COMMON_REPORT_H
#define SFV_COMMON_REPORT_H

#include "sfv.h"

/* One finding: a rule, where, and the three typed values. */
typedef struct sfv_finding {
  sfv_rule_id rule;
  sfv_severity severity;     /* the rule table's (sfv_find sets it) */
  uint64_t offset;
  int64_t fde;
  int64_t fre;
  int64_t found;
  int64_t expected;
  int64_t aux;
} sfv_finding;

typedef void (*sfv_finding_fn)(void *ctx, const sfv_finding *f);

/* Where classifiers send findings.  fn may be NULL (verdict only). */
typedef struct sfv_out {
  sfv_finding_fn fn;
  void *ctx;
} sfv_out;

typedef struct sfv_slot_values {
  int64_t found;
  int64_t expected;
  int64_t aux;
} sfv_slot_values;

#define SFV_SCHEMA(R, space, fn_, fk, en, ek, an, ak)                      \
  struct sfv_slots_##R {                                                   \
    const void *name_every_slot_;                                          \
    int64_t fn_;                                                           \
    int64_t en;                                                            \
    int64_t an;                                                            \
  };                                                                       \
  static inline sfv_slot_values sfv_pack_##R(struct sfv_slots_##R s) {     \
    sfv_slot_values v = {s.fn_, s.en, s.an};                               \
    return v;                                                              \
  }
#include "common/sfv_schema.def"
#undef SFV_SCHEMA

/* Each rule's severity as a constant, SFV_SEVOF_<ENUM>, from the rule
 * catalogue (the rule table of rules.c reads the same column): the verdict
 * SFV_FIND returns folds at compile time. */
enum {
#define SFV_RULE(E, id_, sev, spec_, versions_, consumers_, summary_, msg_)  \
  SFV_SEVOF_##E = sev,
#include "sfv_rules.def"
#undef SFV_RULE
};

/* Sends the finding (rule, its severity sev) to out; returns 1 when the
 * rule is an error (the classifier's "no"), else 0.  Inline: a finding
 * costs its fields' stores and the call of out->fn. */
static inline int sfv_find(const sfv_out *out, sfv_rule_id rule,
                           sfv_severity sev, uint64_t off, int64_t fde,
                           int64_t fre, sfv_slot_values v) {
  if (out != NULL && out->fn != NULL) {
    sfv_finding f;
    f.rule = rule;
    f.severity = sev;
    f.offset = off;
    f.fde = fde;
    f.fre = fre;
    f.found = v.found;
    f.expected = v.expected;
    f.aux = v.aux;
    out->fn(out->ctx, &f);
  }
  return sev == SFV_SEV_ERROR;
}

/* Fills *d from f (its severity is the rule table's, set by sfv_find); 0
 * when the rule id is unknown.  Inline: every finding of the validator
 * goes through it, delivered or over the cap.  f is read field by field
 * (volatile): sfv_find has just stored those fields one by one, and a
 * wider load the compiler would merge two adjacent fields into (a 16-byte
 * copy) cannot be forwarded from two stores -- it waits until both have
 * left the store buffer, which took two thirds of the validator's
 * delivery time on a section drawing a finding per FRE. */
static inline int sfv_diag_from(sfv_diag *d, const sfv_finding *f) {
  const volatile sfv_finding *vf = f;
  sfv_rule_id rule = vf->rule;
  if ((unsigned)rule >= (unsigned)SFV_RULE_COUNT)
    return 0;
  d->rule = rule;
  d->severity = vf->severity;
  d->offset = vf->offset;
  d->fde = vf->fde;
  d->fre = vf->fre;
  d->found = vf->found;
  d->expected = vf->expected;
  d->aux = vf->aux;
  return 1;
}

#define SFV_FIND(out, R, off, fde, fre, ...)                                 \
  sfv_find((out), SFV_R_##R, (sfv_severity)SFV_SEVOF_##R, (off), (fde),     \
           (fre), sfv_pack_##R((struct sfv_slots_##R){__VA_ARGS__}))

#endif

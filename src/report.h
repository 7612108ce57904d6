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
 * ELF_FIND, src/elf_internal.h); sfv_diag_from() is the one place a
 * finding becomes an sfv_diag.  The CLI's archive diagnostics use the
 * same slot structs (src/cli/archive.c AR_FIND).
 */
#ifndef SFV_REPORT_H
#define SFV_REPORT_H

#include "sfv.h"

/* One finding: a rule, where, and the three typed values. */
typedef struct sfv_finding {
  sfv_rule_id rule;
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
#include "sfv_schema.def"
#undef SFV_SCHEMA

/* Sends the finding to out; returns 1 when the rule is an error (the
 * classifier's "no"), else 0. */
int sfv_find(const sfv_out *out, sfv_rule_id rule, uint64_t off, int64_t fde,
             int64_t fre, sfv_slot_values v);

/* Fills *d from f and the rule table (severity); 0 when the rule id is
 * unknown. */
int sfv_diag_from(sfv_diag *d, const sfv_finding *f);

#define SFV_FIND(out, R, off, fde, fre, ...)                                 \
  sfv_find((out), SFV_R_##R, (off), (fde), (fre),                          \
           sfv_pack_##R((struct sfv_slots_##R){__VA_ARGS__}))

#endif

/* SPDX-License-Identifier: MIT */
/* cmp_state.h - the comparison state (struct cmp, its budget and its
 * typed reporter) shared by the CFI comparison's translation units
 * (cfi_compare.c: the walk over .eh_frame and the functions in one
 * section only; cfi_compare_rows.c: the functions in both).  Not API.
 * Every finding goes through CMP_FIND, the typed reporter of report.h: a slot the rule does not have does not
 * compile (tests/compile_fail/cfi_wrong_slot.c). */
#ifndef SFV_CFI_CMP_STATE_H
#define SFV_CFI_CMP_STATE_H

#include "cfi/cfi.h"
#include "common/emit.h"
#include "sframe/decode.h"
#include "common/report.h"
#include "common/work.h"

/* Comparable form of a rule: a sfv_cfi_rule_kind, or K_AT_REG / K_VAL_REG
 * for the register-based forms (flex FDEs; DW_CFA_expression with a lone
 * DW_OP_bregN), with its offset `val` and register `reg`.  Kinds 6 and 7
 * are left for expressions of any other form. */
enum { K_AT_REG = 8, K_VAL_REG = 9 };

typedef struct norm {
  uint8_t kind;
  int64_t val;
  uint32_t reg;
} norm;

enum { CAT_CFA, CAT_RA, CAT_RA_MANGLED, CAT_FP, CAT_COUNT };

typedef struct cmp {
  const sfv_section *sec;
  const sfv_cfi *cfi;
  sfv_emitter em;
  sfv_out out;               /* typed findings -> em, counted in res */
  sfv_cfi_compare_result *res;
  sfv_work work;             /* every instruction, interval, FRE and lookup */
  sfv_cfi_state *stack;
  unsigned cap;
  uint8_t *matched;          /* bitmap over SFrame FDEs, or NULL */
  const sfv_cfi_compare_options *opt; /* or NULL */
  uint32_t sp, fp, ra;       /* DWARF numbers of the ABI's SP, FP and RA */
  int aarch64;
} cmp;

typedef struct fnc {
  const sfv_cfi_fde *cf;
  const sfv_fde *fde;
  uint32_t reported[CAT_COUNT]; /* FRE index + 1 last reported, 0 none */
  uint64_t caf;              /* the CIE's code alignment factor, >= 1 */
  int key_reported;
  int ra_undef_noted;        /* cfi-ra-undefined reported for the function */
  int mismatched;
  uint8_t (*seen)[32];       /* PC-mask FDEs: per category, a bit per FRE
                                index (< 256) already reported; NULL: the
                                last FRE reported (reported[]) */
} fnc;

/* Charges units of work to c's budget; 0 (budget spent) when it cannot. */
static inline int charge(cmp *c, uint64_t units) {
  return sfv_work_charge(&c->work, units);
}

static inline int64_t as_i64(uint64_t v) { return (int64_t)sfv_sext(v, 8); }

/* FRE start as .eh_frame can say it: DW_CFA_advance_loc counts code
 * alignment units, so a start that is not a multiple of the CIE's factor
 * (only possible in code that is not made of instructions, e.g. `.byte` on
 * AArch64) is compared as rounded down, where the CFI row changes. */
static inline uint64_t cmp_fre_start(const fnc *f, const sfv_fre *fre) {
  return fre->start - fre->start % f->caf;
}

/* src/cfi/cfi_compare_rows.c: a CFI rule in comparable form ("unspecified",
 * and "undefined" for the FP, are "same value"); a row's CFA kind (0 none,
 * 1 register + offset, 2 other expression, 3 *(register + offset)); an
 * interpretation failure reported (cfi-unreadable; the budget is the
 * caller's); the registers the interpreter tracks (RA column, FP, SP);
 * the walk of SFrame function fde [fstart, fend) against CFI FDE cf. */
norm sfv_cmp_from_cfi(const sfv_cfi *cfi, const sfv_cfi_reg *r, int is_fp);
unsigned sfv_cmp_cfa_of(const sfv_cfi *cfi, const sfv_cfi_state *s,
                        uint32_t *reg, int64_t *off);
/* 1 when a CFA of kind ck (sfv_cmp_cfa_of) has no SFrame form in this
 * section: any other expression, or *(register + offset) before v3. */
static inline int cmp_cfa_expr_unrepresentable(const cmp *c, unsigned ck) {
  return ck == 2 || (ck == 3 && c->sec->hdr.version < 3);
}
void sfv_cmp_interp_failed(cmp *c, const sfv_cfi_interp *ip);
unsigned sfv_cmp_track_regs(const cmp *c, const sfv_cfi_fde *cf, uint32_t *t);
/* 1 when the segment mismatched (cfi_compare_rows.c). */
int sfv_cmp_segment(cmp *c, const sfv_cfi_fde *cf, const sfv_fde *fde,
                    uint64_t fstart, uint64_t fend);
/* One interval starting at pc where CFI row `row` and FRE `fre` (rules
 * `rec`) both hold: every category compared, each reported through f's
 * once-per-FRE filter (cfi_compare_rows.c). */
void sfv_cmp_at(cmp *c, fnc *f, const sfv_cfi_row *row, const sfv_fre *fre,
                const sfv_recovery_set *rec, uint64_t pc);
/* A PC-mask FDE against CFI FDE cf, block by block (cfi_compare_mask.c);
 * 1 when it mismatched. */
int sfv_cmp_mask(cmp *c, const sfv_cfi_fde *cf, const sfv_fde *fde,
                 uint64_t fstart, uint64_t fend);

/* A finding of the comparison c, slots named as in sfv_schema.def. */
#define CMP_FIND(c, R, off, fde, fre, ...)                                   \
  ((void)SFV_FIND(&(c)->out, R, (off), (fde), (fre), __VA_ARGS__))

#endif

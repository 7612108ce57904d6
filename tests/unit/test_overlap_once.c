/* SPDX-License-Identifier: MIT */
/* test_overlap_once.c - an overlapping function is reported once.
 *
 * The index pass (validate.c check_fde_index) reports function overlaps
 * while the FDEs come in address order; when a later FDE breaks the order,
 * the sorted sweep (validate_cross.c) checks every FDE again, with
 * scratch.  Rows: three or four v3 FDEs whose functions overlap inside the
 * in-order prefix, after it, across it, or against an FDE the index pass
 * skipped (its FRE block out of bounds), validated with exact scratch and
 * without.  Each row states, per FDE, how many fde-func-overlap
 * diagnostics it draws in each mode.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sbuild.h"
#include "sfv.h"

#define MAXF 4

typedef struct row {
  const char *name;
  int64_t start[MAXF];
  uint32_t size[MAXF];
  unsigned n;
  int bad_block;               /* FDE whose FRE offset points past fre_len,
                                  -1: none */
  unsigned with[MAXF];         /* overlaps of FDE i, with scratch */
  unsigned without[MAXF];      /* without scratch */
} row;

static const row rows[] = {
    /* FDE 1 inside FDE 0 (in order), FDE 2 breaks the order. */
    {"prefix overlap, then unsorted", {0x100, 0x150, 0x50}, {0x100, 0x10, 0x10},
     3, -1, {0, 1, 0}, {0, 1, 0}},
    /* Sorted: the index pass alone. */
    {"sorted overlap", {0x100, 0x150, 0x300}, {0x100, 0x10, 0x10}, 3, -1,
     {0, 1, 0}, {0, 1, 0}},
    /* The overlap is after the order breaks: only the sorted sweep sees it
     * (without scratch the cross check is skipped). */
    {"overlap after the break", {0x300, 0x100, 0x150, 0x400},
     {0x10, 0x100, 0x10, 0x10}, 4, -1, {0, 0, 1, 0}, {0, 0, 0, 0}},
    /* FDE 3 (after the break) lies inside FDE 0 (in the prefix): the
     * sweep reports it against FDE 0, the prefix never saw FDE 3. */
    {"across the break", {0x100, 0x300, 0x50, 0x120},
     {0x100, 0x10, 0x10, 0x10}, 4, -1, {0, 0, 0, 1}, {0, 0, 0, 0}},
    /* FDE 0's block is out of bounds: the index pass skips it, so FDE 1
     * inside it is the sorted sweep's to report. */
    {"skipped FDE covers a prefix FDE", {0x100, 0x150, 0x50},
     {0x100, 0x10, 0x10}, 3, 0, {0, 1, 0}, {0, 0, 0}},
    /* Two prefix overlaps with one owner, then the break. */
    {"two prefix overlaps", {0x100, 0x110, 0x120, 0x50},
     {0x100, 0x10, 0x10, 0x10}, 4, -1, {0, 1, 1, 0}, {0, 1, 1, 0}},
};

typedef struct tally {
  unsigned per_fde[MAXF];
  unsigned other;
} tally;

static int on_diag(void *ctx, const sfv_diag *d) {
  tally *t = ctx;
  const sfv_rule_info *r = sfv_rule_get(d->rule);
  if (r != NULL && strcmp(r->id, "fde-func-overlap") == 0 && d->fde >= 0 &&
      d->fde < MAXF)
    t->per_fde[d->fde]++;
  else
    t->other++;
  return 0;
}

static void run(const row *r) {
  static uint8_t buf[4096], mem[4096];
  sb_fre fre[MAXF];
  sb_fde fdes[MAXF];
  sb_section s;
  sb_layout lay;
  sfv_section sec;
  size_t n;
  unsigned i, mode;

  memset(&s, 0, sizeof s);
  memset(fdes, 0, sizeof fdes);
  memset(fre, 0, sizeof fre);
  s.version = 3;
  s.abi = SB_ABI_AMD64;
  s.big_endian = 0;
  s.flags = SB_F_PCREL; /* not sorted: the order may break */
  s.fixed_ra = -8;
  s.fdes = fdes;
  s.nfdes = r->n;
  for (i = 0; i < r->n; i++) {
    fre[i].base_reg = 1;
    fre[i].dw_count = 1;
    fre[i].dw[0] = 16;
    fdes[i].start = r->start[i];
    fdes[i].size = r->size[i];
    fdes[i].fres = &fre[i];
    fdes[i].nfres = 1;
  }
  n = sb_build(&s, buf, sizeof buf, &lay);
  if (r->bad_block >= 0)
    sb_put(buf, lay.fde_off[r->bad_block] + SB_FDE3_FREOFF, 4,
           lay.fre_len + 1, 0);
  CHECK(sfv_open(&sec, buf, n) == SFV_OK || r->bad_block >= 0);
  for (mode = 0; mode < 2; mode++) {
    sfv_options o;
    tally t;
    memset(&o, 0, sizeof o);
    memset(&t, 0, sizeof t);
    o.max_diags = UINT32_MAX;
    if (mode == 0) {
      o.scratch = mem;
      o.scratch_size = sfv_scratch_size(r->n);
      CHECK(o.scratch_size <= sizeof mem);
    }
    (void)sfv_validate(buf, n, &o, on_diag, &t, NULL);
    for (i = 0; i < r->n; i++) {
      unsigned want = mode == 0 ? r->with[i] : r->without[i];
      CHECKF(t.per_fde[i] == want,
             "%s, %s scratch: FDE %u drew %u fde-func-overlap, want %u",
             r->name, mode == 0 ? "with" : "without", i, t.per_fde[i], want);
    }
  }
}

int main(void) {
  unsigned i;
  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    run(&rows[i]);
  return t_exit("test_overlap_once");
}

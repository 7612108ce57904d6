/* SPDX-License-Identifier: MIT */
/* fuzz_lookup.c - sfv_find_fre() against a linear-scan reference.
 *
 * The section is validated with SFV_OPT_VMA and a vma taken from the input;
 * when it is accepted (zero errors, and no checks-skipped note: with the
 * cross-FDE checks skipped, FDEs may overlap) sfv_find_fre() must give the
 * reference
 * answer (lookup.c's documented definition, re-implemented here by a plain
 * scan of every FDE and FRE) for PCs drawn from the input: function edges
 * (start-1, start, end-1, end), FRE starts and the byte before each, the
 * middle of each function, and raw 64-bit values read from the input.
 * Rejected but openable sections are looked up too (no crash, no answer
 * checked: lookup.c only promises the definition on valid sections).
 *
 * The lookup index (src/lookup/index_*.c), on every openable input: sfv_index_size
 * and sfv_index_build agree; a cap one byte short and misaligned memory
 * are refused (SFV_E_ARG); the build gets exactly the bytes it asked for
 * (ASan: no write past them); and when it builds, at every PC above and
 * index_diff_pcs()'s, sfv_index_find/sfv_index_lookup == sfv_find_fre in
 * status and every field (fuzz/index_diff.h), valid section or not.
 */
#include <string.h>

#include "fuzz_helpers.h"
#include "index_diff.h"

#define MAX_PCS 2048u
#define MAX_IX_PCS 4096u /* more, from index_diff_pcs() */

typedef struct ref_answer {
  sfv_status st;
  uint32_t fde, fre;
  uint64_t func_start, fre_start;
} ref_answer;

static ref_answer ref_find(const sfv_section *sec, uint64_t pc) {
  ref_answer a = {SFV_E_NOT_FOUND, 0, 0, 0, 0};
  sfv_fde best;
  uint64_t best_start = 0, off;
  int found = 0, have_fre = 0;
  uint32_t i, k;
  sfv_fre_iter it;
  sfv_fre fre;

  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t s;
    if (sfv_fde_get(sec, i, &f) == SFV_E_RANGE || f.size == 0 ||
        sfv_fde_func_start(sec, &f, &s) != SFV_OK)
      continue;
    if (pc < s || pc - s >= f.size)
      continue;
    if (!found || s >= best_start) {
      best = f;
      best_start = s;
      found = 1;
    }
  }
  if (!found)
    return a;
  off = pc - best_start;
  if (best.pc_type == SFV_PC_MASK && sec->hdr.version >= 2) {
    if (best.rep_size == 0)
      return a;
    off %= best.rep_size;
  }
  if ((a.st = sfv_fre_iter_init(&it, sec, &best, 0)) != SFV_OK)
    return a;
  for (k = 0;; k++) {
    sfv_status st = sfv_fre_next(&it, &fre);
    int match;
    if (st == SFV_END)
      break;
    if (st != SFV_OK) {
      a.st = st;
      return a;
    }
    match = best.pc_type == SFV_PC_MASK && sec->hdr.version == 1
                ? (off & fre.start) == fre.start
                : fre.start <= off;
    if (match) {
      a.fre = k;
      a.fre_start = best.pc_type == SFV_PC_MASK ? fre.start : best_start + fre.start;
      have_fre = 1;
    }
  }
  a.st = have_fre ? SFV_OK : SFV_E_NOT_FOUND;
  a.fde = best.index;
  a.func_start = best_start;
  return a;
}

static int rule_eq(const sfv_recovery *a, const sfv_recovery *b) {
  return a->kind == b->kind && a->source == b->source && a->reg_p == b->reg_p &&
         a->deref_p == b->deref_p && a->regnum == b->regnum && a->offset == b->offset;
}

static void add(uint64_t *pcs, uint32_t *n, uint64_t pc) {
  if (*n < MAX_PCS)
    pcs[(*n)++] = pc;
}

static uint32_t collect_pcs(const sfv_section *sec, const uint8_t *data, size_t size,
                            fuzz_bits *bits, uint64_t *pcs) {
  uint32_t n = 0, i, k;
  for (i = 0; i < sec->fde_avail && i < 128; i++) {
    sfv_fde f;
    uint64_t s;
    sfv_fre_iter it;
    sfv_fre r;
    if (sfv_fde_get(sec, i, &f) == SFV_E_RANGE ||
        sfv_fde_func_start(sec, &f, &s) != SFV_OK)
      continue;
    add(pcs, &n, s - 1);
    add(pcs, &n, s);
    add(pcs, &n, s + f.size / 2);
    add(pcs, &n, s + f.size - 1);
    add(pcs, &n, s + f.size);
    if (sfv_fre_iter_init(&it, sec, &f, 0) != SFV_OK)
      continue;
    for (k = 0; k < 12 && sfv_fre_next(&it, &r) == SFV_OK; k++) {
      add(pcs, &n, s + r.start);
      add(pcs, &n, s + r.start - 1);
      if (f.rep_size)
        add(pcs, &n, s + f.rep_size * (1u + fuzz_take(bits, 4)) + r.start);
    }
  }
  for (i = 0; i < 16; i++)
    add(pcs, &n, fuzz_u64_at(data, size, fuzz_take(bits, (uint32_t)size + 1)));
  add(pcs, &n, sec->vma);
  add(pcs, &n, UINT64_MAX);
  return n;
}

/* The index against sfv_find_fre() at pcs[0..n) and the section's own PCs
 * of interest (pcs has room for MAX_PCS + MAX_IX_PCS). */
static void check_index(const sfv_section *sec, uint64_t *pcs, uint32_t n) {
  size_t need = 0, m, i;
  sfv_status st = sfv_index_size(sec, &need), bst;
  sfv_index ix;
  unsigned char *mem;
  FUZZ_ASSERT(st == SFV_OK || st == SFV_E_UNINDEXABLE, "sfv_index_size: %s",
              sfv_status_name(st));
  if (st != SFV_OK)
    return;
  mem = malloc(need + 1u);
  FUZZ_ASSERT(mem != NULL, "malloc %zu", need + 1u);
  FUZZ_ASSERT(sfv_index_build(&ix, sec, mem, need - 1u) == SFV_E_ARG, "cap short");
  FUZZ_ASSERT(sfv_index_build(&ix, sec, mem + 1, need) == SFV_E_ARG, "misaligned");
  free(mem);
  mem = malloc(need); /* exactly: ASan sees any write past cap */
  FUZZ_ASSERT(mem != NULL, "malloc %zu", need);
  bst = sfv_index_build(&ix, sec, mem, need);
  FUZZ_ASSERT(bst == SFV_OK || bst == SFV_E_UNINDEXABLE, "sfv_index_build: %s",
              sfv_status_name(bst));
  if (bst == SFV_OK) {
    m = n + index_diff_pcs(sec, pcs + n, MAX_PCS + MAX_IX_PCS - n, 128, 12);
    for (i = 0; i < m; i++) {
      const char *why = index_diff_pc(&ix, pcs[i]);
      FUZZ_ASSERT(why == NULL, "pc %#llx (vma %#llx): %s differs from sfv_find_fre",
                  (unsigned long long)pcs[i], (unsigned long long)sec->vma, why);
    }
  }
  free(mem);
}

static int note_skipped(void *ctx, const sfv_diag *d) {
  if (d->rule == SFV_R_CHECKS_SKIPPED)
    *(int *)ctx = 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint64_t pcs[MAX_PCS + MAX_IX_PCS];
  int skipped = 0;
  sfv_section sec;
  sfv_options opt;
  sfv_result res;
  fuzz_bits bits;
  uint64_t vma;
  uint32_t n, i;
  void *scratch;

  if (sfv_open(&sec, data, size) != SFV_OK)
    return 0;
  bits.h = fuzz_hash(data, size);
  switch (fuzz_take(&bits, 4)) {
  case 0: vma = 0; break;
  case 1: vma = 0x400000; break;
  case 2: vma = UINT64_MAX - fuzz_take(&bits, 0x10000); break;
  default: vma = fuzz_u64_at(data, size, fuzz_take(&bits, (uint32_t)size + 1));
  }
  sfv_set_vma(&sec, vma);
  FUZZ_ASSERT(sec.vma == vma, "sfv_set_vma");

  memset(&opt, 0, sizeof opt);
  opt.flags = SFV_OPT_VMA;
  opt.vma = vma;
  opt.scratch_size = sfv_scratch_size(sec.fde_avail);
  scratch = malloc(opt.scratch_size);
  opt.scratch = scratch;
  (void)sfv_validate(data, size, &opt, note_skipped, &skipped, &res);
  free(scratch);
  /* The lookup definition holds on sections whose cross-FDE checks ran:
   * with checks-skipped (e.g. all starts 0 in a .o) FDEs may overlap. */
  if (skipped)
    res.errors = 1;

  n = collect_pcs(&sec, data, size, &bits, pcs);
  check_index(&sec, pcs, n);
  for (i = 0; i < n; i++) {
    sfv_lookup got;
    sfv_status st = sfv_find_fre(&sec, pcs[i], &got);
    ref_answer want;
    if (res.errors != 0)
      continue;
    want = ref_find(&sec, pcs[i]);
    FUZZ_ASSERT(st == want.st, "pc %#llx (vma %#llx): sfv_find_fre %s, reference %s",
                (unsigned long long)pcs[i], (unsigned long long)vma,
                sfv_status_name(st), sfv_status_name(want.st));
    if (st != SFV_OK)
      continue;
    FUZZ_ASSERT(got.fde.index == want.fde && got.fre.index == want.fre &&
                    got.func_start == want.func_start && got.fre_start == want.fre_start,
                "pc %#llx: FDE %u FRE %u start %#llx/%#llx, reference FDE %u FRE %u "
                "start %#llx/%#llx",
                (unsigned long long)pcs[i], got.fde.index, got.fre.index,
                (unsigned long long)got.func_start, (unsigned long long)got.fre_start,
                want.fde, want.fre, (unsigned long long)want.func_start,
                (unsigned long long)want.fre_start);
    {
      sfv_recovery_set rec;
      sfv_status rs = sfv_fre_recovery(&sec, &got.fde, &got.fre, &rec);
      FUZZ_ASSERT(rs == got.recovery_status && rs == SFV_OK, "pc %#llx: rules %s/%s",
                  (unsigned long long)pcs[i], sfv_status_name(rs),
                  sfv_status_name(got.recovery_status));
      FUZZ_ASSERT(rule_eq(&rec.cfa, &got.recovery.cfa) && rule_eq(&rec.ra, &got.recovery.ra) &&
                      rule_eq(&rec.fp, &got.recovery.fp),
                  "pc %#llx: rules differ", (unsigned long long)pcs[i]);
    }
  }
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* fuzz_validate.c - sfv_validate() on raw bytes.
 *
 * Invariants checked (abort on violation):
 *  - every diagnostic: known rule, catalogue severity, offset inside the
 *    input (offset < size; offset == size only for end-of-section rules,
 *    see fuzz_rule_may_point_at_end), message formatter consistent;
 *  - result counts equal the diagnostics delivered, per severity;
 *    max_diags caps delivery but not counting; a callback that asks to
 *    stop is not called again; two identical runs agree;
 *  - res.decoded == (sfv_open() == SFV_OK);
 *  - the scratch area only adds checks: rules reported without scratch
 *    (other than checks-skipped) are a subset of those with scratch, and
 *    fre-blocks-inconsistent (no scratch) means fde-fre-block-overlap
 *    (with scratch);
 *  - a section with zero errors decodes fully: every FDE through
 *    sfv_fde_get, every FRE through sfv_fre_next (then SFV_END), and
 *    sfv_fre_recovery() is SFV_OK for every FRE;
 *  - on any openable input the decoding API never fails unsafely;
 *  - the FRE fast path changes nothing: with and without it
 *    (SFV_OPT_NO_FAST_PATH_) the status, counts and every diagnostic, in
 *    order, are identical under each option set of fuzz/fastpath_diff.h.
 */
#include <string.h>

#include "fuzz_helpers.h"
#include "fastpath_diff.h"

static void run(const uint8_t *data, size_t size, const sfv_options *opt,
                fuzz_diags *fd, sfv_result *res) {
  sfv_status st;
  memset(fd, 0, sizeof *fd);
  fd->size = size;
  fd->check_offsets = 1;
  st = sfv_validate(data, size, opt, fuzz_on_diag, fd, res);
  FUZZ_ASSERT(st == SFV_OK, "sfv_validate returned %d", (int)st);
}

/* Full decode of a section we accepted. */
static void check_accepted(const uint8_t *data, size_t size) {
  sfv_section sec;
  uint32_t i;
  FUZZ_ASSERT(sfv_open(&sec, data, size) == SFV_OK, "accepted but not openable");
  FUZZ_ASSERT(sec.fde_avail == sec.hdr.num_fdes, "accepted: %u of %u FDEs readable",
              sec.fde_avail, sec.hdr.num_fdes);
  for (i = 0; i < sec.hdr.num_fdes; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    uint64_t addr;
    uint32_t k;
    sfv_status st = sfv_fde_get(&sec, i, &f);
    FUZZ_ASSERT(st == SFV_OK, "accepted: FDE %u: %s", i, sfv_status_name(st));
    FUZZ_ASSERT(f.start_ok, "accepted: FDE %u start overflows", i);
    /* vma 0: section-relative; negative starts (text before .sframe) are
     * not addresses then, so only non-negative ones must resolve. */
    FUZZ_ASSERT(f.start < 0 || sfv_fde_func_start(&sec, &f, &addr) == SFV_OK,
                "accepted: FDE %u func start", i);
    st = sfv_fre_iter_init(&it, &sec, &f, 0);
    FUZZ_ASSERT(st == SFV_OK, "accepted: FDE %u iter: %s", i, sfv_status_name(st));
    for (k = 0; k < f.num_fres; k++) {
      sfv_recovery_set rec;
      st = sfv_fre_next(&it, &r);
      FUZZ_ASSERT(st == SFV_OK, "accepted: FDE %u FRE %u: %s", i, k,
                  sfv_status_name(st));
      FUZZ_ASSERT(r.offset >= sfv_fre_subsection_offset(&sec) &&
                      r.offset + r.length <= sfv_fre_subsection_offset(&sec) + sec.hdr.fre_len,
                  "accepted: FDE %u FRE %u outside the FRE sub-section", i, k);
      st = sfv_fre_recovery(&sec, &f, &r, &rec);
      FUZZ_ASSERT(st == SFV_OK, "accepted: FDE %u FRE %u rules: %s", i, k,
                  sfv_status_name(st));
    }
    st = sfv_fre_next(&it, &r);
    FUZZ_ASSERT(st == SFV_END, "accepted: FDE %u: %s after the last FRE", i,
                sfv_status_name(st));
  }
}

/* Decoding API on anything openable: must never misbehave.  Bounded work. */
static void decode_everything(const uint8_t *data, size_t size) {
  sfv_section sec;
  uint32_t i;
  uint64_t budget = 4u * (uint64_t)size + 1024u;
  if (sfv_open(&sec, data, size) != SFV_OK)
    return;
  FUZZ_ASSERT(sec.fde_avail <= sec.hdr.num_fdes, "fde_avail > num_fdes");
  FUZZ_ASSERT(sec.fde_avail == 0 ||
                  sfv_fde_subsection_offset(&sec) + (uint64_t)sec.fde_avail * sfv_fde_entry_size(&sec) <= size,
              "fde_avail past the buffer");
  for (i = 0; i < sec.fde_avail && budget > 0; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    sfv_fre r;
    sfv_status st = sfv_fde_get(&sec, i, &f);
    FUZZ_ASSERT(st == SFV_OK || st == SFV_E_BOUNDS, "FDE %u: %s", i,
                sfv_status_name(st));
    if (st != SFV_OK || sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK)
      continue;
    while (budget > 0 && (st = sfv_fre_next(&it, &r)) == SFV_OK) {
      sfv_recovery_set rec;
      budget--;
      FUZZ_ASSERT(r.offset + r.length <= size, "FRE past the buffer");
      FUZZ_ASSERT(r.dw_count <= SFV_MAX_DATAWORDS, "dw_count");
      (void)sfv_fre_recovery(&sec, &f, &r, &rec);
    }
  }
  FUZZ_ASSERT(sfv_fde_get(&sec, sec.fde_avail, &(sfv_fde){0}) == SFV_E_RANGE,
              "FDE past fde_avail readable");
}

/* The API's argument checks and name tables: documented results, no crash.
 * Cheap, so it runs on every input (coverage replays see it too). */
static void api_edges(const uint8_t *data, size_t size) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  sfv_fre_iter it;
  sfv_recovery_set rec;
  sfv_lookup lk;
  sfv_result res;
  sfv_options opt;
  sfv_diag d;
  char buf[8];
  uint64_t a;
  unsigned i;
  uint8_t tiny[sizeof(uint64_t) * 2];

  for (i = 0; i < 20; i++)
    FUZZ_ASSERT(sfv_status_name((sfv_status)i) != NULL, "status name %u", i);
  for (i = 0; i < 6; i++) {
    int known = i >= 1 && i <= 4;
    FUZZ_ASSERT((sfv_abi_name((uint8_t)i) != NULL) == known, "abi name %u", i);
    FUZZ_ASSERT((sfv_abi_sp_regnum((uint8_t)i) >= 0) == known, "sp regnum %u", i);
    FUZZ_ASSERT((sfv_abi_fp_regnum((uint8_t)i) >= 0) == known, "fp regnum %u", i);
  }
  for (i = 0; i < SFV_RULE_COUNT; i++)
    FUZZ_ASSERT(sfv_rule_lookup(sfv_rule_get((sfv_rule_id)i)->id) == (sfv_rule_id)i,
                "rule lookup %u", i);
  FUZZ_ASSERT(sfv_rule_get(SFV_RULE_COUNT) == NULL, "rule past the table");
  FUZZ_ASSERT(sfv_rule_lookup("no-such-rule") == SFV_RULE_COUNT &&
                  sfv_rule_lookup(NULL) == SFV_RULE_COUNT,
              "unknown rule ids");
  for (i = 0; i < 4; i++)
    FUZZ_ASSERT(sfv_severity_name((sfv_severity)i) != NULL, "severity name %u", i);
  memset(&d, 0, sizeof d);
  d.rule = SFV_RULE_COUNT;
  FUZZ_ASSERT(sfv_diag_message(&d, buf, sizeof buf) > 0 && buf[sizeof buf - 1] == '\0',
              "invalid diagnostic message");
  (void)sfv_diag_message(NULL, buf, sizeof buf);

  FUZZ_ASSERT(sfv_open(NULL, data, size) == SFV_E_ARG, "sfv_open(NULL)");
  FUZZ_ASSERT(sfv_open(&sec, NULL, 1) == SFV_E_ARG, "sfv_open data NULL");
  sfv_set_vma(NULL, 1);
  FUZZ_ASSERT(sfv_fde_get(NULL, 0, &f) == SFV_E_ARG, "sfv_fde_get(NULL)");
  FUZZ_ASSERT(sfv_fde_func_start(NULL, &f, &a) == SFV_E_ARG, "func_start(NULL)");
  FUZZ_ASSERT(sfv_fre_iter_init(NULL, &sec, &f, 0) == SFV_E_ARG, "iter_init(NULL)");
  FUZZ_ASSERT(sfv_fre_next(NULL, &r) == SFV_E_ARG, "fre_next(NULL)");
  FUZZ_ASSERT(sfv_fre_recovery(NULL, &f, &r, &rec) == SFV_E_ARG, "fre_recovery(NULL)");
  FUZZ_ASSERT(sfv_find_fre(NULL, 0, &lk) == SFV_E_ARG, "find_fre(NULL)");
  memset(&sec, 0, sizeof sec);
  FUZZ_ASSERT(sfv_find_fre(&sec, 0, &lk) == SFV_E_ARG, "find_fre on a zero section");
  FUZZ_ASSERT(sfv_validate(NULL, 1, NULL, NULL, NULL, &res) == SFV_E_ARG,
              "sfv_validate(NULL, 1)");
  FUZZ_ASSERT(sfv_validate(data, size, NULL, NULL, NULL, NULL) == SFV_OK,
              "sfv_validate without result");
  if (sfv_open(&sec, data, size) == SFV_OK) {
    /* A forged iterator with an undefined FRE type. */
    memset(&it, 0, sizeof it);
    it.sec = &sec;
    it.count = 1;
    it.fre_type = 3;
    FUZZ_ASSERT(sfv_fre_next(&it, &r) == SFV_E_FRE_TYPE, "forged FRE type");
    /* Scratch too small, and misaligned past its end. */
    memset(&opt, 0, sizeof opt);
    opt.scratch = tiny + 1;
    opt.scratch_size = 1;
    (void)sfv_validate(data, size, &opt, NULL, NULL, &res);
    opt.scratch_size = sizeof tiny - 1;
    (void)sfv_validate(data, size, &opt, NULL, NULL, &res);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfv_options opt;
  sfv_result plain, scr, again, capped;
  fuzz_diags d_plain, d_scr, d_again, d_cap;
  sfv_section sec;
  fuzz_bits bits;
  void *scratch = NULL;
  int openable = sfv_open(&sec, data, size) == SFV_OK;
  unsigned r;

  bits.h = fuzz_hash(data, size);
  api_edges(data, size);
  FUZZ_ASSERT(fp_check_all(data, size, bits.h, 0, "input") == 0,
              "fast and slow FRE paths differ (see above)");

  /* 1. No options, no scratch; every diagnostic delivered. */
  memset(&opt, 0, sizeof opt);
  opt.max_diags = UINT32_MAX;
  run(data, size, &opt, &d_plain, &plain);
  FUZZ_ASSERT(plain.decoded == openable, "decoded %u, sfv_open %d", plain.decoded,
              openable);
  FUZZ_ASSERT(plain.errors == d_plain.count[0] && plain.warnings == d_plain.count[1] &&
                  plain.notes == d_plain.count[2] && plain.suppressed == 0,
              "counts %u/%u/%u/%u vs delivered %u/%u/%u", plain.errors,
              plain.warnings, plain.notes, plain.suppressed, d_plain.count[0],
              d_plain.count[1], d_plain.count[2]);

  /* 2. Determinism (NULL options = defaults: at most 1000 delivered). */
  run(data, size, NULL, &d_again, &again);
  FUZZ_ASSERT(again.errors == plain.errors && again.warnings == plain.warnings &&
                  again.notes == plain.notes,
              "second run differs");

  /* 3. With exact scratch (sometimes misaligned by one byte). */
  memset(&opt, 0, sizeof opt);
  opt.max_diags = UINT32_MAX;
  if (openable) {
    size_t n = sfv_scratch_size(sec.fde_avail) + 1;
    scratch = malloc(n);
    FUZZ_ASSERT(scratch != NULL, "malloc %zu", n);
    opt.scratch = (uint8_t *)scratch + (bits.h & 1u);
    opt.scratch_size = n - 1;
  }
  run(data, size, &opt, &d_scr, &scr);
  /* fre-blocks-inconsistent is the no-scratch summary of block overlap. */
  if (fuzz_seen(&d_plain, SFV_R_FRE_BLOCKS_INCONSISTENT))
    FUZZ_ASSERT(fuzz_seen(&d_scr, SFV_R_FDE_FRE_BLOCK_OVERLAP),
                "fre-blocks-inconsistent without scratch, no fde-fre-block-overlap with it");
  /* With overlapping FRE blocks the scratch run decodes shared bytes once
   * (in FRE-offset order), so per-FRE findings may legitimately differ. */
  for (r = 0; r < SFV_RULE_COUNT && !fuzz_seen(&d_scr, SFV_R_FDE_FRE_BLOCK_OVERLAP); r++)
    if (r != SFV_R_CHECKS_SKIPPED && r != SFV_R_FRE_BLOCKS_INCONSISTENT &&
        fuzz_seen(&d_plain, (sfv_rule_id)r))
      FUZZ_ASSERT(fuzz_seen(&d_scr, (sfv_rule_id)r),
                  "rule %s reported without scratch but not with it",
                  sfv_rule_get((sfv_rule_id)r)->id);
  FUZZ_ASSERT(plain.errors == 0 || scr.errors > 0,
              "scratch run accepted what the plain run rejected");

  /* 4. Capped delivery and early stop. */
  memset(&opt, 0, sizeof opt);
  opt.max_diags = 1 + fuzz_take(&bits, 4);
  opt.scratch = scratch;
  opt.scratch_size = scratch ? sfv_scratch_size(sec.fde_avail) : 0;
  memset(&d_cap, 0, sizeof d_cap);
  d_cap.size = size;
  d_cap.check_offsets = 1;
  (void)sfv_validate(data, size, &opt, fuzz_on_diag, &d_cap, &capped);
  {
    uint32_t total = scr.errors + scr.warnings + scr.notes;
    uint32_t want = total < opt.max_diags ? total : opt.max_diags;
    FUZZ_ASSERT(d_cap.calls == want, "max_diags %u: %u calls, %u diagnostics",
                opt.max_diags, d_cap.calls, total);
    FUZZ_ASSERT(capped.errors == scr.errors && capped.warnings == scr.warnings &&
                    capped.notes == scr.notes && capped.suppressed == total - want,
                "capped counts differ");
  }
  memset(&d_cap, 0, sizeof d_cap);
  d_cap.size = size;
  d_cap.check_offsets = 1;
  d_cap.stop_after = 1 + fuzz_take(&bits, 3);
  opt.max_diags = 0;
  (void)sfv_validate(data, size, &opt, fuzz_on_diag, &d_cap, &capped);
  FUZZ_ASSERT(d_cap.calls <= d_cap.stop_after, "callback called %u times after stop at %u",
              d_cap.calls, d_cap.stop_after);

  /* 5. Other option sets: unrelocated, VMA from the input. */
  memset(&opt, 0, sizeof opt);
  opt.flags = SFV_OPT_UNRELOCATED;
  if (fuzz_take(&bits, 2)) {
    opt.flags = SFV_OPT_VMA;
    opt.vma = fuzz_u64_at(data, size, fuzz_take(&bits, (uint32_t)(size + 1)));
  }
  run(data, size, &opt, &d_again, &again);

  /* 6. Accepted => fully decodable. */
  if (scr.errors == 0 && openable)
    check_accepted(data, size);
  FUZZ_ASSERT(scr.errors > 0 || openable, "zero errors on an unopenable input");
  decode_everything(data, size);
  free(scratch);
  return 0;
}

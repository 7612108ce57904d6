/* SPDX-License-Identifier: MIT */
/* fuzz_elf.c - the ELF container path: sfv_elf_open(), sfv_elf_validate(),
 * sfv_elf_symbol_name() on arbitrary files.
 *
 * Invariants: the located SFrame bytes lie inside the file; every
 * diagnostic has a known rule and its catalogue severity, and its offset
 * lies inside what it is relative to (the file for ELF rules, the SFrame
 * data for core rules; == end allowed as in fuzz_helpers.h); result counts
 * equal the diagnostics delivered; `decoded` agrees with sfv_open() on the
 * located bytes; symbol names are NUL-terminated and as long as reported;
 * sfv_elf_relocated_sframe() (the objdump-2.47 view of relocatable files)
 * succeeds into an exactly sized buffer (sets *applied) and refuses a
 * short one, or says SFV_E_BUDGET, which for a relocatable file whose
 * section opens comes with the validation's checks-skipped note (its walk
 * of the same relocations ran out of the same budget); its output stays a safe input for sfv_validate().
 */
#include <string.h>

#include "fuzz_helpers.h"

typedef struct elf_diags {
  const sfv_elf *elf;
  uint32_t count[3];
  int budget;                /* a checks-skipped note for the budget */
} elf_diags;

static int on_diag(void *ctx, const sfv_diag *d) {
  elf_diags *ed = ctx;
  const sfv_rule_info *ri = sfv_rule_get(d->rule);
  int file = sfv_rule_file_offset(d->rule);
  uint64_t end = file ? ed->elf->size : ed->elf->sframe_len;
  char msg[256];
  FUZZ_ASSERT(ri != NULL, "rule %d", (int)d->rule);
  FUZZ_ASSERT(d->severity == ri->severity, "rule %s severity", ri->id);
  FUZZ_ASSERT(d->offset < end || (d->offset == end && (file || fuzz_rule_may_point_at_end(d->rule))) ||
                  (!file && fuzz_offset_tolerated(d->rule)),
              "rule %s offset %llu past the end %llu of the %s", ri->id,
              (unsigned long long)d->offset, (unsigned long long)end,
              file ? "file" : "SFrame data");
  (void)sfv_diag_message(d, msg, sizeof msg);
  if (d->rule == SFV_R_CHECKS_SKIPPED && d->aux == SFV_SKIP_BUDGET)
    ed->budget = 1;
  ed->count[d->severity]++;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sfv_elf elf;
  sfv_elf_options opt;
  sfv_elf_result res;
  elf_diags ed;
  sfv_section sec;
  void *scratch = NULL;
  int openable = 0, budget;
  uint64_t k;

  if (sfv_elf_open(&elf, data, size) != SFV_OK)
    return 0;
  FUZZ_ASSERT(elf.data == data && elf.size == size, "elf.data/size");
  if (elf.sframe_data != NULL) {
    FUZZ_ASSERT(elf.sframe_data >= data && elf.sframe_len <= size &&
                    (size_t)(elf.sframe_data - data) <= size - elf.sframe_len,
                "SFrame data outside the file");
    openable = sfv_open(&sec, elf.sframe_data, elf.sframe_len) == SFV_OK;
  }

  memset(&opt, 0, sizeof opt);
  opt.flags = SFV_ELF_OPT_COVERAGE;
  opt.max_diags = UINT32_MAX;
  if (openable) {
    opt.scratch_size = sfv_scratch_size(sec.fde_avail);
    opt.scratch = scratch = malloc(opt.scratch_size);
  }
  memset(&ed, 0, sizeof ed);
  ed.elf = &elf;
  FUZZ_ASSERT(sfv_elf_validate(&elf, &opt, on_diag, &ed, &res) == SFV_OK,
              "sfv_elf_validate failed");
  budget = ed.budget;
  free(scratch);
  FUZZ_ASSERT(res.errors == ed.count[0] && res.warnings == ed.count[1] &&
                  res.notes == ed.count[2] && res.suppressed == 0,
              "counts %u/%u/%u vs delivered %u/%u/%u", res.errors, res.warnings,
              res.notes, ed.count[0], ed.count[1], ed.count[2]);
  if (res.validated)
    FUZZ_ASSERT(elf.sframe_data != NULL && res.decoded == openable,
                "validated %u decoded %u, sfv_open %d", res.validated, res.decoded,
                openable);
  if (res.coverage_known)
    FUZZ_ASSERT(res.funcs_covered <= res.funcs_total, "coverage %llu of %llu",
                (unsigned long long)res.funcs_covered,
                (unsigned long long)res.funcs_total);

  /* Capped run: delivery capped, counting not. */
  opt.max_diags = 2;
  opt.scratch = NULL;
  opt.scratch_size = 0;
  memset(&ed, 0, sizeof ed);
  ed.elf = &elf;
  (void)sfv_elf_validate(&elf, &opt, on_diag, &ed, &res);
  FUZZ_ASSERT(ed.count[0] + ed.count[1] + ed.count[2] <= 2, "max_diags 2 exceeded");

  if (elf.sframe_data != NULL) {
    uint8_t *copy = malloc(elf.sframe_len ? elf.sframe_len : 1);
    uint32_t applied = UINT32_MAX;
    sfv_status rst;
    FUZZ_ASSERT(copy != NULL, "malloc");
    rst = sfv_elf_relocated_sframe(&elf, copy, elf.sframe_len, &applied);
    /* The validation of a relocatable file whose section opens walks the
     * same relocations first, on the same budget. */
    FUZZ_ASSERT(rst == SFV_OK ||
                    (rst == SFV_E_BUDGET && (budget || !openable || elf.e_type != 1)),
                "sfv_elf_relocated_sframe: %s (validation's budget note: %d)",
                sfv_status_name(rst), budget);
    FUZZ_ASSERT(applied != UINT32_MAX, "applied not set");
    if (elf.sframe_len > 0)
      FUZZ_ASSERT(sfv_elf_relocated_sframe(&elf, copy, elf.sframe_len - 1, NULL) == SFV_E_ARG,
                  "short output buffer accepted");
    /* The relocated view is what --dump shows: it must stay a safe input. */
    (void)sfv_validate(copy, elf.sframe_len, NULL, NULL, NULL, NULL);
    free(copy);
  }

  for (k = 0; k < 8; k++) {
    char name[16];
    size_t n = sfv_elf_symbol_name(&elf, res.symtab_shndx, k, name, sizeof name);
    size_t len = strnlen(name, sizeof name);
    FUZZ_ASSERT(len < sizeof name, "symbol name not terminated");
    FUZZ_ASSERT(n == 0 ? len == 0 : (n >= sizeof name ? len == sizeof name - 1 : len == n),
                "symbol %llu: length %zu, strlen %zu", (unsigned long long)k, n, len);
  }
  return 0;
}

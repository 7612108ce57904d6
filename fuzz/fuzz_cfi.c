/* SPDX-License-Identifier: MIT */
/* fuzz_cfi.c - the DWARF CFI reader and interpreter (src/cfi/cfi_read.c,
 * src/cfi/cfi_interp.c) and the .sframe vs .eh_frame comparison
 * (src/cfi/cfi_compare.c).
 *
 * Input: a raw .eh_frame section (corpus/cfi/ seeds are real ones), or
 * "SFCF" + u32 little-endian length N + N bytes of .eh_frame + an .sframe
 * section (seeds: pairs from one real file).  A raw section is read with
 * the byte order, address size, machine and address drawn from a hash of
 * the input; a pair uses the SFrame section's ABI.
 * Invariants:
 *  - the FDE iterator ends after at most size / 4 + 1 entries; every FDE it
 *    returns has its instructions (and its CIE's) inside the section;
 *  - rows are non-empty, contiguous from the FDE start, inside its range;
 *    rows + instructions never exceed the budget given;
 *  - sfv_cfi_expr_simple never reads outside (ASan);
 *  - sfv_cfi_compare completes with SFV_OK, its counts are consistent,
 *    every diagnostic offset lies inside one of the two sections;
 *  - sfv_cfi_check_hdr (the raw input also read as .eh_frame_hdr) reads
 *    inside it and reports offsets inside it.
 */
#include <string.h>

#include "fuzz_helpers.h"
#include "cfi/cfi.h"

static const uint16_t machines[3] = {62, 183, 22};

static void walk(const sfv_cfi *cfi) {
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  sfv_status st;
  uint64_t entries = 0, budget = 4u * (uint64_t)cfi->size + 4096u;
  uint32_t track[SFV_CFI_MAX_TRACK] = {16, 6, 7, 30, 29, 31, 14, 11};
  sfv_cfi_state stack[3];

  FUZZ_ASSERT(sfv_cfi_iter_init(&it, cfi) == SFV_OK, "iter_init");
  while ((st = sfv_cfi_next_fde(&it, &f)) != SFV_END) {
    sfv_cfi_interp ip;
    sfv_cfi_row r;
    uint64_t next, spent0 = budget, rows = 0;
    FUZZ_ASSERT(++entries <= cfi->size / 4 + 1, "iterator runs on: %llu entries",
                (unsigned long long)entries);
    if (st != SFV_OK) {
      FUZZ_ASSERT(it.err != SFV_CFI_ERR_NONE && it.err_off <= cfi->size, "error without cause");
      continue;
    }
    FUZZ_ASSERT(f.insn_off <= f.insn_end && f.insn_end <= cfi->size &&
                    f.cie.insn_off <= f.cie.insn_end && f.cie.insn_end <= cfi->size,
                "instructions outside the section");
    if (!f.pc_ok)
      continue;
    FUZZ_ASSERT(sfv_cfi_interp_init(&ip, cfi, &f, track, SFV_CFI_MAX_TRACK, stack, 3,
                                    &budget) == SFV_OK, "interp_init");
    next = f.pc_begin;
    while ((st = sfv_cfi_interp_next(&ip, &r)) == SFV_OK) {
      uint32_t reg;
      int64_t off;
      int deref;
      unsigned k;
      FUZZ_ASSERT(r.pc_lo == next && r.pc_lo < r.pc_hi && r.pc_hi <= f.pc_begin + f.pc_range,
                  "row [%llx,%llx) after %llx", (unsigned long long)r.pc_lo,
                  (unsigned long long)r.pc_hi, (unsigned long long)next);
      next = r.pc_hi;
      rows++;
      if (r.s.cfa_kind == SFV_CFI_CFA_EXPR)
        (void)sfv_cfi_expr_simple(cfi, r.s.cfa_expr, &reg, &off, &deref);
      for (k = 0; k < SFV_CFI_MAX_TRACK; k++)
        if (r.s.regs[k].kind == SFV_CFI_R_EXPR || r.s.regs[k].kind == SFV_CFI_R_VAL_EXPR)
          (void)sfv_cfi_expr_simple(cfi, r.s.regs[k].expr, &reg, &off, &deref);
    }
    FUZZ_ASSERT(rows <= spent0 - budget + 1, "more rows than instructions");
    if (st != SFV_END)
      FUZZ_ASSERT(ip.err != SFV_CFI_ERR_NONE && ip.err_off <= cfi->size, "error without cause");
  }
}

typedef struct dsink {
  size_t limit;
  uint32_t n;
} dsink;

static int on_diag(void *ctx, const sfv_diag *d) {
  dsink *s = ctx;
  char msg[256];
  FUZZ_ASSERT(d->offset <= s->limit, "diagnostic %s offset %llu past both sections",
              sfv_rule_get(d->rule)->id, (unsigned long long)d->offset);
  (void)sfv_diag_message(d, msg, sizeof msg);
  s->n++;
  return 0;
}

static void compare(const uint8_t *eh, size_t eh_len, const uint8_t *sf, size_t sf_len,
                    fuzz_bits *b) {
  static uint64_t scratch_words[(64 * 1024) / 8];
  sfv_section sec;
  sfv_cfi cfi;
  sfv_cfi_compare_options opt;
  sfv_cfi_compare_result res;
  dsink s = {eh_len > sf_len ? eh_len : sf_len, 0};
  uint16_t machine;
  if (sfv_open(&sec, sf, sf_len) != SFV_OK)
    return;
  machine = sec.hdr.abi_arch == SFV_ABI_AMD64_LE ? 62 : sec.hdr.abi_arch == SFV_ABI_S390X_BE ? 22 : 183;
  sfv_set_vma(&sec, fuzz_take(b, 2) ? 0x10000u : 0);
  FUZZ_ASSERT(sfv_cfi_init(&cfi, eh, eh_len, SFV_CFI_EH_FRAME, sec.big_endian, 8, machine,
                           fuzz_take(b, 2) ? 0x20000u : 0) == SFV_OK, "cfi_init");
  walk(&cfi);
  memset(&opt, 0, sizeof opt);
  if (fuzz_take(b, 4)) {
    opt.scratch = scratch_words;
    opt.scratch_size = sizeof scratch_words;
  }
  opt.max_diags = fuzz_take(b, 4) ? 0 : 1 + fuzz_take(b, 8);
  FUZZ_ASSERT(sfv_cfi_compare(&sec, &cfi, &opt, on_diag, &s, &res) == SFV_OK ||
                  sfv_abi_sp_regnum(sec.hdr.abi_arch) < 0,
              "compare failed");
  FUZZ_ASSERT(res.functions <= res.cfi_fdes && res.mismatched <= res.functions &&
                  res.errors + res.warnings + res.notes == s.n + res.suppressed,
              "counts: functions %u cfi_fdes %u mismatched %u diags %u+%u",
              res.functions, res.cfi_fdes, res.mismatched, s.n, res.suppressed);
}

/* .eh_frame_hdr diagnostics point inside the header's bytes. */
typedef struct hdr_sink {
  size_t size;
  unsigned n;
} hdr_sink;

static int hdr_diag(void *ctx, const sfv_diag *d) {
  hdr_sink *h = ctx;
  FUZZ_ASSERT(d->offset < h->size || (d->offset == 0 && h->size == 0),
              "hdr diag offset %llu outside %zu", (unsigned long long)d->offset, h->size);
  h->n++;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_bits b = {fuzz_hash(data, size)};
  sfv_cfi cfi;
  if (size >= 8 && memcmp(data, "SFCF", 4) == 0) {
    uint64_t n = (uint64_t)data[4] | (uint64_t)data[5] << 8 | (uint64_t)data[6] << 16 |
                 (uint64_t)data[7] << 24;
    if (n <= size - 8) {
      compare(data + 8, (size_t)n, data + 8 + n, size - 8 - (size_t)n, &b);
      return 0;
    }
  }
  FUZZ_ASSERT(sfv_cfi_init(&cfi, data, size, fuzz_take(&b, 3) == 0 ? SFV_CFI_DEBUG_FRAME
                                                                  : SFV_CFI_EH_FRAME,
                           (uint8_t)fuzz_take(&b, 2), fuzz_take(&b, 4) ? 8 : 4,
                           machines[fuzz_take(&b, 3)], fuzz_take(&b, 2) ? 0x401000u : 0) == SFV_OK,
              "cfi_init");
  walk(&cfi);
  {
    /* the same bytes read as .eh_frame_hdr indexing this .eh_frame */
    hdr_sink hs = {size, 0};
    sfv_work w = sfv_work_of(4u * (uint64_t)size + 64u);
    sfv_cfi_check_hdr(&cfi, data, size, fuzz_take(&b, 2) ? cfi.addr : 0x400000u, 0, &w,
                      hdr_diag, &hs);
  }
  return 0;
}

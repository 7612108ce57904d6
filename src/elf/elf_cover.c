/* SPDX-License-Identifier: MIT */
/* elf_cover.c - coverage of function symbols by FDEs (linked files).
 *
 * Invariants: the symbol table is walked once, entry by entry through the
 * reader; each symbol's covering FDE is found by binary search when the
 * FDEs are verified sorted, by a scan otherwise; every FDE visited spends
 * one step of the shared work budget.  Names are not read here: the
 * printers ask sfv_elf_symbol_name() for the few they print.
 */
#include "elf/elf_internal.h"

/* 1 if some FDE's function contains addr, 0 if none, -1 budget spent. */
static int fde_covers(ectx *x, uint64_t addr) {
  const sfv_section *sec = &x->sec;
  sfv_fde f;
  uint64_t a, first;
  uint32_t lo = 0, hi = sec->fde_avail, i;

  if (sec->priv.fdes_sorted) {
    /* Last FDE with start <= addr (starts are non-decreasing). */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (!sfv_elf_spend(x, 1))
        return -1;
      if (sfv_fde_get(sec, mid, &f) != SFV_E_RANGE &&
          sfv_fde_func_start(sec, &f, &a) == SFV_OK && a <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
    /* lo FDEs start at or below addr; the candidates are the last of them
     * and the ones before it with the same start. */
    if (lo == 0 || sfv_fde_get(sec, lo - 1, &f) == SFV_E_RANGE ||
        sfv_fde_func_start(sec, &f, &first) != SFV_OK)
      return 0;
    for (i = lo; i > 0; i--) {
      if (!sfv_elf_spend(x, 1))
        return -1;
      if (sfv_fde_get(sec, i - 1, &f) == SFV_E_RANGE ||
          sfv_fde_func_start(sec, &f, &a) != SFV_OK || a != first)
        return 0;
      if (addr - a < f.size)
        return 1;
    }
    return 0;
  }
  for (i = 0; i < sec->fde_avail; i++) {
    if (!sfv_elf_spend(x, 1))
      return -1;
    if (sfv_fde_get(sec, i, &f) != SFV_E_RANGE &&
        sfv_fde_func_start(sec, &f, &a) == SFV_OK && addr >= a &&
        addr - a < f.size)
      return 1;
  }
  return 0;
}

static int find_symtab(const sfv_elf *e, uint32_t *idx, eshdr *out) {
  uint32_t i, want;
  eshdr s;
  for (want = SHT_SYMTAB;; want = SHT_DYNSYM) {
    for (i = 1; i < e->shnum; i++)
      if (sfv_elf_shdr(e, i, &s) && s.type == want) {
        *idx = i;
        *out = s;
        return 1;
      }
    if (want == SHT_DYNSYM)
      return 0;
  }
}

void sfv_elf_coverage(ectx *x, int warn) {
  const sfv_elf *e = x->e;
  uint32_t si;
  uint64_t n, k;
  eshdr st, t;

  if (!find_symtab(e, &si, &st))
    return;
  if (!sfv_elf_table(e, &st, sfv_elf_syment(e), &n)) {
    ELF_FIND(x, ELF_SECTION_BOUNDS, sfv_elf_shdr_off(e, si), SFV_NONE,
             .sh_size = sfv_elf_i64(st.size), .sh_offset = sfv_elf_i64(st.offset),
             .section = si);
    return;
  }
  x->res->symtab_shndx = si;
  for (k = 1; k < n && !x->em.stop && !sfv_elf_io_failed(e); k++) {
    esym s;
    uint64_t off = st.offset + k * sfv_elf_syment(e);
    int c;
    if (!sfv_elf_sym_at(e, off, &s) || (s.info & 0xfu) != STT_FUNC || s.size == 0 ||
        s.shndx == 0 || s.shndx >= SHN_LORESERVE || !sfv_elf_shdr(e, s.shndx, &t) ||
        !sfv_elf_exec_section(&t))
      continue;
    c = fde_covers(x, s.value);
    if (c < 0)
      return;
    x->res->funcs_total++;
    if (c)
      x->res->funcs_covered++;
    else if (warn)
      ELF_FIND(x, ELF_FUNC_UNCOVERED, off, SFV_NONE, .symbol = sfv_elf_i64(k),
               .func_size = sfv_elf_i64(s.size), .func_start = sfv_elf_i64(s.value));
  }
  x->res->coverage_known = 1;
}


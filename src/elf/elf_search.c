/* SPDX-License-Identifier: MIT */
/* elf_search.c - the ELF checks' shared work budget and their searches
 * for the executable segment or section holding a function, below every
 * check that uses them (elf_check.c, elf_cover.c, elf_lost.c).
 *
 * Invariant: every header a search reads costs one step of the budget,
 * so a search over k headers is charged k steps, whatever the hint. */
#include "elf/elf_internal.h"

/* n steps of the shared budget (src/common/work.h); 0 once it is spent. */
int sfv_elf_spend(ectx *x, uint64_t n) {
  return sfv_work_charge(&x->work, n);
}

/* Index of an executable PT_LOAD / section holding [lo, lo + n), trying
 * `hint` first; -1 if none, -2 when the budget ran out. */
int64_t sfv_elf_find_exec_load(ectx *x, uint64_t lo, uint64_t n, int64_t hint) {
  const sfv_elf *e = x->e;
  ephdr p;
  uint32_t i;
  if (hint >= 0 && sfv_elf_phdr(e, (uint32_t)hint, &p) && p.type == PT_LOAD &&
      (p.flags & PF_X) && sfv_elf_inside(lo, n, p.vaddr, p.memsz))
    return hint;
  for (i = 0; i < e->phnum; i++) {
    if (!sfv_elf_spend(x, 1))
      return -2;
    if (sfv_elf_phdr(e, i, &p) && p.type == PT_LOAD && (p.flags & PF_X) &&
        sfv_elf_inside(lo, n, p.vaddr, p.memsz))
      return i;
  }
  return -1;
}

int64_t sfv_elf_find_exec_section(ectx *x, uint64_t lo, uint64_t n,
                                  int64_t hint) {
  const sfv_elf *e = x->e;
  eshdr s;
  uint32_t i;
  if (hint >= 0 && sfv_elf_shdr(e, (uint32_t)hint, &s) && sfv_elf_exec_section(&s) &&
      sfv_elf_inside(lo, n, s.addr, s.size))
    return hint;
  for (i = 1; i < e->shnum; i++) {
    if (!sfv_elf_spend(x, 1))
      return -2;
    if (sfv_elf_shdr(e, i, &s) && sfv_elf_exec_section(&s) && sfv_elf_inside(lo, n, s.addr, s.size))
      return i;
  }
  return -1;
}

/* SPDX-License-Identifier: MIT */
/* elf_lost.c - notes that name the likely cause when a linked file's
 * SFrame is partial or gone (issue 16: SFrame is lost without an error in
 * common builds, and only a gate on the shipped files sees it).
 *
 *  - elf-sframe-plt-only: every FDE lies inside a PLT section (.plt,
 *    .plt.sec, .plt.got, .iplt): the linker wrote SFrame for its own stubs
 *    only, having dropped what its inputs carried (GNU ld 2.44 refuses
 *    clang's v2 .sframe with SFRAME_F_FDE_FUNC_START_PCREL, ld 2.47.50
 *    ignores v2 input; both exit 0).  Decided by section names, not by
 *    FDE types: the first PLT FDE is PC-type INC, only the others MASK.
 *  - elf-eh-frame-without-sframe: no SFrame at all beside a non-empty
 *    .eh_frame (ld.lld --gc-sections drops .sframe; so does a build whose
 *    objects lost it).
 *
 * Invariants: reads through elf_read.c only; the FDE walk stops at the
 * first FDE outside a PLT section and spends the shared work budget (one
 * step per FDE, plus the section searches); no allocation, no recursion.
 */
#include "elf/elf_internal.h"

/* .eh_frame holding no more than its zero terminator describes nothing. */
#define EH_FRAME_TERMINATOR 4u

static int is_plt_name(const sfv_elf *e, uint32_t name) {
  return sfv_elf_name_starts(e, name, ".plt", 0) ||
         sfv_elf_name_starts(e, name, ".iplt", 1);
}

void sfv_elf_lost_plt_only(ectx *x) {
  const sfv_elf *e = x->e;
  const sfv_section *sec = &x->sec;
  int64_t hint = -1, first = -1;
  uint32_t i;
  eshdr s;

  if (!x->sec_ok || sec->fde_avail == 0 || !e->shdrs_ok || !e->shstrtab_ok ||
      x->em.stop)
    return;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t a;
    int64_t r;
    if (!sfv_elf_spend(x, 1) || sfv_fde_get(sec, i, &f) == SFV_E_RANGE ||
        sfv_fde_func_start(sec, &f, &a) != SFV_OK || f.size > UINT64_MAX - a)
      return;
    r = sfv_elf_find_exec_section(x, a, f.size, hint);
    if (r < 0)
      return;
    /* Names are read once per section met, not per FDE. */
    if (r != hint &&
        (!sfv_elf_shdr(e, (uint32_t)r, &s) || !is_plt_name(e, s.name)))
      return;
    hint = r;
    if (first < 0)
      first = r;
  }
  ELF_FIND(x, ELF_SFRAME_PLT_ONLY,
           e->source == SFV_ELF_SRC_SECTION
               ? sfv_elf_shdr_off(e, e->sframe_shndx)
               : sfv_elf_phdr_off(e, e->pt_sframe_index),
           SFV_NONE, .num_fdes = sec->fde_avail, .plt_section = first);
}

void sfv_elf_lost_eh_frame(ectx *x) {
  const sfv_elf *e = x->e;
  uint32_t i;
  eshdr s;

  if (!sfv_elf_is_linked(e) || !e->shdrs_ok || !e->shstrtab_ok || x->em.stop)
    return;
  for (i = 1; i < e->shnum; i++) {
    if (!sfv_elf_spend(x, 1))
      return;
    if (sfv_elf_shdr(e, i, &s) && s.type != SHT_NOBITS && s.type != SHT_NULL &&
        s.size > EH_FRAME_TERMINATOR && sfv_elf_name_is(e, s.name, ".eh_frame")) {
      ELF_FIND(x, ELF_EH_FRAME_WITHOUT_SFRAME, sfv_elf_shdr_off(e, i), SFV_NONE,
               .section = i, .eh_frame_size = sfv_elf_i64(s.size));
      return;
    }
  }
}

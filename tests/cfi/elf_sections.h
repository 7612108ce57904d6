/* SPDX-License-Identifier: MIT */
/* elf_sections.h - test-side ELF helpers for the CFI test programs
 * (libelf; independent of libsfv's own ELF reader, so it can serve as an
 * oracle): relocatable files get their SHF_ALLOC sections laid out at
 * distinct addresses (sh_addr updated in memory) and the relocations of a
 * section applied in memory as a link would (S + A - P, or S + A). */
#ifndef CFI_ELF_SECTIONS_H
#define CFI_ELF_SECTIONS_H

#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned long n_errors;

/* Gives every SHF_ALLOC section a distinct address (in memory only). */
static inline void es_layout(Elf *elf) {
  Elf_Scn *scn = NULL;
  uint64_t next = 0x100000;
  GElf_Shdr sh;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    gelf_getshdr(scn, &sh);
    if ((sh.sh_flags & SHF_ALLOC) && sh.sh_addr == 0) {
      uint64_t al = sh.sh_addralign ? sh.sh_addralign : 1;
      next = (next + al - 1) / al * al;
      sh.sh_addr = next;
      gelf_update_shdr(scn, &sh);
      next += sh.sh_size + 16;
    }
  }
}

/* Section `name` (not NOBITS): its index, header and data, or 0. */
static inline size_t es_find(Elf *elf, const char *name, GElf_Shdr *out, Elf_Data **d) {
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx))
    return 0;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    const char *n;
    gelf_getshdr(scn, out);
    n = elf_strptr(elf, shstrndx, out->sh_name);
    if (n && strcmp(n, name) == 0 && out->sh_type != SHT_NOBITS) {
      *d = elf_getdata(scn, NULL);
      return elf_ndxscn(scn);
    }
  }
  return 0;
}

/* Applies the relocations against section `target` (data d) at the
 * addresses es_layout() gave; returns the number not applied.
 * section_relative: PC-relative relocations store S + A - (section
 * address) instead of S + A - P: SFrame v1/v2 without
 * SFRAME_F_FDE_FUNC_START_PCREL define function starts relative to the
 * section, and GNU as's PC32 relocations on them are what ld reads as
 * "target = S + A". */
static inline unsigned long es_relocate(Elf *elf, const GElf_Ehdr *eh, size_t target,
                                 Elf_Data *d, const char *path, int section_relative) {
  Elf_Scn *scn = NULL;
  GElf_Shdr sh, tsh;
  unsigned long bad = 0;
  int be = eh->e_ident[EI_DATA] == ELFDATA2MSB;
  int is64 = eh->e_ident[EI_CLASS] == ELFCLASS64;

  gelf_getshdr(elf_getscn(elf, target), &tsh);
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    Elf_Data *rd, *symd;
    size_t k, n;
    gelf_getshdr(scn, &sh);
    if ((sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) || sh.sh_info != target)
      continue;
    rd = elf_getdata(scn, NULL);
    symd = elf_getdata(elf_getscn(elf, sh.sh_link), NULL);
    n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
    for (k = 0; k < n; k++) {
      GElf_Rela r;
      GElf_Sym sym;
      GElf_Shdr ssh;
      unsigned type, size = 0, pcrel = 0, i;
      uint64_t S, P, v, A;
      if (sh.sh_type == SHT_RELA) {
        gelf_getrela(rd, (int)k, &r);
      } else {
        GElf_Rel rl;
        gelf_getrel(rd, (int)k, &rl);
        r.r_offset = rl.r_offset;
        r.r_info = rl.r_info;
        r.r_addend = 0;
      }
      type = (unsigned)(is64 ? GELF_R_TYPE(r.r_info) : ELF32_R_TYPE(r.r_info));
      gelf_getsym(symd, (int)(is64 ? GELF_R_SYM(r.r_info) : ELF32_R_SYM(r.r_info)), &sym);
      if (eh->e_machine == EM_X86_64) {
        if (type == R_X86_64_PC32) size = 4, pcrel = 1;
        else if (type == R_X86_64_PC64) size = 8, pcrel = 1;
        else if (type == R_X86_64_64) size = 8;
        else if (type == R_X86_64_32) size = 4;
      } else if (eh->e_machine == EM_AARCH64) {
        if (type == R_AARCH64_PREL32) size = 4, pcrel = 1;
        else if (type == R_AARCH64_PREL64) size = 8, pcrel = 1;
        else if (type == R_AARCH64_ABS64) size = 8;
        else if (type == R_AARCH64_ABS32) size = 4;
      } else if (eh->e_machine == EM_S390) {
        if (type == R_390_PC32) size = 4, pcrel = 1;
        else if (type == R_390_PC64) size = 8, pcrel = 1;
        else if (type == R_390_64) size = 8;
        else if (type == R_390_32) size = 4;
      }
      if (size == 0 || r.r_offset + size > d->d_size || sym.st_shndx == SHN_UNDEF ||
          sym.st_shndx >= SHN_LORESERVE) {
        /* undefined symbols (personality routines) do not matter for
         * FDE ranges; they stay unrelocated */
        if (size == 0) {
          fprintf(stderr, "%s: relocation %zu (type %u) of section %zu not applied\n", path,
                  k, type, target);
          bad++;
        }
        continue;
      }
      gelf_getshdr(elf_getscn(elf, sym.st_shndx), &ssh);
      A = (uint64_t)r.r_addend;
      if (sh.sh_type == SHT_REL) {
        A = 0;
        for (i = 0; i < size; i++)
          A |= (uint64_t)((unsigned char *)d->d_buf)[r.r_offset + i]
               << (be ? 8 * (size - 1 - i) : 8 * i);
        if (size == 4)
          A = (uint64_t)(int64_t)(int32_t)(uint32_t)A;
      }
      S = ssh.sh_addr + sym.st_value;
      P = tsh.sh_addr + (section_relative ? 0 : r.r_offset);
      v = S + A - (pcrel ? P : 0);
      for (i = 0; i < size; i++) {
        unsigned sh8 = be ? 8 * (size - 1 - i) : 8 * i;
        ((unsigned char *)d->d_buf)[r.r_offset + i] = (unsigned char)(v >> sh8);
      }
    }
  }
  return bad;
}

#endif

/* elf_cfi.c - the CFI comparison of an ELF file: finds .eh_frame next to
 * the SFrame section, relocates both in the caller's scratch when the file
 * is relocatable, and runs sfv_cfi_compare() (src/cfi_compare.c).
 *
 * Invariants: every header, symbol and relocation is read through the
 * bounds-checked cursor from the file image; relocatable files are
 * compared at "file offset" addresses (each section placed at its own
 * sh_offset, distinct for sections with contents), with S + A - P written
 * into copies of .eh_frame and .sframe in the caller's scratch, never into
 * the file; work is linear in the relocation tables plus the comparison's
 * own budget.
 */
#include <string.h>

#include "cfi.h"
#include "internal.h"

enum { EM_S390_ = 22, EM_X86_64_ = 62, EM_AARCH64_ = 183 };
enum { SHT_RELA_ = 4, SHT_NOBITS_ = 8, SHT_REL_ = 9, ET_REL_ = 1 };

typedef struct sh {
  uint32_t name, type, link, info;
  uint64_t addr, offset, size, entsize;
} sh;

static int rd_shdr(const sfv_elf *e, uint32_t i, sh *s) {
  sfv_cursor c;
  uint64_t off, v;
  unsigned w = e->elf_class == 2 ? 8u : 4u;
  uint64_t ent = e->elf_class == 2 ? 64u : 40u;
  if (!e->shdrs_ok || i >= e->shnum || (uint64_t)i > (UINT64_MAX - e->e_shoff) / ent)
    return 0;
  off = e->e_shoff + (uint64_t)i * ent;
  cur_init(&c, e->data, off, e->size, e->big_endian);
  if (!cur_has(&c, ent))
    return 0;
  (void)cur_u32(&c, &s->name);
  (void)cur_u32(&c, &s->type);
  (void)cur_un(&c, w, &v); /* flags */
  (void)cur_un(&c, w, &s->addr);
  (void)cur_un(&c, w, &s->offset);
  (void)cur_un(&c, w, &s->size);
  (void)cur_u32(&c, &s->link);
  (void)cur_u32(&c, &s->info);
  (void)cur_un(&c, w, &v); /* addralign */
  (void)cur_un(&c, w, &s->entsize);
  return 1;
}

/* Section name == want (from the section string table). */
static int named(const sfv_elf *e, const sh *s, const char *want) {
  sh str;
  uint64_t i = 0;
  if (!e->shstrtab_ok || !rd_shdr(e, e->shstrndx, &str) || s->name >= str.size)
    return 0;
  for (;; i++) {
    uint64_t at = str.offset + s->name + i;
    if (s->name + i >= str.size || at >= e->size)
      return 0;
    if (e->data[at] != (uint8_t)want[i])
      return 0;
    if (want[i] == '\0')
      return 1;
  }
}

/* The section's contents lie in the file. */
static int in_file(const sfv_elf *e, const sh *s) {
  return s->type != SHT_NOBITS_ && s->offset <= e->size && s->size <= e->size - s->offset;
}

static int find_eh_frame(const sfv_elf *e, uint32_t *idx, sh *out) {
  uint32_t i;
  for (i = 1; i < e->shnum && i < (1u << 20); i++)
    if (rd_shdr(e, i, out) && named(e, out, ".eh_frame") && in_file(e, out) &&
        out->size > 0) {
      *idx = i;
      return 1;
    }
  return 0;
}

size_t sfv_elf_cfi_scratch_size(const sfv_elf *elf) {
  uint32_t idx;
  sh eh;
  size_t n;
  if (elf == NULL || elf->data == NULL || elf->sframe_data == NULL ||
      !find_eh_frame(elf, &idx, &eh))
    return 0;
  n = sfv_cfi_scratch_size((uint32_t)(elf->sframe_len / 16u + 1u));
  if (elf->e_type == ET_REL_)
    n += (size_t)eh.size + elf->sframe_len + 16u;
  return n;
}

/* Size of a PC-relative relocation type's field (0: not one). */
static unsigned pcrel_size(uint16_t machine, uint32_t type) {
  switch (machine) {
  case EM_X86_64_: return type == 2 ? 4u : type == 24 ? 8u : 0u;  /* PC32, PC64 */
  case EM_AARCH64_: return type == 261 ? 4u : type == 260 ? 8u : 0u; /* PREL32/64 */
  case EM_S390_: return type == 5 ? 4u : type == 23 ? 8u : 0u;   /* PC32, PC64 */
  default: return 0;
  }
}

/* Applies the PC-relative relocations against section `target` (placed
 * at `base`, copied at out[0..len)) as a link at file-offset addresses
 * would; `section_relative`: store S + A - base (SFrame v1/v2 without
 * the PC-relative flag) instead of S + A - P. */
static void relocate(const sfv_elf *e, uint32_t target, uint64_t base, uint8_t *out,
                     size_t len, int section_relative) {
  uint32_t i;
  int is64 = e->elf_class == 2;
  for (i = 1; i < e->shnum && i < (1u << 20); i++) {
    sh r, symtab;
    uint64_t k, n, ent;
    int rela;
    if (!rd_shdr(e, i, &r) || (r.type != SHT_RELA_ && r.type != SHT_REL_) ||
        r.info != target || !in_file(e, &r) || !rd_shdr(e, r.link, &symtab) ||
        !in_file(e, &symtab))
      continue;
    rela = r.type == SHT_RELA_;
    ent = is64 ? (rela ? 24u : 16u) : (rela ? 12u : 8u);
    n = r.size / ent;
    for (k = 0; k < n; k++) {
      sfv_cursor c;
      uint64_t off, info, a = 0, symi, type, sval = 0, v, p;
      uint16_t shndx = 0;
      unsigned size, j;
      sh ssec;
      cur_init(&c, e->data, r.offset + k * ent, e->size, e->big_endian);
      if (!cur_un(&c, is64 ? 8u : 4u, &off) || !cur_un(&c, is64 ? 8u : 4u, &info) ||
          (rela && !cur_un(&c, is64 ? 8u : 4u, &a)))
        break;
      if (rela && !is64)
        a = (uint64_t)sfv_sext(a, 4);
      symi = is64 ? info >> 32 : info >> 8;
      type = is64 ? info & 0xffffffffu : info & 0xffu;
      size = pcrel_size(e->e_machine, (uint32_t)type);
      if (size == 0 || off > len || size > len - off)
        continue;
      {
        uint64_t se = is64 ? 24u : 16u, at;
        if (symi >= symtab.size / se)
          continue;
        at = symtab.offset + symi * se;
        cur_init(&c, e->data, at, e->size, e->big_endian);
        if (is64) {
          uint32_t nm;
          uint8_t b;
          if (!cur_u32(&c, &nm) || !cur_u8(&c, &b) || !cur_u8(&c, &b) ||
              !cur_u16(&c, &shndx) || !cur_un(&c, 8, &sval))
            continue;
        } else {
          uint32_t nm, sz32;
          uint8_t b;
          uint64_t v32;
          if (!cur_u32(&c, &nm) || !cur_un(&c, 4, &v32) || !cur_u32(&c, &sz32) ||
              !cur_u8(&c, &b) || !cur_u8(&c, &b) || !cur_u16(&c, &shndx))
            continue;
          sval = v32;
        }
      }
      if (shndx == 0 || shndx >= 0xff00u || !rd_shdr(e, shndx, &ssec))
        continue; /* undefined (personality routines) or special: left as is */
      if (!rela) { /* REL: the addend is in place */
        cur_init(&c, out, off, len, e->big_endian);
        if (!cur_un(&c, size, &a))
          continue;
        a = (uint64_t)sfv_sext(a, size);
      }
      p = base + (section_relative ? 0u : off);
      /* modulo 2^64, as the link computes it */
      (void)__builtin_add_overflow(ssec.offset, sval, &v);
      (void)__builtin_add_overflow(v, a, &v);
      (void)__builtin_sub_overflow(v, p, &v);
      for (j = 0; j < size; j++) {
        unsigned s8 = e->big_endian ? 8u * (size - 1u - j) : 8u * j;
        out[off + j] = (uint8_t)(v >> s8);
      }
    }
  }
}

/* Linked files: the address ranges of the linker-made PLT sections. */
static void linker_ranges(const sfv_elf *e, sfv_cfi_compare_options *co) {
  static const char *const names[] = {".plt", ".plt.got", ".plt.sec", ".iplt"};
  uint32_t i;
  unsigned k;
  co->linked = e->e_type != ET_REL_;
  for (i = 1; co->linked && i < e->shnum && i < (1u << 20); i++) {
    sh s;
    if (!rd_shdr(e, i, &s) || s.size == 0 || s.addr > UINT64_MAX - s.size)
      continue;
    for (k = 0; k < sizeof names / sizeof names[0]; k++)
      if (co->num_linker_ranges < SFV_CFI_LINKER_RANGES && named(e, &s, names[k])) {
        co->linker_ranges[co->num_linker_ranges][0] = s.addr;
        co->linker_ranges[co->num_linker_ranges][1] = s.addr + s.size;
        co->num_linker_ranges++;
        break;
      }
  }
}

typedef struct fwd {
  sfv_emitter *em;
  sfv_elf_result *res;
} fwd;

static int forward(void *ctx, const sfv_diag *d) {
  fwd *f = ctx;
  sfv_diag_count(d, &f->res->errors, &f->res->warnings, &f->res->notes);
  sfv_emit(f->em, d, &f->res->suppressed);
  return f->em->stop;
}

int sfv_elf_cfi_run(const sfv_elf *e, void *scratch, size_t scratch_size, sfv_emitter *em,
                    sfv_elf_result *res, sfv_cfi_compare_result *out) {
  sfv_cfi_compare_options co;
  sfv_cfi_compare_result local;
  sfv_section sec;
  sfv_cfi cfi;
  uint32_t idx;
  sh eh;
  const uint8_t *ehd, *sfd;
  uint64_t eh_addr, sf_addr;
  uint8_t *p = (uint8_t *)scratch;
  size_t left = scratch != NULL ? scratch_size : 0;
  fwd f;

  if (out == NULL)
    out = &local;
  memset(out, 0, sizeof *out);
  if (e->source != SFV_ELF_SRC_SECTION || e->sframe_data == NULL ||
      !find_eh_frame(e, &idx, &eh))
    return 0;
  ehd = e->data + eh.offset;
  sfd = e->sframe_data;
  eh_addr = eh.addr;
  sf_addr = e->sframe_addr;
  if (e->e_type == ET_REL_) {
    uint8_t *ehc, *sfc;
    size_t need = (size_t)eh.size + e->sframe_len;
    if (left < need)
      return 0; /* no room for relocated copies: not compared */
    ehc = p;
    sfc = p + eh.size;
    memcpy(ehc, ehd, (size_t)eh.size);
    memcpy(sfc, sfd, e->sframe_len);
    eh_addr = eh.offset;
    sf_addr = e->sframe_offset;
    relocate(e, idx, eh_addr, ehc, (size_t)eh.size, 0);
    relocate(e, e->sframe_shndx, sf_addr, sfc, e->sframe_len,
             e->sframe_len > 3 && !(sfd[3] & SFV_F_FDE_FUNC_START_PCREL));
    ehd = ehc;
    sfd = sfc;
    p += need;
    left -= need;
  }
  if (sfv_open(&sec, sfd, e->sframe_len) != SFV_OK ||
      sfv_cfi_init(&cfi, ehd, (size_t)eh.size, SFV_CFI_EH_FRAME, e->big_endian,
                   e->elf_class == 2 ? 8u : 4u, e->e_machine, eh_addr) != SFV_OK)
    return 0;
  cfi.file_offset = eh.offset;
  sfv_set_vma(&sec, sf_addr);
  memset(&co, 0, sizeof co);
  linker_ranges(e, &co);
  co.max_diags = UINT32_MAX; /* the file's cap applies in em */
  co.scratch = left ? p : NULL;
  co.scratch_size = left;
  f.em = em;
  f.res = res;
  return sfv_cfi_compare(&sec, &cfi, &co, forward, &f, out) == SFV_OK;
}

sfv_status sfv_elf_cfi_compare(const sfv_elf *elf, void *scratch, size_t scratch_size,
                               uint32_t max_diags, sfv_diag_fn fn, void *ctx,
                               sfv_elf_result *counts, sfv_cfi_compare_result *res) {
  sfv_emitter em;
  sfv_elf_result local;
  if (elf == NULL || elf->data == NULL || res == NULL)
    return SFV_E_ARG;
  if (counts == NULL)
    counts = &local;
  memset(counts, 0, sizeof *counts);
  memset(&em, 0, sizeof em);
  em.fn = fn;
  em.ctx = ctx;
  em.max = max_diags ? max_diags : SFV_DEFAULT_MAX_DIAGS;
  return sfv_elf_cfi_run(elf, scratch, scratch_size, &em, counts, res) ? SFV_OK
                                                                       : SFV_E_NOT_FOUND;
}

/* DWARF numbers of FP and SP for an ELF machine (0 when unknown). */
static int fp_sp(uint16_t machine, uint32_t *fp, uint32_t *sp) {
  switch (machine) {
  case EM_X86_64_: *fp = 6; *sp = 7; return 1;
  case EM_AARCH64_: *fp = 29; *sp = 31; return 1;
  case EM_S390_: *fp = 11; *sp = 15; return 1;
  default: return 0;
  }
}

sfv_status sfv_elf_cfi_row_at(const sfv_elf *elf, uint64_t pc, sfv_cfi_fde *fde,
                              sfv_cfi_row *row) {
  sfv_cfi cfi;
  sfv_cfi_iter it;
  sfv_cfi_state stack[SFV_CFI_STACK_DEPTH];
  uint32_t track[3];
  uint32_t idx;
  uint64_t budget;
  sh eh;
  sfv_status st;

  if (elf == NULL || elf->data == NULL || fde == NULL || row == NULL)
    return SFV_E_ARG;
  if (elf->e_type == ET_REL_ || !find_eh_frame(elf, &idx, &eh) ||
      !fp_sp(elf->e_machine, &track[1], &track[2]) ||
      sfv_cfi_init(&cfi, elf->data + eh.offset, (size_t)eh.size, SFV_CFI_EH_FRAME,
                   elf->big_endian, elf->elf_class == 2 ? 8u : 4u, elf->e_machine,
                   eh.addr) != SFV_OK)
    return SFV_E_NOT_FOUND;
  budget = 16u * (uint64_t)eh.size + 4096u;
  sfv_cfi_iter_init(&it, &cfi);
  while ((st = sfv_cfi_next_fde(&it, fde)) != SFV_END) {
    sfv_cfi_interp ip;
    if (st != SFV_OK || !fde->pc_ok || pc < fde->pc_begin ||
        pc - fde->pc_begin >= fde->pc_range)
      continue;
    track[0] = fde->cie.ra_reg;
    if (sfv_cfi_interp_init(&ip, &cfi, fde, track, 3, stack, SFV_CFI_STACK_DEPTH,
                            &budget) != SFV_OK)
      return SFV_E_ENCODING;
    while ((st = sfv_cfi_interp_next(&ip, row)) == SFV_OK)
      if (pc < row->pc_hi)
        return SFV_OK;
    return st == SFV_END ? SFV_E_NOT_FOUND : st;
  }
  return SFV_E_NOT_FOUND;
}

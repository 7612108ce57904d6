/* SPDX-License-Identifier: MIT */
/* elf_cfi.c - the CFI comparison of an ELF file: finds .eh_frame next to
 * the SFrame section, relocates both in the caller's scratch when the file
 * is relocatable, and runs sfv_cfi_compare() (src/cfi/cfi_compare.c).
 *
 * Invariants: every header, symbol and relocation is read with
 * sfv_elf_rd() (the file in memory or the caller's reader) and decoded
 * through the bounds-checked cursor; .eh_frame's bytes are read into the
 * caller's scratch (sfv_elf_cfi_scratch_size), never held otherwise;
 * relocatable files are
 * compared at "file offset" addresses (each section placed at its own
 * sh_offset, distinct for sections with contents), with S + A - P written
 * into copies of .eh_frame and .sframe in the caller's scratch, never into
 * the file; relocations are read through the one relocation iterator
 * (elf_reloc.c: each distinct table once, every entry charged to a
 * budget), so work is linear in the file plus the comparison's own budget.
 */
#include <string.h>

#include "cfi/cfi.h"
#include "elf/elf_internal.h"

/* The first .eh_frame section with contents in the file. */
static int find_named(const sfv_elf *e, const char *name, uint32_t *idx, eshdr *out);

static int find_eh_frame(const sfv_elf *e, uint32_t *idx, eshdr *out) {
  return find_named(e, ".eh_frame", idx, out);
}

/* The first section named `name` with contents in the file. */
static int find_named(const sfv_elf *e, const char *name, uint32_t *idx, eshdr *out) {
  uint32_t i;
  for (i = 1; i < e->shnum && i < (1u << 20); i++)
    if (sfv_elf_shdr(e, i, out) && out->type != SHT_NOBITS && out->size > 0 &&
        sfv_elf_in_file(e, out->offset, out->size) && sfv_elf_name_is(e, out->name, name)) {
      *idx = i;
      return 1;
    }
  return 0;
}

/* .eh_frame_hdr of a linked file (a linker builds it), at most as large as
 * 4 header bytes + 2 encoded words + 16 bytes per .eh_frame byte group of
 * 8 (no more entries than .eh_frame can hold FDEs): else not checked. */
static int find_hdr(const sfv_elf *e, const eshdr *eh, eshdr *out) {
  uint32_t idx;
  return sfv_elf_is_linked(e) && find_named(e, ".eh_frame_hdr", &idx, out) &&
         out->size <= 64u + 2u * eh->size;
}

/* Scratch layout: .eh_frame's bytes (read from the file), then for a
 * relocatable file a copy of .sframe to relocate, or for a linked file
 * .eh_frame_hdr's bytes, then the comparison's own scratch. */
static size_t copies_size(const sfv_elf *e, const eshdr *eh) {
  eshdr hdr;
  return (size_t)eh->size + (e->e_type == ET_REL ? e->sframe_len
                             : find_hdr(e, eh, &hdr) ? (size_t)hdr.size : 0u);
}

size_t sfv_elf_cfi_scratch_size(const sfv_elf *elf) {
  uint32_t idx;
  eshdr eh;
  if (elf == NULL || elf->sframe_data == NULL || !find_eh_frame(elf, &idx, &eh) ||
      eh.size > SIZE_MAX / 2 - elf->sframe_len - 64u)
    return 0;
  return copies_size(elf, &eh) + 16u +
         sfv_cfi_scratch_size((uint32_t)(elf->sframe_len / 16u + 1u));
}

/* Applies the PC-relative relocations against section `target` (placed
 * at `base`, copied at out[0..len)) as a link at file-offset addresses
 * would; `section_relative`: store S + A - base (SFrame v1/v2 without
 * the PC-relative flag) instead of S + A - P.  Through the relocation
 * iterator (elf_reloc.c): each distinct table walked once, one step of *w
 * per entry. */
static void relocate(const sfv_elf *e, uint32_t target, uint64_t base, uint8_t *out,
                     size_t len, int section_relative, sfv_work *w) {
  sfv_reloc_iter it;
  sfv_reloc r;
  int ev;
  sfv_reloc_iter_init(&it, e, target, w);
  while ((ev = sfv_reloc_next(&it, &r)) != RELOC_DONE) {
    unsigned size;
    esym sym;
    eshdr ssec;
    int64_t a;
    uint64_t v, p;
    /* undefined symbols (personality routines) and other types: left */
    if (ev != RELOC_ENTRY ||
        !sfv_reloc_operands(e, &r, out, len, &size, &sym, &ssec, &a))
      continue;
    p = base + (section_relative ? 0u : r.offset);
    /* modulo 2^64, as the link computes it */
    (void)__builtin_add_overflow(ssec.offset, sym.value, &v);
    (void)__builtin_add_overflow(v, (uint64_t)a, &v);
    (void)__builtin_sub_overflow(v, p, &v);
    sfv_reloc_store(out, r.offset, size, e->big_endian, v);
  }
}

/* Linked files: the address ranges of the linker-made PLT sections. */
static void linker_ranges(const sfv_elf *e, sfv_cfi_compare_options *co) {
  static const char *const names[] = {".plt", ".plt.got", ".plt.sec", ".iplt"};
  uint32_t i;
  unsigned k;
  co->linked = sfv_elf_is_linked(e) != 0;
  for (i = 1; co->linked && i < e->shnum && i < (1u << 20); i++) {
    eshdr s;
    if (!sfv_elf_shdr(e, i, &s) || s.size == 0 || s.addr > UINT64_MAX - s.size)
      continue;
    for (k = 0; k < sizeof names / sizeof names[0]; k++)
      if (co->num_linker_ranges < SFV_CFI_LINKER_RANGES &&
          sfv_elf_name_is(e, s.name, names[k])) {
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

static void forward_finding(void *ctx, const sfv_finding *fi) {
  sfv_diag d;
  if (sfv_diag_from(&d, fi))
    (void)forward(ctx, &d);
}

/* Reads .eh_frame into the scratch (and, for a relocatable file, copies
 * .sframe next to it and relocates both): 1 with *ehd / *sfd pointing at
 * the bytes to compare and *p / *left past them, 0 when the scratch is
 * too small or the read failed. */
static int load(const sfv_elf *e, uint32_t idx, const eshdr *eh, uint8_t **p, size_t *left,
                const uint8_t **ehd, const uint8_t **sfd, uint64_t *eh_addr,
                uint64_t *sf_addr, sfv_work *w) {
  size_t need = copies_size(e, eh);
  uint8_t *ehc = *p;
  if (*p == NULL || *left < need || !sfv_elf_rd(e, eh->offset, ehc, (size_t)eh->size))
    return 0;
  *ehd = ehc;
  *sfd = e->sframe_data;
  *eh_addr = eh->addr;
  *sf_addr = e->sframe_addr;
  if (e->e_type == ET_REL) {
    uint8_t *sfc = ehc + eh->size;
    memcpy(sfc, e->sframe_data, e->sframe_len);
    *eh_addr = eh->offset;
    *sf_addr = e->sframe_offset;
    relocate(e, idx, *eh_addr, ehc, (size_t)eh->size, 0, w);
    relocate(e, e->sframe_shndx, *sf_addr, sfc, e->sframe_len,
             e->sframe_len > 3 && !sfv_pcrel_in(e->sframe_data[2], e->sframe_data[3]), w);
    *sfd = sfc;
  }
  *p += need;
  *left -= need;
  return !sfv_elf_io_failed(e);
}

/* .eh_frame_hdr, when a linked file has one: read into its place in the
 * scratch (reserved by copies_size) and checked against .eh_frame. */
static void check_hdr(const sfv_elf *e, const sfv_cfi *cfi, const eshdr *eh, uint8_t *at,
                      sfv_emitter *em, sfv_elf_result *res) {
  eshdr hdr;
  sfv_work w;
  fwd f;
  if (!find_hdr(e, eh, &hdr) || !sfv_elf_rd(e, hdr.offset, at, (size_t)hdr.size))
    return;
  w = sfv_work_for((uint64_t)eh->size + hdr.size);
  f.em = em;
  f.res = res;
  sfv_cfi_check_hdr(cfi, at, (size_t)hdr.size, hdr.addr, hdr.offset, &w, forward, &f);
}

int sfv_elf_cfi_run(const sfv_elf *e, void *scratch, size_t scratch_size, sfv_emitter *em,
                    sfv_elf_result *res, sfv_cfi_compare_result *out) {
  sfv_cfi_compare_options co;
  sfv_cfi_compare_result local;
  sfv_section sec;
  sfv_cfi cfi;
  uint32_t idx;
  eshdr eh;
  const uint8_t *ehd, *sfd;
  uint64_t eh_addr, sf_addr;
  uint8_t *p = (uint8_t *)scratch;
  size_t left = scratch != NULL ? scratch_size : 0;
  uint8_t *hdr_at;
  sfv_work rw = sfv_elf_budget(e); /* the relocation entries */
  fwd f;

  if (out == NULL)
    out = &local;
  memset(out, 0, sizeof *out);
  f.em = em;
  f.res = res;
  if (e->source != SFV_ELF_SRC_SECTION || e->sframe_data == NULL ||
      !find_eh_frame(e, &idx, &eh) ||
      !load(e, idx, &eh, &p, &left, &ehd, &sfd, &eh_addr, &sf_addr, &rw))
    return 0; /* no .eh_frame, or no room for it: not compared */
  if (rw.hit) { /* copies relocated in part: comparing them would mislead */
    sfv_out o;
    o.fn = forward_finding;
    o.ctx = &f;
    (void)SFV_FIND(&o, CFI_BUDGET, 0, SFV_NONE, SFV_NONE, .functions_compared = 0);
    return 1; /* compared, incomplete (out->complete 0) */
  }
  hdr_at = (uint8_t *)scratch + eh.size; /* linked files: room for the header */
  if (sfv_open(&sec, sfd, e->sframe_len) != SFV_OK ||
      sfv_cfi_init(&cfi, ehd, (size_t)eh.size, SFV_CFI_EH_FRAME, e->big_endian,
                   (uint8_t)sfv_elf_word(e), e->e_machine, eh_addr) != SFV_OK)
    return 0;
  cfi.file_offset = eh.offset;
  sfv_set_vma(&sec, sf_addr);
  check_hdr(e, &cfi, &eh, hdr_at, em, res);
  memset(&co, 0, sizeof co);
  linker_ranges(e, &co);
  co.max_diags = UINT32_MAX; /* the file's cap applies in em */
  co.scratch = left ? p : NULL;
  co.scratch_size = left;
  return sfv_cfi_compare(&sec, &cfi, &co, forward, &f, out) == SFV_OK;
}

sfv_status sfv_elf_cfi_compare(const sfv_elf *elf, void *scratch, size_t scratch_size,
                               uint32_t max_diags, sfv_diag_fn fn, void *ctx,
                               sfv_elf_result *counts, sfv_cfi_compare_result *res) {
  sfv_emitter em;
  sfv_elf_result local;
  if (elf == NULL || res == NULL)
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
  case EM_X86_64: *fp = 6; *sp = 7; return 1;
  case EM_AARCH64: *fp = 29; *sp = 31; return 1;
  case EM_S390: *fp = 11; *sp = 15; return 1;
  default: return 0;
  }
}

sfv_status sfv_elf_cfi_row_at_err(const sfv_elf *elf, void *scratch, size_t scratch_size,
                                  uint64_t pc, sfv_cfi_fde *fde, sfv_cfi_row *row,
                                  sfv_cfi_err *err, uint64_t *insn_off) {
  sfv_cfi cfi;
  sfv_cfi_iter it;
  sfv_cfi_state stack[SFV_CFI_STACK_DEPTH];
  uint32_t track[3];
  uint32_t idx;
  sfv_work w;
  eshdr eh;
  sfv_status st;
  sfv_cfi_err no_err;
  uint64_t no_off;

  if (err == NULL)
    err = &no_err;
  if (insn_off == NULL)
    insn_off = &no_off;
  *err = SFV_CFI_ERR_NONE;
  *insn_off = 0;
  if (elf == NULL || fde == NULL || row == NULL)
    return SFV_E_ARG;
  if (elf->e_type == ET_REL || !find_eh_frame(elf, &idx, &eh) ||
      !fp_sp(elf->e_machine, &track[1], &track[2]))
    return SFV_E_NOT_FOUND;
  if (scratch == NULL || scratch_size < eh.size)
    return SFV_E_ARG;
  if (!sfv_elf_rd(elf, eh.offset, scratch, (size_t)eh.size))
    return SFV_E_IO;
  if (sfv_cfi_init(&cfi, scratch, (size_t)eh.size, SFV_CFI_EH_FRAME, elf->big_endian,
                   (uint8_t)sfv_elf_word(elf), elf->e_machine, eh.addr) != SFV_OK)
    return SFV_E_NOT_FOUND;
  w = sfv_work_for(eh.size);
  sfv_cfi_iter_init(&it, &cfi);
  while ((st = sfv_cfi_next_fde(&it, fde)) != SFV_END) {
    sfv_cfi_interp ip;
    if (st != SFV_OK || !fde->pc_ok || pc < fde->pc_begin ||
        pc - fde->pc_begin >= fde->pc_range)
      continue;
    track[0] = fde->cie.ra_reg;
    /* Cannot fail: fde->pc_ok, 3 tracked registers, a stack. */
    (void)sfv_cfi_interp_init(&ip, &cfi, fde, track, 3, stack, SFV_CFI_STACK_DEPTH,
                              &w.left);
    while ((st = sfv_cfi_interp_next(&ip, row)) == SFV_OK)
      if (pc < row->pc_hi)
        return SFV_OK;
    if (st == SFV_END)
      return SFV_E_NOT_FOUND;
    *err = ip.err;
    *insn_off = ip.pos; /* a failed step leaves pos at its instruction */
    return st;
  }
  return SFV_E_NOT_FOUND;
}

sfv_status sfv_elf_cfi_row_at(const sfv_elf *elf, void *scratch, size_t scratch_size,
                              uint64_t pc, sfv_cfi_fde *fde, sfv_cfi_row *row) {
  return sfv_elf_cfi_row_at_err(elf, scratch, scratch_size, pc, fde, row, NULL, NULL);
}

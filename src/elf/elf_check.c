/* SPDX-License-Identifier: MIT */
/* elf_check.c - the container checks of an ELF file and the validation
 * entry point: header sanity, the SFrame section and PT_GNU_SFRAME, ABI vs
 * e_machine, FDE function ranges vs executable sections and segments
 * (linked files); relocations (elf_reloc.c), coverage (elf_cover.c) and
 * the lost-SFrame notes (elf_lost.c) are called from here.
 *
 * Invariants: every read goes through elf_read.c (bounded by the file
 * size, through the caller's reader); the FDE x section/segment searches,
 * relocation entries and coverage share one work budget (sfv_elf_budget:
 * linear in the file size); no allocation, no recursion.  A reader failure stops the checks
 * (the emitter's stop flag) and the run returns SFV_E_IO.
 */
#include <string.h>

#include "cfi/cfi.h"
#include "elf/elf_internal.h"

/* The ELF checks' sfv_out (ELF_FIND): a finding becomes a diagnostic. */
static void deliver(void *ctx, const sfv_finding *f) {
  ectx *x = ctx;
  sfv_diag d;
  if (sfv_elf_io_failed(x->e))
    x->em.stop = 1; /* what follows a failed read is not the file's fault */
  if (x->em.stop || !sfv_diag_from(&d, f))
    return;
  sfv_diag_count(&d, &x->res->errors, &x->res->warnings, &x->res->notes);
  sfv_emit(&x->em, &d, &x->res->suppressed);
}

/* Core diagnostics pass through here (counted by the core's result). */
static int core_diag(void *ctx, const sfv_diag *d) {
  ectx *x = ctx;
  sfv_emit(&x->em, d, &x->res->suppressed);
  return x->em.stop;
}

int sfv_rule_file_offset(sfv_rule_id id) {
  switch (id) {
  case SFV_R_ELF_TRUNCATED: case SFV_R_ELF_IDENT: case SFV_R_ELF_ENTSIZE:
  case SFV_R_ELF_SHDR_BOUNDS: case SFV_R_ELF_PHDR_BOUNDS:
  case SFV_R_ELF_SHSTRNDX: case SFV_R_ELF_NO_SFRAME:
  case SFV_R_ELF_SFRAME_BOUNDS: case SFV_R_ELF_SFRAME_EMPTY:
  case SFV_R_ELF_SFRAME_NOBITS: case SFV_R_ELF_SFRAME_TYPE:
  case SFV_R_ELF_SFRAME_PROGBITS: case SFV_R_ELF_SFRAME_NAME:
  case SFV_R_ELF_SFRAME_MULTIPLE: case SFV_R_ELF_SFRAME_NOT_ALLOC:
  case SFV_R_ELF_NO_PT_SFRAME: case SFV_R_ELF_PT_SFRAME_MISMATCH:
  case SFV_R_ELF_PT_SFRAME_PADDING: case SFV_R_ELF_PT_SFRAME_MULTIPLE:
  case SFV_R_ELF_PT_SFRAME_NOT_LOADED: case SFV_R_ELF_RELA_LEFTOVER:
  case SFV_R_ELF_RELOC_BOUNDS: case SFV_R_ELF_RELOC_UNEXPECTED:
  case SFV_R_ELF_RELOC_UNRESOLVED: case SFV_R_ELF_RELOC_MISSING:
  case SFV_R_ELF_FUNC_UNCOVERED: case SFV_R_ELF_SECTION_BOUNDS:
  case SFV_R_ELF_RELOC_ALIASED: case SFV_R_AR_HEADER: case SFV_R_AR_NAME:
  case SFV_R_AR_NESTED: case SFV_R_AR_THIN_MEMBER: case SFV_R_AR_MEMBER_NOT_ELF:
  case SFV_R_CFI_FDE_MISSING: case SFV_R_CFI_FDE_MISSING_LINKED:
  case SFV_R_CFI_NOT_REPRESENTABLE:
  case SFV_R_CFI_UNREADABLE: /* .eh_frame-anchored (src/cfi/cfi_compare.c) */
  case SFV_R_CFI_HDR_HEADER: case SFV_R_CFI_HDR_EH_FRAME_PTR: case SFV_R_CFI_HDR_COUNT:
  case SFV_R_CFI_HDR_UNSORTED: case SFV_R_CFI_HDR_ENTRY_FDE:
  case SFV_R_CFI_HDR_ENTRY_PC: /* .eh_frame_hdr (src/cfi_hdr.c) */
  case SFV_R_MIN_COVERAGE: case SFV_R_MIN_COVERAGE_UNKNOWN:
  case SFV_R_MIN_COVERAGE_EH_FRAME:
  case SFV_R_ELF_SFRAME_PLT_ONLY: case SFV_R_ELF_EH_FRAME_WITHOUT_SFRAME:
    return 1;
  default:
    return 0;
  }
}

/* File offsets of e_phentsize, e_shentsize, e_shstrndx. */
static uint64_t eh_off_phentsize(const sfv_elf *e) {
  return e->elf_class == 2 ? 54u : 42u;
}
static uint64_t eh_off_shentsize(const sfv_elf *e) { return eh_off_phentsize(e) + 4u; }
static uint64_t eh_off_shstrndx(const sfv_elf *e) { return eh_off_phentsize(e) + 8u; }

/* Returns 0 when the header is unusable (nothing else can be checked). */
static int check_header(ectx *x) {
  const sfv_elf *e = x->e;
  const uint8_t *p = e->ident;
  ehdr h;
  uint64_t end;

  if (e->header_ok == 0) {
    if (e->size < EI_NIDENT)
      ELF_FIND(x, ELF_TRUNCATED, 0, SFV_NONE,
               .file_size = sfv_elf_i64(e->size), .header_size = EI_NIDENT);
    else if (p[EI_CLASS] != 1 && p[EI_CLASS] != 2)
      ELF_FIND(x, ELF_IDENT, EI_CLASS, SFV_NONE, .value = p[EI_CLASS],
               .max_value = 2, .e_ident_index = EI_CLASS);
    else if (p[EI_DATA] != 1 && p[EI_DATA] != 2)
      ELF_FIND(x, ELF_IDENT, EI_DATA, SFV_NONE, .value = p[EI_DATA],
               .max_value = 2, .e_ident_index = EI_DATA);
    else if (p[EI_VERSION] != 1)
      ELF_FIND(x, ELF_IDENT, EI_VERSION, SFV_NONE, .value = p[EI_VERSION],
               .max_value = 1, .e_ident_index = EI_VERSION);
    else
      ELF_FIND(x, ELF_TRUNCATED, 0, SFV_NONE,
               .file_size = sfv_elf_i64(e->size),
               .header_size = p[EI_CLASS] == 2 ? 64 : 52);
    return 0;
  }
  if (!sfv_elf_ehdr(e, &h))
    return 0; /* header_ok means it was read: only a reader failure */

  if (h.shoff != 0 && h.shentsize != sfv_elf_shent(e)) {
    ELF_FIND(x, ELF_ENTSIZE, eh_off_shentsize(e), SFV_NONE,
             .entsize = h.shentsize, .expected_entsize = sfv_elf_shent(e),
             .table = SFV_TABLE_SECTIONS);
  } else if (h.shoff != 0 && !e->shdrs_ok) {
    /* Extended count from section 0 when it is readable, else e_shnum. */
    eshdr s0;
    uint64_t n = h.shnum;
    if (n == 0 && sfv_elf_shdr_at(e, h.shoff, &s0))
      n = s0.size;
    end = n > (UINT64_MAX - h.shoff) / sfv_elf_shent(e) ? UINT64_MAX
                                                 : h.shoff + n * sfv_elf_shent(e);
    if (n == 0)
      end = h.shoff; /* zero sections at an offset: nothing to read */
    else
      ELF_FIND(x, ELF_SHDR_BOUNDS, eh_off_shentsize(e) + 2u, SFV_NONE,
               .table_end = sfv_elf_i64(end), .file_size = sfv_elf_i64(e->size),
               .entries = sfv_elf_i64(n));
  }
  if (e->shdrs_ok && !e->shstrtab_ok)
    ELF_FIND(x, ELF_SHSTRNDX, eh_off_shstrndx(e), SFV_NONE,
             .e_shstrndx = e->e_shstrndx, .sections = e->shnum,
             .shstrndx = e->shstrndx);

  if (h.phoff != 0 && h.phnum != 0 && h.phentsize != sfv_elf_phent(e)) {
    ELF_FIND(x, ELF_ENTSIZE, eh_off_phentsize(e), SFV_NONE,
             .entsize = h.phentsize, .expected_entsize = sfv_elf_phent(e),
             .table = SFV_TABLE_SEGMENTS);
  } else if (h.phoff != 0 && h.phnum != 0 && !e->phdrs_ok) {
    uint64_t n = h.phnum == PN_XNUM && e->phnum != 0 ? e->phnum : h.phnum;
    end = n > (UINT64_MAX - h.phoff) / sfv_elf_phent(e) ? UINT64_MAX
                                                 : h.phoff + n * sfv_elf_phent(e);
    ELF_FIND(x, ELF_PHDR_BOUNDS, eh_off_phentsize(e) + 2u, SFV_NONE,
             .table_end = sfv_elf_i64(end), .file_size = sfv_elf_i64(e->size),
             .entries = sfv_elf_i64(n));
  }
  return 1;
}

/* ---------------------------------------------------------------- */
/* The SFrame section and PT_GNU_SFRAME.                              */

static void check_sections(ectx *x) {
  const sfv_elf *e = x->e;
  uint32_t i;
  eshdr s;

  for (i = 1; i < e->shnum && !x->em.stop; i++) {
    if (!sfv_elf_shdr(e, i, &s) || !sfv_elf_is_sframe_section(e, &s))
      continue;
    if (s.type != SFV_SHT_GNU_SFRAME && s.type != SHT_PROGBITS &&
        s.type != SHT_NOBITS)
      ELF_FIND(x, ELF_SFRAME_TYPE, sfv_elf_shdr_off(e, i), SFV_NONE,
               .sh_type = s.type, .section = i);
    if (s.type == SFV_SHT_GNU_SFRAME && e->shstrtab_ok &&
        !sfv_elf_name_is(e, s.name, ".sframe"))
      ELF_FIND(x, ELF_SFRAME_NAME, sfv_elf_shdr_off(e, i), SFV_NONE,
               .section = i);
  }
  if (e->source != SFV_ELF_SRC_SECTION)
    return;
  i = e->sframe_shndx;
  if (!sfv_elf_shdr(e, i, &s))
    return;
  if (e->sframe_sections > 1)
    ELF_FIND(x, ELF_SFRAME_MULTIPLE, sfv_elf_shdr_off(e, i), SFV_NONE,
             .sframe_sections = e->sframe_sections, .max_sframe_sections = 1,
             .section = i);
  if (s.type == SHT_NOBITS) {
    ELF_FIND(x, ELF_SFRAME_NOBITS, sfv_elf_shdr_off(e, i), SFV_NONE,
             .section = i);
    return;
  }
  if (!(s.flags & SHF_ALLOC))
    ELF_FIND(x, ELF_SFRAME_NOT_ALLOC, sfv_elf_shdr_off(e, i), SFV_NONE,
             .sh_flags = sfv_elf_i64(s.flags), .required_flags = SHF_ALLOC,
             .section = i);
  if (!sfv_elf_in_file(e, s.offset, s.size))
    ELF_FIND(x, ELF_SFRAME_BOUNDS, sfv_elf_shdr_off(e, i), SFV_NONE,
             .data_offset = sfv_elf_i64(s.offset),
             .file_size = sfv_elf_i64(e->size),
             .data_size = sfv_elf_i64(s.size));
  else if (s.size == 0)
    ELF_FIND(x, ELF_SFRAME_EMPTY, sfv_elf_shdr_off(e, i), SFV_NONE,
             .section = i);
  if (sfv_elf_is_linked(e) && e->pt_sframe_count == 0 && (s.flags & SHF_ALLOC) &&
      s.size != 0)
    ELF_FIND(x, ELF_NO_PT_SFRAME, sfv_elf_shdr_off(e, i), SFV_NONE,
             .section = i);
}

/* The tail of PT_GNU_SFRAME past the section, read in chunks: the first
 * non-zero byte, if any, is reported.  GNU ld 2.40-2.47 size the segment
 * from an estimate made before merging the inputs' .sframe sections and
 * shrink the section afterwards, leaving stale bytes there; readers stop at
 * the section's own end (sfh_fre_len), so this is a warning. */
static void check_padding(ectx *x, const ephdr *p, uint64_t off) {
  const sfv_elf *e = x->e;
  uint8_t b[4096];
  uint64_t q = p->offset + e->sframe_size, end = p->offset + p->filesz;
  while (q < end) {
    size_t n = end - q < sizeof b ? (size_t)(end - q) : sizeof b, i;
    if (!sfv_elf_rd(e, q, b, n))
      return;
    for (i = 0; i < n; i++)
      if (b[i] != 0) {
        ELF_FIND(x, ELF_PT_SFRAME_PADDING, off, SFV_NONE,
                 .extra_bytes = sfv_elf_i64(p->filesz - e->sframe_size),
                 .first_nonzero_offset = sfv_elf_i64(q + i));
        return;
      }
    q += n;
  }
}

static void check_segment(ectx *x) {
  const sfv_elf *e = x->e;
  uint32_t i, k = e->pt_sframe_index;
  uint64_t off = sfv_elf_phdr_off(e, k);
  ephdr p, l;
  int loaded = 0;

  if (e->pt_sframe_count == 0 || !sfv_elf_phdr(e, k, &p))
    return;
  if (e->pt_sframe_count > 1)
    ELF_FIND(x, ELF_PT_SFRAME_MULTIPLE, off, SFV_NONE,
             .segments = e->pt_sframe_count, .max_segments = 1);
  if (!sfv_elf_in_file(e, p.offset, p.filesz)) {
    if (e->source == SFV_ELF_SRC_SEGMENT)
      ELF_FIND(x, ELF_SFRAME_BOUNDS, off, SFV_NONE,
               .data_offset = sfv_elf_i64(p.offset),
               .file_size = sfv_elf_i64(e->size),
               .data_size = sfv_elf_i64(p.filesz));
  }
  for (i = 0; i < e->phnum && !loaded; i++)
    if (sfv_elf_phdr(e, i, &l) && l.type == PT_LOAD &&
        sfv_elf_inside(p.vaddr, p.filesz, l.vaddr, l.memsz))
      loaded = 1;
  if (!loaded)
    ELF_FIND(x, ELF_PT_SFRAME_NOT_LOADED, off, SFV_NONE,
             .p_vaddr = sfv_elf_i64(p.vaddr), .p_filesz = sfv_elf_i64(p.filesz));
  if (e->source != SFV_ELF_SRC_SECTION || e->sframe_sh_type == SHT_NOBITS)
    return;
  if (p.offset != e->sframe_offset)
    ELF_FIND(x, ELF_PT_SFRAME_MISMATCH, off, SFV_NONE,
             .value = sfv_elf_i64(p.offset),
             .expected_value = sfv_elf_i64(e->sframe_offset),
             .field = SFV_PT_OFFSET);
  else if (p.vaddr != e->sframe_addr)
    ELF_FIND(x, ELF_PT_SFRAME_MISMATCH, off, SFV_NONE,
             .value = sfv_elf_i64(p.vaddr),
             .expected_value = sfv_elf_i64(e->sframe_addr),
             .field = SFV_PT_VADDR);
  else if (p.filesz < e->sframe_size)
    ELF_FIND(x, ELF_PT_SFRAME_MISMATCH, off, SFV_NONE,
             .value = sfv_elf_i64(p.filesz),
             .expected_value = sfv_elf_i64(e->sframe_size),
             .field = SFV_PT_FILESZ);
  else if (sfv_elf_in_file(e, p.offset, p.filesz))
    check_padding(x, &p, off);
}

/* 0 = this machine/byte order has no SFrame ABI. */
static uint8_t expected_abi(const sfv_elf *e) {
  switch (e->e_machine) {
  case EM_X86_64: return e->big_endian ? 0 : SFV_ABI_AMD64_LE;
  case EM_AARCH64: return e->big_endian ? SFV_ABI_AARCH64_BE : SFV_ABI_AARCH64_LE;
  case EM_S390: return e->big_endian ? SFV_ABI_S390X_BE : 0;
  default: return 0;
  }
}

/* ---------------------------------------------------------------- */
/* Linked files: FDE ranges inside executable segments and sections.  */

static int has_load(const sfv_elf *e) {
  ephdr p;
  uint32_t i;
  for (i = 0; i < e->phnum; i++)
    if (sfv_elf_phdr(e, i, &p) && p.type == PT_LOAD)
      return 1;
  return 0;
}

static void check_fde_ranges(ectx *x) {
  const sfv_section *sec = &x->sec;
  uint32_t i;
  int64_t load_hint = -1, sec_hint = -1;
  int use_loads = has_load(x->e), use_secs = x->e->shdrs_ok;

  for (i = 0; i < sec->fde_avail && !x->em.stop; i++) {
    sfv_fde f;
    uint64_t a;
    int64_t r;
    if (sfv_fde_get(sec, i, &f) == SFV_E_RANGE ||
        sfv_fde_func_start(sec, &f, &a) != SFV_OK || f.size > UINT64_MAX - a)
      continue; /* the core reports unreadable FDEs and overflows */
    if (use_loads) {
      r = sfv_elf_find_exec_load(x, a, f.size, load_hint);
      if (r == -2)
        return;
      if (r < 0) {
        ELF_FIND(x, ELF_FDE_OUTSIDE_LOAD, f.offset, i,
                 .func_start = sfv_elf_i64(a), .func_size = f.size);
        continue;
      }
      load_hint = r;
    }
    if (use_secs) {
      r = sfv_elf_find_exec_section(x, a, f.size, sec_hint);
      if (r == -2)
        return;
      if (r < 0)
        ELF_FIND(x, ELF_FDE_OUTSIDE_TEXT, f.offset, i,
                 .func_start = sfv_elf_i64(a), .func_size = f.size);
      else
        sec_hint = r;
    }
  }
}

/* The SFrame data: core validation, then the checks that need it opened. */
static void check_sframe(ectx *x, const sfv_elf_options *opt, int linked) {
  const sfv_elf *e = x->e;
  sfv_options co;
  sfv_result cr;

  memset(&co, 0, sizeof co);
  co.max_diags = UINT32_MAX; /* the file's cap is applied by x->em */
  co.scratch = opt->scratch;
  co.scratch_size = opt->scratch_size;
  if (e->e_type == ET_REL) {
    co.flags |= SFV_OPT_UNRELOCATED;
  } else if (linked) {
    co.flags |= SFV_OPT_VMA;
    co.vma = e->sframe_addr;
  }
  sfv_validate(e->sframe_data, e->sframe_len, &co, core_diag, x, &cr);
  x->res->validated = 1;
  x->res->decoded = cr.decoded;
  sfv_count_add(&x->res->errors, cr.errors);
  sfv_count_add(&x->res->warnings, cr.warnings);
  sfv_count_add(&x->res->notes, cr.notes);

  if (x->em.stop || sfv_open(&x->sec, e->sframe_data, e->sframe_len) != SFV_OK)
    return;
  x->sec_ok = 1;
  if (linked)
    sfv_set_vma(&x->sec, e->sframe_addr);

  if (x->sec.hdr.abi_arch != expected_abi(e))
    ELF_FIND(x, ELF_ABI_MACHINE, 4, SFV_NONE, .abi_arch = x->sec.hdr.abi_arch,
             .expected_abi_arch = expected_abi(e), .e_machine = e->e_machine);
  if (e->source == SFV_ELF_SRC_SECTION && e->sframe_sh_type == SHT_PROGBITS &&
      x->sec.hdr.version >= 3)
    ELF_FIND(x, ELF_SFRAME_PROGBITS, sfv_elf_shdr_off(e, e->sframe_shndx),
             SFV_NONE, .version = x->sec.hdr.version,
             .section = e->sframe_shndx);
  if (linked && !(x->sec.hdr.flags & SFV_F_FDE_SORTED))
    ELF_FIND(x, ELF_UNSORTED, 3, SFV_NONE, .flags = x->sec.hdr.flags,
             .required_flags = SFV_F_FDE_SORTED);
  if (e->source == SFV_ELF_SRC_SECTION)
    sfv_elf_check_relocs(x, linked);
  if (linked) {
    check_fde_ranges(x);
    sfv_elf_lost_plt_only(x);
    if (!x->work.hit && e->shdrs_ok)
      sfv_elf_coverage(x, (opt->flags & SFV_ELF_OPT_COVERAGE) != 0);
  }
  if (!(opt->flags & SFV_ELF_OPT_NO_CFI) && !x->em.stop) { /* src/elf/elf_cfi.c */
    sfv_cfi_compare_result cmp;
    if (sfv_elf_cfi_run(e, opt->scratch, opt->scratch_size, &x->em, x->res, &cmp)) {
      x->res->cfi_compared = 1;
      x->res->cfi_complete = cmp.complete;
      x->res->cfi_functions = cmp.functions;
      x->res->cfi_only_eh_frame = cmp.only_cfi;
      x->res->cfi_pc_bytes = cmp.pc_bytes;
    }
  }
  if (x->work.hit)
    ELF_FIND(x, CHECKS_SKIPPED, x->sec.priv.fde_base, SFV_NONE,
             .reason = SFV_SKIP_BUDGET);
}

sfv_status sfv_elf_validate(const sfv_elf *e, const sfv_elf_options *opt,
                            sfv_diag_fn fn, void *ctx, sfv_elf_result *res) {
  static const sfv_elf_options defaults = {0};
  sfv_elf_result local;
  ectx x;

  if (res == NULL)
    res = &local;
  memset(res, 0, sizeof *res);
  if (e == NULL || (e->data == NULL && e->reader == NULL))
    return SFV_E_ARG;
  if (opt == NULL)
    opt = &defaults;
  memset(&x, 0, sizeof x);
  x.e = e;
  x.em.fn = fn;
  x.em.ctx = ctx;
  x.out.fn = deliver;
  x.out.ctx = &x;
  x.res = res;
  x.em.max = opt->max_diags ? opt->max_diags : SFV_DEFAULT_MAX_DIAGS;
  x.work = sfv_elf_budget(e);

  if (check_header(&x)) {
    check_sections(&x);
    check_segment(&x);
    if (e->source == SFV_ELF_SRC_NONE) {
      ELF_FIND(&x, ELF_NO_SFRAME, 0, SFV_NONE);
      sfv_elf_lost_eh_frame(&x);
      /* No FDE covers anything (x.sec is empty): coverage 0 of n. */
      if (sfv_elf_is_linked(e) && e->shdrs_ok && !x.em.stop)
        sfv_elf_coverage(&x, 0);
    } else if (e->sframe_data != NULL && e->sframe_len != 0 && !x.em.stop &&
               !sfv_elf_io_failed(e)) {
      check_sframe(&x, opt, sfv_elf_is_linked(e));
    }
  }
  if (!res->coverage_known)
    res->coverage_unknown = !sfv_elf_is_linked(e) ? SFV_COVUNK_NOT_LINKED
                            : x.work.hit          ? SFV_COVUNK_BUDGET
                            : x.sec_ok || e->source == SFV_ELF_SRC_NONE
                                ? SFV_COVUNK_NO_SYMTAB
                                : SFV_COVUNK_UNREADABLE;
  res->work = sfv_work_spent(&x.work);
  return sfv_elf_io_failed(e) ? SFV_E_IO : SFV_OK;
}

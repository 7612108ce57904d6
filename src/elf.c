/* elf.c - the ELF container of an SFrame section.
 *
 * Locates the SFrame data of an ELF file (the .sframe section, found by
 * type SHT_GNU_SFRAME or by name, else PT_GNU_SFRAME), validates it with
 * sfv_validate(), and cross-checks it with the file: header sanity,
 * section/segment agreement, ABI vs e_machine, FDE function ranges vs
 * executable sections and segments (linked files), relocations on .sframe
 * (relocatable files), and coverage of function symbols.
 *
 * Invariants:
 *  - every ELF field is untrusted; every read goes through a cursor
 *    bounded by the file size; table extents are checked with
 *    `n <= (size - off) / entsize`, never `off + n * entsize`;
 *  - sfv_elf.shdrs_ok/phdrs_ok imply the whole table lies in the file and
 *    the entry size is the class's, so get_shdr()/get_phdr() of an index
 *    below shnum/phnum never fail for bounds reasons;
 *  - no allocation, no recursion; loops are bounded by table sizes (which
 *    the file size bounds) and the FDE x section/segment and coverage
 *    searches share one work budget (ELF_WORK_BUDGET steps).
 */
#include <string.h>

#include "sfv.h"
#include "cursor.h"
#include "cfi.h"
#include "internal.h"

enum {
  EI_NIDENT = 16, EI_CLASS = 4, EI_DATA = 5, EI_VERSION = 6,
  ET_REL = 1, ET_EXEC = 2, ET_DYN = 3,
  SHT_NULL = 0, SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_STRTAB = 3,
  SHT_RELA = 4, SHT_NOBITS = 8, SHT_REL = 9, SHT_DYNSYM = 11,
  SHF_ALLOC = 0x2, SHF_EXECINSTR = 0x4,
  PT_LOAD = 1, PF_X = 1,
  SHN_LORESERVE = 0xff00, SHN_XINDEX = 0xffff, PN_XNUM = 0xffff,
  STT_FUNC = 2,
  EM_S390 = 22, EM_X86_64 = 62, EM_AARCH64 = 183
};

/* Steps (section/segment/FDE visits) the cross checks may spend. */
#ifndef ELF_WORK_BUDGET /* overridable only to test its exhaustion */
#define ELF_WORK_BUDGET ((uint64_t)1 << 24)
#endif

/* ---------------------------------------------------------------- */
/* Bounded readers.                                                   */

static unsigned word(const sfv_elf *e) { return e->elf_class == 2 ? 8u : 4u; }
static unsigned shent(const sfv_elf *e) { return e->elf_class == 2 ? 64u : 40u; }
static unsigned phent(const sfv_elf *e) { return e->elf_class == 2 ? 56u : 32u; }
static unsigned syment(const sfv_elf *e) { return e->elf_class == 2 ? 24u : 16u; }

/* uint64 -> int64 without implementation-defined conversion. */
static int64_t as_i64(uint64_t x) { return sfv_sext(x, 8); }

/* [off, off + n) lies inside the file. */
static int in_file(const sfv_elf *e, uint64_t off, uint64_t n) {
  return off <= e->size && n <= e->size - off;
}

typedef struct ehdr {
  uint16_t type, machine, ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
  uint64_t phoff, shoff;
} ehdr;

/* Header field offsets (ELF64, ELF32). */
typedef struct ehdr_layout {
  unsigned size, phoff, shoff, phentsize;
} ehdr_layout;
static const ehdr_layout EH64 = {64, 32, 40, 54};
static const ehdr_layout EH32 = {52, 28, 32, 42};

static const ehdr_layout *layout(const sfv_elf *e) {
  return e->elf_class == 2 ? &EH64 : &EH32;
}

/* File offsets of e_phentsize.. e_shstrndx follow e_phentsize by 2 each. */
static uint64_t eh_off_phentsize(const sfv_elf *e) { return layout(e)->phentsize; }
static uint64_t eh_off_shentsize(const sfv_elf *e) { return layout(e)->phentsize + 4u; }
static uint64_t eh_off_shstrndx(const sfv_elf *e) { return layout(e)->phentsize + 8u; }

static int read_ehdr(const sfv_elf *e, ehdr *h) {
  const ehdr_layout *l = layout(e);
  sfv_cursor c;
  uint64_t ehsize_off = l->phentsize - 2u;
  if (e->size < l->size)
    return 0;
  cur_init(&c, e->data, 16, e->size, e->big_endian);
  if (!cur_u16(&c, &h->type) || !cur_u16(&c, &h->machine))
    return 0;
  cur_init(&c, e->data, l->phoff, e->size, e->big_endian);
  if (!cur_un(&c, word(e), &h->phoff) || !cur_un(&c, word(e), &h->shoff))
    return 0;
  cur_init(&c, e->data, ehsize_off, e->size, e->big_endian);
  return cur_u16(&c, &h->ehsize) && cur_u16(&c, &h->phentsize) &&
         cur_u16(&c, &h->phnum) && cur_u16(&c, &h->shentsize) &&
         cur_u16(&c, &h->shnum) && cur_u16(&c, &h->shstrndx);
}

typedef struct eshdr {
  uint32_t name, type, link, info;
  uint64_t flags, addr, offset, size, entsize;
} eshdr;

static int shdr_at(const sfv_elf *e, uint64_t off, eshdr *s) {
  sfv_cursor c;
  uint64_t align;
  unsigned w = word(e);
  if (off > e->size)
    return 0;
  cur_init(&c, e->data, off, e->size, e->big_endian);
  return cur_u32(&c, &s->name) && cur_u32(&c, &s->type) &&
         cur_un(&c, w, &s->flags) && cur_un(&c, w, &s->addr) &&
         cur_un(&c, w, &s->offset) && cur_un(&c, w, &s->size) &&
         cur_u32(&c, &s->link) && cur_u32(&c, &s->info) &&
         cur_un(&c, w, &align) && cur_un(&c, w, &s->entsize);
}

static uint64_t shdr_off(const sfv_elf *e, uint32_t i) {
  return e->e_shoff + (uint64_t)i * shent(e);
}

static int get_shdr(const sfv_elf *e, uint32_t i, eshdr *s) {
  if (!e->shdrs_ok || i >= e->shnum)
    return 0;
  return shdr_at(e, shdr_off(e, i), s);
}

typedef struct ephdr {
  uint32_t type, flags;
  uint64_t offset, vaddr, filesz, memsz;
} ephdr;

static uint64_t phdr_off(const sfv_elf *e, uint32_t i) {
  return e->e_phoff + (uint64_t)i * phent(e);
}

static int get_phdr(const sfv_elf *e, uint32_t i, ephdr *p) {
  sfv_cursor c;
  uint64_t paddr, align, v32;
  if (!e->phdrs_ok || i >= e->phnum)
    return 0;
  cur_init(&c, e->data, phdr_off(e, i), e->size, e->big_endian);
  if (e->elf_class == 2)
    return cur_u32(&c, &p->type) && cur_u32(&c, &p->flags) &&
           cur_un(&c, 8, &p->offset) && cur_un(&c, 8, &p->vaddr) &&
           cur_un(&c, 8, &paddr) && cur_un(&c, 8, &p->filesz) &&
           cur_un(&c, 8, &p->memsz) && cur_un(&c, 8, &align);
  if (!cur_u32(&c, &p->type) || !cur_un(&c, 4, &p->offset) ||
      !cur_un(&c, 4, &p->vaddr) || !cur_un(&c, 4, &paddr) ||
      !cur_un(&c, 4, &p->filesz) || !cur_un(&c, 4, &p->memsz) ||
      !cur_un(&c, 4, &v32) || !cur_un(&c, 4, &align))
    return 0;
  p->flags = (uint32_t)v32;
  return 1;
}

typedef struct esym {
  uint32_t name;
  uint8_t info;
  uint16_t shndx;
  uint64_t value, size;
} esym;

static int sym_at(const sfv_elf *e, uint64_t off, esym *s) {
  sfv_cursor c;
  uint8_t other;
  cur_init(&c, e->data, off, e->size, e->big_endian);
  if (off > e->size)
    return 0;
  if (e->elf_class == 2)
    return cur_u32(&c, &s->name) && cur_u8(&c, &s->info) &&
           cur_u8(&c, &other) && cur_u16(&c, &s->shndx) &&
           cur_un(&c, 8, &s->value) && cur_un(&c, 8, &s->size);
  return cur_u32(&c, &s->name) && cur_un(&c, 4, &s->value) &&
         cur_un(&c, 4, &s->size) && cur_u8(&c, &s->info) &&
         cur_u8(&c, &other) && cur_u16(&c, &s->shndx);
}

/* A table section (symbols, relocations) usable as an array of `ent`-byte
 * entries: contents in the file, sh_entsize == ent.  *n = entries. */
static int table_ok(const sfv_elf *e, const eshdr *s, unsigned ent,
                    uint64_t *n) {
  if (s->type == SHT_NOBITS || !in_file(e, s->offset, s->size) ||
      s->entsize != ent)
    return 0;
  *n = s->size / ent;
  return 1;
}

/* Section name == want (NUL included), read from the section string table. */
static int name_is(const sfv_elf *e, uint32_t name, const char *want) {
  eshdr st;
  size_t n = strlen(want) + 1;
  if (!e->shstrtab_ok || !get_shdr(e, e->shstrndx, &st))
    return 0;
  if (name >= st.size || n > st.size - name)
    return 0;
  return memcmp(e->data + st.offset + name, want, n) == 0;
}

static int is_sframe_section(const sfv_elf *e, const eshdr *s) {
  if (s->type == SHT_NULL)
    return 0;
  return s->type == SFV_SHT_GNU_SFRAME || name_is(e, s->name, ".sframe");
}

/* ---------------------------------------------------------------- */
/* Opening: header, tables, SFrame data.                              */

static void setup_tables(sfv_elf *e, const ehdr *h) {
  eshdr s0, st;
  uint64_t shnum = h->shnum;
  uint32_t shstrndx = h->shstrndx, phnum = h->phnum;

  /* Section 0 carries the extended counts (e_shnum 0, SHN_XINDEX, PN_XNUM). */
  if (h->shoff != 0 && h->shentsize == shent(e) && shdr_at(e, h->shoff, &s0)) {
    if (h->shnum == 0)
      shnum = s0.size;
    if (h->shstrndx == SHN_XINDEX)
      shstrndx = s0.link;
    if (h->phnum == PN_XNUM)
      phnum = s0.info;
  }
  e->e_shoff = h->shoff;
  e->e_phoff = h->phoff;
  e->shstrndx = shstrndx;
  if (h->shoff != 0 && h->shentsize == shent(e) && shnum > 0 &&
      shnum <= UINT32_MAX && h->shoff <= e->size &&
      shnum <= (e->size - h->shoff) / shent(e)) {
    e->shnum = (uint32_t)shnum;
    e->shdrs_ok = 1;
  }
  if (h->phoff != 0 && h->phentsize == phent(e) && phnum > 0 &&
      h->phoff <= e->size && phnum <= (e->size - h->phoff) / phent(e)) {
    e->phnum = phnum;
    e->phdrs_ok = 1;
  }
  if (e->shdrs_ok && shstrndx < e->shnum && get_shdr(e, shstrndx, &st) &&
      st.type == SHT_STRTAB && in_file(e, st.offset, st.size))
    e->shstrtab_ok = 1;
}

static void locate(sfv_elf *e) {
  uint32_t i;
  eshdr s;
  ephdr p;

  for (i = 1; i < e->shnum; i++) {
    if (!get_shdr(e, i, &s) || !is_sframe_section(e, &s))
      continue;
    if (e->sframe_sections++ != 0)
      continue;
    e->source = SFV_ELF_SRC_SECTION;
    e->sframe_shndx = i;
    e->sframe_sh_type = s.type;
    e->sframe_offset = s.offset;
    e->sframe_size = s.size;
    e->sframe_addr = s.addr;
  }
  for (i = 0; i < e->phnum; i++) {
    if (!get_phdr(e, i, &p) || p.type != SFV_PT_GNU_SFRAME)
      continue;
    if (e->pt_sframe_count++ != 0)
      continue;
    e->pt_sframe_index = i;
    if (e->source == SFV_ELF_SRC_NONE) {
      e->source = SFV_ELF_SRC_SEGMENT;
      e->sframe_offset = p.offset;
      e->sframe_size = p.filesz;
      e->sframe_addr = p.vaddr;
    }
  }
  if (e->source != SFV_ELF_SRC_NONE && e->sframe_sh_type != SHT_NOBITS &&
      in_file(e, e->sframe_offset, e->sframe_size)) {
    e->sframe_data = e->data + e->sframe_offset;
    e->sframe_len = (size_t)e->sframe_size;
  }
}

sfv_status sfv_elf_open(sfv_elf *e, const void *data, size_t size) {
  const uint8_t *p = data;
  ehdr h;
  if (e == NULL)
    return SFV_E_ARG;
  memset(e, 0, sizeof *e);
  if (p == NULL || size < 4 || p[0] != 0x7f || p[1] != 'E' || p[2] != 'L' ||
      p[3] != 'F')
    return SFV_E_MAGIC;
  e->data = p;
  e->size = size;
  if (size < EI_NIDENT || (p[EI_CLASS] != 1 && p[EI_CLASS] != 2) ||
      (p[EI_DATA] != 1 && p[EI_DATA] != 2) || p[EI_VERSION] != 1)
    return SFV_OK;
  e->elf_class = p[EI_CLASS];
  e->big_endian = p[EI_DATA] == 2;
  if (!read_ehdr(e, &h))
    return SFV_OK;
  e->header_ok = 1;
  e->e_type = h.type;
  e->e_machine = h.machine;
  setup_tables(e, &h);
  locate(e);
  return SFV_OK;
}

/* ---------------------------------------------------------------- */
/* Validation context and reporting.                                  */

typedef struct ectx {
  const sfv_elf *e;
  sfv_emitter em;
  sfv_elf_result *res;
  uint64_t work;             /* steps left for the cross checks */
  int work_hit;
  sfv_section sec;           /* opened SFrame data (valid if sec_ok) */
  int sec_ok;
} ectx;

static void report(ectx *x, sfv_rule_id rule, uint64_t off, int64_t fde,
                   int64_t found, int64_t expected, int64_t aux) {
  sfv_diag d;
  if (x->em.stop ||
      !sfv_diag_make(&d, rule, off, fde, SFV_NONE, found, expected, aux))
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

/* One step of the shared budget; 0 once it is spent. */
static int spend(ectx *x, uint64_t n) {
  if (x->work < n) {
    x->work = 0;
    x->work_hit = 1;
    return 0;
  }
  x->work -= n;
  return 1;
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
  case SFV_R_CFI_FDE_MISSING: case SFV_R_CFI_FDE_MISSING_LINKED:
  case SFV_R_CFI_NOT_REPRESENTABLE:
  case SFV_R_CFI_UNREADABLE: /* .eh_frame-anchored (src/cfi_compare.c) */
    return 1;
  default:
    return 0;
  }
}

static int is_linked(const sfv_elf *e) {
  return e->e_type == ET_EXEC || e->e_type == ET_DYN;
}

/* ---------------------------------------------------------------- */
/* Header and tables.                                                 */

/* Returns 0 when the header is unusable (nothing else can be checked). */
static int check_header(ectx *x) {
  const sfv_elf *e = x->e;
  const uint8_t *p = e->data;
  ehdr h;
  uint64_t end;

  if (e->header_ok == 0) {
    if (e->size < EI_NIDENT)
      report(x, SFV_R_ELF_TRUNCATED, 0, SFV_NONE, (int64_t)e->size, EI_NIDENT, 0);
    else if (p[EI_CLASS] != 1 && p[EI_CLASS] != 2)
      report(x, SFV_R_ELF_IDENT, EI_CLASS, SFV_NONE, p[EI_CLASS], 2, EI_CLASS);
    else if (p[EI_DATA] != 1 && p[EI_DATA] != 2)
      report(x, SFV_R_ELF_IDENT, EI_DATA, SFV_NONE, p[EI_DATA], 2, EI_DATA);
    else if (p[EI_VERSION] != 1)
      report(x, SFV_R_ELF_IDENT, EI_VERSION, SFV_NONE, p[EI_VERSION], 1,
             EI_VERSION);
    else
      report(x, SFV_R_ELF_TRUNCATED, 0, SFV_NONE, (int64_t)e->size,
             p[EI_CLASS] == 2 ? 64 : 52, 0);
    return 0;
  }
  if (!read_ehdr(e, &h))
    return 0; /* unreachable: header_ok means it was read */

  if (h.shoff != 0 && h.shentsize != shent(e)) {
    report(x, SFV_R_ELF_ENTSIZE, eh_off_shentsize(e), SFV_NONE, h.shentsize,
           shent(e), 1);
  } else if (h.shoff != 0 && !e->shdrs_ok) {
    /* Extended count from section 0 when it is readable, else e_shnum. */
    eshdr s0;
    uint64_t n = h.shnum;
    if (n == 0 && shdr_at(e, h.shoff, &s0))
      n = s0.size;
    end = n > (UINT64_MAX - h.shoff) / shent(e) ? UINT64_MAX
                                                 : h.shoff + n * shent(e);
    if (n == 0)
      end = h.shoff; /* zero sections at an offset: nothing to read */
    else
      report(x, SFV_R_ELF_SHDR_BOUNDS, eh_off_shentsize(e) + 2u, SFV_NONE,
             as_i64(end), (int64_t)e->size, as_i64(n));
  }
  if (e->shdrs_ok && !e->shstrtab_ok)
    report(x, SFV_R_ELF_SHSTRNDX, eh_off_shstrndx(e), SFV_NONE, e->shstrndx,
           e->shnum, 0);

  if (h.phoff != 0 && h.phnum != 0 && h.phentsize != phent(e)) {
    report(x, SFV_R_ELF_ENTSIZE, eh_off_phentsize(e), SFV_NONE, h.phentsize,
           phent(e), 2);
  } else if (h.phoff != 0 && h.phnum != 0 && !e->phdrs_ok) {
    uint64_t n = h.phnum == PN_XNUM && e->phnum != 0 ? e->phnum : h.phnum;
    end = n > (UINT64_MAX - h.phoff) / phent(e) ? UINT64_MAX
                                                 : h.phoff + n * phent(e);
    report(x, SFV_R_ELF_PHDR_BOUNDS, eh_off_phentsize(e) + 2u, SFV_NONE,
           as_i64(end), (int64_t)e->size, as_i64(n));
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
    if (!get_shdr(e, i, &s) || !is_sframe_section(e, &s))
      continue;
    if (s.type != SFV_SHT_GNU_SFRAME && s.type != SHT_PROGBITS &&
        s.type != SHT_NOBITS)
      report(x, SFV_R_ELF_SFRAME_TYPE, shdr_off(e, i), SFV_NONE, s.type, 0, i);
    if (s.type == SFV_SHT_GNU_SFRAME && e->shstrtab_ok &&
        !name_is(e, s.name, ".sframe"))
      report(x, SFV_R_ELF_SFRAME_NAME, shdr_off(e, i), SFV_NONE, i, 0, 0);
  }
  if (e->source != SFV_ELF_SRC_SECTION)
    return;
  i = e->sframe_shndx;
  if (!get_shdr(e, i, &s))
    return;
  if (e->sframe_sections > 1)
    report(x, SFV_R_ELF_SFRAME_MULTIPLE, shdr_off(e, i), SFV_NONE,
           e->sframe_sections, 1, i);
  if (s.type == SHT_NOBITS) {
    report(x, SFV_R_ELF_SFRAME_NOBITS, shdr_off(e, i), SFV_NONE, i, 0, 0);
    return;
  }
  if (!(s.flags & SHF_ALLOC))
    report(x, SFV_R_ELF_SFRAME_NOT_ALLOC, shdr_off(e, i), SFV_NONE,
           as_i64(s.flags), SHF_ALLOC, i);
  if (!in_file(e, s.offset, s.size))
    report(x, SFV_R_ELF_SFRAME_BOUNDS, shdr_off(e, i), SFV_NONE,
           as_i64(s.offset), (int64_t)e->size, as_i64(s.size));
  else if (s.size == 0)
    report(x, SFV_R_ELF_SFRAME_EMPTY, shdr_off(e, i), SFV_NONE, i, 0, 0);
  if (is_linked(e) && e->pt_sframe_count == 0 && (s.flags & SHF_ALLOC) &&
      s.size != 0)
    report(x, SFV_R_ELF_NO_PT_SFRAME, shdr_off(e, i), SFV_NONE, i, 0, 0);
}

static int inside(uint64_t lo, uint64_t n, uint64_t blo, uint64_t bn) {
  return lo >= blo && lo - blo <= bn && n <= bn - (lo - blo);
}

static void check_segment(ectx *x) {
  const sfv_elf *e = x->e;
  uint32_t i, k = e->pt_sframe_index;
  uint64_t off = phdr_off(e, k);
  ephdr p, l;
  int loaded = 0;

  if (e->pt_sframe_count == 0 || !get_phdr(e, k, &p))
    return;
  if (e->pt_sframe_count > 1)
    report(x, SFV_R_ELF_PT_SFRAME_MULTIPLE, off, SFV_NONE, e->pt_sframe_count,
           1, 0);
  if (!in_file(e, p.offset, p.filesz)) {
    if (e->source == SFV_ELF_SRC_SEGMENT)
      report(x, SFV_R_ELF_SFRAME_BOUNDS, off, SFV_NONE, as_i64(p.offset),
             (int64_t)e->size, as_i64(p.filesz));
  }
  for (i = 0; i < e->phnum && !loaded; i++)
    if (get_phdr(e, i, &l) && l.type == PT_LOAD &&
        inside(p.vaddr, p.filesz, l.vaddr, l.memsz))
      loaded = 1;
  if (!loaded)
    report(x, SFV_R_ELF_PT_SFRAME_NOT_LOADED, off, SFV_NONE, as_i64(p.vaddr),
           0, as_i64(p.filesz));
  if (e->source != SFV_ELF_SRC_SECTION || e->sframe_sh_type == SHT_NOBITS)
    return;
  if (p.offset != e->sframe_offset)
    report(x, SFV_R_ELF_PT_SFRAME_MISMATCH, off, SFV_NONE, as_i64(p.offset),
           as_i64(e->sframe_offset), 1);
  else if (p.vaddr != e->sframe_addr)
    report(x, SFV_R_ELF_PT_SFRAME_MISMATCH, off, SFV_NONE, as_i64(p.vaddr),
           as_i64(e->sframe_addr), 2);
  else if (p.filesz < e->sframe_size)
    report(x, SFV_R_ELF_PT_SFRAME_MISMATCH, off, SFV_NONE, as_i64(p.filesz),
           as_i64(e->sframe_size), 3);
  else if (in_file(e, p.offset, p.filesz)) {
    /* The tail past the section: zero padding only. */
    uint64_t q;
    for (q = p.offset + e->sframe_size; q < p.offset + p.filesz; q++)
      if (e->data[q] != 0) {
        report(x, SFV_R_ELF_PT_SFRAME_PADDING, off, SFV_NONE,
               as_i64(p.filesz - e->sframe_size), 0, as_i64(q));
        break;
      }
  }
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

/* Index of an executable PT_LOAD / section holding [lo, lo + n), trying
 * `hint` first; -1 if none, -2 when the budget ran out. */
static int64_t find_exec_load(ectx *x, uint64_t lo, uint64_t n, int64_t hint) {
  const sfv_elf *e = x->e;
  ephdr p;
  uint32_t i;
  if (hint >= 0 && get_phdr(e, (uint32_t)hint, &p) && p.type == PT_LOAD &&
      (p.flags & PF_X) && inside(lo, n, p.vaddr, p.memsz))
    return hint;
  for (i = 0; i < e->phnum; i++) {
    if (!spend(x, 1))
      return -2;
    if (get_phdr(e, i, &p) && p.type == PT_LOAD && (p.flags & PF_X) &&
        inside(lo, n, p.vaddr, p.memsz))
      return i;
  }
  return -1;
}

static int exec_section(const eshdr *s) {
  return s->type != SHT_NULL && (s->flags & (SHF_ALLOC | SHF_EXECINSTR)) ==
                                    (SHF_ALLOC | SHF_EXECINSTR);
}

static int64_t find_exec_section(ectx *x, uint64_t lo, uint64_t n,
                                 int64_t hint) {
  const sfv_elf *e = x->e;
  eshdr s;
  uint32_t i;
  if (hint >= 0 && get_shdr(e, (uint32_t)hint, &s) && exec_section(&s) &&
      inside(lo, n, s.addr, s.size))
    return hint;
  for (i = 1; i < e->shnum; i++) {
    if (!spend(x, 1))
      return -2;
    if (get_shdr(e, i, &s) && exec_section(&s) && inside(lo, n, s.addr, s.size))
      return i;
  }
  return -1;
}

static int has_load(const sfv_elf *e) {
  ephdr p;
  uint32_t i;
  for (i = 0; i < e->phnum; i++)
    if (get_phdr(e, i, &p) && p.type == PT_LOAD)
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
      r = find_exec_load(x, a, f.size, load_hint);
      if (r == -2)
        return;
      if (r < 0) {
        report(x, SFV_R_ELF_FDE_OUTSIDE_LOAD, f.offset, i, as_i64(a), 0, f.size);
        continue;
      }
      load_hint = r;
    }
    if (use_secs) {
      r = find_exec_section(x, a, f.size, sec_hint);
      if (r == -2)
        return;
      if (r < 0)
        report(x, SFV_R_ELF_FDE_OUTSIDE_TEXT, f.offset, i, as_i64(a), 0, f.size);
      else
        sec_hint = r;
    }
  }
}

/* ---------------------------------------------------------------- */
/* Relocatable files: relocations on .sframe.                          */

/* Byte size of a PC-relative relocation type usable for function starts,
 * 0 for any other type. */
static unsigned pcrel_size(const sfv_elf *e, uint32_t type) {
  switch (e->e_machine) {
  case EM_X86_64: return type == 2 ? 4u : type == 24 ? 8u : 0u;   /* PC32, PC64 */
  case EM_AARCH64: return type == 261 ? 4u : type == 260 ? 8u : 0u; /* PREL32/64 */
  case EM_S390: return type == 5 ? 4u : type == 23 ? 8u : 0u;     /* PC32, PC64 */
  default: return 0;
  }
}

typedef struct reloc {
  uint64_t offset;
  uint64_t sym;
  uint32_t type;
  int64_t addend;
  int has_addend;
} reloc;

static int reloc_at(const sfv_elf *e, uint64_t off, int rela, reloc *r) {
  sfv_cursor c;
  uint64_t info, add;
  unsigned w = word(e);
  if (off > e->size)
    return 0;
  cur_init(&c, e->data, off, e->size, e->big_endian);
  if (!cur_un(&c, w, &r->offset) || !cur_un(&c, w, &info))
    return 0;
  if (e->elf_class == 2) {
    r->sym = info >> 32;
    r->type = (uint32_t)(info & 0xffffffffu);
  } else {
    r->sym = info >> 8;
    r->type = (uint32_t)(info & 0xffu);
  }
  r->has_addend = rela;
  r->addend = 0;
  if (rela) {
    if (!cur_un(&c, w, &add))
      return 0;
    r->addend = sfv_sext(add, w);
  }
  return 1;
}

/* [start, start + size) inside executable section t (offsets in t). */
static int fits(const eshdr *t, int64_t start, uint64_t size) {
  return (t->flags & SHF_EXECINSTR) && start >= 0 &&
         inside((uint64_t)start, size, 0, t->size);
}

/* Resolves one relocation on FDE `idx`'s start field and checks the
 * function lies inside the executable section it points into. */
static void apply_reloc(ectx *x, const reloc *r, uint64_t ent_off,
                        uint64_t k, const eshdr *symtab, uint32_t idx) {
  const sfv_elf *e = x->e;
  const sfv_section *sec = &x->sec;
  unsigned fsz = sec->hdr.version == 3 ? 8u : 4u;
  unsigned rsz = pcrel_size(e, r->type);
  int pcrel = (sec->hdr.flags & SFV_F_FDE_FUNC_START_PCREL) != 0;
  sfv_fde f;
  esym s;
  eshdr t;
  int64_t add = r->addend, start, alt;

  if (sfv_fde_get(sec, idx, &f) == SFV_E_RANGE)
    return;
  if (!sym_at(e, symtab->offset + r->sym * syment(e), &s))
    return; /* unreachable: the caller bounded r->sym */
  if (rsz != fsz || s.shndx == 0 || s.shndx >= SHN_LORESERVE ||
      !get_shdr(e, s.shndx, &t)) {
    report(x, SFV_R_ELF_RELOC_UNRESOLVED, ent_off, idx, r->type, as_i64(r->sym),
           as_i64(k));
    x->res->unrelocated = 1;
    return;
  }
  if (!r->has_addend)
    add = f.start_raw; /* REL: the addend is the field's contents */
  /* A PC-relative relocation leaves S + A - P in the field, P being the
   * field's address.  GNU as writes every FDE start of a relocatable file as
   * `func - .` (A = offset of func in t), in v1 and v2 too, whatever
   * SFRAME_F_FDE_FUNC_START_PCREL says: ld re-encodes starts when it merges
   * sections.  So func = S + A, S = st_value in section t.  A producer that
   * wrote `func - .sframe` (section-relative) instead has A = offset of func
   * + field offset; to never report a false error, that reading is also
   * accepted when the flag is clear. */
  if (__builtin_add_overflow(as_i64(s.value), add, &start))
    start = -1;
  if (!fits(&t, start, f.size) &&
      (pcrel || __builtin_sub_overflow(start, as_i64(r->offset), &alt) ||
       !fits(&t, alt, f.size)))
    report(x, SFV_R_ELF_FDE_RELOC_TARGET, f.offset, idx, start, s.shndx, f.size);
}

/* Section i is a relocation table (RELA or REL) that applies to the SFrame
 * section; *rela says which, *ent is its entry size. */
static int sframe_reloc_section(const sfv_elf *e, uint32_t i, eshdr *s,
                                int *rela, unsigned *ent) {
  if (!get_shdr(e, i, s) || (s->type != SHT_RELA && s->type != SHT_REL) ||
      s->info != e->sframe_shndx)
    return 0;
  *rela = s->type == SHT_RELA;
  *ent = (*rela ? 3u : 2u) * word(e);
  return 1;
}

static void check_relocs(ectx *x, int linked) {
  const sfv_elf *e = x->e;
  const sfv_section *sec = &x->sec;
  uint32_t i;
  uint64_t fde_relocs = 0, fde_end;
  eshdr s, sym = {0};

  fde_end = sec->priv.fde_base + (uint64_t)sec->fde_avail * sec->priv.fde_size;
  for (i = 1; i < e->shnum && !x->em.stop; i++) {
    uint64_t n, nsyms, k;
    unsigned ent;
    int rela;
    if (!sframe_reloc_section(e, i, &s, &rela, &ent))
      continue;
    if (linked) {
      report(x, SFV_R_ELF_RELA_LEFTOVER, shdr_off(e, i), SFV_NONE, i, 0, 0);
      continue;
    }
    if (!table_ok(e, &s, ent, &n)) {
      report(x, SFV_R_ELF_SECTION_BOUNDS, shdr_off(e, i), SFV_NONE,
             as_i64(s.size), as_i64(s.offset), i);
      x->res->unrelocated = 1;
      continue;
    }
    if (!get_shdr(e, s.link, &sym) || !table_ok(e, &sym, syment(e), &nsyms)) {
      report(x, SFV_R_ELF_SECTION_BOUNDS, shdr_off(e, s.link < e->shnum ? s.link : i),
             SFV_NONE, as_i64(sym.size), as_i64(sym.offset), s.link);
      x->res->unrelocated = 1;
      continue;
    }
    for (k = 0; k < n && !x->em.stop; k++) {
      reloc r;
      uint64_t ent_off = s.offset + k * ent, rel;
      unsigned rsz;
      if (!reloc_at(e, ent_off, rela, &r))
        break; /* unreachable: table_ok bounded the table */
      rsz = pcrel_size(e, r.type) ? pcrel_size(e, r.type) : 4u;
      if (r.offset > e->sframe_len || rsz > e->sframe_len - r.offset ||
          r.sym >= nsyms) {
        report(x, SFV_R_ELF_RELOC_BOUNDS, ent_off, SFV_NONE, as_i64(r.offset),
               as_i64(r.sym), as_i64(k));
        x->res->unrelocated = 1;
        continue;
      }
      if (r.offset < sec->priv.fde_base || r.offset >= fde_end ||
          (r.offset - sec->priv.fde_base) % sec->priv.fde_size != 0) {
        report(x, SFV_R_ELF_RELOC_UNEXPECTED, ent_off, SFV_NONE,
               as_i64(r.offset), 0, as_i64(k));
        continue;
      }
      rel = r.offset - sec->priv.fde_base;
      fde_relocs++;
      apply_reloc(x, &r, ent_off, k, &sym, (uint32_t)(rel / sec->priv.fde_size));
    }
  }
  if (!linked && fde_relocs < sec->fde_avail) {
    report(x, SFV_R_ELF_RELOC_MISSING, shdr_off(e, e->sframe_shndx), SFV_NONE,
           as_i64(sec->fde_avail - fde_relocs), sec->fde_avail, 0);
    x->res->unrelocated = 1;
  }
}

/* Writes v into out[off..off+n) in the file's byte order; n in {4, 8};
 * 0 when v does not fit a signed n-byte field. */
static int put_field(uint8_t *out, uint64_t off, unsigned n, int be,
                     int64_t v) {
  uint64_t bits;
  unsigned i;
  if (n == 4 && (v < INT32_MIN || v > INT32_MAX))
    return 0;
  bits = v < 0 ? UINT64_MAX - (uint64_t)(-(v + 1)) : (uint64_t)v;
  for (i = 0; i < n; i++) {
    unsigned shift = be ? 8u * (n - 1u - i) : 8u * i;
    out[off + i] = (uint8_t)((bits >> shift) & 0xffu);
  }
  return 1;
}

sfv_status sfv_elf_relocated_sframe(const sfv_elf *e, uint8_t *out,
                                    size_t out_len, uint32_t *applied) {
  uint32_t i, done = 0;
  eshdr s, sym, me;
  if (e == NULL || out == NULL || e->sframe_data == NULL ||
      out_len < e->sframe_len)
    return SFV_E_ARG;
  memcpy(out, e->sframe_data, e->sframe_len);
  if (applied != NULL)
    *applied = 0;
  if (e->source != SFV_ELF_SRC_SECTION || !get_shdr(e, e->sframe_shndx, &me))
    return SFV_OK;
  for (i = 1; i < e->shnum; i++) {
    uint64_t n, nsyms, k;
    unsigned ent;
    int rela;
    if (!sframe_reloc_section(e, i, &s, &rela, &ent))
      continue;
    if (!table_ok(e, &s, ent, &n) || !get_shdr(e, s.link, &sym) ||
        !table_ok(e, &sym, syment(e), &nsyms))
      continue;
    for (k = 0; k < n; k++) {
      reloc r;
      esym y;
      eshdr t;
      unsigned rsz;
      uint64_t cur;
      int64_t a, sv, pv, v;
      sfv_cursor c;
      if (!reloc_at(e, s.offset + k * ent, rela, &r) || r.sym >= nsyms)
        continue;
      rsz = pcrel_size(e, r.type);
      if (rsz == 0 || r.offset > e->sframe_len || rsz > e->sframe_len - r.offset ||
          !sym_at(e, sym.offset + r.sym * syment(e), &y) || y.shndx == 0 ||
          y.shndx >= SHN_LORESERVE || !get_shdr(e, y.shndx, &t))
        continue;
      cur_init(&c, out, r.offset, e->sframe_len, e->big_endian);
      if (!cur_un(&c, rsz, &cur))
        continue;
      a = rela ? r.addend : sfv_sext(cur, rsz);
      /* S + A - P with S = section address + st_value, P = address of
       * the field: what a link placing sections at their sh_addr
       * (0 in a .o) stores, and what objdump 2.47 shows. */
      if (__builtin_add_overflow(as_i64(t.addr), as_i64(y.value), &sv) ||
          __builtin_add_overflow(as_i64(me.addr), as_i64(r.offset), &pv) ||
          __builtin_add_overflow(sv, a, &v) || __builtin_sub_overflow(v, pv, &v) ||
          !put_field(out, r.offset, rsz, e->big_endian, v))
        continue;
      done++;
    }
  }
  if (applied != NULL)
    *applied = done;
  return SFV_OK;
}

/* ---------------------------------------------------------------- */
/* Coverage of function symbols (linked files).                       */

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
      if (!spend(x, 1))
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
      if (!spend(x, 1))
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
    if (!spend(x, 1))
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
      if (get_shdr(e, i, &s) && s.type == want) {
        *idx = i;
        *out = s;
        return 1;
      }
    if (want == SHT_DYNSYM)
      return 0;
  }
}

static void coverage(ectx *x, int warn) {
  const sfv_elf *e = x->e;
  uint32_t si;
  uint64_t n, k;
  eshdr st, t;

  if (!find_symtab(e, &si, &st))
    return;
  if (!table_ok(e, &st, syment(e), &n)) {
    report(x, SFV_R_ELF_SECTION_BOUNDS, shdr_off(e, si), SFV_NONE,
           as_i64(st.size), as_i64(st.offset), si);
    return;
  }
  x->res->symtab_shndx = si;
  for (k = 1; k < n && !x->em.stop; k++) {
    esym s;
    uint64_t off = st.offset + k * syment(e);
    int c;
    if (!sym_at(e, off, &s) || (s.info & 0xfu) != STT_FUNC || s.size == 0 ||
        s.shndx == 0 || s.shndx >= SHN_LORESERVE || !get_shdr(e, s.shndx, &t) ||
        !exec_section(&t))
      continue;
    c = fde_covers(x, s.value);
    if (c < 0)
      return;
    x->res->funcs_total++;
    if (c)
      x->res->funcs_covered++;
    else if (warn)
      report(x, SFV_R_ELF_FUNC_UNCOVERED, off, SFV_NONE, as_i64(k),
             as_i64(s.size), as_i64(s.value));
  }
  x->res->coverage_known = 1;
}

/* ---------------------------------------------------------------- */

sfv_status sfv_elf_validate(const sfv_elf *e, const sfv_elf_options *opt,
                            sfv_diag_fn fn, void *ctx, sfv_elf_result *res) {
  static const sfv_elf_options defaults = {0};
  sfv_elf_result local;
  sfv_options co;
  sfv_result cr;
  ectx x;
  int linked;

  if (res == NULL)
    res = &local;
  memset(res, 0, sizeof *res);
  if (e == NULL || e->data == NULL)
    return SFV_E_ARG;
  if (opt == NULL)
    opt = &defaults;
  memset(&x, 0, sizeof x);
  x.e = e;
  x.em.fn = fn;
  x.em.ctx = ctx;
  x.res = res;
  x.em.max = opt->max_diags ? opt->max_diags : SFV_DEFAULT_MAX_DIAGS;
  x.work = ELF_WORK_BUDGET;
  linked = is_linked(e);

  if (!check_header(&x))
    return SFV_OK;
  check_sections(&x);
  check_segment(&x);
  if (e->source == SFV_ELF_SRC_NONE) {
    report(&x, SFV_R_ELF_NO_SFRAME, 0, SFV_NONE, 0, 0, 0);
    return SFV_OK;
  }
  if (e->sframe_data == NULL || e->sframe_len == 0 || x.em.stop)
    return SFV_OK;

  memset(&co, 0, sizeof co);
  co.max_diags = UINT32_MAX; /* the cap is applied in deliver() */
  co.scratch = opt->scratch;
  co.scratch_size = opt->scratch_size;
  if (e->e_type == ET_REL) {
    co.flags |= SFV_OPT_UNRELOCATED;
  } else if (linked) {
    co.flags |= SFV_OPT_VMA;
    co.vma = e->sframe_addr;
  }
  sfv_validate(e->sframe_data, e->sframe_len, &co, core_diag, &x, &cr);
  res->validated = 1;
  res->decoded = cr.decoded;
  res->errors += cr.errors;
  res->warnings += cr.warnings;
  res->notes += cr.notes;

  if (x.em.stop || sfv_open(&x.sec, e->sframe_data, e->sframe_len) != SFV_OK)
    return SFV_OK;
  x.sec_ok = 1;
  if (linked)
    sfv_set_vma(&x.sec, e->sframe_addr);

  if (x.sec.hdr.abi_arch != expected_abi(e))
    report(&x, SFV_R_ELF_ABI_MACHINE, 4, SFV_NONE, x.sec.hdr.abi_arch,
           expected_abi(e), e->e_machine);
  if (e->source == SFV_ELF_SRC_SECTION && e->sframe_sh_type == SHT_PROGBITS &&
      x.sec.hdr.version >= 3)
    report(&x, SFV_R_ELF_SFRAME_PROGBITS, shdr_off(e, e->sframe_shndx),
           SFV_NONE, x.sec.hdr.version, 0, e->sframe_shndx);
  if (linked && !(x.sec.hdr.flags & SFV_F_FDE_SORTED))
    report(&x, SFV_R_ELF_UNSORTED, 3, SFV_NONE, x.sec.hdr.flags,
           SFV_F_FDE_SORTED, 0);
  if (e->source == SFV_ELF_SRC_SECTION)
    check_relocs(&x, linked);
  if (linked) {
    check_fde_ranges(&x);
    if (!x.work_hit && e->shdrs_ok)
      coverage(&x, (opt->flags & SFV_ELF_OPT_COVERAGE) != 0);
  }
  if (!(opt->flags & SFV_ELF_OPT_NO_CFI) && !x.em.stop) /* src/elf_cfi.c */
    (void)sfv_elf_cfi_run(e, opt->scratch, opt->scratch_size, &x.em, res, NULL);
  if (x.work_hit)
    report(&x, SFV_R_CHECKS_SKIPPED, x.sec.priv.fde_base, SFV_NONE, 0, 0, 3);
  return SFV_OK;
}

size_t sfv_elf_symbol_name(const sfv_elf *e, uint32_t symtab_shndx,
                           uint64_t symidx, char *buf, size_t n) {
  eshdr st, str;
  esym s;
  uint64_t nsyms, p, len = 0;
  if (buf != NULL && n > 0)
    buf[0] = '\0';
  if (e == NULL || buf == NULL || n == 0 || !get_shdr(e, symtab_shndx, &st) ||
      !table_ok(e, &st, syment(e), &nsyms) || symidx >= nsyms ||
      !sym_at(e, st.offset + symidx * syment(e), &s) ||
      !get_shdr(e, st.link, &str) || str.type != SHT_STRTAB ||
      !in_file(e, str.offset, str.size) || s.name >= str.size)
    return 0;
  /* Up to the NUL, which must lie inside the string table. */
  for (p = str.offset + s.name; p < str.offset + str.size; p++, len++)
    if (e->data[p] == 0)
      break;
  if (p == str.offset + str.size)
    return 0;
  if (len >= n)
    len = n - 1;
  memcpy(buf, e->data + str.offset + s.name, (size_t)len);
  buf[len] = '\0';
  return (size_t)len;
}

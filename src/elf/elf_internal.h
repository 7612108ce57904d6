/* SPDX-License-Identifier: MIT */
/* elf_internal.h - pieces shared by the ELF container's translation units
 * (elf_read.c, elf_check.c, elf_reloc.c, elf_cover.c); not API.
 *
 * Every ELF structure is read whole by sfv_elf_rd() into a small local
 * buffer (at most ELF_MAX_ENT bytes) and decoded from there by loads at
 * constant offsets inside the structure, or through the cursor; no
 * pointer into the file is ever kept, so the file need not be in memory.
 */
#ifndef SFV_ELF_ELF_INTERNAL_H
#define SFV_ELF_ELF_INTERNAL_H

#include <stdint.h>

#include "sfv.h"
#include "common/cursor.h"
#include "common/emit.h"
#include "sframe/decode.h"
#include "common/report.h"
#include "common/work.h"

enum {
  EI_NIDENT = 16, EI_CLASS = 4, EI_DATA = 5, EI_VERSION = 6,
  ET_REL = SFV_ET_REL, ET_EXEC = 2, ET_DYN = 3,
  SHT_NULL = 0, SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_STRTAB = 3,
  SHT_RELA = 4, SHT_NOBITS = 8, SHT_REL = 9, SHT_DYNSYM = 11,
  SHF_ALLOC = 0x2, SHF_EXECINSTR = 0x4,
  PT_LOAD = 1, PF_X = 1,
  SHN_LORESERVE = 0xff00, SHN_XINDEX = 0xffff, PN_XNUM = 0xffff,
  STT_FUNC = 2,
  EM_S390 = 22, EM_X86_64 = 62, EM_AARCH64 = 183,
  ELF_MAX_ENT = 64           /* largest entry read at once (ELF64 header) */
};

/* The budget of the ELF checks' steps (section/segment/FDE/symbol/
 * relocation visits): the one per-byte budget (sfv_work_for) of the file,
 * so a file that makes them do more than linear work runs out. */
static inline sfv_work sfv_elf_budget(const sfv_elf *e) {
  return sfv_work_for(e->size);
}

typedef struct ehdr {
  uint16_t type, machine, ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
  uint64_t phoff, shoff;
} ehdr;

typedef struct eshdr {
  uint32_t name, type, link, info;
  uint64_t flags, addr, offset, size, entsize;
} eshdr;

typedef struct ephdr {
  uint32_t type, flags;
  uint64_t offset, vaddr, filesz, memsz;
} ephdr;

typedef struct esym {
  uint32_t name;
  uint8_t info;
  uint16_t shndx;
  uint64_t value, size;
} esym;

/* Field n bytes wide at offset off of a structure that one sfv_elf_rd()
 * call copied whole into b (the one bounds check, against the file).
 * Callers pass constant offsets whose end is at most the structure's size
 * (ELF64/ELF32 header 64/52, section header 64/40, program header 56/32,
 * symbol 24/16, REL/RELA 2w/3w bytes: the gABI's layouts, w the class's
 * word size), so the load cannot leave the buffer. */
static inline uint64_t sfv_elf_fld(const sfv_elf *e, const uint8_t *b,
                                   unsigned off, unsigned n) {
  return sfv_ld(b + off, n, e->big_endian);
}

unsigned sfv_elf_word(const sfv_elf *e);
unsigned sfv_elf_shent(const sfv_elf *e);
unsigned sfv_elf_phent(const sfv_elf *e);
unsigned sfv_elf_syment(const sfv_elf *e);
/* uint64 -> int64 without implementation-defined conversion. */
int64_t sfv_elf_i64(uint64_t x);
/* [off, off + n) lies inside the file. */
int sfv_elf_in_file(const sfv_elf *e, uint64_t off, uint64_t n);
/* Reads [off, off + n) of the file into buf: 1 on success; 0 when the
 * range is not inside the file or the caller's reader failed (then
 * e->reader->failed is set and every later read fails too). */
int sfv_elf_rd(const sfv_elf *e, uint64_t off, void *buf, size_t n);
/* 1 once a read of the caller's reader has failed. */
int sfv_elf_io_failed(const sfv_elf *e);

int sfv_elf_ehdr(const sfv_elf *e, ehdr *h);
int sfv_elf_shdr_at(const sfv_elf *e, uint64_t off, eshdr *s);
uint64_t sfv_elf_shdr_off(const sfv_elf *e, uint32_t i);
int sfv_elf_shdr(const sfv_elf *e, uint32_t i, eshdr *s);
uint64_t sfv_elf_phdr_off(const sfv_elf *e, uint32_t i);
int sfv_elf_phdr(const sfv_elf *e, uint32_t i, ephdr *p);
int sfv_elf_sym_at(const sfv_elf *e, uint64_t off, esym *s);
/* A table section (symbols, relocations) usable as an array of `ent`-byte
 * entries: contents in the file, sh_entsize == ent.  *n = entries. */
int sfv_elf_table(const sfv_elf *e, const eshdr *s, unsigned ent, uint64_t *n);
/* Section name == want, read from the section string table. */
int sfv_elf_name_is(const sfv_elf *e, uint32_t name, const char *want);
/* Section name starts with want (whole: is want). */
int sfv_elf_name_starts(const sfv_elf *e, uint32_t name, const char *want,
                        int whole);
/* The section is the SFrame section by type or by the name searched for. */
int sfv_elf_is_sframe_section(const sfv_elf *e, const eshdr *s);
/* The name searched for: ".sframe" unless the caller asked for another. */
const char *sfv_elf_want_name(const sfv_elf *e);
int sfv_elf_is_linked(const sfv_elf *e);
int sfv_elf_exec_section(const eshdr *s);
/* [lo, lo + n) inside [blo, blo + bn). */
int sfv_elf_inside(uint64_t lo, uint64_t n, uint64_t blo, uint64_t bn);

/* ---- validation context (elf_check.c) ---- */
typedef struct ectx {
  const sfv_elf *e;
  sfv_emitter em;
  sfv_out out;               /* findings -> diagnostics (elf_check.c) */
  sfv_elf_result *res;
  sfv_work work;             /* the cross checks' budget (sfv_elf_budget) */
  sfv_section sec;           /* opened SFrame data (valid if sec_ok) */
  int sec_ok;
} ectx;

/* Reports an ELF-layer finding through the rule's typed reporter
 * (src/common/report.h): slots by name, a slot the rule does not have does not
 * compile.  off is in the rule's offset space (sfv_schema.def); ELF
 * findings have no FRE index.  Nothing is delivered once a read of the
 * caller's reader failed (what follows is not the file's fault).
 *   ELF_FIND(x, ELF_ABI_MACHINE, 4, SFV_NONE, .abi_arch = a,
 *            .expected_abi_arch = b, .e_machine = m);            */
#define ELF_FIND(x, R, off, fde, ...)                                        \
  ((void)SFV_FIND(&(x)->out, R, (off), (fde), SFV_NONE, __VA_ARGS__))
/* n steps of the shared budget; 0 once it is spent (elf_search.c). */
int sfv_elf_spend(ectx *x, uint64_t n);

/* ---- the relocation iterator (elf_reloc.c) ---- */

/* One relocation against the iterator's target section, from one
 * distinct table. */
typedef struct sfv_reloc {
  uint64_t offset;           /* r_offset: section offset patched */
  uint64_t sym;
  uint32_t type;
  int64_t addend;
  int rela;                  /* RELA (addend in the entry) or REL */
  uint64_t ent_off;          /* file offset of the entry */
  uint64_t index;            /* entry index in its table */
  uint32_t table;            /* section index of the table */
  eshdr symtab;              /* the table's symbol table (sh_link) */
  uint64_t nsyms;
} sfv_reloc;

/* What the iterator met besides relocations. */
enum reloc_event {
  RELOC_ENTRY = 1,           /* *r holds a relocation */
  RELOC_TABLE_BAD,           /* table not inside the file / bad entsize */
  RELOC_SYMTAB_BAD,          /* its symbol table unusable */
  RELOC_ALIASED,             /* table overlaps one already walked: skipped */
  RELOC_DONE = 0
};

enum { RELOC_SEEN = 16 };

typedef struct sfv_reloc_iter {
  const sfv_elf *e;
  uint32_t target;           /* section index the tables apply to */
  uint32_t next_table;       /* next section index to consider */
  uint32_t table;            /* current table (0: none) */
  eshdr cur;                 /* its header */
  uint64_t n, k;             /* entries, next entry */
  int rela;
  unsigned ent;
  eshdr symtab;
  uint64_t nsyms;
  /* Extents of the first RELOC_SEEN tables walked, for the aliasing test
   * (constant work per table); tables past those are walked, their
   * entries charged to the budget like every entry. */
  uint64_t seen_off[RELOC_SEEN], seen_end[RELOC_SEEN];
  uint32_t seen_idx[RELOC_SEEN];
  unsigned nseen;
  sfv_work *work;            /* one step per entry read */
  uint32_t bad_index;        /* section index the last event is about */
  uint32_t alias_of;         /* RELOC_ALIASED: the table it overlaps */
} sfv_reloc_iter;

/* The relocations against section `target` (SHT_RELA and SHT_REL tables
 * with sh_info == target) of a file with section headers: the only reader
 * of relocation entries (their decoder is private to elf_reloc.c). */
void sfv_reloc_iter_init(sfv_reloc_iter *it, const sfv_elf *e, uint32_t target,
                         sfv_work *work);
/* Next event (enum reloc_event); RELOC_DONE at the end or when the budget
 * (it->work->hit) or the reader gave out. */
int sfv_reloc_next(sfv_reloc_iter *it, sfv_reloc *r);
/* Byte size of a PC-relative relocation usable for function starts, 0 for
 * any other type. */
unsigned sfv_elf_pcrel_size(const sfv_elf *e, uint32_t type);

/* The operands of relocation r (from the iterator) on a field of the
 * target's bytes out[0..len): its size (a PC-relative type), the symbol
 * *y and its section *t, and A (REL: read in place from out); 0 when r is
 * not applicable (another type, a field outside out, an undefined or
 * special symbol), which leaves the field as it is. */
int sfv_reloc_operands(const sfv_elf *e, const sfv_reloc *r, const uint8_t *out,
                       size_t len, unsigned *size, esym *y, eshdr *t,
                       int64_t *addend);
/* Stores the low n bytes of bits at out[off..off+n) in the file's order. */
void sfv_reloc_store(uint8_t *out, uint64_t off, unsigned n, int be,
                     uint64_t bits);

void sfv_elf_check_relocs(ectx *x, int linked);
void sfv_elf_coverage(ectx *x, int warn);
/* Index of an executable PT_LOAD / section holding [lo, lo + n), trying
 * `hint` first; -1 if none, -2 when the budget ran out (elf_search.c). */
int64_t sfv_elf_find_exec_load(ectx *x, uint64_t lo, uint64_t n, int64_t hint);
int64_t sfv_elf_find_exec_section(ectx *x, uint64_t lo, uint64_t n,
                                  int64_t hint);
/* Notes naming why a linked file's SFrame is partial or gone (elf_lost.c). */
void sfv_elf_lost_plt_only(ectx *x);
void sfv_elf_lost_eh_frame(ectx *x);

#endif

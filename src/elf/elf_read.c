/* SPDX-License-Identifier: MIT */
/* elf_read.c - reading an ELF file and locating its SFrame data.
 *
 * The file is either a buffer in memory (sfv_elf_open) or reached through
 * the caller's reader (sfv_elf_open_reader), which reads byte ranges on
 * demand: only the structures the checks look at are ever read (header,
 * section and program header entries, relocation and symbol entries, the
 * SFrame section once, names up to the bytes kept).
 *
 * Invariants:
 *  - every ELF field is untrusted; every read is checked against the file
 *    size first (`n <= size - off`, never `off + n`), then copied into a
 *    local buffer of at most ELF_MAX_ENT bytes, whole, and decoded by
 *    loads at constant offsets inside that structure's size (fld());
 *  - sfv_elf.shdrs_ok/phdrs_ok imply the whole table lies in the file and
 *    the entry size is the class's, so sfv_elf_shdr()/sfv_elf_phdr() of an
 *    index below shnum/phnum fail only when the reader fails;
 *  - a failed read of the caller's reader is sticky (reader->failed): the
 *    checks stop and sfv_elf_validate() returns SFV_E_IO.
 */
#include <string.h>

#include "common/cursor.h"
#include "elf/elf_internal.h"

unsigned sfv_elf_word(const sfv_elf *e) { return e->elf_class == 2 ? 8u : 4u; }
unsigned sfv_elf_shent(const sfv_elf *e) { return e->elf_class == 2 ? 64u : 40u; }
unsigned sfv_elf_phent(const sfv_elf *e) { return e->elf_class == 2 ? 56u : 32u; }
unsigned sfv_elf_syment(const sfv_elf *e) { return e->elf_class == 2 ? 24u : 16u; }

int64_t sfv_elf_i64(uint64_t x) { return sfv_sext(x, 8); }

int sfv_elf_in_file(const sfv_elf *e, uint64_t off, uint64_t n) {
  return off <= e->size && n <= e->size - off;
}

int sfv_elf_io_failed(const sfv_elf *e) {
  return e->reader != NULL && e->reader->failed;
}

int sfv_elf_rd(const sfv_elf *e, uint64_t off, void *buf, size_t n) {
  if (!sfv_elf_in_file(e, off, n))
    return 0;
  if (e->data != NULL) {
    memcpy(buf, e->data + off, n);
    return 1;
  }
  if (e->reader == NULL || e->reader->failed)
    return 0;
  if (e->reader->read(e->reader->ctx, off, buf, n) != 0) {
    e->reader->failed = 1;
    return 0;
  }
  return 1;
}

#define fld sfv_elf_fld

int sfv_elf_ehdr(const sfv_elf *e, ehdr *h) {
  uint8_t b[ELF_MAX_ENT];
  unsigned w = sfv_elf_word(e);
  unsigned ph = w == 8 ? 32u : 28u; /* e_phoff; e_ehsize at ph + 2w + 4 */
  unsigned x = ph + 2u * w + 4u;
  if (!sfv_elf_rd(e, 0, b, w == 8 ? 64u : 52u))
    return 0;
  h->type = (uint16_t)fld(e, b, 16, 2);
  h->machine = (uint16_t)fld(e, b, 18, 2);
  h->phoff = fld(e, b, ph, w);
  h->shoff = fld(e, b, ph + w, w);
  h->ehsize = (uint16_t)fld(e, b, x, 2);
  h->phentsize = (uint16_t)fld(e, b, x + 2u, 2);
  h->phnum = (uint16_t)fld(e, b, x + 4u, 2);
  h->shentsize = (uint16_t)fld(e, b, x + 6u, 2);
  h->shnum = (uint16_t)fld(e, b, x + 8u, 2);
  h->shstrndx = (uint16_t)fld(e, b, x + 10u, 2); /* ends at 64 / 52 */
  return 1;
}

int sfv_elf_shdr_at(const sfv_elf *e, uint64_t off, eshdr *s) {
  uint8_t b[ELF_MAX_ENT];
  unsigned w = sfv_elf_word(e);
  if (!sfv_elf_rd(e, off, b, sfv_elf_shent(e)))
    return 0;
  s->name = (uint32_t)fld(e, b, 0, 4);
  s->type = (uint32_t)fld(e, b, 4, 4);
  s->flags = fld(e, b, 8, w);
  s->addr = fld(e, b, 8u + w, w);
  s->offset = fld(e, b, 8u + 2u * w, w);
  s->size = fld(e, b, 8u + 3u * w, w);
  s->link = (uint32_t)fld(e, b, 8u + 4u * w, 4);
  s->info = (uint32_t)fld(e, b, 12u + 4u * w, 4);
  s->entsize = fld(e, b, 16u + 5u * w, w); /* after sh_addralign; ends at 64 / 40 */
  return 1;
}

uint64_t sfv_elf_shdr_off(const sfv_elf *e, uint32_t i) {
  return e->e_shoff + (uint64_t)i * sfv_elf_shent(e);
}

int sfv_elf_shdr(const sfv_elf *e, uint32_t i, eshdr *s) {
  if (!e->shdrs_ok || i >= e->shnum)
    return 0;
  return sfv_elf_shdr_at(e, sfv_elf_shdr_off(e, i), s);
}

uint64_t sfv_elf_phdr_off(const sfv_elf *e, uint32_t i) {
  return e->e_phoff + (uint64_t)i * sfv_elf_phent(e);
}

int sfv_elf_phdr(const sfv_elf *e, uint32_t i, ephdr *p) {
  uint8_t b[ELF_MAX_ENT];
  if (!e->phdrs_ok || i >= e->phnum ||
      !sfv_elf_rd(e, sfv_elf_phdr_off(e, i), b, sfv_elf_phent(e)))
    return 0;
  p->type = (uint32_t)fld(e, b, 0, 4);
  if (e->elf_class == 2) { /* ends at 56 (p_align) */
    p->flags = (uint32_t)fld(e, b, 4, 4);
    p->offset = fld(e, b, 8, 8);
    p->vaddr = fld(e, b, 16, 8);
    p->filesz = fld(e, b, 32, 8);
    p->memsz = fld(e, b, 40, 8);
  } else { /* ends at 32 (p_align) */
    p->offset = fld(e, b, 4, 4);
    p->vaddr = fld(e, b, 8, 4);
    p->filesz = fld(e, b, 16, 4);
    p->memsz = fld(e, b, 20, 4);
    p->flags = (uint32_t)fld(e, b, 24, 4);
  }
  return 1;
}

int sfv_elf_sym_at(const sfv_elf *e, uint64_t off, esym *s) {
  uint8_t b[ELF_MAX_ENT];
  if (!sfv_elf_rd(e, off, b, sfv_elf_syment(e)))
    return 0;
  s->name = (uint32_t)fld(e, b, 0, 4);
  if (e->elf_class == 2) { /* ends at 24 */
    s->info = (uint8_t)fld(e, b, 4, 1);
    s->shndx = (uint16_t)fld(e, b, 6, 2);
    s->value = fld(e, b, 8, 8);
    s->size = fld(e, b, 16, 8);
  } else { /* ends at 16 */
    s->value = fld(e, b, 4, 4);
    s->size = fld(e, b, 8, 4);
    s->info = (uint8_t)fld(e, b, 12, 1);
    s->shndx = (uint16_t)fld(e, b, 14, 2);
  }
  return 1;
}

int sfv_elf_table(const sfv_elf *e, const eshdr *s, unsigned ent, uint64_t *n) {
  if (s->type == SHT_NOBITS || !sfv_elf_in_file(e, s->offset, s->size) ||
      s->entsize != ent)
    return 0;
  *n = s->size / ent;
  return 1;
}

const char *sfv_elf_want_name(const sfv_elf *e) {
  return e->section_name != NULL ? e->section_name : ".sframe";
}

/* Compares at most 256 bytes (names longer than that never match). */
int sfv_elf_name_is(const sfv_elf *e, uint32_t name, const char *want) {
  return sfv_elf_name_starts(e, name, want, 1);
}

int sfv_elf_name_starts(const sfv_elf *e, uint32_t name, const char *want,
                        int whole) {
  uint8_t b[256];
  eshdr st;
  size_t n = strlen(want) + (whole ? 1u : 0u);
  if (n > sizeof b || !e->shstrtab_ok || !sfv_elf_shdr(e, e->shstrndx, &st))
    return 0;
  if (name >= st.size || n > st.size - name ||
      !sfv_elf_rd(e, st.offset + name, b, n))
    return 0;
  return memcmp(b, want, n) == 0;
}

int sfv_elf_is_sframe_section(const sfv_elf *e, const eshdr *s) {
  if (s->type == SHT_NULL)
    return 0;
  if (e->section_name != NULL) /* --section=NAME: by that name only */
    return sfv_elf_name_is(e, s->name, e->section_name);
  return s->type == SFV_SHT_GNU_SFRAME || sfv_elf_name_is(e, s->name, ".sframe");
}

int sfv_elf_is_linked(const sfv_elf *e) {
  return e->e_type == ET_EXEC || e->e_type == ET_DYN;
}

int sfv_elf_exec_section(const eshdr *s) {
  return s->type != SHT_NULL && (s->flags & (SHF_ALLOC | SHF_EXECINSTR)) ==
                                    (SHF_ALLOC | SHF_EXECINSTR);
}

int sfv_elf_inside(uint64_t lo, uint64_t n, uint64_t blo, uint64_t bn) {
  return lo >= blo && lo - blo <= bn && n <= bn - (lo - blo);
}

/* ---------------------------------------------------------------- */
/* Opening: header, tables, SFrame data.                              */

static void setup_tables(sfv_elf *e, const ehdr *h) {
  eshdr s0, st;
  uint64_t shnum = h->shnum;
  uint32_t shstrndx = h->shstrndx, phnum = h->phnum;
  unsigned se = sfv_elf_shent(e), pe = sfv_elf_phent(e);

  /* Section 0 carries the extended counts (e_shnum 0, SHN_XINDEX, PN_XNUM). */
  if (h->shoff != 0 && h->shentsize == se && sfv_elf_shdr_at(e, h->shoff, &s0)) {
    if (h->shnum == 0)
      shnum = s0.size;
    if (h->shstrndx == SHN_XINDEX)
      shstrndx = s0.link;
    if (h->phnum == PN_XNUM)
      phnum = s0.info;
  }
  e->e_shoff = h->shoff;
  e->e_phoff = h->phoff;
  e->e_shstrndx = h->shstrndx;
  e->shstrndx = shstrndx;
  if (h->shoff != 0 && h->shentsize == se && shnum > 0 &&
      shnum <= UINT32_MAX && h->shoff <= e->size &&
      shnum <= (e->size - h->shoff) / se) {
    e->shnum = (uint32_t)shnum;
    e->shdrs_ok = 1;
  }
  if (h->phoff != 0 && h->phentsize == pe && phnum > 0 &&
      h->phoff <= e->size && phnum <= (e->size - h->phoff) / pe) {
    e->phnum = phnum;
    e->phdrs_ok = 1;
  }
  if (e->shdrs_ok && shstrndx < e->shnum && sfv_elf_shdr(e, shstrndx, &st) &&
      st.type == SHT_STRTAB && sfv_elf_in_file(e, st.offset, st.size))
    e->shstrtab_ok = 1;
}

static void locate(sfv_elf *e) {
  uint32_t i;
  eshdr s;
  ephdr p;

  for (i = 1; i < e->shnum; i++) {
    if (!sfv_elf_shdr(e, i, &s) || !sfv_elf_is_sframe_section(e, &s))
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
    if (!sfv_elf_phdr(e, i, &p) || p.type != SFV_PT_GNU_SFRAME)
      continue;
    if (e->pt_sframe_count++ != 0)
      continue;
    e->pt_sframe_index = i;
    /* With --section=NAME only a section of that name is wanted. */
    if (e->source == SFV_ELF_SRC_NONE && e->section_name == NULL) {
      e->source = SFV_ELF_SRC_SEGMENT;
      e->sframe_offset = p.offset;
      e->sframe_size = p.filesz;
      e->sframe_addr = p.vaddr;
    }
  }
  e->sframe_readable = e->source != SFV_ELF_SRC_NONE &&
                       e->sframe_sh_type != SHT_NOBITS &&
                       e->sframe_size <= SIZE_MAX &&
                       sfv_elf_in_file(e, e->sframe_offset, e->sframe_size);
  if (e->sframe_readable && e->data != NULL) {
    e->sframe_data = e->data + e->sframe_offset;
    e->sframe_len = (size_t)e->sframe_size;
  }
}

/* eh_frame_size and exec_size (sfv_elf): one pass over the section
 * headers, names compared only for sections that could be .eh_frame. */
static void measure(sfv_elf *e) {
  uint32_t i;
  eshdr s;
  for (i = 1; i < e->shnum; i++) {
    if (!sfv_elf_shdr(e, i, &s) || s.type == SHT_NULL || s.type == SHT_NOBITS)
      continue;
    if (sfv_elf_exec_section(&s))
      e->exec_size = s.size > UINT64_MAX - e->exec_size ? UINT64_MAX
                                                         : e->exec_size + s.size;
    else if (e->eh_frame_size == 0 && s.size != 0 &&
             sfv_elf_name_is(e, s.name, ".eh_frame"))
      e->eh_frame_size = s.size;
  }
}

static sfv_status open_common(sfv_elf *e) {
  uint8_t id[EI_NIDENT];
  size_t n = e->size < EI_NIDENT ? (size_t)e->size : EI_NIDENT;
  ehdr h;
  if (n < 4 || !sfv_elf_rd(e, 0, id, n))
    return sfv_elf_io_failed(e) ? SFV_E_IO : SFV_E_MAGIC;
  if (id[0] != 0x7f || id[1] != 'E' || id[2] != 'L' || id[3] != 'F')
    return SFV_E_MAGIC;
  memcpy(e->ident, id, n);
  if (n < EI_NIDENT || (id[EI_CLASS] != 1 && id[EI_CLASS] != 2) ||
      (id[EI_DATA] != 1 && id[EI_DATA] != 2) || id[EI_VERSION] != 1)
    return SFV_OK;
  e->elf_class = id[EI_CLASS];
  e->big_endian = id[EI_DATA] == 2;
  if (!sfv_elf_ehdr(e, &h))
    return sfv_elf_io_failed(e) ? SFV_E_IO : SFV_OK;
  e->header_ok = 1;
  e->e_type = h.type;
  e->e_machine = h.machine;
  setup_tables(e, &h);
  locate(e);
  measure(e);
  return sfv_elf_io_failed(e) ? SFV_E_IO : SFV_OK;
}

sfv_status sfv_elf_open(sfv_elf *e, const void *data, size_t size) {
  if (e == NULL)
    return SFV_E_ARG;
  memset(e, 0, sizeof *e);
  if (data == NULL)
    return SFV_E_MAGIC;
  e->data = data;
  e->size = size;
  return open_common(e);
}

sfv_status sfv_elf_open_reader(sfv_elf *e, sfv_reader *r,
                               const char *section_name) {
  if (e == NULL)
    return SFV_E_ARG;
  memset(e, 0, sizeof *e);
  if (r == NULL || r->read == NULL)
    return SFV_E_ARG;
  e->reader = r;
  e->size = r->size;
  e->section_name = section_name;
  return open_common(e);
}

sfv_status sfv_elf_load_sframe(sfv_elf *e, void *buf, size_t len) {
  if (e == NULL || (buf == NULL && len != 0))
    return SFV_E_ARG;
  if (!e->sframe_readable)
    return SFV_E_BOUNDS;
  if (e->data != NULL)
    return SFV_OK; /* already in place */
  if (len < e->sframe_size)
    return SFV_E_ARG;
  if (e->sframe_size != 0 &&
      !sfv_elf_rd(e, e->sframe_offset, buf, (size_t)e->sframe_size))
    return SFV_E_IO;
  e->sframe_data = buf;
  e->sframe_len = (size_t)e->sframe_size;
  return SFV_OK;
}

size_t sfv_elf_symbol_name(const sfv_elf *e, uint32_t symtab_shndx,
                           uint64_t symidx, char *buf, size_t n) {
  eshdr st, str;
  esym s;
  uint64_t nsyms, left, len = 0;
  if (buf != NULL && n > 0)
    buf[0] = '\0';
  if (e == NULL || buf == NULL || n == 0 || !sfv_elf_shdr(e, symtab_shndx, &st) ||
      !sfv_elf_table(e, &st, sfv_elf_syment(e), &nsyms) || symidx >= nsyms ||
      !sfv_elf_sym_at(e, st.offset + symidx * sfv_elf_syment(e), &s) ||
      !sfv_elf_shdr(e, st.link, &str) || str.type != SHT_STRTAB ||
      !sfv_elf_in_file(e, str.offset, str.size) || s.name >= str.size)
    return 0;
  /* Reads at most n bytes (what is kept plus one to see the NUL or the
   * cut), never past the string table. */
  left = str.size - s.name;
  if (left > n)
    left = n;
  if (!sfv_elf_rd(e, str.offset + s.name, buf, (size_t)left)) {
    buf[0] = '\0';
    return 0;
  }
  while (len < left && buf[len] != '\0')
    len++;
  if (len == left && left < n) {
    buf[0] = '\0'; /* the string table ends before the NUL */
    return 0;
  }
  if (len >= n)
    len = n - 1;
  buf[len] = '\0';
  return (size_t)len;
}

/* SPDX-License-Identifier: MIT */
/* elf_reloc.c - relocations: one iterator over the relocations against a
 * section, used by the validation of relocatable files
 * (sfv_elf_check_relocs), the relocated view --dump prints
 * (sfv_elf_relocated_sframe) and the CFI comparison's copies of .sframe
 * and .eh_frame (elf_cfi.c).  read_entry() is the only decoder of a
 * relocation entry.
 *
 * Invariants:
 *  - a relocation table applies to section t when it is SHT_RELA or
 *    SHT_REL with sh_info == t (one predicate, reloc_table());
 *  - each distinct table is walked once: a table whose bytes overlap one of
 *    the first RELOC_SEEN tables walked is reported (RELOC_ALIASED) and
 *    skipped, so k headers naming one table of n entries cost n entry
 *    reads plus k constant-time tests, not k x n;
 *  - every entry read spends one step of the caller's budget: whatever
 *    the headers claim (more than RELOC_SEEN distinct overlapping tables),
 *    total work stays linear in the file size plus the budget.
 */
#include <string.h>

#include "common/cursor.h"
#include "elf/elf_internal.h"

unsigned sfv_elf_pcrel_size(const sfv_elf *e, uint32_t type) {
  switch (e->e_machine) {
  case EM_X86_64: return type == 2 ? 4u : type == 24 ? 8u : 0u;   /* PC32, PC64 */
  case EM_AARCH64: return type == 261 ? 4u : type == 260 ? 8u : 0u; /* PREL32/64 */
  case EM_S390: return type == 5 ? 4u : type == 23 ? 8u : 0u;     /* PC32, PC64 */
  default: return 0;
  }
}

/* Section i is a relocation table (RELA or REL) that applies to section
 * `target`; *rela says which, *ent is its entry size. */
static int reloc_table(const sfv_elf *e, uint32_t target, uint32_t i, eshdr *s,
                       int *rela, unsigned *ent) {
  if (e->source != SFV_ELF_SRC_SECTION || !sfv_elf_shdr(e, i, s) ||
      (s->type != SHT_RELA && s->type != SHT_REL) || s->info != target)
    return 0;
  *rela = s->type == SHT_RELA;
  *ent = (*rela ? 3u : 2u) * sfv_elf_word(e);
  return 1;
}

void sfv_reloc_iter_init(sfv_reloc_iter *it, const sfv_elf *e, uint32_t target,
                         sfv_work *work) {
  memset(it, 0, sizeof *it);
  it->e = e;
  it->target = target;
  it->next_table = 1;
  it->work = work;
}

/* A table already walked (one of the first RELOC_SEEN) whose bytes
 * overlap those of s: its section index, or 0. */
static uint32_t aliased(const sfv_reloc_iter *it, const eshdr *s) {
  unsigned j;
  if (s->size == 0)
    return 0;
  for (j = 0; j < it->nseen; j++)
    if (it->seen_off[j] < s->offset + s->size && s->offset < it->seen_end[j])
      return it->seen_idx[j];
  return 0;
}

static int read_entry(sfv_reloc_iter *it, sfv_reloc *r) {
  const sfv_elf *e = it->e;
  uint8_t b[ELF_MAX_ENT];
  uint64_t info;
  unsigned w = sfv_elf_word(e);
  r->ent_off = it->cur.offset + it->k * it->ent;
  r->index = it->k;
  r->table = it->table;
  r->rela = it->rela;
  r->symtab = it->symtab;
  r->nsyms = it->nsyms;
  if (!sfv_elf_rd(e, r->ent_off, b, it->ent)) /* 2w (REL) or 3w (RELA) */
    return 0;
  r->offset = sfv_elf_fld(e, b, 0, w);
  info = sfv_elf_fld(e, b, w, w);
  if (e->elf_class == 2) {
    r->sym = info >> 32;
    r->type = (uint32_t)(info & 0xffffffffu);
  } else {
    r->sym = info >> 8;
    r->type = (uint32_t)(info & 0xffu);
  }
  r->addend = it->rela ? sfv_sext(sfv_elf_fld(e, b, 2u * w, w), w) : 0;
  return 1;
}

int sfv_reloc_next(sfv_reloc_iter *it, sfv_reloc *r) {
  const sfv_elf *e = it->e;
  while (!sfv_elf_io_failed(e)) {
    uint32_t i, j;
    if (it->table != 0 && it->k < it->n) {
      if (!sfv_work_charge(it->work, 1) || !read_entry(it, r))
        return RELOC_DONE;
      it->k++;
      return RELOC_ENTRY;
    }
    it->table = 0;
    if (it->next_table >= e->shnum)
      return RELOC_DONE;
    i = it->next_table++;
    if (!reloc_table(e, it->target, i, &it->cur, &it->rela, &it->ent))
      continue;
    it->bad_index = i;
    if (!sfv_elf_table(e, &it->cur, it->ent, &it->n))
      return RELOC_TABLE_BAD;
    if (!sfv_elf_shdr(e, it->cur.link, &it->symtab) ||
        !sfv_elf_table(e, &it->symtab, sfv_elf_syment(e), &it->nsyms)) {
      it->bad_index = it->cur.link;
      return RELOC_SYMTAB_BAD;
    }
    j = aliased(it, &it->cur);
    if (j != 0) {
      it->alias_of = j;
      return RELOC_ALIASED;
    }
    if (it->nseen < RELOC_SEEN && it->cur.size != 0) {
      it->seen_off[it->nseen] = it->cur.offset;
      it->seen_end[it->nseen] = it->cur.offset + it->cur.size;
      it->seen_idx[it->nseen++] = i;
    }
    it->table = i;
    it->k = 0;
  }
  return RELOC_DONE;
}

/* ---------------------------------------------------------------- */
/* Validation (relocatable files).                                    */

/* [start, start + size) inside executable section t (offsets in t). */
static int fits(const eshdr *t, int64_t start, uint64_t size) {
  return (t->flags & SHF_EXECINSTR) && start >= 0 &&
         sfv_elf_inside((uint64_t)start, size, 0, t->size);
}

/* Resolves one relocation on FDE `idx`'s start field and checks the
 * function lies inside the executable section it points into. */
static void apply_reloc(ectx *x, const sfv_reloc *r, uint32_t idx) {
  const sfv_elf *e = x->e;
  const sfv_section *sec = &x->sec;
  unsigned fsz = sec->hdr.version == 3 ? 8u : 4u;
  unsigned rsz = sfv_elf_pcrel_size(e, r->type);
  int pcrel = sfv_section_pcrel(sec);
  sfv_fde f;
  esym s;
  eshdr t;
  int64_t add = r->addend, start, alt;

  if (sfv_fde_get(sec, idx, &f) == SFV_E_RANGE)
    return;
  if (!sfv_elf_sym_at(e, r->symtab.offset + r->sym * sfv_elf_syment(e), &s))
    return; /* the caller bounded r->sym: only a reader failure */
  if (rsz != fsz || s.shndx == 0 || s.shndx >= SHN_LORESERVE ||
      !sfv_elf_shdr(e, s.shndx, &t)) {
    ELF_FIND(x, ELF_RELOC_UNRESOLVED, r->ent_off, idx, .r_type = r->type,
             .symbol = sfv_elf_i64(r->sym), .relocation = sfv_elf_i64(r->index));
    x->res->unrelocated = 1;
    return;
  }
  if (!r->rela)
    add = f.start_raw; /* REL: the addend is the field's contents */
  /* A PC-relative relocation leaves S + A - P in the field, P being the
   * field's address.  GNU as writes every FDE start of a relocatable file as
   * `func - .` (A = offset of func in t), in v1 and v2 too, whatever
   * SFRAME_F_FDE_FUNC_START_PCREL says: ld re-encodes starts when it merges
   * sections.  So func = S + A, S = st_value in section t.  A producer that
   * wrote `func - .sframe` (section-relative) instead has A = offset of func
   * + field offset; to never report a false error, that reading is also
   * accepted when the flag is clear. */
  if (__builtin_add_overflow(sfv_elf_i64(s.value), add, &start))
    start = -1;
  if (!fits(&t, start, f.size) &&
      (pcrel || __builtin_sub_overflow(start, sfv_elf_i64(r->offset), &alt) ||
       !fits(&t, alt, f.size)))
    ELF_FIND(x, ELF_FDE_RELOC_TARGET, f.offset, idx,
             .offset_in_section = start, .section = s.shndx,
             .func_size = f.size);
}

static void leftovers(ectx *x) {
  const sfv_elf *e = x->e;
  uint32_t i;
  eshdr s;
  int rela;
  unsigned ent;
  for (i = 1; i < e->shnum && !x->em.stop; i++)
    if (reloc_table(e, e->sframe_shndx, i, &s, &rela, &ent))
      ELF_FIND(x, ELF_RELA_LEFTOVER, sfv_elf_shdr_off(e, i), SFV_NONE,
               .section = i);
}

void sfv_elf_check_relocs(ectx *x, int linked) {
  const sfv_elf *e = x->e;
  const sfv_section *sec = &x->sec;
  uint64_t fde_relocs = 0, fde_end;
  sfv_reloc_iter it;
  sfv_reloc r;
  int ev;

  if (linked) {
    leftovers(x);
    return;
  }
  fde_end = sec->priv.fde_base + (uint64_t)sec->fde_avail * sec->priv.fde_size;
  sfv_reloc_iter_init(&it, e, e->sframe_shndx, &x->work);
  while (!x->em.stop && (ev = sfv_reloc_next(&it, &r)) != RELOC_DONE) {
    unsigned rsz;
    uint32_t bi = it.bad_index;
    switch (ev) {
    case RELOC_TABLE_BAD:
      ELF_FIND(x, ELF_SECTION_BOUNDS, sfv_elf_shdr_off(e, bi), SFV_NONE,
               .sh_size = sfv_elf_i64(it.cur.size),
               .sh_offset = sfv_elf_i64(it.cur.offset), .section = bi);
      x->res->unrelocated = 1;
      continue;
    case RELOC_SYMTAB_BAD:
      ELF_FIND(x, ELF_SECTION_BOUNDS,
               sfv_elf_shdr_off(e, bi < e->shnum ? bi : it.next_table - 1),
               SFV_NONE,
               .sh_size = sfv_elf_i64(bi < e->shnum ? it.symtab.size : 0),
               .sh_offset = sfv_elf_i64(bi < e->shnum ? it.symtab.offset : 0),
               .section = bi);
      x->res->unrelocated = 1;
      continue;
    case RELOC_ALIASED:
      ELF_FIND(x, ELF_RELOC_ALIASED, sfv_elf_shdr_off(e, bi), SFV_NONE,
               .section = bi, .aliased_section = it.alias_of);
      continue;
    default:
      break;
    }
    rsz = sfv_elf_pcrel_size(e, r.type) ? sfv_elf_pcrel_size(e, r.type) : 4u;
    if (r.offset > e->sframe_len || rsz > e->sframe_len - r.offset ||
        r.sym >= r.nsyms) {
      ELF_FIND(x, ELF_RELOC_BOUNDS, r.ent_off, SFV_NONE,
               .r_offset = sfv_elf_i64(r.offset), .symbol = sfv_elf_i64(r.sym),
               .relocation = sfv_elf_i64(r.index));
      x->res->unrelocated = 1;
      continue;
    }
    if (r.offset < sec->priv.fde_base || r.offset >= fde_end ||
        (r.offset - sec->priv.fde_base) % sec->priv.fde_size != 0) {
      ELF_FIND(x, ELF_RELOC_UNEXPECTED, r.ent_off, SFV_NONE,
               .r_offset = sfv_elf_i64(r.offset),
               .relocation = sfv_elf_i64(r.index));
      continue;
    }
    fde_relocs++;
    apply_reloc(x, &r, (uint32_t)((r.offset - sec->priv.fde_base) / sec->priv.fde_size));
  }
  if (x->work.hit) {
    x->res->unrelocated = 1;
    return;
  }
  if (!x->em.stop && !sfv_elf_io_failed(e) && fde_relocs < sec->fde_avail) {
    ELF_FIND(x, ELF_RELOC_MISSING, sfv_elf_shdr_off(e, e->sframe_shndx),
             SFV_NONE, .starts_without_reloc = sfv_elf_i64(sec->fde_avail - fde_relocs),
             .fdes = sec->fde_avail);
    x->res->unrelocated = 1;
  }
}

/* ---------------------------------------------------------------- */
/* The relocated view (--dump of relocatable files).                  */

void sfv_reloc_store(uint8_t *out, uint64_t off, unsigned n, int be,
                     uint64_t bits) {
  unsigned i;
  for (i = 0; i < n; i++) {
    unsigned shift = be ? 8u * (n - 1u - i) : 8u * i;
    out[off + i] = (uint8_t)((bits >> shift) & 0xffu);
  }
}

int sfv_reloc_operands(const sfv_elf *e, const sfv_reloc *r, const uint8_t *out,
                       size_t len, unsigned *size, esym *y, eshdr *t,
                       int64_t *addend) {
  unsigned rsz = sfv_elf_pcrel_size(e, r->type);
  uint64_t cur;
  sfv_cursor c;
  if (rsz == 0 || r->sym >= r->nsyms)
    return 0;
  cur_init(&c, out, r->offset, len, e->big_endian); /* past len: reads fail */
  if (!cur_un(&c, rsz, &cur) ||
      !sfv_elf_sym_at(e, r->symtab.offset + r->sym * sfv_elf_syment(e), y) ||
      y->shndx == 0 || y->shndx >= SHN_LORESERVE || !sfv_elf_shdr(e, y->shndx, t))
    return 0;
  *size = rsz;
  *addend = r->rela ? r->addend : sfv_sext(cur, rsz);
  return 1;
}

/* S + A - P for one relocation, written into out; 1 when applied. */
static int relocate_one(const sfv_elf *e, const eshdr *me, const sfv_reloc *r,
                        uint8_t *out) {
  unsigned rsz;
  esym y;
  eshdr t;
  int64_t a, sv, pv, v;
  if (!sfv_reloc_operands(e, r, out, e->sframe_len, &rsz, &y, &t, &a))
    return 0;
  /* S = section address + st_value, P = address of the field: what a link
   * placing sections at their sh_addr (0 in a .o) stores, and what objdump
   * 2.47 shows. */
  if (__builtin_add_overflow(sfv_elf_i64(t.addr), sfv_elf_i64(y.value), &sv) ||
      __builtin_add_overflow(sfv_elf_i64(me->addr), sfv_elf_i64(r->offset), &pv) ||
      __builtin_add_overflow(sv, a, &v) || __builtin_sub_overflow(v, pv, &v) ||
      (rsz == 4 && (v < INT32_MIN || v > INT32_MAX)))
    return 0;
  sfv_reloc_store(out, r->offset, rsz, e->big_endian,
                  v < 0 ? UINT64_MAX - (uint64_t)(-(v + 1)) : (uint64_t)v);
  return 1;
}

sfv_status sfv_elf_relocated_sframe(const sfv_elf *e, uint8_t *out,
                                    size_t out_len, uint32_t *applied) {
  uint32_t done = 0;
  sfv_work work = sfv_elf_budget(e);
  eshdr me;
  sfv_reloc_iter it;
  sfv_reloc r;
  int ev;
  if (e == NULL || out == NULL || e->sframe_data == NULL ||
      out_len < e->sframe_len)
    return SFV_E_ARG;
  memcpy(out, e->sframe_data, e->sframe_len);
  if (applied != NULL)
    *applied = 0;
  if (e->source != SFV_ELF_SRC_SECTION || !sfv_elf_shdr(e, e->sframe_shndx, &me))
    return sfv_elf_io_failed(e) ? SFV_E_IO : SFV_OK;
  sfv_reloc_iter_init(&it, e, e->sframe_shndx, &work);
  while ((ev = sfv_reloc_next(&it, &r)) != RELOC_DONE)
    if (ev == RELOC_ENTRY && relocate_one(e, &me, &r, out))
      done++;
  if (applied != NULL)
    *applied = done;
  return sfv_elf_io_failed(e) ? SFV_E_IO : work.hit ? SFV_E_BUDGET : SFV_OK;
}

/* SPDX-License-Identifier: MIT */
/* peer_got.c - routes a dlopened library's malloc/calloc/realloc/free to
 * the guard-page allocator (peer_alloc.c), so that its reads past its own
 * buffers fault every time instead of printing whatever the process's heap
 * holds there (which depends on the allocations made before).
 *
 * Why patching its relocation slots: the library is a stock shared object
 * (no objcopy renaming as for the static libsframe.a), and its calls to
 * the allocator go through its own GOT: JUMP_SLOT (PLT) or GLOB_DAT slots
 * named by symbol in its dynamic relocations.  Rewriting those slots once,
 * after dlopen(RTLD_NOW) has bound them, changes that one library only:
 * the process (the sanitizers' malloc, libc's stdio) keeps its allocator,
 * and nothing else needs to change (an LD_PRELOAD interposer would move
 * every allocation of the process; a second link namespace would still
 * bind the library to libc's malloc).
 *
 * Invariants the caller relies on:
 *  - every relocation of the library that names one of the four symbols
 *    is a JUMP_SLOT or GLOB_DAT and now holds the peer_alloc function
 *    (read back); any other relocation type naming them fails the call;
 *  - a slot inside PT_GNU_RELRO is made writable for the write only;
 *  - ownership never crosses: the library frees only what it allocated
 *    (fuzz/libsframe_transcript.c never frees a buffer the library returns,
 *    and hands it none of the process's to free or grow).
 *
 * glibc relocates the d_ptr entries of a loaded object's dynamic section
 * in place on some targets and not on others; an entry below the load base
 * is taken as unrelocated.  That test is exact when the base is at least the
 * object's span (checked), as the two address ranges cannot overlap then.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "peer_alloc.h"

#if __ELF_NATIVE_CLASS == 64
#define PG_R_SYM(i) ELF64_R_SYM(i)
#define PG_R_TYPE(i) ELF64_R_TYPE(i)
#else
#define PG_R_SYM(i) ELF32_R_SYM(i)
#define PG_R_TYPE(i) ELF32_R_TYPE(i)
#endif

#if defined(__x86_64__)
#define PG_JUMP_SLOT R_X86_64_JUMP_SLOT
#define PG_GLOB_DAT R_X86_64_GLOB_DAT
#elif defined(__aarch64__)
#define PG_JUMP_SLOT R_AARCH64_JUMP_SLOT
#define PG_GLOB_DAT R_AARCH64_GLOB_DAT
#elif defined(__i386__)
#define PG_JUMP_SLOT R_386_JMP_SLOT
#define PG_GLOB_DAT R_386_GLOB_DAT
#else
#define PG_JUMP_SLOT 0xffffffffu /* no target support: every use fails */
#define PG_GLOB_DAT 0xffffffffu
#endif

typedef struct pg_obj {
  const char *name;
  uintptr_t base, span, relro_lo, relro_hi;
  int found;
} pg_obj;

static int find_phdrs(struct dl_phdr_info *info, size_t n, void *arg) {
  pg_obj *o = arg;
  ElfW(Half) k;
  (void)n;
  if (info->dlpi_addr != o->base || info->dlpi_name == NULL ||
      strcmp(info->dlpi_name, o->name) != 0)
    return 0;
  for (k = 0; k < info->dlpi_phnum; k++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[k];
    if (p->p_type == PT_LOAD && p->p_vaddr + p->p_memsz > o->span)
      o->span = p->p_vaddr + p->p_memsz;
    if (p->p_type == PT_GNU_RELRO) {
      o->relro_lo = o->base + p->p_vaddr;
      o->relro_hi = o->relro_lo + p->p_memsz;
    }
  }
  o->found = 1;
  return 1;
}

static uintptr_t dyn_addr(const pg_obj *o, uintptr_t d_ptr) {
  return d_ptr < o->base ? o->base + d_ptr : d_ptr;
}

static const struct {
  const char *name;
  void *to;
} routed[] = {
    {"malloc", (void *)sfv_peer_malloc},
    {"calloc", (void *)sfv_peer_calloc},
    {"realloc", (void *)sfv_peer_realloc},
    {"free", (void *)sfv_peer_free},
};
#define NROUTED (sizeof routed / sizeof routed[0])

static int write_slot(const pg_obj *o, uintptr_t slot, void *to) {
  long pg = sysconf(_SC_PAGESIZE);
  uintptr_t page = slot & ~((uintptr_t)pg - 1u);
  int relro = slot >= o->relro_lo && slot < o->relro_hi;
  void *back;
  if (relro && mprotect((void *)page, (size_t)pg, PROT_READ | PROT_WRITE) != 0)
    return -1;
  memcpy((void *)slot, &to, sizeof to);
  if (relro && mprotect((void *)page, (size_t)pg, PROT_READ) != 0)
    return -1;
  memcpy(&back, (const void *)slot, sizeof back);
  return back == to ? 0 : -1;
}

/* One relocation table (RELA or REL entries of size ent); counts the
 * slots written per routed symbol. */
static int route_table(const pg_obj *o, uintptr_t tab, size_t size, size_t ent,
                       const ElfW(Sym) *symtab, const char *strtab,
                       unsigned *count) {
  size_t off;
  if (tab == 0 || ent < sizeof(ElfW(Rel)))
    return size == 0 ? 0 : -1;
  for (off = 0; off + ent <= size; off += ent) {
    ElfW(Rel) r;
    size_t s, k;
    const char *nm;
    memcpy(&r, (const void *)(tab + off), sizeof r);
    s = PG_R_SYM(r.r_info);
    if (s == 0)
      continue;
    nm = strtab + symtab[s].st_name;
    for (k = 0; k < NROUTED && strcmp(nm, routed[k].name) != 0; k++)
      ;
    if (k == NROUTED)
      continue;
    if ((PG_R_TYPE(r.r_info) != PG_JUMP_SLOT && PG_R_TYPE(r.r_info) != PG_GLOB_DAT) ||
        write_slot(o, o->base + r.r_offset, routed[k].to) != 0)
      return -1;
    count[k]++;
  }
  return 0;
}

int peer_route_allocator(void *handle) {
  struct link_map *lm;
  pg_obj o;
  const ElfW(Dyn) *d;
  uintptr_t symtab = 0, strtab = 0, jmprel = 0, rela = 0, rel = 0;
  size_t pltrelsz = 0, relasz = 0, relaent = sizeof(ElfW(Rela)), relsz = 0,
         relent = sizeof(ElfW(Rel));
  long pltrel = DT_RELA;
  unsigned count[NROUTED] = {0};
  if (handle == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || lm->l_addr == 0)
    return -1;
  memset(&o, 0, sizeof o);
  o.name = lm->l_name;
  o.base = (uintptr_t)lm->l_addr;
  if (dl_iterate_phdr(find_phdrs, &o) == 0 || !o.found || o.span == 0 || o.base < o.span)
    return -1;
  for (d = lm->l_ld; d->d_tag != DT_NULL; d++) {
    switch (d->d_tag) {
    case DT_SYMTAB: symtab = dyn_addr(&o, d->d_un.d_ptr); break;
    case DT_STRTAB: strtab = dyn_addr(&o, d->d_un.d_ptr); break;
    case DT_JMPREL: jmprel = dyn_addr(&o, d->d_un.d_ptr); break;
    case DT_PLTRELSZ: pltrelsz = d->d_un.d_val; break;
    case DT_PLTREL: pltrel = (long)d->d_un.d_val; break;
    case DT_RELA: rela = dyn_addr(&o, d->d_un.d_ptr); break;
    case DT_RELASZ: relasz = d->d_un.d_val; break;
    case DT_RELAENT: relaent = d->d_un.d_val; break;
    case DT_REL: rel = dyn_addr(&o, d->d_un.d_ptr); break;
    case DT_RELSZ: relsz = d->d_un.d_val; break;
    case DT_RELENT: relent = d->d_un.d_val; break;
    default: break;
    }
  }
  if (symtab == 0 || strtab == 0)
    return -1;
  if (route_table(&o, jmprel, pltrelsz, pltrel == DT_RELA ? relaent : relent,
                  (const ElfW(Sym) *)symtab, (const char *)strtab, count) != 0 ||
      route_table(&o, rela, relasz, relaent, (const ElfW(Sym) *)symtab,
                  (const char *)strtab, count) != 0 ||
      route_table(&o, rel, relsz, relent, (const ElfW(Sym) *)symtab,
                  (const char *)strtab, count) != 0)
    return -1;
  /* A library that allocates must both allocate and free through us. */
  return count[0] > 0 && count[3] > 0 ? 0 : -1;
}

/* SPDX-License-Identifier: MIT */
/* libdw_diff.c - differential test of libsfv's DWARF CFI interpreter
 * against elfutils' libdw on real ELF files.
 *
 * For every ELF file named on the command line (or one per line on stdin
 * with "-"): every FDE of .eh_frame is interpreted by libsfv
 * (sfv_cfi_next_fde + sfv_cfi_interp_next) and every row [pc_lo, pc_hi) is
 * checked against libdw at pc_lo (dwarf_getcfi_elf + dwarf_cfi_addrframe):
 *   - the row's range equals dwarf_frame_info's [start, end);
 *   - the CFA (DW_OP_bregx reg, offset, or an expression) is the same;
 *   - the rule of each tracked register (RA column, FP, SP and callee-saved
 *     ones) is the same: undefined, same value, offset(N), val_offset(N),
 *     register(R), expression (libdw's "unspecified" default is accepted
 *     for a register libsfv has no rule for).
 * Relocatable files get .rela.eh_frame applied in memory first (sections
 * laid out at distinct addresses, S + A - P), so FDE ranges do not overlap;
 * libdw and libsfv then read the same bytes.
 * Prints a summary line "files F fdes N rows R agreed A mismatches M ..."
 * and exits 1 on any mismatch or read error.
 */
#include <elfutils/libdw.h>
#include <dwarf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sfv.h"
#include "elf_sections.h"

static unsigned long n_files, n_fdes, n_rows, n_agreed, n_mismatch, n_regs, n_unspec, n_signed_rows, n_stale_start;
static int verbose;
static unsigned long max_print = 40;
static void *row_scratch;      /* sfv_elf_cfi_row_at scratch (one file's .eh_frame) */
static size_t row_scratch_size;

#define MISMATCH(...)                                                        \
  do {                                                                       \
    n_mismatch++;                                                            \
    if (n_mismatch <= max_print) {                                                  \
      fprintf(stderr, "MISMATCH %s: ", path);                                \
      fprintf(stderr, __VA_ARGS__);                                          \
      fputc('\n', stderr);                                                   \
    }                                                                        \
  } while (0)

static unsigned track_for(uint16_t machine, uint32_t ra, uint32_t *t) {
  static const uint32_t x86_64[] = {6, 7, 3, 12, 13, 14, 15};
  static const uint32_t aarch64[] = {29, 31, 19, 20, 21, 22, 23};
  static const uint32_t s390x[] = {11, 15, 6, 7, 8, 12, 13};
  const uint32_t *r = x86_64;
  unsigned n = 7, i, k = 0;
  if (machine == EM_AARCH64)
    r = aarch64;
  else if (machine == EM_S390)
    r = s390x;
  t[k++] = ra;
  for (i = 0; i < n; i++)
    if (r[i] != ra)
      t[k++] = r[i];
  return k;
}

static const char *rule_name(int k) {
  static const char *n[] = {"unspecified", "undefined", "same", "offset", "val_offset",
                            "register", "expression", "val_expression"};
  return k >= 0 && k < 8 ? n[k] : "?";
}

/* Compares libsfv's rule r of register reg with libdw's. */
static void cmp_reg(const char *path, Dwarf_Frame *fr, uint32_t reg,
                    const sfv_cfi_reg *r, uint64_t pc, uint32_t sp_reg, uint32_t ra_reg) {
  Dwarf_Op mem[3], *ops = NULL;
  size_t nops = 0;
  int want, ok = 0;
  int64_t off = 0;
  if (dwarf_frame_register(fr, (int)reg, mem, &ops, &nops) != 0) {
    MISMATCH("pc %#" PRIx64 " r%u: libdw: %s", pc, reg, dwarf_errmsg(-1));
    return;
  }
  n_regs++;
  if (nops == 0)
    want = ops == NULL ? SFV_CFI_R_SAME : SFV_CFI_R_UNDEF;
  else if (ops == mem && mem[0].atom == DW_OP_call_frame_cfa) {
    size_t i = 1;
    if (nops > 1 && mem[1].atom == DW_OP_plus_uconst) {
      off = (int64_t)mem[1].number;
      i = 2;
    }
    want = i < nops && mem[i].atom == DW_OP_stack_value ? SFV_CFI_R_VAL_OFFSET
                                                         : SFV_CFI_R_OFFSET;
  } else if (ops == mem && nops == 1 && mem[0].atom == DW_OP_regx) {
    want = SFV_CFI_R_REGISTER;
    off = (int64_t)mem[0].number;
  } else {
    want = nops > 0 && ops[nops - 1].atom == DW_OP_stack_value ? SFV_CFI_R_VAL_EXPR
                                                               : SFV_CFI_R_EXPR;
  }
  switch (r->kind) {
  case SFV_CFI_R_UNSPEC:
    n_unspec++;
    /* No rule in the CIE or FDE: libdw applies its ABI's initial rules
     * (backends' abi_cfi): same value / undefined, SP = CFA, RA at CFA+N. */
    ok = want == SFV_CFI_R_SAME || want == SFV_CFI_R_UNDEF ||
         (want == SFV_CFI_R_VAL_OFFSET && off == 0 && reg == sp_reg) ||
         (want == SFV_CFI_R_OFFSET && reg == ra_reg);
    break;
  case SFV_CFI_R_OFFSET:
  case SFV_CFI_R_VAL_OFFSET:
    ok = want == r->kind && off == r->offset;
    break;
  case SFV_CFI_R_REGISTER:
    ok = want == r->kind && (uint64_t)off == r->reg;
    break;
  case SFV_CFI_R_EXPR:
  case SFV_CFI_R_VAL_EXPR:
    /* libdw may lower a simple expression; only the kind family is compared */
    ok = want == r->kind || (r->kind == SFV_CFI_R_VAL_EXPR && want == SFV_CFI_R_EXPR);
    break;
  default:
    ok = want == r->kind;
  }
  if (!ok)
    MISMATCH("pc %#" PRIx64 " r%u: libsfv %s %" PRId64 "/r%u, libdw %s %" PRId64, pc, reg,
             rule_name(r->kind), r->offset, r->reg, rule_name(want), off);
}

static void do_file(const char *path) {
  int fd = open(path, O_RDONLY);
  Elf *elf;
  GElf_Ehdr eh;
  Elf_Scn *scn = NULL, *ehscn = NULL;
  GElf_Shdr sh, ehsh;
  size_t shstrndx, ehidx = 0;
  Elf_Data *d;
  Dwarf_CFI *dcfi;
  sfv_cfi cfi;
  sfv_elf sel;
  sfv_cfi_iter it;
  sfv_cfi_fde fde;
  sfv_status st;

  if (fd < 0) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    n_errors++;
    return;
  }
  elf = elf_begin(fd, ELF_C_READ_MMAP_PRIVATE, NULL);
  if (elf == NULL || gelf_getehdr(elf, &eh) == NULL || elf_getshdrstrndx(elf, &shstrndx)) {
    fprintf(stderr, "%s: not ELF\n", path);
    n_errors++;
    close(fd);
    return;
  }
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    const char *name;
    gelf_getshdr(scn, &sh);
    name = elf_strptr(elf, shstrndx, sh.sh_name);
    if (name && strcmp(name, ".eh_frame") == 0 && sh.sh_type != SHT_NOBITS) {
      ehscn = scn;
      ehidx = elf_ndxscn(scn);
    }
  }
  n_files++;
  if (ehscn == NULL)
    goto out;
  d = elf_getdata(ehscn, NULL);
  if (eh.e_type == ET_REL) {
    es_layout(elf);
    n_errors += es_relocate(elf, &eh, ehidx, d, path, 0);
  }
  gelf_getshdr(ehscn, &ehsh);
  dcfi = dwarf_getcfi_elf(elf);
  if (dcfi == NULL) {
    fprintf(stderr, "%s: libdw: no CFI: %s\n", path, dwarf_errmsg(-1));
    n_errors++;
    goto out;
  }
  sfv_cfi_init(&cfi, d->d_buf, d->d_size, SFV_CFI_EH_FRAME,
               eh.e_ident[EI_DATA] == ELFDATA2MSB,
               eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4, eh.e_machine, ehsh.sh_addr);
  {
    size_t rawn;
    char *raw = elf_rawfile(elf, &rawn);
    if (raw == NULL || sfv_elf_open(&sel, raw, rawn) != SFV_OK) {
      fprintf(stderr, "%s: sfv_elf_open failed\n", path);
      n_errors++;
      goto out_cfi;
    }
    free(row_scratch);
    row_scratch_size = d->d_size;  /* .eh_frame: what sfv_elf_cfi_row_at reads */
    row_scratch = malloc(row_scratch_size ? row_scratch_size : 1);
  }
  sfv_cfi_iter_init(&it, &cfi);
  while ((st = sfv_cfi_next_fde(&it, &fde)) != SFV_END) {
    sfv_cfi_interp ip;
    sfv_cfi_state stack[16];
    sfv_cfi_row row;
    uint32_t track[SFV_CFI_MAX_TRACK];
    unsigned nt, k;
    if (st != SFV_OK) {
      fprintf(stderr, "%s: libsfv: entry at %#" PRIx64 ": %s (%s at %#" PRIx64 ")\n", path,
              it.err_entry, sfv_status_name(st), sfv_cfi_err_name(it.err), it.err_off);
      n_errors++;
      continue;
    }
    if (!fde.pc_ok || fde.pc_range == 0)
      continue;
    n_fdes++;
    nt = track_for(eh.e_machine, fde.cie.ra_reg, track);
    sfv_cfi_interp_init(&ip, &cfi, &fde, track, nt, stack, 16, NULL);
    while ((st = sfv_cfi_interp_next(&ip, &row)) == SFV_OK) {
      Dwarf_Frame *fr = NULL;
      Dwarf_Addr start, end;
      bool sig;
      Dwarf_Op *ops;
      size_t nops;
      int mism0 = (int)n_mismatch;
      n_rows++;
      if (row.s.ra_signed)
        n_signed_rows++;
      if (dwarf_cfi_addrframe(dcfi, row.pc_lo, &fr) != 0) {
        MISMATCH("FDE %u pc %#" PRIx64 ": libdw has no frame: %s", fde.index, row.pc_lo,
                 dwarf_errmsg(-1));
        continue;
      }
      if (dwarf_frame_info(fr, &start, &end, &sig) != (int)fde.cie.ra_reg)
        MISMATCH("FDE %u pc %#" PRIx64 ": RA column differs", fde.index, row.pc_lo);
      /* libdw keeps a row's start inside the frame state that
       * DW_CFA_restore_state pops (libdw/cfi.c: the remembered copy
       * replaces fs wholesale), so after a restore_state it reports the
       * remembered row's start: earlier than the row's real start, never
       * later, never before the FDE.  Counted, not a mismatch. */
      if (end == row.pc_hi && start < row.pc_lo && start >= fde.pc_begin)
        n_stale_start++;
      else if (start != row.pc_lo || end != row.pc_hi)
        MISMATCH("FDE %u pc %#" PRIx64 ": row [%#" PRIx64 ",%#" PRIx64 ") vs libdw [%#" PRIx64
                 ",%#" PRIx64 ")", fde.index, row.pc_lo, row.pc_lo, row.pc_hi, start, end);
      if (sig != (fde.cie.signal != 0))
        MISMATCH("FDE %u pc %#" PRIx64 ": signal frame differs", fde.index, row.pc_lo);
      if (dwarf_frame_cfa(fr, &ops, &nops) != 0) {
        if (row.s.cfa_kind != SFV_CFI_CFA_NONE)
          MISMATCH("FDE %u pc %#" PRIx64 ": libdw CFA error %s", fde.index, row.pc_lo,
                   dwarf_errmsg(-1));
      } else if (row.s.cfa_kind == SFV_CFI_CFA_REG) {
        if (!(nops == 1 && ops[0].atom == DW_OP_bregx && ops[0].number == row.s.cfa_reg &&
              (int64_t)ops[0].number2 == row.s.cfa_offset))
          MISMATCH("FDE %u pc %#" PRIx64 ": CFA r%u%+" PRId64 " vs libdw (%zu ops, atom %#x "
                   "r%" PRIu64 " %+" PRId64 ")", fde.index, row.pc_lo, row.s.cfa_reg,
                   row.s.cfa_offset, nops, nops ? ops[0].atom : 0,
                   nops ? (uint64_t)ops[0].number : 0, nops ? (int64_t)ops[0].number2 : 0);
      } else if (row.s.cfa_kind == SFV_CFI_CFA_EXPR) {
        if (nops == 0 || (nops == 1 && ops[0].atom == DW_OP_bregx))
          MISMATCH("FDE %u pc %#" PRIx64 ": CFA expression vs libdw %zu ops", fde.index,
                   row.pc_lo, nops);
      } else if (nops != 0) {
        MISMATCH("FDE %u pc %#" PRIx64 ": no CFA vs libdw %zu ops", fde.index, row.pc_lo, nops);
      }
      for (k = 0; k < nt; k++)
        cmp_reg(path, fr, track[k], &row.s.regs[k], row.pc_lo,
                eh.e_machine == EM_AARCH64 ? 31u : eh.e_machine == EM_S390 ? 15u : 7u,
                fde.cie.ra_reg);
      /* libsfv's own by-PC lookup (linked files) finds the same row */
      if (eh.e_type != ET_REL) {
        sfv_cfi_fde lf;
        sfv_cfi_row lr;
        if (sfv_elf_cfi_row_at(&sel, row_scratch, row_scratch_size, row.pc_lo, &lf, &lr) != SFV_OK ||
            lr.pc_lo != row.pc_lo || lr.pc_hi != row.pc_hi ||
            lr.s.cfa_reg != row.s.cfa_reg || lr.s.cfa_offset != row.s.cfa_offset)
          MISMATCH("FDE %u pc %#" PRIx64 ": sfv_elf_cfi_row_at disagrees", fde.index,
                   row.pc_lo);
      }
      if ((int)n_mismatch == mism0)
        n_agreed++;
      else if (verbose)
        fprintf(stderr, "  in FDE %u at %#" PRIx64 "\n", fde.index, fde.offset);
      free(fr);
    }
    if (st != SFV_END) {
      fprintf(stderr, "%s: libsfv: FDE %u: %s (%s at %#" PRIx64 ")\n", path, fde.index,
              sfv_status_name(st), sfv_cfi_err_name(ip.err), ip.err_off);
      n_errors++;
    }
  }
out_cfi:
  dwarf_cfi_end(dcfi);
out:
  elf_end(elf);
  close(fd);
}

int main(int argc, char **argv) {
  int i;
  elf_version(EV_CURRENT);
  verbose = getenv("LIBDW_DIFF_VERBOSE") != NULL;
  if (getenv("LIBDW_DIFF_MAX_PRINT"))
    max_print = strtoul(getenv("LIBDW_DIFF_MAX_PRINT"), NULL, 0);
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-") == 0) {
      char line[4096];
      while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0])
          do_file(line);
      }
    } else {
      do_file(argv[i]);
    }
  }
  printf("files %lu fdes %lu rows %lu agreed %lu mismatches %lu registers %lu "
         "unspecified %lu ra_signed_rows %lu libdw_stale_start %lu errors %lu\n",
         n_files, n_fdes, n_rows, n_agreed, n_mismatch, n_regs, n_unspec, n_signed_rows,
         n_stale_start, n_errors);
  return n_mismatch || n_errors || n_rows == 0 ? 1 : 0;
}

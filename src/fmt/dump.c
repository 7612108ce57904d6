/* SPDX-License-Identifier: MIT */
/* dump.c - --dump: an SFrame section printed exactly as GNU objdump --sframe
 * prints it, from the "  Header :" line to the end (fmt_dump_section), and
 * objdump's per-file lines before it (fmt_dump_file_header).
 *
 * Layouts (objdump_version):
 *   240  binutils 2.40 (bookworm): SFrame v1 only.  One "Flags:" line where
 *        FRAME_POINTER hides FDE_SORTED, no fixed-offset lines, FP/RA "u"
 *        whenever the header fixes them.
 *   244  binutils 2.44 (trixie): v1 header only, v2 in full; fixed-offset
 *        lines, RA "f", one "Flags:" line as in 2.40.
 *   247  binutils 2.47 (sid): v2 and v3.  One line per flag, attributes
 *        ("S" signal, "F" flex), "RA undefined", "U" (RA padding), s390x v2
 *        register cells, flex-FDE rules ("(fp+16)", "r12+8", ...).
 *
 * Everything is read through libsfv (bounds-checked).  Before printing, the
 * whole section is checked to be one that the chosen objdump decodes and
 * dumps deterministically (it reads without bounds checks and asserts);
 * otherwise nothing is printed and the result is 1.  An FRE its libsframe
 * refuses (data-word size code 3, too many data words) is printed as
 * objdump prints it: the row before it again (fmt_dump_fre_next).
 *
 * Output bound: when FDEs share one FRE block, objdump prints the block
 * once per FDE (O(FDEs x FREs) rows: a 22 KB input makes 35 MB).  The dump
 * stops after opt->max_rows FRE rows (fmt_dump_default_rows: one per
 * section byte, which a section without shared blocks never reaches) and
 * returns 2; the caller says so on stderr.  Up to the cap, the text is
 * objdump's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "fmt.h"
#include "common/intree.h" /* the work budget */

/* One FRE row's cells, as text. */
typedef struct dump_row {
  int ra_undefined;
  int mangled;
  char cfa[48];
  char fp[48];
  char ra[48];
} dump_row;

static int32_t dump_i32(uint32_t v) {
  return v <= INT32_MAX ? (int32_t)v : (int32_t)(v - 2147483648u) + INT32_MIN;
}

/* a + b modulo 2^64, as objdump's unsigned arithmetic wraps, without
 * unsigned overflow (the integer sanitizer flags it). */
static uint64_t wrap_add(uint64_t a, uint64_t b) {
  return b > UINT64_MAX - a ? b - (UINT64_MAX - a) - 1u : a + b;
}

static void dump_pad(FILE *out, size_t have, size_t width) {
  for (; have < width; have++)
    fputc(' ', out);
}

/* "c-16", "c+8". */
static void cell_cfa_rel(char *buf, size_t n, int32_t off) {
  snprintf(buf, n, "c%+" PRId32, off);
}

/* s390x CFA words are stored scaled: offset * 8 - (-160), 32-bit wrap
 * (2.47; 2.40 and 2.44 print the stored word). */
static int32_t cfa_value(const sfv_section *sec, int32_t v, int layout) {
  if (layout != 247 || sec->hdr.abi_arch != SFV_ABI_S390X_BE)
    return v;
  return dump_i32((uint32_t)((uint64_t)((int64_t)v * 8 + 160) & 0xffffffffu));
}

/* s390x v2: an odd FP/RA word names a register, 2 * regnum + 1. */
static int s390x_regnum_cell(const sfv_section *sec, int32_t v, char *buf,
                             size_t n) {
  if (sec->hdr.abi_arch != SFV_ABI_S390X_BE || sec->hdr.version != 2 ||
      (v & 1) == 0)
    return 0;
  snprintf(buf, n, "r%" PRId32, (v - 1) / 2);
  return 1;
}

static void cell_cfa_default(const sfv_section *sec, const sfv_fre *fre,
                             int32_t cfa, int layout, dump_row *row) {
  snprintf(row->cfa, sizeof row->cfa, "%s+%" PRId32,
           fre->base_reg == SFV_BASE_SP ? "sp" : "fp", cfa_value(sec, cfa, layout));
}

/* 2.40: fixed offsets make the FP/RA getters fail ("u"). */
static void dump_cells_240(const sfv_section *sec, const sfv_fre *fre,
                           dump_row *row) {
  int8_t ffp = sec->hdr.cfa_fixed_fp_offset, fra = sec->hdr.cfa_fixed_ra_offset;
  int ok;
  int32_t v = fmt_dump_word(fre, 0, &ok);
  memset(row, 0, sizeof *row);
  row->mangled = fre->mangled_ra;
  cell_cfa_default(sec, fre, ok ? v : -1, 240, row);
  v = fmt_dump_word(fre, fra != 0 ? 1u : 2u, &ok);
  if (ffp == 0 && ok)
    cell_cfa_rel(row->fp, sizeof row->fp, v);
  else
    strcpy(row->fp, "u");
  v = fmt_dump_word(fre, 1, &ok);
  if (fra == 0 && ok)
    cell_cfa_rel(row->ra, sizeof row->ra, v);
  else
    strcpy(row->ra, "u");
}

/* 2.44 and 2.47, default FDEs. */
static void dump_cells_default(const sfv_section *sec, const sfv_fre *fre,
                               int layout, dump_row *row) {
  int8_t ffp = sec->hdr.cfa_fixed_fp_offset, fra = sec->hdr.cfa_fixed_ra_offset;
  int ok;
  int32_t v;
  memset(row, 0, sizeof *row);
  row->mangled = fre->mangled_ra;
  if (fre->dw_count == 0 && layout == 247) {
    row->ra_undefined = 1;
    return;
  }
  v = fmt_dump_word(fre, 0, &ok);
  cell_cfa_default(sec, fre, ok ? v : -1, layout, row);
  if (ffp != 0) {
    v = ffp;
    ok = 1;
  } else {
    v = fmt_dump_word(fre, fra != 0 ? 1u : 2u, &ok);
  }
  if (!ok)
    strcpy(row->fp, "u");
  else if (layout != 247 || !s390x_regnum_cell(sec, v, row->fp, sizeof row->fp))
    cell_cfa_rel(row->fp, sizeof row->fp, v);
  v = fmt_dump_word(fre, 1, &ok);
  if (fra != 0)
    strcpy(row->ra, "f");
  else if (!ok)
    strcpy(row->ra, "u");
  else if (layout == 247 && v == 0)
    strcpy(row->ra, "U");
  else if (layout != 247 || !s390x_regnum_cell(sec, v, row->ra, sizeof row->ra))
    cell_cfa_rel(row->ra, sizeof row->ra, v);
}

/* Name of DWARF register `reg` as 2.47 prints it in flex rules. */
static void reg_name(const sfv_section *sec, uint32_t reg, char *buf, size_t n) {
  uint8_t abi = sec->hdr.abi_arch;
  if ((int)reg == sfv_abi_sp_regnum(abi) && sfv_abi_sp_regnum(abi) >= 0)
    snprintf(buf, n, "sp");
  else if ((int)reg == sfv_abi_fp_regnum(abi) && sfv_abi_fp_regnum(abi) >= 0)
    snprintf(buf, n, "fp");
  else
    snprintf(buf, n, "r%" PRIu32, reg);
}

/* A flex rule: control word `ctl` (its bits as sfv_decode.h decides them) and
 * offset: "fp+16", "(sp-8)", "c+8", "(c-16)". */
static void cell_flex(const sfv_section *sec, uint32_t ctl, int32_t off,
                      char *buf, size_t n) {
  char name[24] = "c";
  int deref = 0;
  if (sfv_flex_reg_p(ctl)) {
    reg_name(sec, sfv_flex_regnum(ctl), name, sizeof name);
    deref = sfv_flex_deref_p(ctl);
  }
  snprintf(buf, n, deref ? "(%s%+" PRId32 ")" : "%s%+" PRId32, name, off);
}

/* 2.47, flex FDEs: the cells fmt_dump_flex_row fills. */
static void dump_cells_flex(const sfv_section *sec, const sfv_fre *fre,
                            dump_row *row) {
  fmt_flex_row r;
  memset(row, 0, sizeof *row);
  row->mangled = fre->mangled_ra;
  if (fre->dw_count == 0) {
    row->ra_undefined = 1;
    return;
  }
  fmt_dump_flex_row(sec, fre, &r);
  cell_flex(sec, r.cfa_ctl, cfa_value(sec, r.cfa_off, 247), row->cfa, sizeof row->cfa);
  if (r.fp)
    cell_flex(sec, r.fp_ctl, r.fp_off, row->fp, sizeof row->fp);
  else
    strcpy(row->fp, "u");
  if (r.ra == FMT_FLEX_RA_NONE)
    strcpy(row->ra, sec->hdr.cfa_fixed_ra_offset != 0 ? "f" : "u");
  else if (r.ra == FMT_FLEX_RA_PADDING)
    strcpy(row->ra, "U");
  else
    cell_flex(sec, r.ra_ctl, r.ra_off, row->ra, sizeof row->ra);
}

/* --------------------------------------------------------------- header */

static void print_flags(FILE *out, const sfv_header *h, int layout) {
  static const char pad[] = "    Flags: ";
  if (h->flags == 0) {
    fprintf(out, "%sNONE\n", pad);
    return;
  }
  if (layout != 247) {
    /* 2.40/2.44 build one string; FRAME_POINTER overwrites FDE_SORTED. */
    const char *s = "";
    if (h->flags & SFV_F_FDE_SORTED)
      s = "SFRAME_F_FDE_SORTED";
    if (h->flags & SFV_F_FRAME_POINTER)
      s = "SFRAME_F_FRAME_POINTER";
    fprintf(out, "%s%s\n", pad, s);
    return;
  }
  {
    static const struct { unsigned bit; const char *name; } names[] = {
      {SFV_F_FDE_SORTED, "SFRAME_F_FDE_SORTED"},
      {SFV_F_FRAME_POINTER, "SFRAME_F_FRAME_POINTER"},
      {SFV_F_FDE_FUNC_START_PCREL, "SFRAME_F_FDE_FUNC_START_PCREL"},
    };
    unsigned left = h->flags, k;
    const char *prefix = pad;
    for (k = 0; k < 3; k++) {
      if (names[k].bit == SFV_F_FRAME_POINTER && h->version != 2)
        continue;
      if (left & names[k].bit) {
        left &= ~names[k].bit;
        fprintf(out, "%s%s%s\n", prefix, names[k].name, left ? "," : "");
        prefix = "           ";
      }
    }
    if (left)
      fprintf(out, "%s%u\n", prefix, left);
  }
}

static void print_header(FILE *out, const sfv_section *sec, int layout) {
  const sfv_header *h = &sec->hdr;
  fprintf(out, "  Header :\n\n    Version: SFRAME_VERSION_%u\n",
          (unsigned)h->version);
  print_flags(out, h, layout);
  if (layout != 240) {
    if (h->cfa_fixed_fp_offset != 0)
      fprintf(out, "    CFA fixed FP offset: %d\n", (int)h->cfa_fixed_fp_offset);
    if (h->cfa_fixed_ra_offset != 0)
      fprintf(out, "    CFA fixed RA offset: %d\n", (int)h->cfa_fixed_ra_offset);
  }
  fprintf(out, "    Num FDEs: %" PRId32 "\n    Num FREs: %" PRId32 "\n",
          dump_i32(h->num_fdes), dump_i32(h->num_fres));
}

/* --------------------------------------------------------------- FDEs */

static uint64_t fde_vma(const sfv_section *sec, const sfv_fde *fde,
                        uint64_t vma, int layout) {
  uint64_t pc = wrap_add(vma, (uint64_t)fde->start_raw);
  if (layout == 247 && (sec->hdr.flags & SFV_F_FDE_FUNC_START_PCREL))
    pc = wrap_add(pc, (uint32_t)fde->offset);
  return pc;
}

/* objdump's row entry: the cells of the last FRE libsframe handed out and
 * its start, kept from one FDE to the next (fmt_dump_checkable admits a
 * refused first FRE only where the layout's dump prints it from them). */
typedef struct dump_last {
  dump_row row;
  uint32_t start;
} dump_last;

/* Prints the FDE and up to *budget FRE rows (0 = no cap); returns 1 when
 * the budget ran out before the FDE's last row. */
static int print_fde(FILE *out, const sfv_section *sec, const sfv_fde *fde,
                     uint64_t vma, int layout, uint64_t *budget, int capped,
                     dump_last *last) {
  uint8_t abi = sec->hdr.abi_arch;
  uint64_t pc = fde_vma(sec, fde, vma, layout);
  int mask = fde->pc_type == SFV_PC_MASK;
  int flex = sec->hdr.version == 3 && fde->fde_type == SFV_FDE_FLEX;
  fmt_dump_fre_iter w;
  sfv_fre fre;
  dump_row *row = &last->row;
  int sane;

  fprintf(out, "\n    func idx [%" PRId32 "]: pc = 0x%" PRIx64 ", size = %" PRId32
          " bytes", dump_i32(fde->index), pc, dump_i32(fde->size));
  if (layout == 247 && (fde->info & 0x80u || flex))
    fprintf(out, ", attr = \"%s%s\"", fde->info & 0x80u ? "S" : "",
            flex ? "F" : "");
  if ((abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_AARCH64_LE) && fde->pauth_key)
    fputs(", pauth = B key", out);
  fprintf(out, "\n    %-7s%-8s %-10s%-10s%-13s", "STARTPC", mask ? "[m]" : "",
          "CFA", "FP", "RA");

  fmt_dump_fre_init(&w, sec, fde, 0, layout);
  while (fmt_dump_fre_next(&w, &fre, &sane) > 0) {
    if (capped) {
      if (*budget == 0)
        return 1;
      (*budget)--;
    }
    /* A refused FRE leaves objdump's row entry as the FRE before it
     * filled it, and objdump prints that row again, its start at this
     * function's pc. */
    if (sane) {
      last->start = fre.start;
      if (layout == 240)
        dump_cells_240(sec, &fre, row);
      else if (flex)
        dump_cells_flex(sec, &fre, row);
      else
        dump_cells_default(sec, &fre, layout, row);
    }
    fprintf(out, "\n    %016" PRIx64, mask ? last->start : wrap_add(pc, last->start));
    if (row->ra_undefined) {
      fputs("  RA undefined", out);
      continue;
    }
    fprintf(out, "  %-10s%-10s%s%s", row->cfa, row->fp, row->ra,
            row->mangled ? "[s]" : "   ");
    dump_pad(out, strlen(row->ra) + 3, 13);
  }
  return 0;
}

/* --------------------------------------------------------------- file */

const char *fmt_bfd_name(const sfv_elf *e) {
  int c64 = e->elf_class == 2, be = e->big_endian;
  switch (e->e_machine) {
  case 62: return c64 ? "elf64-x86-64" : "elf32-x86-64";
  case 3: return "elf32-i386";
  case 183:
    if (c64)
      return be ? "elf64-bigaarch64" : "elf64-littleaarch64";
    return be ? "elf32-bigaarch64" : "elf32-littleaarch64";
  case 22: return c64 ? "elf64-s390" : "elf32-s390";
  default:
    if (c64)
      return be ? "elf64-big" : "elf64-little";
    return be ? "elf32-big" : "elf32-little";
  }
}

/* The path is quoted as all text output is (fmt_text_str): identical to
 * objdump for every path without control bytes or invalid UTF-8. */
void fmt_dump_file_header(FILE *out, const char *path, const sfv_elf *e) {
  fputc('\n', out);
  fmt_text_str(out, path);
  fprintf(out, ":     file format %s\n\n", fmt_bfd_name(e));
}

void fmt_dump_section_title(FILE *out, const char *name) {
  fputs("Contents of the SFrame section ", out);
  fmt_text_str(out, name);
  fputs(":\n", out);
}

uint64_t fmt_dump_default_rows(size_t size) {
  return size < 65536u ? 65536u : (uint64_t)size;
}

/* FRE rows a full dump prints: the sum of the FDEs' FRE counts (every FDE
 * iterates, checked by fmt_dump_checkable).  Bounded by the FDEs the buffer
 * holds (fde_avail), never by the header's claim: num_fdes 2^32 - 1 in a
 * 1 KB input is 2^32 calls (fuzzing finding X2). */
static uint64_t dump_rows(const sfv_section *sec) {
  uint64_t rows = 0;
  uint32_t i;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde fde;
    if (sfv_fde_get(sec, i, &fde) == SFV_OK)
      rows += fde.num_fres;
  }
  return rows;
}

/* Says on stderr that the layout's objdump would not dump the section
 * the same way; 1. */
static int undecodable(const char *who, const sfv_section *sec, int layout) {
  fprintf(stderr, "%s: objdump %d.%02d would not dump "
          "this SFrame v%u section the same way (undecodable)\n",
          who, layout / 100, layout % 100, (unsigned)sec->hdr.version);
  return 1;
}

/* The section as opened (its tables where the layout's libsframe reads
 * them), printed: fmt_dump_section's result. */
static int dump_opened(FILE *out, const sfv_section *sec, const fmt_dump_opts *opt,
                       uint64_t *total_rows, const char *who) {
  uint32_t i;
  int layout = opt->objdump_version;
  uint64_t budget = opt->max_rows, rows;
  int capped;
  dump_last last;

  rows = fmt_dump_header_only(layout, sec->hdr.version) ? 0 : dump_rows(sec);
  if (total_rows != NULL)
    *total_rows = rows;
  capped = budget != 0 && rows > budget;
  if (capped) {
    /* fmt_dump_checkable reads every row of every FDE (a shared block once
     * per FDE): with a cap, at most the cap plus the section's budget. */
    sfv_work w = sfv_work_for(sec->size);
    sfv_work_grant(&w, budget);
    if (!sfv_work_charge(&w, rows))
      return 3;
  }
  /* A foreign-endian section: objdump byte-swaps a copy first
   * (fmt_dump_swap) and gives up where that fails, as where it cannot copy
   * the FDE table (fmt_dump_decodes). */
  if (!fmt_dump_checkable(sec, layout) || !fmt_dump_decodes(sec, layout))
    return undecodable(who, sec, layout);
  print_header(out, sec, layout);
  if (fmt_dump_header_only(layout, sec->hdr.version)) {
    fputs("\n No further information can be displayed.  "
          "SFrame version not supported\n", out);
    return 0;
  }
  fputs("\n  Function Index :\n", out);
  memset(&last, 0, sizeof last);
  for (i = 0; i < sec->hdr.num_fdes; i++) {
    sfv_fde fde;
    if (sfv_fde_get(sec, i, &fde) != SFV_OK)
      return 1;                              /* excluded by the checks */
    if (print_fde(out, sec, &fde, opt->vma, layout, &budget, capped, &last)) {
      fputc('\n', out);
      return 2;
    }
    fputc('\n', out);
  }
  return capped ? 2 : 0;
}

int fmt_dump_section(FILE *out, const uint8_t *data, size_t size,
                     const fmt_dump_opts *opt, uint64_t *total_rows) {
  sfv_section sec;
  sfv_status st;
  int layout = opt->objdump_version, rc;
  uint8_t *placed = NULL;
  const char *who = opt->who != NULL ? opt->who : "sframe-validate: --dump";

  if (layout != 240 && layout != 244 && layout != 247) {
    fprintf(stderr, "%s: unknown objdump layout %d\n", who, layout);
    return 1;
  }
  st = sfv_open(&sec, data, size);
  if (st != SFV_OK) {
    fprintf(stderr, "%s: %s\n", who, sfv_status_name(st));
    return 1;
  }
  /* 2.44 and 2.40 read the tables right after the header whatever
   * sfh_fdeoff and sfh_freoff say (fmt_place_tables): the dump reads a
   * copy with the offsets rewritten so.  A foreign-endian section is
   * swapped where the offsets say and then read there, bytes swapped and
   * not: not followed, refused (the drop-in, which swaps its copy, does
   * follow it). */
  if (fmt_dump_header_decodes(data, size, layout) &&
      !fmt_dump_header_only(layout, sec.hdr.version) && fmt_tables_moved(&sec, layout)) {
    if (sec.big_endian || (placed = malloc(size)) == NULL)
      return undecodable(who, &sec, layout);
    memcpy(placed, data, size);
    if (fmt_place_tables(&sec, placed, size, layout) != 0) {
      free(placed);
      return undecodable(who, &sec, layout);
    }
  }
  rc = dump_opened(out, &sec, opt, total_rows, who);
  free(placed);
  return rc;
}

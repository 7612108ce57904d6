/* SPDX-License-Identifier: MIT */
/* dump.h - private to src/fmt/dump*.c. */
#ifndef SFV_FMT_DUMP_H
#define SFV_FMT_DUMP_H

#include "fmt/fmt.h"
#include "sfv.h"

/* Walks every FDE and FRE as objdump of `layout` would; 1 when all of it
 * is readable the same way by libsfv and by the layout's libsframe (a
 * foreign-endian section: once byte-swapped, where fmt_dump_swap says the
 * swap succeeds). */
int fmt_dump_checkable(const sfv_section *sec, int layout);

/* 1 when the layout's dump prints a section of version v's header alone
 * (2.44's dump_sframe lists the functions of v2 only: of v1, its header
 * and "No further information can be displayed"). */
static inline int fmt_dump_header_only(int layout, uint8_t v) {
  return layout == 244 && v == 1;
}

/* 1 when the layout's sframe_decode, past its header checks, succeeds on
 * sec (opened in its own version) as far as the dump depends on it: the
 * byte swap of a foreign-endian section (fmt_dump_swap) and the FDE
 * table's copy (fmt_fde_copy_fails), each asked of the section opened in
 * the library's FDE layout (fmt_open_in_layout, over a copy where that is
 * another: 2.44's v1). */
int fmt_dump_decodes(const sfv_section *sec, int layout);

/* Bytes of an FRE start address (FRE types 0-2). */
unsigned fmt_dump_addr_bytes(uint8_t fre_type);

/* Signed data word k of an FRE, or 0 with *ok = 0 when it has fewer. */
static inline int32_t fmt_dump_word(const sfv_fre *fre, unsigned k, int *ok) {
  *ok = k < fre->dw_count;
  return *ok ? fre->dw[k] : 0;
}

/* 2.47's row of a flex FDE's FRE with data words (dump_flex.c): which
 * word fills which cell.  Words: [CFA ctl, CFA off, RA ctl, RA off, FP
 * ctl, FP off], where an RA control word of 0 is one word of padding
 * before the FP pair. */
enum { FMT_FLEX_RA_NONE, FMT_FLEX_RA_PADDING, FMT_FLEX_RA_RULE };
typedef struct fmt_flex_row {
  uint32_t cfa_ctl;
  int32_t cfa_off;           /* as stored (s390x: before its scaling) */
  int fp;                    /* 1: the FP cell is a rule (fp_ctl, fp_off) */
  uint32_t fp_ctl;
  int32_t fp_off;            /* the header's fixed FP offset when absent */
  int ra;                    /* FMT_FLEX_RA_*: no RA word ("f"/"u"), "U", or
                                a rule (ra_ctl, ra_off) */
  uint32_t ra_ctl;
  int32_t ra_off;            /* the getter's fallback when absent: the fixed
                                RA offset, else its error value -1 */
} fmt_flex_row;
void fmt_dump_flex_row(const sfv_section *sec, const sfv_fre *fre, fmt_flex_row *r);

/* 1 when that row names a DWARF register (a control word with its
 * register bit in a cell it prints): 2.47 looks the name up, and asserts
 * on an ABI without a register map. */
int fmt_dump_flex_names_reg(const sfv_section *sec, const sfv_fre *fre);

#endif

/* SPDX-License-Identifier: MIT */
/* sfv_cfi.h - libsfv's DWARF CFI face.
 * A bounded reader and interpreter of DWARF call frame information, and
 * the comparison of an SFrame section with the CFI of the same file. */
#ifndef SFV_CFI_H
#define SFV_CFI_H

#include "sfv_elf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== DWARF CFI (src/cfi/) ====
 * A bounded reader and interpreter of DWARF call frame information
 * (.eh_frame, .debug_frame), and the comparison of an SFrame section with
 * it.  Same contract as the rest of the library: no allocation, no
 * recursion, every byte read through the bounds-checked cursor, every
 * address computed with overflow checks, work bounded by a caller budget;
 * the remember_state stack is caller memory. */

enum sfv_cfi_kind { SFV_CFI_EH_FRAME = 0, SFV_CFI_DEBUG_FRAME = 1 };

/* Why a CFI read or interpretation stopped (sfv_cfi_iter.err,
 * sfv_cfi_interp.err); stable numbers. */
typedef enum sfv_cfi_err {
  SFV_CFI_ERR_NONE = 0,
  SFV_CFI_ERR_TRUNCATED = 1,    /* a field runs past its entry/section */
  SFV_CFI_ERR_LENGTH = 2,       /* entry length past the section end */
  SFV_CFI_ERR_CIE_POINTER = 3,  /* FDE's CIE pointer does not reach a CIE */
  SFV_CFI_ERR_VERSION = 4,      /* CIE version not 1, 3 (or 4 in .debug_frame) */
  SFV_CFI_ERR_AUGMENTATION = 5, /* augmentation string not understood */
  SFV_CFI_ERR_ENCODING = 6,     /* undefined pointer encoding */
  SFV_CFI_ERR_LEB128 = 7,       /* LEB128 longer than 64 bits */
  SFV_CFI_ERR_OPCODE = 8,       /* undefined CFA instruction */
  SFV_CFI_ERR_OVERFLOW = 9,     /* address or offset arithmetic overflows */
  SFV_CFI_ERR_LOC_BACKWARD = 10,/* set_loc before the current location */
  SFV_CFI_ERR_STACK_OVERFLOW = 11,  /* remember_state deeper than the stack */
  SFV_CFI_ERR_STACK_UNDERFLOW = 12, /* restore_state with nothing remembered */
  SFV_CFI_ERR_CFA_NOT_REG = 13, /* def_cfa_register/offset on an expression CFA */
  SFV_CFI_ERR_CIE_ADVANCE = 14, /* location advanced in CIE instructions */
  SFV_CFI_ERR_BUDGET = 15,      /* work budget exhausted */
  SFV_CFI_ERR_ADDR_SIZE = 16    /* address/segment size not supported */
} sfv_cfi_err;

SFV_API const char *sfv_cfi_err_name(sfv_cfi_err e);

typedef struct sfv_cfi {
  const uint8_t *data;       /* the section */
  size_t size;
  uint64_t addr;             /* its address (base of DW_EH_PE_pcrel) */
  uint64_t text_addr;        /* DW_EH_PE_textrel base, with text_known */
  uint64_t data_addr;        /* DW_EH_PE_datarel base, with data_known */
  uint16_t machine;          /* ELF e_machine (DW_CFA 0x2d is AArch64's
                                negate_ra_state only on EM_AARCH64) */
  uint8_t kind;              /* enum sfv_cfi_kind */
  uint8_t big_endian;
  uint8_t addr_size;         /* 4 or 8 (ELF class) */
  uint8_t text_known;
  uint8_t data_known;
  uint64_t file_offset;      /* file offset of the section: added to the
                                offsets of diagnostics that point into it
                                (0 for a section outside a file) */
} sfv_cfi;

/* Fills *cfi (text/data bases unknown).  SFV_E_ARG on a NULL pointer or an
 * address size other than 4 or 8. */
SFV_API sfv_status sfv_cfi_init(sfv_cfi *cfi, const void *data, size_t size,
                        uint8_t kind, uint8_t big_endian, uint8_t addr_size,
                        uint16_t machine, uint64_t addr);

typedef struct sfv_cfi_cie {
  uint64_t offset;           /* section offset of the length field */
  uint64_t end;              /* one past the entry */
  uint8_t version;
  uint8_t has_z;             /* augmentation 'z' */
  uint8_t fde_enc;           /* 'R', else DW_EH_PE_absptr */
  uint8_t lsda_enc;          /* 'L', else 0xff (omit) */
  uint8_t signal;            /* 'S' */
  uint8_t bkey;              /* 'B' (AArch64 pointer auth with the B key) */
  uint8_t addr_size;         /* address size of pc_begin/pc_range (debug v4) */
  uint8_t seg_size;          /* segment selector size (debug v4), 0 */
  uint64_t code_align;
  int64_t data_align;
  uint32_t ra_reg;
  uint64_t insn_off;         /* initial instructions: [insn_off, insn_end) */
  uint64_t insn_end;
} sfv_cfi_cie;

typedef struct sfv_cfi_fde {
  uint32_t index;            /* ordinal among the section's FDEs */
  uint64_t offset;           /* section offset of the length field */
  uint64_t end;
  uint64_t cie_offset;
  uint64_t pc_begin;         /* target address when pc_ok */
  uint64_t pc_range;
  uint8_t pc_ok;             /* 0: indirect, funcrel, or a base not known */
  uint64_t insn_off;         /* instructions: [insn_off, insn_end) */
  uint64_t insn_end;
  sfv_cfi_cie cie;
} sfv_cfi_fde;

typedef struct sfv_cfi_iter {
  const sfv_cfi *cfi;
  uint64_t pos;              /* next entry */
  uint32_t fdes;             /* FDEs returned so far */
  uint32_t cies;             /* CIEs read so far */
  sfv_cfi_err err;           /* why the last call failed */
  uint64_t err_off;          /* where (section offset) */
  uint64_t err_entry;        /* entry that failed (its length field) */
} sfv_cfi_iter;

SFV_API sfv_status sfv_cfi_iter_init(sfv_cfi_iter *it, const sfv_cfi *cfi);
/* Next FDE in section order (CIEs are read and checked on the way, and
 * again for each FDE: a CIE read is O(1), it never interprets).  SFV_OK,
 * SFV_END (section end or the .eh_frame zero terminator), or an error with
 * it->err/err_off; after an error whose entry length was readable the next
 * call continues with the following entry, otherwise it returns SFV_END. */
SFV_API sfv_status sfv_cfi_next_fde(sfv_cfi_iter *it, sfv_cfi_fde *out);
/* Reads the CIE at section offset `off`. */
SFV_API sfv_status sfv_cfi_read_cie(const sfv_cfi *cfi, uint64_t off, sfv_cfi_cie *out,
                            sfv_cfi_err *err, uint64_t *err_off);

/* Register rules (DWARF 6.4.1) and CFA rules of one row. */
typedef enum sfv_cfi_rule_kind {
  SFV_CFI_R_UNSPEC = 0,      /* no rule in CIE or FDE (ABI default) */
  SFV_CFI_R_UNDEF = 1,
  SFV_CFI_R_SAME = 2,
  SFV_CFI_R_OFFSET = 3,      /* saved at CFA + offset */
  SFV_CFI_R_VAL_OFFSET = 4,  /* value is CFA + offset */
  SFV_CFI_R_REGISTER = 5,    /* saved in register `reg` */
  SFV_CFI_R_EXPR = 6,        /* saved at the address of an expression */
  SFV_CFI_R_VAL_EXPR = 7     /* value is an expression */
} sfv_cfi_rule_kind;

enum sfv_cfi_cfa_kind {
  SFV_CFI_CFA_NONE = 0,      /* no def_cfa yet */
  SFV_CFI_CFA_REG = 1,       /* register + offset */
  SFV_CFI_CFA_EXPR = 2       /* DW_CFA_def_cfa_expression */
};

typedef struct sfv_cfi_reg {
  uint8_t kind;              /* sfv_cfi_rule_kind */
  uint32_t reg;              /* REGISTER: where the value is */
  int64_t offset;            /* OFFSET, VAL_OFFSET */
  uint64_t expr;             /* EXPR, VAL_EXPR: section offset of the
                                expression's ULEB128 length */
} sfv_cfi_reg;

#define SFV_CFI_MAX_TRACK 8u   /* registers one interpretation tracks */

/* The rules in force: a row, and an entry of the remember_state stack. */
typedef struct sfv_cfi_state {
  uint8_t cfa_kind;          /* enum sfv_cfi_cfa_kind */
  uint8_t ra_signed;         /* AArch64 RA_SIGN_STATE (negate_ra_state) */
  uint8_t ra_signed_pc;      /* signed with the PC as diversifier
                                (DW_CFA_AARCH64_negate_ra_state_with_pc) */
  uint32_t cfa_reg;
  int64_t cfa_offset;
  uint64_t cfa_expr;
  sfv_cfi_reg regs[SFV_CFI_MAX_TRACK];
} sfv_cfi_state;

typedef struct sfv_cfi_row {
  uint64_t pc_lo;            /* the rules hold for [pc_lo, pc_hi) */
  uint64_t pc_hi;
  uint64_t insn_off;         /* instruction that opened the row */
  uint64_t args_size;        /* DW_CFA_GNU_args_size */
  sfv_cfi_state s;
} sfv_cfi_row;

typedef struct sfv_cfi_interp {
  const sfv_cfi *cfi;
  sfv_cfi_fde fde;
  uint32_t track[SFV_CFI_MAX_TRACK];
  unsigned ntrack;
  sfv_cfi_state cur;
  sfv_cfi_state init;        /* after the CIE: DW_CFA_restore's source */
  sfv_cfi_state *stack;
  unsigned cap;
  unsigned depth;
  unsigned phase;            /* 0 CIE, 1 FDE, 2 done */
  uint64_t pos;              /* next instruction */
  uint64_t end;
  uint64_t loc;              /* current location */
  uint64_t row_off;          /* instruction that opened the current row */
  uint64_t args_size;
  uint64_t *budget;          /* instructions left (shared; may be NULL) */
  sfv_cfi_err err;
  uint64_t err_off;
} sfv_cfi_interp;

/* Prepares the rows of `fde` (pc_ok required), tracking the DWARF
 * registers track[0..ntrack) (ntrack <= SFV_CFI_MAX_TRACK; rules of other
 * registers are read and dropped).  stack[0..cap) is the caller's
 * remember_state stack (cap 0: any remember_state fails); *budget, when
 * budget is not NULL, is decremented per instruction executed. */
SFV_API sfv_status sfv_cfi_interp_init(sfv_cfi_interp *ip, const sfv_cfi *cfi,
                               const sfv_cfi_fde *fde, const uint32_t *track,
                               unsigned ntrack, sfv_cfi_state *stack,
                               unsigned cap, uint64_t *budget);
/* Next row of nonzero length, in increasing PC order, clipped to the FDE's
 * range: SFV_OK, SFV_END after the last, or an error (ip->err, err_off). */
SFV_API sfv_status sfv_cfi_interp_next(sfv_cfi_interp *ip, sfv_cfi_row *row);

/* The DWARF expressions SFrame can express: DW_OP_bregN/bregx (register +
 * offset), optionally followed by DW_OP_deref.  `at` is the section offset
 * of the expression's ULEB128 length (sfv_cfi_reg.expr, cfa_expr).  1 when
 * the expression has that form (*reg, *offset, *deref filled), else 0. */
SFV_API int sfv_cfi_expr_simple(const sfv_cfi *cfi, uint64_t at, uint32_t *reg,
                        int64_t *offset, int *deref);
/* ---- Comparison of an SFrame section with the CFI of the same file. */

#define SFV_CFI_STACK_DEPTH 16u   /* remember_state depth the comparison allows */
#define SFV_CFI_LINKER_RANGES 4u  /* linker-made code ranges (PLTs) */

typedef struct sfv_cfi_compare_options {
  uint32_t max_diags;        /* 0 = SFV_DEFAULT_MAX_DIAGS */
  void *scratch;             /* sfv_cfi_scratch_size(num_fdes) bytes: the
                                remember_state stack and a bitmap of
                                matched SFrame FDEs (without it the stack is
                                4 deep and cfi-sframe-only is not checked) */
  size_t scratch_size;
  uint64_t budget;           /* work units; 0 = 16 * (CFI bytes + SFrame
                                bytes) + 65536 */
  uint8_t linked;            /* a linked file: a function in .eh_frame only
                                is the note cfi-fde-missing-linked, except in
                                the linker-made ranges below (0: every such
                                function is the warning cfi-fde-missing) */
  uint8_t num_linker_ranges;
  uint64_t linker_ranges[SFV_CFI_LINKER_RANGES][2]; /* [lo, hi): .plt,
                                .plt.got, .plt.sec, .iplt */
} sfv_cfi_compare_options;

typedef struct sfv_cfi_compare_result {
  uint32_t errors;
  uint32_t warnings;
  uint32_t notes;
  uint32_t suppressed;
  uint32_t cfi_fdes;         /* .eh_frame FDEs with a resolvable range */
  uint32_t functions;        /* present in both and compared */
  uint32_t only_cfi;         /* in .eh_frame only */
  uint32_t only_sframe;      /* in .sframe only (when reverse_checked) */
  uint32_t mask_skipped;     /* PC-mask FDEs with bytes not compared
                                (cfi-mask-skipped) */
  uint32_t mismatched;       /* functions with at least one mismatch */
  uint64_t intervals;        /* union intervals compared */
  uint64_t pc_bytes;         /* bytes of code compared */
  uint64_t cfi_rows;         /* CFI rows interpreted */
  uint8_t reverse_checked;
  uint8_t complete;          /* 0 when the budget ran out */
  uint32_t mask_compared;    /* PC-mask FDEs compared over some bytes */
} sfv_cfi_compare_result;

SFV_API size_t sfv_cfi_scratch_size(uint32_t num_fdes);

/* Compares the SFrame section `sec` (opened, with its vma set so function
 * starts are target addresses) with `cfi` (.eh_frame at its address): the
 * rules of sfv_rules.def's "CFI comparison" block.  Returns SFV_OK when
 * the run completed (whatever it found); res counts. */
SFV_API sfv_status sfv_cfi_compare(const sfv_section *sec, const sfv_cfi *cfi,
                           const sfv_cfi_compare_options *opt, sfv_diag_fn fn,
                           void *ctx, sfv_cfi_compare_result *res);

/* ---- ELF files (src/elf/elf_cfi.c). */

#define SFV_ELF_OPT_NO_CFI 0x2u   /* sfv_elf_validate(): skip the comparison
                                     of .sframe with .eh_frame (on by
                                     default when a file has both) */

/* Scratch bytes the comparison of `elf` uses (sfv_elf_options.scratch when
 * sfv_elf_validate() runs it): .eh_frame read from the file, a copy of
 * .sframe to relocate in relocatable files, plus sfv_cfi_scratch_size().  0 when the file
 * lacks one of the sections. */
SFV_API size_t sfv_elf_cfi_scratch_size(const sfv_elf *elf);

/* The comparison alone: SFV_OK when it ran (res filled, diagnostics
 * counted in counts, which may be NULL), SFV_E_NOT_FOUND when the file has
 * no .eh_frame next to its SFrame section or the scratch cannot hold
 * .eh_frame (and a relocatable file's .sframe copy). */
SFV_API sfv_status sfv_elf_cfi_compare(const sfv_elf *elf, void *scratch,
                                       size_t scratch_size, uint32_t max_diags,
                                       sfv_diag_fn fn, void *ctx,
                                       sfv_elf_result *counts,
                                       sfv_cfi_compare_result *res);
/* The .eh_frame row of a linked ELF file at target address pc (for
 * --lookup): its FDE and the row, tracking the CIE's return-address column
 * (row->s.regs[0]), the ABI's FP (regs[1]) and SP (regs[2]).  Linear in
 * .eh_frame.  SFV_E_NOT_FOUND when no FDE covers pc (or the file is
 * relocatable, or has no .eh_frame); another error when the CFI that covers
 * pc cannot be interpreted.  scratch: sfv_elf_cfi_scratch_size(elf) bytes
 * (.eh_frame is read into it; SFV_E_ARG when too small, SFV_E_IO when the
 * reader failed). */
SFV_API sfv_status sfv_elf_cfi_row_at(const sfv_elf *elf, void *scratch,
                                      size_t scratch_size, uint64_t pc,
                                      sfv_cfi_fde *fde, sfv_cfi_row *row);
/* sfv_elf_cfi_row_at(), saying why the CFI that covers pc cannot be
 * interpreted: with SFV_E_ENCODING or SFV_E_RANGE (work budget), *err is
 * the interpreter's sfv_cfi_err and *insn_off the .eh_frame section offset
 * of the instruction that failed (the budget: of the next one); with any
 * other status *err is SFV_CFI_ERR_NONE and *insn_off 0.  err and insn_off
 * may be NULL. */
SFV_API sfv_status sfv_elf_cfi_row_at_err(const sfv_elf *elf, void *scratch,
                                          size_t scratch_size, uint64_t pc,
                                          sfv_cfi_fde *fde, sfv_cfi_row *row,
                                          sfv_cfi_err *err, uint64_t *insn_off);

#ifdef __cplusplus
}
#endif

#endif /* SFV_CFI_H */

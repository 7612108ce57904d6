/* SPDX-License-Identifier: MIT */
/* sfv_elf.h - libsfv's ELF container face.
 * Finds the SFrame data of an ELF file and validates it with its
 * container (sfv_elf_open(), sfv_elf_validate(), policies, relocations). */
#ifndef SFV_ELF_H
#define SFV_ELF_H

#include "sfv_validate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== ELF container (src/elf/) ====
 * Finds the SFrame data of an ELF file (ELF32/ELF64, either byte order)
 * and validates it together with its container.  Same contract as above:
 * no allocation, every ELF header field is untrusted and read through the
 * bounds-checked cursor, total work is linear in the file size: the FDE x
 * section/segment cross checks, coverage, the relocation entries and the
 * aliasing test of relocation tables charge one budget of 16 steps per
 * file byte plus 65536 (a checks-skipped note when it runs out).
 *
 * The file need not be in memory: with sfv_elf_open_reader() the library
 * reads only the byte ranges it checks (headers, table entries, names up to
 * the bytes kept) through the caller's reader, and the SFrame section once
 * into a buffer the caller sizes from sframe_size (sfv_elf_load_sframe()). */

#define SFV_SHT_GNU_SFRAME 0x6ffffff4u
#define SFV_PT_GNU_SFRAME 0x6474e554u
#define SFV_ET_REL 1               /* e_type of a relocatable object */

/* The caller's access to a file: read(ctx, off, buf, n) fills buf with the
 * n bytes at file offset off and returns 0, or nonzero when they cannot be
 * read (an I/O error; the file shrank).  The library asks only for ranges
 * inside [0, size).  It sets `failed` on the first failure and reads
 * nothing more; the run then ends with SFV_E_IO. */
typedef struct sfv_reader {
  int (*read)(void *ctx, uint64_t off, void *buf, size_t n);
  void *ctx;
  uint64_t size;             /* file size */
  int failed;
} sfv_reader;

/* Where the SFrame data of an ELF file came from. */
enum sfv_elf_source {
  SFV_ELF_SRC_NONE = 0,      /* neither a .sframe section nor PT_GNU_SFRAME */
  SFV_ELF_SRC_SECTION = 1,   /* the .sframe section (by type or by name) */
  SFV_ELF_SRC_SEGMENT = 2    /* PT_GNU_SFRAME (no usable section headers) */
};

typedef struct sfv_elf {
  const uint8_t *data;       /* the whole file (sfv_elf_open), else NULL */
  sfv_reader *reader;        /* sfv_elf_open_reader(), else NULL */
  const char *section_name;  /* name searched for; NULL = ".sframe" */
  uint64_t size;             /* file size */
  uint8_t ident[16];         /* e_ident as read (fewer bytes: zero filled) */
  uint8_t header_ok;         /* e_ident valid and the whole header present */
  uint8_t elf_class;         /* 1 ELFCLASS32, 2 ELFCLASS64 (0 if invalid) */
  uint8_t big_endian;        /* EI_DATA == ELFDATA2MSB */
  uint16_t e_type;
  uint16_t e_machine;
  uint16_t e_shstrndx;       /* as the header holds it (maybe SHN_XINDEX) */
  uint64_t e_shoff;
  uint64_t e_phoff;
  uint32_t shnum;            /* section headers (extended numbering honoured) */
  uint32_t phnum;            /* program headers (PN_XNUM honoured) */
  uint32_t shstrndx;         /* effective (section 0's sh_link for SHN_XINDEX) */
  uint8_t shdrs_ok;          /* table inside the file, entry size right */
  uint8_t phdrs_ok;
  uint8_t shstrtab_ok;       /* shstrndx names a string table in the file */
  /* The SFrame data chosen for validation. */
  uint8_t source;            /* enum sfv_elf_source */
  uint8_t sframe_readable;   /* its bytes lie in the file (not NOBITS) */
  uint32_t sframe_shndx;     /* section index (0 when source != SECTION) */
  uint32_t sframe_sections;  /* sections that are SFrame by type or name */
  uint32_t pt_sframe_index;  /* first PT_GNU_SFRAME (valid if pt_sframe_count) */
  uint32_t pt_sframe_count;
  uint32_t sframe_sh_type;
  uint64_t sframe_offset;    /* file offset of the SFrame data */
  uint64_t sframe_size;      /* sh_size, or p_filesz for a segment */
  uint64_t sframe_addr;      /* sh_addr, or p_vaddr */
  const uint8_t *sframe_data; /* the SFrame section bytes: in data[] with
                                sfv_elf_open(), the caller's buffer after
                                sfv_elf_load_sframe(); NULL until then and
                                unless sframe_readable */
  size_t sframe_len;
  /* Sizes for a run's summary (the size cost of SFrame): sh_size of the
   * section named .eh_frame (0: none, or NOBITS) and the sum of sh_size of
   * the executable sections (SHF_ALLOC | SHF_EXECINSTR, not NOBITS). */
  uint64_t eh_frame_size;
  uint64_t exec_size;
} sfv_elf;

/* Parses the ELF header and tables of a file in memory and locates the
 * SFrame data (by type SHT_GNU_SFRAME or name .sframe, else PT_GNU_SFRAME);
 * reports nothing (sfv_elf_validate() does).  SFV_E_MAGIC if data is not
 * ELF (fewer than 4 bytes or no 0x7f 'E' 'L' 'F'); SFV_OK otherwise,
 * whatever else is wrong (then header_ok, shdrs_ok, ... say what could be
 * used).  sframe_data is set when sframe_readable. */
SFV_API sfv_status sfv_elf_open(sfv_elf *elf, const void *data, size_t size);

/* The same through the caller's reader (*r must outlive elf).  With
 * section_name (kept by pointer) the SFrame section is the section of that
 * name, whatever its type (objdump --sframe=NAME), and PT_GNU_SFRAME is not
 * used as a fallback.  SFV_E_IO when the reader failed. */
SFV_API sfv_status sfv_elf_open_reader(sfv_elf *elf, sfv_reader *r,
                               const char *section_name);

/* Reads the SFrame data (sframe_size bytes) into buf (len >= sframe_size)
 * and points sframe_data at it; a no-op for sfv_elf_open().  SFV_E_BOUNDS
 * when !sframe_readable, SFV_E_IO when the reader failed. */
SFV_API sfv_status sfv_elf_load_sframe(sfv_elf *elf, void *buf, size_t len);

#define SFV_ELF_OPT_COVERAGE 0x1u  /* warn (elf-func-uncovered) per function
                                      no FDE covers */

typedef struct sfv_elf_options {
  unsigned flags;            /* SFV_ELF_OPT_* */
  uint32_t max_diags;        /* 0 = SFV_DEFAULT_MAX_DIAGS, for the file */
  void *scratch;             /* as in sfv_options, sized with
                                sfv_scratch_size(FDEs of elf->sframe_data) */
  size_t scratch_size;
} sfv_elf_options;

typedef struct sfv_elf_result {
  uint32_t errors;           /* every diagnostic, ELF-level and core */
  uint32_t warnings;
  uint32_t notes;
  uint32_t suppressed;
  uint8_t validated;         /* SFrame data handed to sfv_validate() */
  uint8_t decoded;           /* ... and its header could be read */
  uint8_t unrelocated;       /* ET_REL: some function starts not resolved */
  uint8_t coverage_known;    /* funcs_* below are meaningful */
  uint32_t symtab_shndx;     /* symbol table used for coverage */
  uint64_t funcs_total;      /* STT_FUNC, size > 0, in executable sections */
  uint64_t funcs_covered;    /* ... whose start some FDE covers */
  uint64_t work;             /* budget steps the cross checks spent */
  /* The comparison with .eh_frame (src/elf/elf_cfi.c), when cfi_compared: */
  uint8_t cfi_compared;      /* it ran (the file has both sections) */
  uint8_t cfi_complete;      /* 0 when its work budget ran out */
  uint32_t cfi_functions;    /* functions present in both and compared */
  uint32_t cfi_only_eh_frame; /* functions in .eh_frame only */
  uint64_t cfi_pc_bytes;     /* bytes of code compared */
  uint8_t coverage_unknown;  /* !coverage_known: enum sfv_coverage_unknown */
} sfv_elf_result;

/* Validates the container and the SFrame data it holds (with
 * sfv_validate(): section address as vma in linked files, function starts
 * treated as unrelocated in ET_REL, where relocations on .sframe are
 * applied by the ELF checks themselves).  sframe_data must be loaded when
 * sframe_readable (else only the container is checked).  Core diagnostics
 * keep their section offsets; see sfv_rule_file_offset().  SFV_E_IO when
 * the caller's reader failed (the diagnostics so far stand, the run is
 * incomplete). */
SFV_API sfv_status sfv_elf_validate(const sfv_elf *elf, const sfv_elf_options *opt,
                            sfv_diag_fn fn, void *ctx, sfv_elf_result *res);

/* File-level policies of sfv_policy (min_coverage; the others are
 * sfv_check_policy's): reported as the rules min-coverage (covered
 * functions * 100 < min_coverage * functions), min-coverage-eh-frame (the
 * same over .eh_frame's functions when res->cfi_compared and cfi_complete)
 * and min-coverage-unknown (a note when neither can be measured:
 * res->coverage_unknown says why the symbol measure cannot), through fn;
 * out counts them.  res is sfv_elf_validate()'s result for elf. */
SFV_API sfv_status sfv_check_elf_policy(const sfv_elf *elf,
                                        const sfv_elf_result *res,
                                        const sfv_policy *pol, sfv_diag_fn fn,
                                        void *ctx, sfv_result *out);

/* 1 when the offsets of rule `id` are ELF file offsets, 0 when they are
 * offsets inside the SFrame section (all core rules). */
SFV_API int sfv_rule_file_offset(sfv_rule_id id);

/* Name of symbol `symidx` of symbol table section `symtab_shndx`, copied
 * (NUL-terminated, cut to n - 1 bytes) into buf.  Reads at most n bytes of
 * the string table.  Returns the length copied (at most n - 1), or 0 when
 * the name cannot be read (buf then holds ""). */
SFV_API size_t sfv_elf_symbol_name(const sfv_elf *elf, uint32_t symtab_shndx,
                           uint64_t symidx, char *buf, size_t n);
/* Copies the SFrame section of `elf` into out (out_len >= sframe_len) and
 * applies the PC-relative relocations that target it (R_X86_64_PC32/PC64,
 * R_AARCH64_PREL32/PREL64, R_390_PC32/PC64; RELA or REL) as a link at the
 * sections' own addresses would: S + A - P.  This is the view objdump 2.47
 * prints for relocatable files.  Each distinct relocation table is walked
 * once (tables overlapping one already walked are skipped), within the
 * same work budget as sfv_elf_validate().  *applied (may be NULL) counts
 * the relocations applied.  SFV_E_IO when the reader failed; SFV_E_BUDGET
 * when the budget ran out before every entry was read (more than 16
 * overlapping tables): out then holds a partly relocated copy that must
 * not be shown as the section. */
SFV_API sfv_status sfv_elf_relocated_sframe(const sfv_elf *elf, uint8_t *out,
                                    size_t out_len, uint32_t *applied);

#ifdef __cplusplus
}
#endif

#endif /* SFV_ELF_H */

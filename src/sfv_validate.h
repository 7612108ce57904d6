/* SPDX-License-Identifier: MIT */
/* sfv_validate.h - libsfv's validation face.
 * The rule catalogue (sfv_rules.def: ids, severities, spec sections,
 * typed value slots, messages), diagnostics, sfv_validate() and the
 * policies. */
#ifndef SFV_VALIDATE_H
#define SFV_VALIDATE_H

#include "sfv_decode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Validation: the rule catalogue (sfv_rules.def) and diagnostics.      */

typedef enum sfv_severity {
  SFV_SEV_ERROR = 0,
  SFV_SEV_WARNING = 1,
  SFV_SEV_NOTE = 2
} sfv_severity;

typedef enum sfv_rule_id {
#define SFV_RULE(enum_name, id, sev, spec, versions, consumers, summary, msg) \
  SFV_R_##enum_name,
#include "sfv_rules.def"
#undef SFV_RULE
  SFV_RULE_COUNT
} sfv_rule_id;

/* Version mask bits for sfv_rule_info.versions. */
#define SFV_V1 0x1u
#define SFV_V2 0x2u
#define SFV_V3 0x4u
#define SFV_VALL 0x7u

/* Consumers that reject (or crash on) a section breaking a rule
 * (sfv_rule_info.consumers); sframe-validate --profile uses them.  Measured
 * with the real readers (tests/consumers, docs/CONSUMERS.md), except the
 * kernel's, which is a model cited from its source. */
#define SFV_C_KERNEL 0x01u         /* Linux kernel/unwind/sframe.c (v3) */
#define SFV_C_GLIBC 0x02u          /* glibc 2.43 sframe-read.c (v2) */
#define SFV_C_LIBSFRAME_2_47 0x04u /* GNU libsframe 2.47 (v2, v3) */
#define SFV_C_LLVM 0x08u           /* llvm-readobj 22 --sframe (v2) */
#define SFV_C_LIBSFRAME_2_44 0x10u /* GNU libsframe 2.44 (v1, v2) */
#define SFV_C_LIBSFRAME SFV_C_LIBSFRAME_2_47 /* the fuzzing oracle's version */
#define SFV_C_NONE 0x00u

/* The typed schema (sfv_schema.def): what a diagnostic's offset and its
 * three value slots mean. */
typedef enum sfv_offset_space {
  SFV_SPACE_SECTION = 0,     /* offset inside the SFrame section */
  SFV_SPACE_FILE = 1         /* offset in the ELF file */
} sfv_offset_space;

typedef enum sfv_slot_kind {
  SFV_KIND_NONE = 0,         /* slot unused (value 0) */
  SFV_KIND_COUNT, SFV_KIND_BYTES, SFV_KIND_OFFSET, SFV_KIND_ADDR,
  SFV_KIND_INDEX, SFV_KIND_VALUE, SFV_KIND_BITS, SFV_KIND_REGNUM,
  SFV_KIND_VERSION, SFV_KIND_ABI,
  /* Named enums: sfv_slot_value_name() gives the value's name. */
  SFV_KIND_E_SKIP_REASON,    /* enum sfv_skip_reason */
  SFV_KIND_E_BYTE_ORDER,     /* enum sfv_byte_order */
  SFV_KIND_E_ENTITY,         /* enum sfv_entity */
  SFV_KIND_E_PT_FIELD,       /* enum sfv_pt_field */
  SFV_KIND_E_TABLE,          /* enum sfv_elf_table */
  SFV_KIND_E_IDENT,          /* e_ident index: 4 EI_CLASS, 5 EI_DATA,
                                6 EI_VERSION */
  SFV_KIND_E_PROFILE_REASON, /* enum sfv_profile_reason */
  SFV_KIND_E_COVERAGE_UNKNOWN, /* enum sfv_coverage_unknown */
  SFV_KIND_E_CFI_UNREPR,     /* enum sfv_cfi_unrepr */
  SFV_KIND_E_CFI_ERR,        /* enum sfv_cfi_err (below) */
  SFV_KIND_E_HDR_FIELD       /* enum sfv_hdr_field */
} sfv_slot_kind;

/* checks-skipped: why. */
enum sfv_skip_reason {
  SFV_SKIP_UNRELOCATED = 1,  /* caller said function starts await relocation */
  SFV_SKIP_NO_SCRATCH = 2,   /* no scratch memory for the cross-FDE checks */
  SFV_SKIP_BUDGET = 3,       /* a work budget ran out */
  SFV_SKIP_STARTS_ZERO = 4   /* every stored function start is 0 (GNU as .o) */
};
/* abi-endian: byte orders. */
enum sfv_byte_order { SFV_ORDER_LITTLE = 0x1e, SFV_ORDER_BIG = 0xbe };
/* fre-save-offset: what the data word saves. */
enum sfv_entity { SFV_ENTITY_RA = 1, SFV_ENTITY_FP = 2 };
/* elf-pt-sframe-mismatch: the PT_GNU_SFRAME field that disagrees. */
enum sfv_pt_field { SFV_PT_OFFSET = 1, SFV_PT_VADDR = 2, SFV_PT_FILESZ = 3 };
/* profile-*: why a reader refuses the section (1-10 and 16-18,
 * profile-READER) or reads other rows than the spec's (11-15,
 * profile-READER-rows); the table of docs/CONSUMERS.md.  Codes are stable:
 * new ones are appended. */
enum sfv_profile_reason {
  SFV_PROF_VERSION = 1, SFV_PROF_FLAG_MISSING = 2, SFV_PROF_FLAG_REFUSED = 3,
  SFV_PROF_AUXHDR = 4, SFV_PROF_EMPTY = 5, SFV_PROF_EQUAL_STARTS = 6,
  SFV_PROF_RULES = 7, SFV_PROF_LEFTOVER_WORDS = 8, SFV_PROF_FRES_IN_FDES = 9,
  SFV_PROF_START_UNREACHABLE = 10,
  SFV_PROF_FIXED_FP = 11, SFV_PROF_FIXED_RA = 12, SFV_PROF_NO_RA_WORD = 13,
  SFV_PROF_AMD64_RA_ZERO = 14, SFV_PROF_S390X_CFA = 15,
  SFV_PROF_FRES_OVER_SIZE = 16, SFV_PROF_END_UNREACHABLE = 17,
  SFV_PROF_MASK_START_PAST_SIZE = 18
};
/* elf-entsize: which header table. */
enum sfv_elf_table { SFV_TABLE_SECTIONS = 1, SFV_TABLE_SEGMENTS = 2 };
/* min-coverage-unknown: why function coverage is not known. */
enum sfv_coverage_unknown {
  SFV_COVUNK_NOT_LINKED = 1, /* not ET_EXEC/ET_DYN: starts await the link */
  SFV_COVUNK_NO_SYMTAB = 2,  /* no .symtab/.dynsym, or no defined function
                                symbol in it (stripped) */
  SFV_COVUNK_UNREADABLE = 3, /* SFrame data present but not decodable */
  SFV_COVUNK_BUDGET = 4      /* the work budget ran out first */
};
/* cfi-not-representable: why SFrame cannot express a function's CFI. */
enum sfv_cfi_unrepr {
  SFV_UNREPR_CFA_EXPR = 1,   /* CFA is an expression SFrame cannot express */
  SFV_UNREPR_CFA_REG = 2,    /* CFA register not SP or FP (before v3) */
  SFV_UNREPR_RA = 3,         /* RA rule not expressible */
  SFV_UNREPR_FP = 4,         /* FP rule not expressible */
  SFV_UNREPR_NO_CFA = 5,     /* no CFA defined */
  SFV_UNREPR_RA_COLUMN = 6,  /* return-address column not the ABI's */
  SFV_UNREPR_SP = 7,         /* SP rule other than same value or saved */
  SFV_UNREPR_RA_PC_SIGNED = 8 /* AArch64 RA signed with the PC as diversifier */
};
/* cfi-hdr-header: the .eh_frame_hdr field that cannot be used. */
enum sfv_hdr_field {
  SFV_HDRF_VERSION = 0, SFV_HDRF_EH_FRAME_PTR_ENC = 1,
  SFV_HDRF_FDE_COUNT_ENC = 2, SFV_HDRF_TABLE_ENC = 3,
  SFV_HDRF_TRUNCATED = 4,    /* the header ends inside a field */
  SFV_HDRF_TABLE_SHORT = 5   /* the table holds fewer than fde_count entries */
};

typedef struct sfv_slot_info {
  const char *name;          /* e.g. "sfh_num_fres"; NULL when unused */
  sfv_slot_kind kind;
} sfv_slot_info;

typedef struct sfv_rule_info {
  const char *id;            /* stable kebab-case id */
  sfv_severity severity;
  const char *spec;          /* spec section it enforces */
  unsigned versions;         /* SFV_V* mask */
  unsigned consumers;        /* SFV_C* mask */
  const char *summary;
  const char *message;       /* template: {fde} {fre} {found} {expected}
                                {aux}, with :x for hex, :a for an address,
                                :n for the name of a named-enum value */
  sfv_offset_space space;    /* what the diagnostic's offset is inside */
  sfv_slot_info found;       /* the value slots, by name and kind */
  sfv_slot_info expected;
  sfv_slot_info aux;
} sfv_rule_info;

/* Name of value v of a named-enum kind ("no-scratch", "big", "ra", ...);
 * NULL for other kinds or values without a name. */
SFV_API const char *sfv_slot_value_name(sfv_slot_kind kind, int64_t v);
/* "count", "skip-reason", ...: a kind's name as --list-rules prints it. */
SFV_API const char *sfv_slot_kind_name(sfv_slot_kind kind);
/* Slot i (0 found, 1 expected, 2 aux) of rule id; NULL when out of range. */
SFV_API const sfv_slot_info *sfv_rule_slot(sfv_rule_id id, unsigned i);

SFV_API const sfv_rule_info *sfv_rule_get(sfv_rule_id id);   /* NULL if out of range */
SFV_API const char *sfv_severity_name(sfv_severity s);       /* "error", ... */
/* Rule id by its kebab-case name; SFV_RULE_COUNT when unknown. */
SFV_API sfv_rule_id sfv_rule_lookup(const char *id);

#define SFV_NONE (-1)

typedef struct sfv_diag {
  sfv_rule_id rule;
  sfv_severity severity;
  uint64_t offset;           /* section offset the diagnostic points at */
  int64_t fde;               /* FDE index or SFV_NONE */
  int64_t fre;               /* FRE index within the FDE or SFV_NONE */
  int64_t found;
  int64_t expected;
  int64_t aux;
} sfv_diag;

/* Formats the rule's message for d into buf (always NUL-terminated when
 * n > 0).  Returns the length the full message needs, like snprintf. */
SFV_API size_t sfv_diag_message(const sfv_diag *d, char *buf, size_t n);

/* Receives each diagnostic; return nonzero to stop validation early. */
typedef int (*sfv_diag_fn)(void *ctx, const sfv_diag *d);

#define SFV_OPT_UNRELOCATED 0x1u  /* function starts await relocation (.o):
                                     skip checks on resolved addresses */
#define SFV_OPT_VMA 0x2u          /* opt->vma is the section's address */

typedef struct sfv_options {
  unsigned flags;            /* SFV_OPT_* */
  uint64_t vma;              /* with SFV_OPT_VMA: section address; function
                                ranges are then checked as target addresses */
  uint32_t max_diags;        /* 0 = SFV_DEFAULT_MAX_DIAGS */
  void *scratch;             /* optional caller memory for the cross-FDE
                                checks that need sorting (FRE block overlap,
                                function overlap on unsorted sections) */
  size_t scratch_size;       /* bytes; see sfv_scratch_size() */
} sfv_options;

#define SFV_DEFAULT_MAX_DIAGS 1000u

/* The counters saturate at UINT32_MAX (a section can draw more findings
 * than that; a count never wraps to a smaller one). */
typedef struct sfv_result {
  uint32_t errors;
  uint32_t warnings;
  uint32_t notes;
  uint32_t suppressed;       /* diagnostics over max_diags, not delivered */
  uint8_t decoded;           /* header readable (sfv_open succeeded) */
} sfv_result;

/* Bytes of scratch that make every cross-FDE check exact for num_fdes
 * (today 32 per FDE plus 8: the two arrays of a radix sort). */
SFV_API size_t sfv_scratch_size(uint32_t num_fdes);

/* Validates data[0..size).  Every diagnostic goes to fn (may be NULL).
 * Returns SFV_OK when the run completed (whatever it found); res counts. */
SFV_API sfv_status sfv_validate(const void *data, size_t size,
                        const sfv_options *opt, sfv_diag_fn fn, void *ctx,
                        sfv_result *res);

/* Policies a caller may add (the CLI's --require-version, --require-sorted):
 * reported as the catalogue rules required-version and require-sorted,
 * through fn like every other diagnostic; res counts them. */
typedef struct sfv_policy {
  uint8_t require_version;   /* 0: any version */
  uint8_t require_sorted;    /* SFRAME_F_FDE_SORTED must be set */
  uint8_t have_min_coverage; /* min_coverage applies (sfv_check_elf_policy) */
  uint8_t min_coverage;      /* percent, 0..100, of function symbols and of
                                .eh_frame's functions */
} sfv_policy;

SFV_API sfv_status sfv_check_policy(const sfv_section *sec, const sfv_policy *pol,
                            sfv_diag_fn fn, void *ctx, sfv_result *res);

/* Sections read in parts (src/sframe/trailing.c): a caller holding a large file's
 * tail out of memory validates [0, sfv_declared_end()) with sfv_validate()
 * and classifies the tail [end, size) itself with sfv_trailing_diag(),
 * giving the first non-zero byte's offset (size when all are zero) and the
 * bytes from there (SFV_HEADER_SIZE suffice): 1 and *d filled when there is
 * something to report (what sfv_validate() on the whole would report). */
SFV_API uint64_t sfv_declared_end(const sfv_section *sec);
SFV_API int sfv_trailing_diag(const sfv_section *sec, uint64_t size, uint64_t first_nz,
                      const uint8_t *at, size_t at_len, sfv_diag *d);

#ifdef __cplusplus
}
#endif

#endif /* SFV_VALIDATE_H */

/* sfv.h - libsfv: strict, zero-allocation SFrame (v1, v2, v3) decoder and
 * validator.
 *
 * Contract, for every function below:
 *  - the library never allocates, never recurses, never reads outside the
 *    buffer given to sfv_open(), whatever the buffer holds;
 *  - every value the caller receives was read through one bounds-checked
 *    cursor with explicit little/big-endian loads (the section is read in
 *    place, in its own byte order, on any host);
 *  - total work of sfv_validate() is linear in the section size (plus
 *    n log n in the number of FDEs when a scratch area is given), whatever
 *    the header counts claim.
 * All output structures are owned by the caller.
 */
#ifndef SFV_H
#define SFV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every function of the API is declared SFV_API; libsfv is built with
 * -fvisibility=hidden, so nothing else is exported from libsfv.so
 * (make check-exports compares the two). */
#if defined(__GNUC__) && !defined(SFV_STATIC_ONLY)
#define SFV_API __attribute__((visibility("default")))
#else
#define SFV_API
#endif

#define SFV_VERSION_MAJOR 0
#define SFV_VERSION_MINOR 1
#define SFV_VERSION_PATCH 0
#define SFV_VERSION_STRING "0.1.0"

/* ------------------------------------------------------------------ */
/* Format constants (values from the SFrame specification).           */

#define SFV_MAGIC 0xdee2u
#define SFV_HEADER_SIZE 28u          /* fixed part of the header */
#define SFV_FDE_SIZE_V1 17u
#define SFV_FDE_SIZE_V2 20u
#define SFV_FDE_SIZE_V3 16u          /* v3 FDE index entry */
#define SFV_FDE_ATTR_SIZE_V3 5u      /* v3 FDE attribute, in the FRE sub-section */

#define SFV_F_FDE_SORTED 0x1u
#define SFV_F_FRAME_POINTER 0x2u     /* v1, v2 */
#define SFV_F_FDE_FUNC_START_PCREL 0x4u /* v2 (erratum 1), v3 */

enum sfv_abi {
  SFV_ABI_AARCH64_BE = 1,
  SFV_ABI_AARCH64_LE = 2,
  SFV_ABI_AMD64_LE = 3,
  SFV_ABI_S390X_BE = 4
};

enum sfv_fre_type { SFV_FRE_ADDR1 = 0, SFV_FRE_ADDR2 = 1, SFV_FRE_ADDR4 = 2 };
enum sfv_pc_type { SFV_PC_INC = 0, SFV_PC_MASK = 1 };
enum sfv_fde_type { SFV_FDE_DEFAULT = 0, SFV_FDE_FLEX = 1 };
enum sfv_base_reg { SFV_BASE_FP = 0, SFV_BASE_SP = 1 };

/* s390x constants (spec 3.1.3). */
#define SFV_S390X_SP_VAL_OFFSET (-160)
#define SFV_S390X_CFA_OFFSET_ADJUSTMENT (-160)
#define SFV_S390X_CFA_OFFSET_ALIGNMENT_FACTOR 8
#define SFV_FRE_RA_OFFSET_INVALID 0

#define SFV_MAX_DATAWORDS 15u

/* ------------------------------------------------------------------ */
/* Stable, numbered status codes (never renumbered; new ones appended). */

typedef enum sfv_status {
  SFV_OK = 0,
  SFV_END = 1,               /* iterator exhausted (not an error) */
  SFV_E_ARG = 2,             /* NULL pointer or invalid argument */
  SFV_E_TRUNCATED = 3,       /* buffer shorter than the SFrame header */
  SFV_E_MAGIC = 4,           /* not an SFrame section */
  SFV_E_VERSION = 5,         /* unknown version */
  SFV_E_RANGE = 6,           /* FDE/FRE index out of range */
  SFV_E_BOUNDS = 7,          /* structure extends past the data that holds it */
  SFV_E_FRE_TYPE = 8,        /* undefined FRE type in an FDE */
  SFV_E_DATAWORD_SIZE = 9,   /* undefined data-word size in an FRE */
  SFV_E_FDE_TYPE = 10,       /* undefined FDE type (v3) */
  SFV_E_NOT_FOUND = 11,      /* lookup: no FDE/FRE covers the PC */
  SFV_E_LAYOUT = 12,         /* counts/offsets contradict each other */
  SFV_E_OVERFLOW = 13,       /* address arithmetic would overflow */
  SFV_E_ENCODING = 14,       /* data words do not form a valid rule */
  SFV_E_IO = 15,             /* the caller's reader failed (ELF layer) */
  SFV_E_UNINDEXABLE = 16     /* sfv_index_build(): the index could not give
                                sfv_find_fre()'s answer at every PC (use
                                sfv_find_fre() on this section) */
} sfv_status;

SFV_API const char *sfv_status_name(sfv_status st);

/* ------------------------------------------------------------------ */
/* Decoded structures.  Offsets are byte offsets from the section start. */

typedef struct sfv_header {
  uint16_t magic;            /* as read in the section's byte order */
  uint8_t version;
  uint8_t flags;
  uint8_t abi_arch;
  int8_t cfa_fixed_fp_offset;
  int8_t cfa_fixed_ra_offset;
  uint8_t auxhdr_len;
  uint32_t num_fdes;
  uint32_t num_fres;
  uint32_t fre_len;
  uint32_t fdeoff;
  uint32_t freoff;
} sfv_header;

/* NOT API: size of sfv_section's private lookup table (see priv). */
#define SFV_LOOKUP_BUCKETS 256

typedef struct sfv_section {
  const uint8_t *data;
  size_t size;
  sfv_header hdr;
  uint8_t big_endian;        /* from the magic's byte order */
  uint32_t fde_avail;        /* FDEs whose index entry lies inside the buffer */
  uint64_t vma;              /* address of the section; see sfv_set_vma() */
  /* NOT API: what sfv_open() computes for the library's own use.  Layout
   * and meaning may change in any release; use the accessors below
   * (make check-private fails when code outside libsfv names `priv`). */
  struct sfv_section_priv {
    uint8_t fde_size;        /* 17, 20 or 16 by version */
    uint32_t hdr_end;        /* 28 + auxhdr_len: base of fdeoff/freoff */
    uint64_t fde_base;       /* section offset of the FDE sub-section */
    uint64_t fre_base;       /* section offset of the FRE sub-section */
    uint8_t fdes_sorted;     /* verified: resolved starts non-decreasing and
                                functions disjoint (binary search exact) */
    uint8_t fres_sorted;     /* verified: every FRE decodes and each FDE's FRE
                                starts are non-decreasing (lookup stops at
                                the first FRE past the PC) */
    /* Lookup buckets (set with fdes_sorted, src/lookup.c): the range of
     * resolved starts [lk_first, last FDE's start] cut into
     * SFV_LOOKUP_BUCKETS slices of 2^lk_shift bytes; lk_bucket[b] is the
     * number of FDEs whose start lies below slice b, lk_bucket[last] the
     * FDE count.  A lookup binary-searches one slice's FDEs only. */
    uint8_t lk_shift;
    int64_t lk_first;
    uint32_t lk_bucket[SFV_LOOKUP_BUCKETS + 1];
  } priv;
} sfv_section;

/* Section offsets of the FDE and FRE sub-sections (header end + sfh_fdeoff
 * / sfh_freoff; may lie past the buffer), the FDE entry size of the
 * version, and whether sfv_open() verified the FDEs sorted and disjoint
 * (lookups then binary-search).  0 for a NULL section. */
SFV_API uint64_t sfv_fde_subsection_offset(const sfv_section *sec);
SFV_API uint64_t sfv_fre_subsection_offset(const sfv_section *sec);
SFV_API unsigned sfv_fde_entry_size(const sfv_section *sec);
SFV_API int sfv_fdes_verified_sorted(const sfv_section *sec);

typedef struct sfv_fde {
  uint32_t index;
  uint64_t offset;           /* section offset of the FDE (v3: index entry) */
  int64_t start_raw;         /* func start field as stored (sign-extended) */
  int64_t start;             /* section-relative function start (resolved) */
  uint8_t start_ok;          /* 0 when resolving `start` overflowed */
  uint32_t size;             /* function size in bytes */
  uint32_t fre_off;          /* raw FRE offset, relative to the FRE sub-section */
  uint32_t num_fres;
  uint8_t info;
  uint8_t info2;             /* v3 only, else 0 */
  uint8_t rep_size;          /* v2, v3; 0 in v1 */
  uint16_t padding;          /* v2 sfde_func_padding2; 0 otherwise */
  uint8_t fre_type;          /* info bits 0-3 */
  uint8_t pc_type;           /* info bit 4 */
  uint8_t pauth_key;         /* info bit 5 */
  uint8_t signal;            /* v3 info bit 7 */
  uint8_t fde_type;          /* v3 info2 bits 0-4; SFV_FDE_DEFAULT before v3 */
  uint64_t attr_offset;      /* v3: section offset of the attribute; else 0 */
  uint64_t fres_offset;      /* section offset of the first FRE */
} sfv_fde;

typedef struct sfv_fre {
  uint32_t index;            /* within its FDE */
  uint64_t offset;           /* section offset of the FRE */
  uint32_t length;           /* bytes: start address + info + data words */
  uint32_t start;            /* start address offset from the function start */
  uint8_t info;
  uint8_t base_reg;          /* info bit 0: SFV_BASE_FP or SFV_BASE_SP */
  uint8_t dw_count;          /* info bits 1-4 */
  uint8_t dw_size_code;      /* info bits 5-6 (0,1,2 valid) */
  uint8_t dw_size;           /* bytes per data word: 1, 2 or 4 */
  uint8_t mangled_ra;        /* info bit 7 */
  uint32_t dw_raw[SFV_MAX_DATAWORDS]; /* data words, zero-extended */
  int32_t dw[SFV_MAX_DATAWORDS];      /* data words, sign-extended */
} sfv_fre;

/* One recovery rule, in the most general form the format can express
 * (the flex-FDE form; every default-FDE rule maps onto it):
 *   base  = reg_p ? register[regnum] : CFA
 *   addr  = base + offset
 *   value = deref_p ? *addr : addr
 */
typedef enum sfv_recovery_kind {
  SFV_REC_UNDEFINED = 0,    /* RA undefined: outermost frame */
  SFV_REC_SAME = 1,         /* value unchanged from the callee's frame */
  SFV_REC_EXPR = 2          /* base/offset/deref as above */
} sfv_recovery_kind;

typedef enum sfv_recovery_source {
  SFV_SRC_NONE = 0,
  SFV_SRC_FRE = 1,           /* from the FRE's data words */
  SFV_SRC_FIXED = 2,         /* from sfh_cfa_fixed_{fp,ra}_offset */
  SFV_SRC_REGNUM = 3         /* s390x v2: DWARF register number in an offset */
} sfv_recovery_source;

typedef struct sfv_recovery {
  uint8_t kind;              /* sfv_recovery_kind */
  uint8_t source;            /* sfv_recovery_source */
  uint8_t reg_p;
  uint8_t deref_p;
  uint32_t regnum;           /* DWARF register number when reg_p */
  int64_t offset;
} sfv_recovery;

typedef struct sfv_recovery_set {
  sfv_recovery cfa;
  sfv_recovery ra;
  sfv_recovery fp;
  uint8_t ra_mangled;        /* AArch64: RA signed (FRE info bit 7) */
  uint8_t pauth_key;         /* AArch64: 0 = A, 1 = B (FDE) */
  uint8_t signal;            /* v3 signal frame (FDE) */
  uint8_t fde_type;
} sfv_recovery_set;

/* DWARF register numbers of SP and FP per ABI (CFA base of default FDEs). */
SFV_API int sfv_abi_sp_regnum(uint8_t abi_arch);
SFV_API int sfv_abi_fp_regnum(uint8_t abi_arch);
SFV_API const char *sfv_abi_name(uint8_t abi_arch);   /* "amd64", ... or NULL */

/* ------------------------------------------------------------------ */
/* Decoding API.                                                      */

/* Parses the header.  Succeeds when the buffer holds a complete fixed
 * header with a known magic and version; everything else, however wrong,
 * is left to the accessors (which bound-check) and to sfv_validate().
 * Postcondition on SFV_OK: sec->hdr is filled, sec->fde_avail <= num_fdes
 * counts only entries lying wholly inside the buffer, sec->vma is 0. */
SFV_API sfv_status sfv_open(sfv_section *sec, const void *data, size_t size);

/* Address of the section in the target (for function start addresses and
 * lookups).  Default 0: addresses are then section-relative. */
SFV_API void sfv_set_vma(sfv_section *sec, uint64_t vma);

/* Reads FDE `i` (index entry, and the v3 attribute).  SFV_E_RANGE if
 * i >= fde_avail; SFV_E_BOUNDS if the v3 attribute is outside the buffer
 * (then the index fields of *out are still valid). */
SFV_API sfv_status sfv_fde_get(const sfv_section *sec, uint32_t i, sfv_fde *out);

/* Function start as a target address (vma + resolved start).
 * SFV_E_OVERFLOW if it does not fit in 64 bits. */
SFV_API sfv_status sfv_fde_func_start(const sfv_section *sec, const sfv_fde *fde,
                              uint64_t *addr);

/* FRE iterator over one FDE.  Reads at most fde->num_fres FREs, never past
 * `limit` (a section offset; pass 0 for "end of the FRE sub-section as
 * clipped to the buffer"). */
typedef struct sfv_fre_iter {
  const sfv_section *sec;
  uint64_t pos;
  uint64_t limit;
  uint32_t next;
  uint32_t count;
  uint8_t fre_type;
} sfv_fre_iter;

SFV_API sfv_status sfv_fre_iter_init(sfv_fre_iter *it, const sfv_section *sec,
                             const sfv_fde *fde, uint64_t limit);
/* SFV_OK with *out filled, SFV_END after the last FRE, or an error
 * (SFV_E_BOUNDS: truncated FRE; SFV_E_DATAWORD_SIZE; SFV_E_FRE_TYPE). */
SFV_API sfv_status sfv_fre_next(sfv_fre_iter *it, sfv_fre *out);

/* Recovery rules of one FRE per the spec's "Interpretation" chapter for the
 * section's ABI, version and the FDE type.  SFV_E_ENCODING when the data
 * words do not form a rule (the rules are then filled as far as they go). */
SFV_API sfv_status sfv_fre_recovery(const sfv_section *sec, const sfv_fde *fde,
                         const sfv_fre *fre, sfv_recovery_set *out);

/* ------------------------------------------------------------------ */
/* Lookup.                                                            */

typedef struct sfv_lookup {
  sfv_fde fde;
  sfv_fre fre;
  sfv_recovery_set recovery;
  uint64_t func_start;       /* target address */
  uint64_t fre_start;        /* target address (INC), or masked offset (MASK) */
  sfv_status recovery_status;   /* what sfv_fre_recovery() said of the FRE */
} sfv_lookup;

/* Finds the FRE that applies at target address `pc`.  Binary search over the
 * FDE index when sfv_open() verified the FDEs sorted and disjoint, a linear
 * scan otherwise (the same answer either way).  Among FDEs containing pc the
 * one with the greatest start wins (ties: the highest index); FDEs of size
 * 0 contain no PC.  PC types:
 * INC matches the last FRE with start <= pc - func_start; MASK in v2/v3
 * uses (pc - func_start) % rep_size; MASK in v1 uses the v1 rule
 * ((pc - func_start) & start) == start, last match wins.
 * SFV_E_NOT_FOUND when no FDE covers pc or no FRE applies. */
SFV_API sfv_status sfv_find_fre(const sfv_section *sec, uint64_t pc, sfv_lookup *out);

/* The FDE sfv_find_fre() picks for pc (same rule), and its function start
 * address.  SFV_E_NOT_FOUND when no FDE covers pc. */
SFV_API sfv_status sfv_find_fde(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                        uint64_t *func_start);

/* ---- Lookup index (src/index.c): sfv_find_fre()'s answers, precomputed
 * into flat arrays in caller memory, for callers that look up many PCs in
 * one section (profilers, unwinders).  Built once in O(F log F + R) for F
 * FDEs and R FREs (the log only for unsorted FDE tables); a lookup is a
 * bucket step, a binary search over the starts of one slice of functions
 * and one over the function's FRE starts: O(log F + log R), no FRE
 * decoding and no rule interpretation.
 *
 * Exactness: at every pc, sfv_index_find() returns the status sfv_find_fre()
 * returns, and sfv_index_lookup() also fills *out exactly as sfv_find_fre()
 * does.  Sections where a flat index cannot guarantee that are refused
 * with SFV_E_UNINDEXABLE and stay with sfv_find_fre():
 *  - two FDEs of nonzero size whose ranges overlap or nest (at such a PC
 *    the winner is not the greatest start <= pc);
 *  - FRE blocks counted more than once (blocks shared or overlapping:
 *    more FRE slots than section bytes / 2), which would make the index
 *    larger than the section by any factor.
 * Everything else indexes: unsorted FDE tables (sorted at build), zero-size
 * FDEs (they contain no PC), unresolvable starts, FREs out of order (only
 * the FREs that can be the answer are kept), MASK FDEs (v2/v3 rep_size
 * modulo; v1 bit rule, scanned in block order), FDEs whose FREs do not
 * decode or whose rep_size is 0 (their status is kept per FDE). */
struct sfv_index_fn;
struct sfv_index_fre;

/* NOT API but its size: filled by sfv_index_build(), read by the find
 * functions; points into the caller's memory, which must stay in place
 * (and the section unchanged, vma included) while the index is used. */
typedef struct sfv_index {
  const sfv_section *sec;
  uint64_t first;            /* lowest indexed function start */
  uint32_t nfns;             /* functions indexed (size > 0, start known) */
  uint32_t nfres;            /* FRE slots */
  uint32_t nbuckets;         /* power of two */
  uint8_t shift;             /* bucket b holds starts first + [b, b+1) << shift */
  const uint64_t *starts;    /* [nfns] ascending target addresses */
  const struct sfv_index_fn *fns;   /* [nfns] */
  const uint32_t *buckets;   /* [nbuckets + 1] first function of slice b */
  const uint32_t *fre_starts;       /* [nfres] start offsets */
  const struct sfv_index_fre *fres; /* [nfres] FRE offset, index, verdict */
  const sfv_recovery_set *recs;     /* [nfres] the FREs' rules */
} sfv_index;

/* One answer of sfv_index_find(). */
typedef struct sfv_index_hit {
  uint8_t fde_found;         /* an FDE covers pc: fde, func_start valid */
  uint32_t fde;              /* FDE index (0 when no FDE covers pc) */
  uint32_t fre;              /* FRE index within the FDE (SFV_OK) */
  uint64_t func_start;       /* as sfv_lookup.func_start */
  uint64_t fre_start;        /* as sfv_lookup.fre_start (SFV_OK) */
  uint64_t fre_offset;       /* section offset of the FRE (SFV_OK) */
  sfv_status recovery_status;  /* as sfv_lookup.recovery_status */
  const sfv_recovery_set *recovery; /* in the index memory (SFV_OK), else NULL */
} sfv_index_hit;

/* Bytes of caller memory sfv_index_build() needs for sec (opened, vma
 * set): SFV_OK and *bytes, SFV_E_ARG on a NULL or unopened section,
 * SFV_E_UNINDEXABLE when the section is refused for its FRE slot count
 * (see above) or the size does not fit in size_t.  Reads every FDE once;
 * reads no FRE.  About 32 bytes per function, 4 per bucket (one per
 * function, rounded up to a power of two) and 76 per FRE (its rules
 * included): some 10x the section's own size. */
SFV_API sfv_status sfv_index_size(const sfv_section *sec, size_t *bytes);

/* Builds the index of sec into mem[0, cap): mem aligned to 8 bytes, cap at
 * least sfv_index_size()'s bytes, else SFV_E_ARG (nothing written past
 * cap in any case).  SFV_OK: *ix answers for every pc as sfv_find_fre(sec)
 * does; SFV_E_UNINDEXABLE: see above (ix then answers nothing: every find
 * returns SFV_E_ARG).  No allocation, no recursion; O(F log F + R). */
SFV_API sfv_status sfv_index_build(sfv_index *ix, const sfv_section *sec,
                                   void *mem, size_t cap);

/* sfv_find_fre()'s answer at pc, compactly: the same status; with SFV_OK
 * every field of *hit; with another status after the FDE was found
 * (SFV_E_NOT_FOUND: no FRE applies, or a MASK rep_size of 0; the error of
 * a walk of the FDE's FREs) hit->fde_found, fde and func_start, the rest
 * 0/NULL; when no FDE covers pc everything 0/NULL.  SFV_E_ARG on NULL or an index that
 * was not built.  Reads the index only. */
SFV_API sfv_status sfv_index_find(const sfv_index *ix, uint64_t pc,
                                  sfv_index_hit *hit);

/* The full sfv_lookup, exactly as sfv_find_fre(ix->sec, pc, out) fills it:
 * sfv_index_find() plus one FDE read and one FRE decode. */
SFV_API sfv_status sfv_index_lookup(const sfv_index *ix, uint64_t pc,
                                    sfv_lookup *out);

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
/* profile-*: why a reader refuses the section (1-10, profile-READER) or
 * reads other rows than the spec's (11-15, profile-READER-rows); the
 * table of docs/CONSUMERS.md. */
enum sfv_profile_reason {
  SFV_PROF_VERSION = 1, SFV_PROF_FLAG_MISSING = 2, SFV_PROF_FLAG_REFUSED = 3,
  SFV_PROF_AUXHDR = 4, SFV_PROF_EMPTY = 5, SFV_PROF_EQUAL_STARTS = 6,
  SFV_PROF_RULES = 7, SFV_PROF_LEFTOVER_WORDS = 8, SFV_PROF_FRES_IN_FDES = 9,
  SFV_PROF_START_UNREACHABLE = 10,
  SFV_PROF_FIXED_FP = 11, SFV_PROF_FIXED_RA = 12, SFV_PROF_NO_RA_WORD = 13,
  SFV_PROF_AMD64_RA_ZERO = 14, SFV_PROF_S390X_CFA = 15
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

/* Sections read in parts (src/trailing.c): a caller holding a large file's
 * tail out of memory validates [0, sfv_declared_end()) with sfv_validate()
 * and classifies the tail [end, size) itself with sfv_trailing_diag(),
 * giving the first non-zero byte's offset (size when all are zero) and the
 * bytes from there (SFV_HEADER_SIZE suffice): 1 and *d filled when there is
 * something to report (what sfv_validate() on the whole would report). */
SFV_API uint64_t sfv_declared_end(const sfv_section *sec);
SFV_API int sfv_trailing_diag(const sfv_section *sec, uint64_t size, uint64_t first_nz,
                      const uint8_t *at, size_t at_len, sfv_diag *d);

/* ==== ELF container (src/elf_*.c) ==== BEGIN
 * Finds the SFrame data of an ELF file (ELF32/ELF64, either byte order)
 * and validates it together with its container.  Same contract as above:
 * no allocation, every ELF header field is untrusted and read through the
 * bounds-checked cursor, total work is linear in the file size plus a fixed
 * budget for the FDE x section/segment cross checks, the relocation
 * entries and the aliasing test of relocation tables.
 *
 * The file need not be in memory: with sfv_elf_open_reader() the library
 * reads only the byte ranges it checks (headers, table entries, names up to
 * the bytes kept) through the caller's reader, and the SFrame section once
 * into a buffer the caller sizes from sframe_size (sfv_elf_load_sframe()). */

#define SFV_SHT_GNU_SFRAME 0x6ffffff4u
#define SFV_PT_GNU_SFRAME 0x6474e554u

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
  /* The comparison with .eh_frame (src/elf_cfi.c), when cfi_compared: */
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
 * the relocations applied.  SFV_E_IO when the reader failed. */
SFV_API sfv_status sfv_elf_relocated_sframe(const sfv_elf *elf, uint8_t *out,
                                    size_t out_len, uint32_t *applied);
/* ==== ELF container ==== END */

/* ==== DWARF CFI (src/cfi_read.c, src/cfi_interp.c, src/cfi_compare.c) ==== BEGIN
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
  uint32_t mask_skipped;     /* PC-mask FDEs not compared */
  uint32_t mismatched;       /* functions with at least one mismatch */
  uint64_t intervals;        /* union intervals compared */
  uint64_t pc_bytes;         /* bytes of code compared */
  uint64_t cfi_rows;         /* CFI rows interpreted */
  uint8_t reverse_checked;
  uint8_t complete;          /* 0 when the budget ran out */
} sfv_cfi_compare_result;

SFV_API size_t sfv_cfi_scratch_size(uint32_t num_fdes);

/* Compares the SFrame section `sec` (opened, with its vma set so function
 * starts are target addresses) with `cfi` (.eh_frame at its address): the
 * rules of sfv_rules.def's "CFI comparison" block.  Returns SFV_OK when
 * the run completed (whatever it found); res counts. */
SFV_API sfv_status sfv_cfi_compare(const sfv_section *sec, const sfv_cfi *cfi,
                           const sfv_cfi_compare_options *opt, sfv_diag_fn fn,
                           void *ctx, sfv_cfi_compare_result *res);

/* ---- ELF files (src/elf_cfi.c). */

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
/* ==== DWARF CFI ==== END */

#ifdef __cplusplus
}
#endif

#endif /* SFV_H */

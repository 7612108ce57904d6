/* SPDX-License-Identifier: MIT */
/* sfv_decode.h - libsfv's decoding face.
 * The decoded structures (header, FDE, FRE, recovery rules) and the
 * accessors that read them in place: sfv_open(), sfv_fde_get(), the FRE
 * iterator, sfv_fre_recovery(). */
#ifndef SFV_DECODE_H
#define SFV_DECODE_H

#include "sfv_common.h"

#ifdef __cplusplus
extern "C" {
#endif

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
#if defined(__CPROVER__) && defined(PROOF_LOOKUP_BUCKETS)
#define SFV_LOOKUP_BUCKETS PROOF_LOOKUP_BUCKETS /* CBMC proofs only (PROOFS.md) */
#else
#define SFV_LOOKUP_BUCKETS 256
#endif

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
    /* Lookup buckets (set with fdes_sorted, src/sframe/fde_buckets.c):
     * the range of resolved starts [lk_first, last FDE's start] cut into
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
 * (SFV_E_BOUNDS: truncated FRE; SFV_E_DATAWORD_SIZE; SFV_E_FRE_TYPE); the
 * iterator does not advance on an error.  On SFV_E_DATAWORD_SIZE, and on
 * SFV_E_BOUNDS when the start address and info byte lie inside the limit,
 * *out holds the FRE's index, offset, start, info and the fields the info
 * byte gives (base_reg, dw_count, dw_size_code, mangled_ra); dw_size,
 * length and the data words are 0. */
SFV_API sfv_status sfv_fre_next(sfv_fre_iter *it, sfv_fre *out);

/* Recovery rules of one FRE per the spec's "Interpretation" chapter for the
 * section's ABI, version and the FDE type.  SFV_E_ENCODING when the data
 * words do not form a rule (the rules are then filled as far as they go). */
SFV_API sfv_status sfv_fre_recovery(const sfv_section *sec, const sfv_fde *fde,
                         const sfv_fre *fre, sfv_recovery_set *out);

/* A flex FDE's control word (spec 3.2), as the FRE's data words carry it:
 * reg_p (bit 0: the rule is register-based), deref_p (bit 1: the value
 * is at the address computed), an unused bit 2 (SFV_FLEX_UNUSED_BIT),
 * and the DWARF register number (bits 3 and up); 0 is the padding word.
 * The one definition of these bits in the library. */
#define SFV_FLEX_REG_P_BIT 1u
#define SFV_FLEX_DEREF_P_BIT 2u
#define SFV_FLEX_UNUSED_BIT 4u
#define SFV_FLEX_REGNUM_SHIFT 3u
static inline uint8_t sfv_flex_reg_p(uint32_t c) {
  return (uint8_t)((c & SFV_FLEX_REG_P_BIT) != 0);
}
static inline uint8_t sfv_flex_deref_p(uint32_t c) {
  return (uint8_t)((c & SFV_FLEX_DEREF_P_BIT) != 0);
}
static inline uint32_t sfv_flex_regnum(uint32_t c) {
  return c >> SFV_FLEX_REGNUM_SHIFT;
}

#ifdef __cplusplus
}
#endif

#endif /* SFV_DECODE_H */

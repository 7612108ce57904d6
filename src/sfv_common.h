/* SPDX-License-Identifier: MIT */
/* sfv_common.h - libsfv's common face, the base of every other one: the
 * API macro, the version, the format constants of the SFrame
 * specification and the status codes.
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
 * All output structures are owned by the caller. */
#ifndef SFV_COMMON_H
#define SFV_COMMON_H

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
  SFV_E_UNINDEXABLE = 16,    /* sfv_index_build(): the index could not give
                                sfv_find_fre()'s answer at every PC (use
                                sfv_find_fre() on this section) */
  SFV_E_BUDGET = 17          /* the work budget (linear in the input) ran out
                                before the result was complete: the output
                                is not to be used */
} sfv_status;

SFV_API const char *sfv_status_name(sfv_status st);

#ifdef __cplusplus
}
#endif

#endif /* SFV_COMMON_H */

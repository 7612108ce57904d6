/* SPDX-License-Identifier: MIT */
/* sbuild.h - SFrame section builder for the unit tests.
 *
 * Written from the SFrame specification (v3 info manual, v2 header, v1
 * texinfo), independently of libsfv's decoder: it never includes sfv.h.
 *
 * A test describes a section (header fields, FDEs, FREs) and sb_build()
 * serialises it in the requested byte order, computing every derived field
 * (sfh_num_fdes, sfh_num_fres, sfh_fre_len, sfh_fdeoff, sfh_freoff, FDE FRE
 * offsets and counts).  The returned layout gives the section offset of
 * every structure, so a test can then override any single field with
 * sb_put() (valid baseline + one field delta).
 *
 * Layout produced (all offsets are section offsets):
 *   [header 28][aux header auxhdr_len bytes of 0][fdeoff_gap bytes of 0]
 *   [FDE sub-section: nfdes * fde_size][fre_gap bytes of 0]
 *   [FRE sub-section: for each FDE in block order: block_gap zero bytes,
 *    then (v3) the 5-byte FDE attribute, then its FREs][trailing bytes]
 * sfh_fre_len covers the FRE sub-section including every block_gap and
 * fre_tail, but not fre_gap (which sits before sfh_freoff) nor trailing.
 */
#ifndef SBUILD_H
#define SBUILD_H

#include <stddef.h>
#include <stdint.h>

/* Spec constants, restated here on purpose (not taken from sfv.h). */
enum {
  SB_ABI_AARCH64_BE = 1,
  SB_ABI_AARCH64_LE = 2,
  SB_ABI_AMD64 = 3,
  SB_ABI_S390X = 4
};
enum { SB_F_SORTED = 0x1, SB_F_FRAME_POINTER = 0x2, SB_F_PCREL = 0x4 };
enum { SB_HDR_SIZE = 28, SB_ATTR_SIZE = 5 };

/* Header field offsets (spec 2.2). */
enum {
  SB_H_MAGIC = 0, SB_H_VERSION = 2, SB_H_FLAGS = 3, SB_H_ABI = 4,
  SB_H_FIXED_FP = 5, SB_H_FIXED_RA = 6, SB_H_AUXLEN = 7, SB_H_NUM_FDES = 8,
  SB_H_NUM_FRES = 12, SB_H_FRE_LEN = 16, SB_H_FDEOFF = 20, SB_H_FREOFF = 24
};
/* Field offsets inside a v1/v2 FDE (17/20 bytes), a v3 FDE index entry
 * (16 bytes) and a v3 FDE attribute (5 bytes). */
enum {
  SB_FDE_START = 0,
  SB_FDE12_SIZE = 4, SB_FDE12_FREOFF = 8, SB_FDE12_NUMFRES = 12,
  SB_FDE12_INFO = 16, SB_FDE2_REP = 17, SB_FDE2_PAD = 18,
  SB_FDE3_SIZE = 8, SB_FDE3_FREOFF = 12,
  SB_ATTR_NUMFRES = 0, SB_ATTR_INFO = 2, SB_ATTR_INFO2 = 3, SB_ATTR_REP = 4
};

#define SB_MAX_DW 15
#define SB_MAX_FDES 64   /* per-FDE layout entries recorded */
#define SB_MAX_FRES 512  /* per-FRE layout entries recorded */

typedef struct sb_fre {
  uint32_t start;        /* truncated to the FDE's FRE type width */
  uint8_t base_reg;      /* info bit 0: 0 FP, 1 SP */
  uint8_t dw_count;      /* info bits 1-4 */
  uint8_t dw_size;       /* info bits 5-6: code 0 (1B), 1 (2B), 2 (4B) */
  uint8_t mangled_ra;    /* info bit 7 */
  int32_t dw[SB_MAX_DW]; /* written as dw_size-byte two's complement */
} sb_fre;

typedef struct sb_fde {
  int64_t start;         /* resolved section-relative function start; the
                            stored field is start - field offset with PCREL
                            (v2, v3), else start (v1/v2: low 32 bits) */
  uint32_t size;
  uint8_t fre_type;      /* info bits 0-3 */
  uint8_t pc_type;       /* info bit 4: 0 INC, 1 MASK */
  uint8_t pauth_key;     /* info bit 5 */
  uint8_t signal;        /* info bit 7 (v3 only) */
  uint8_t fde_type;      /* info2 bits 0-4 (v3 only) */
  uint8_t info_or;       /* extra raw bits ORed into the info byte */
  uint8_t info2_or;      /* extra raw bits ORed into info2 (v3) */
  uint8_t rep_size;      /* v2, v3 */
  uint16_t padding;      /* v2 sfde_func_padding2 */
  uint32_t block_gap;    /* zero bytes before this FDE's block */
  const sb_fre *fres;
  uint32_t nfres;
} sb_fde;

typedef struct sb_section {
  uint8_t version;
  uint8_t flags;
  uint8_t abi;
  uint8_t big_endian;    /* byte order actually used */
  int8_t fixed_fp;
  int8_t fixed_ra;
  uint8_t auxhdr_len;
  uint32_t fdeoff_gap;   /* becomes sfh_fdeoff */
  uint32_t fre_gap;      /* zero bytes between the sub-sections */
  uint32_t fre_tail;     /* zero bytes at the end of the FRE sub-section */
  const uint8_t *trailing; /* bytes appended after the FRE sub-section */
  size_t ntrailing;
  const uint32_t *block_order; /* FDE indices in block order, or NULL */
  const sb_fde *fdes;
  uint32_t nfdes;
} sb_section;

typedef struct sb_layout {
  size_t size;           /* total bytes written */
  uint8_t big_endian;
  uint32_t fde_size;     /* 17, 20 or 16 */
  uint64_t fde_base;     /* section offset of the FDE sub-section */
  uint64_t fre_base;     /* section offset of the FRE sub-section */
  uint32_t fre_len;
  uint32_t num_fres;
  uint64_t fre_end;      /* fre_base + fre_len */
  /* For FDE i < SB_MAX_FDES: */
  uint64_t fde_off[SB_MAX_FDES];   /* FDE (index entry) */
  uint64_t block_off[SB_MAX_FDES]; /* block start (v3: the attribute) */
  uint64_t fres_off[SB_MAX_FDES];  /* first FRE */
  uint32_t fre_first[SB_MAX_FDES]; /* index of the FDE's first FRE below */
  int64_t start_raw[SB_MAX_FDES];  /* stored function start field */
  /* For the k-th FRE in FDE index order (k < SB_MAX_FRES): */
  uint64_t fre_off[SB_MAX_FRES];   /* FRE start address field */
  uint64_t fre_info[SB_MAX_FRES];  /* FRE info byte */
} sb_layout;

/* Size of the FDE entry of a version (0 if undefined). */
uint32_t sb_fde_size(uint8_t version);
/* Bytes of the FRE start field for an FRE type (1, 2, 4; 0 if undefined). */
uint32_t sb_addr_size(uint8_t fre_type);
/* Bytes per data word for a size code (1, 2, 4; 0 if undefined). */
uint32_t sb_dw_bytes(uint8_t code);
/* Whether an ABI is big-endian (spec 2.2.1). */
int sb_abi_big_endian(uint8_t abi);

/* Serialises d into out[0..cap).  Returns the size; aborts the test
 * program (with a message) if cap is too small or d is not encodable. */
size_t sb_build(const sb_section *d, uint8_t *out, size_t cap, sb_layout *lay);

/* Bytes sb_build() needs for d. */
size_t sb_size(const sb_section *d);

/* Little/big-endian store of the low n (1, 2, 4, 8) bytes of v at off. */
void sb_put(uint8_t *buf, uint64_t off, unsigned n, uint64_t v, int big_endian);
uint64_t sb_get(const uint8_t *buf, uint64_t off, unsigned n, int big_endian);

/* FRE info byte from its fields (spec 2.4.1). */
uint8_t sb_fre_info(const sb_fre *f);
/* FDE info byte (v1/v2 FDE, v3 attribute). */
uint8_t sb_fde_info(uint8_t version, const sb_fde *f);

#endif

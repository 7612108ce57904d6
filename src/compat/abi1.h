/* SPDX-License-Identifier: MIT */
/* abi1.h - the libsframe ABI of binutils 2.44 (soname libsframe.so.1,
 * version node LIBSFRAME_1.0), declared from the documented API: the
 * types and prototypes the drop-in exports.  Included through abi.h. */
#ifndef SFV_COMPAT_ABI1_H
#define SFV_COMPAT_ABI1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for three 4-byte stack offsets (CFA, FP, RA) in their two-word
 * sizing, stored as the section stores them. */
#define SFC_FRE_DATA_BYTES 12
/* sizeof (sframe_frame_row_entry) of this ABI. */
#define SFC_FRE_STRUCT_SIZE 20
/* The library reads its FDE table right after the (auxiliary) header, in
 * entries of its own FDE struct (the v2 one, 20 bytes, for v1 sections
 * too), and its FRE sub-section right after that table, whatever
 * sfh_fdeoff and sfh_freoff say (0: it honours them). */
#define SFC_FIXED_TABLES 20u

typedef struct sframe_frame_row_entry {
  uint32_t fre_start_addr;
  unsigned char fre_offsets[SFC_FRE_DATA_BYTES];
  unsigned char fre_info;
} sframe_frame_row_entry;

/* This ABI declares no decoder argument const. */
#define SFC_DCONST
#define SFC_FCONST
/* The PC argument of sframe_find_fre. */
typedef int32_t sfc_pc_t;

#endif

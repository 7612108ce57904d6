/* SPDX-License-Identifier: MIT */
/* abi_row20.h - what the libsframe ABIs of binutils 2.44 (abi1.h) and
 * 2.40 (abi0.h) declare alike: the 20-byte row entry, no const decoder
 * arguments, a 32-bit lookup PC.  Included through abi1.h / abi0.h. */
#ifndef SFV_COMPAT_ABI_ROW20_H
#define SFV_COMPAT_ABI_ROW20_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for three 4-byte stack offsets (CFA, FP, RA) in their two-word
 * sizing, stored as the section stores them. */
#define SFC_FRE_DATA_BYTES 12
/* sizeof (sframe_frame_row_entry) of these ABIs. */
#define SFC_FRE_STRUCT_SIZE 20

typedef struct sframe_frame_row_entry {
  uint32_t fre_start_addr;
  unsigned char fre_offsets[SFC_FRE_DATA_BYTES];
  unsigned char fre_info;
} sframe_frame_row_entry;

/* These ABIs declare no decoder argument const. */
#define SFC_DCONST
#define SFC_FCONST
/* The PC argument of sframe_find_fre. */
typedef int32_t sfc_pc_t;

#endif

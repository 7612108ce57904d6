/* SPDX-License-Identifier: MIT */
/* abi3.h - the libsframe ABI of binutils 2.47 (soname libsframe.so.3,
 * version node LIBSFRAME_3.0), declared from the documented API: the
 * types and prototypes the drop-in exports.  Included through abi.h. */
#ifndef SFV_COMPAT_ABI3_H
#define SFV_COMPAT_ABI3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for six 4-byte data words, stored as the section stores them. */
#define SFC_FRE_DATA_BYTES 24
/* sizeof (sframe_frame_row_entry) of this ABI. */
#define SFC_FRE_STRUCT_SIZE 32

typedef struct sframe_frame_row_entry {
  uint32_t fre_start_addr;
  unsigned char fre_datawords[SFC_FRE_DATA_BYTES];
  unsigned char fre_info;
} sframe_frame_row_entry;

/* The const qualifiers of this ABI's decoder arguments. */
#define SFC_DCONST const
#define SFC_FCONST const
/* The PC argument of sframe_find_fre. */
typedef int64_t sfc_pc_t;

/* sframe_fre_get_base_reg_id's return type. */
typedef uint8_t sfc_regid_t;
/* sframe_encode's ABI argument. */
typedef uint8_t sfc_abi_arg_t;

/* The objdump text and decode rules of 2.47 (src/fmt). */
#define SFC_LAYOUT 247
/* Data words a returned FRE holds at most. */
#define SFC_MAX_DATAWORDS 6u
/* The version its encoder writes (the versions it reads, and how:
 * fmt_fde_layout, compat.h). */
#define SFC_ENC_VERSION 3u
/* sframe_decoder_get_funcdesc_v2 answers every version it reads. */
#define SFC_FUNCDESC_V2_REFUSED(v) 0

#endif

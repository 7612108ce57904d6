/* SPDX-License-Identifier: MIT */
/* abi0.h - the libsframe ABI of binutils 2.40 (soname libsframe.so.0,
 * Debian bookworm's libbinutils, no symbol versions), declared from the
 * documented API.  It is ABI 1 (abi1.h) minus sframe_decoder_get_version,
 * sframe_encoder_get_version and the *_funcdesc_v2 functions, with the
 * same row entry, read as v1 with the differences below.  Included
 * through abi.h. */
#ifndef SFV_COMPAT_ABI0_H
#define SFV_COMPAT_ABI0_H

#include "compat/abi_row20.h"

/* sframe_fre_get_base_reg_id's return type (SFRAME_ERR as unsigned int
 * for a NULL entry). */
typedef unsigned int sfc_regid_t;
/* sframe_encode's ABI argument (stored truncated to the header's byte). */
typedef int sfc_abi_arg_t;

/* The objdump text and decode rules of 2.40 (src/fmt). */
#define SFC_LAYOUT 240
/* Data words a returned FRE holds at most. */
#define SFC_MAX_DATAWORDS 3u
/* The version its encoder writes (the versions it reads, and how:
 * fmt_fde_layout, compat.h). */
#define SFC_ENC_VERSION 1u
/* It has no sframe_decoder_get_funcdesc_v2 (the drop-in's is not
 * exported): as 2.44's. */
#define SFC_FUNCDESC_V2_REFUSED(v) ((v) == 1)
/* The FP and RA getters answer SFRAME_ERR_FREOFFSET_NOPRESENT where the
 * header has a fixed FP / RA offset (2.44: that offset). */
#define SFC_FIXED_NOT_PRESENT 1
/* sframe_find_fre compares start addresses as uint32_t, masked to their
 * low byte in a PC-mask FDE (find.c). */
#define SFC_FIND_MASKED 1
/* sframe_get_funcdesc_with_addr looks the FDE up (2.44: always fails). */
#define SFC_FUNCDESC_WITH_ADDR 1

#endif

/* SPDX-License-Identifier: MIT */
/* abi1.h - the libsframe ABI of binutils 2.44 (soname libsframe.so.1,
 * version node LIBSFRAME_1.0), declared from the documented API: the
 * types and prototypes the drop-in exports.  Included through abi.h. */
#ifndef SFV_COMPAT_ABI1_H
#define SFV_COMPAT_ABI1_H

#include "compat/abi_row20.h"

/* sframe_fre_get_base_reg_id's return type. */
typedef uint8_t sfc_regid_t;
/* sframe_encode's ABI argument. */
typedef uint8_t sfc_abi_arg_t;

/* The objdump text and decode rules of 2.44 (src/fmt). */
#define SFC_LAYOUT 244
/* Data words a returned FRE holds at most. */
#define SFC_MAX_DATAWORDS 3u
/* The version its encoder writes (the versions it reads, and how:
 * fmt_fde_layout, compat.h). */
#define SFC_ENC_VERSION 2u
/* sframe_decoder_get_funcdesc_v2 refuses a section of version v (v1;
 * sframe_decoder_get_funcdesc answers both). */
#define SFC_FUNCDESC_V2_REFUSED(v) ((v) == 1)
/* The FP and RA getters answer a fixed offset the header has (2.40:
 * not present, abi0.h). */
#define SFC_FIXED_NOT_PRESENT 0
/* sframe_find_fre compares start addresses as int32_t (2.40: abi0.h). */
#define SFC_FIND_MASKED 0
/* sframe_get_funcdesc_with_addr is deprecated: it always fails. */
#define SFC_FUNCDESC_WITH_ADDR 0

#endif

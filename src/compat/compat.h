/* SPDX-License-Identifier: MIT */
/* compat.h - private to src/compat: the decoder context and the helpers
 * the drop-in's files share. */
#ifndef SFV_COMPAT_COMPAT_H
#define SFV_COMPAT_COMPAT_H

#include "compat/abi.h"
#include "sfv.h"

#if SFV_COMPAT_ABI == 3
#define SFC_LAYOUT 247       /* the objdump text and decode rules of 2.47 */
#define SFC_MAX_DATAWORDS 6u /* a returned FRE holds at most this many */
#else
#define SFC_LAYOUT 244
#define SFC_MAX_DATAWORDS 3u
#endif

/* A decoder context owns a copy of the section (the API lets the caller
 * free its buffer right after sframe_decode); every read of it goes
 * through libsfv (`sec`, opened over `buf`).  sframe_decode admits only
 * sections whose FDE index (and v3 attributes) and FRE sub-section
 * (fre_end) lie inside the buffer. */
struct sframe_decoder_ctx {
  uint8_t *buf;
  size_t size;
  sfv_section sec;
  uint64_t fre_end;          /* section offset: FRE sub-section + fre_len */
  char *fres_host;           /* fres_buf bytes in host order (foreign-endian
                                sections only; else NULL) */
};

/* Arithmetic modulo 2^32 as the ABI's uint32_t/int32_t expressions wrap,
 * without wrapping operations (the integer sanitizer flags those). */
static inline uint32_t sfc_u32(int64_t x) { return (uint32_t)((uint64_t)x & 0xffffffffu); }
static inline int32_t sfc_i32(uint32_t v) {
  return v <= INT32_MAX ? (int32_t)v : (int32_t)(v - 2147483648u) + INT32_MIN;
}
static inline uint32_t sfc_add32(int64_t a, int64_t b) {
  uint32_t x = sfc_u32(a), y = sfc_u32(b);
  return x <= 0xffffffffu - y ? x + y : y - (0xffffffffu - x) - 1u;
}
static inline uint32_t sfc_sub32(int64_t a, int64_t b) {
  uint32_t x = sfc_u32(a), y = sfc_u32(b);
  return x >= y ? x - y : 0xffffffffu - (y - x) + 1u;
}

/* Stores err into *errp when errp is not NULL; returns SFRAME_ERR. */
int sfc_fail(int *errp, int err);

/* 1 when SFV_LIBSFRAME_STRICT=1 is set in the environment. */
int sfc_strict(void);

/* FDE i of the decoder (i < the header's FDE count); 0 on success. */
int sfc_fde(const sframe_decoder_ctx *d, uint32_t i, sfv_fde *out);

/* Walks the FREs of `fde` up to index `idx` (inclusive) inside the FRE
 * sub-section; fills *fre with FRE idx.  Fails (non-zero) when an FRE on
 * the way does not decode or holds more data bytes than the ABI's
 * sframe_frame_row_entry (where upstream overruns its copy). */
int sfc_fre_walk(const sframe_decoder_ctx *d, const sfv_fde *fde, uint32_t idx,
                 sfv_fre *fre, sfv_fre *next);

/* The ABI's row entry of a decoded FRE: data words in host order. */
void sfc_fre_export(const sfv_fre *fre, sframe_frame_row_entry *out);

#endif

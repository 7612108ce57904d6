/* SPDX-License-Identifier: MIT */
/* compat.h - private to src/compat: the decoder context and the helpers
 * the drop-in's files share. */
#ifndef SFV_COMPAT_COMPAT_H
#define SFV_COMPAT_COMPAT_H

#include <string.h>

#include "common/cursor.h"
#include "compat/abi.h"
#include "fmt/fmt.h"
#include "sframe/spec.h"
#include "sfv.h"

/* A decoder context owns a copy of the section (the API lets the caller
 * free its buffer right after sframe_decode), in host order (a
 * foreign-endian section swapped as the library swaps it: sfc_swap);
 * every read of it goes through libsfv (`sec`, opened over `buf`) or, for
 * FREs, the cursor of sfc_fre_it (the ABI's own FRE walk).  `sec` reads
 * the FDEs in the layout the library reads them in (SFC_FDE_LAYOUT of
 * `version`: 2.44 reads a v1 section's as v2 ones), so sec.hdr.version is
 * that layout's; `version` and the copy's version byte are the section's
 * own.  sframe_decode admits only sections whose FDE index (and v3
 * attributes) and FRE sub-section lie inside the buffer, or (read in
 * another layout) did so in their own; reads past it are refused. */
struct sframe_decoder_ctx {
  uint8_t *buf;
  size_t size;
  sfv_section sec;
  uint64_t fre_avail;        /* bytes of the FRE sub-section (fre_len) that
                                lie inside the buffer */
  uint8_t version;           /* the section's (sframe_decoder_get_version) */
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

/* The FDE layout the ABI's library reads a section of version v in (2.44:
 * v2's for v1 too), 0 for a version it does not read; and whether it reads
 * v's FDEs at all (sframe_decoder_get_funcdesc and the FRE getters refuse
 * others).  The one statement of both is src/fmt's (fmt_fde_layout). */
#define SFC_FDE_LAYOUT(v) fmt_fde_layout(SFC_LAYOUT, (uint8_t)(v))
#define SFC_FDE_VERSION(v) (SFC_FDE_LAYOUT(v) != 0u)

/* sfv_open of the size bytes at b in the FDE layout the ABI's library
 * reads them in (fmt_open_in_layout). */
static inline sfv_status sfc_open_in_layout(sfv_section *sec, uint8_t *b, size_t size) {
  return fmt_open_in_layout(sec, b, size, SFC_LAYOUT);
}

/* The ABI's sframe_decode byte swap of a foreign-endian section, in place
 * on the decoder's copy (swap.c); 0 when the library's swap succeeds and
 * the drop-in can repeat it inside the buffer, else -1. */
int sfc_swap(uint8_t *b, size_t size);

/* FDE i of the decoder (i < the header's FDE count); 0 on success. */
int sfc_fde(const sframe_decoder_ctx *d, uint32_t i, sfv_fde *out);

/* 1 on a big-endian host (the byte order of the decoder's FRE copy). */
static inline uint8_t sfc_host_big_endian(void) {
  const uint16_t one = 1;
  uint8_t b;
  memcpy(&b, &one, 1);
  return b == 0;
}

/* An FRE as the ABI's libsframe decodes it from its copy of the FRE
 * sub-section (fre_len bytes, host order): start address, info byte and
 * the data bytes its info byte gives, as the library counts them
 * (fmt_dump_fre_words of SFC_LAYOUT). */
typedef struct sfc_fre {
  uint32_t start;
  uint8_t info;
  unsigned nbytes;
  int sane;                  /* fmt_dump_fre_words: 1 handed out, 0 refused
                                by the sanity check, -1 overruns the entry */
  const uint8_t *words;      /* nbytes bytes inside the decoder's copy */
} sfc_fre;

/* The ABI's walk over one FDE's FREs: each FRE follows the one before,
 * as long as its start address, info byte and data bytes.  Every read
 * stays inside the FRE sub-section's fre_len bytes (the library's copy;
 * past it upstream reads other heap memory) and the buffer (fre_avail). */
typedef struct sfc_fre_it {
  sfv_cursor c;
  unsigned asz;              /* start address bytes of the FDE's FRE type */
} sfc_fre_it;

/* Starts a walk at `off` (an offset into the FRE sub-section). */
void sfc_fre_at(const sframe_decoder_ctx *d, const sfv_fde *fde, uint64_t off,
                sfc_fre_it *it);
/* The same from the FDE's first FRE (v3: past its attribute). */
void sfc_fre_begin(const sframe_decoder_ctx *d, const sfv_fde *fde, sfc_fre_it *it);
/* The next FRE; -1 when it does not lie wholly inside the copy, or the
 * FDE's FRE type is one the library aborts on (3 and above). */
int sfc_fre_step(sfc_fre_it *it, sfc_fre *fre);
/* The start address of the next FRE, without moving (all the lookup reads
 * of it); -1 as sfc_fre_step. */
int sfc_fre_peek_start(const sfc_fre_it *it, uint32_t *start);
/* 1 when the library's decode of the FRE fits its row entry (it copies
 * the data bytes into the entry's fixed-size array: past it, a stack
 * overflow). */
static inline int sfc_fre_fits(const sfc_fre *fre) {
  return fre->sane >= 0;
}

/* The ABI's row entry of a decoded FRE: its bytes as stored (host order),
 * the rest of the data words zeroed. */
void sfc_fre_export(const sfc_fre *fre, sframe_frame_row_entry *out);

#endif

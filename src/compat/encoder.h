/* SPDX-License-Identifier: MIT */
/* encoder.h - private to src/compat's encoder: the encoder context the
 * call-sequence API (encoder.c) fills and the writer (encoder_write.c)
 * lays out, and the facts of the section this ABI writes they share. */
#ifndef SFV_COMPAT_ENCODER_H
#define SFV_COMPAT_ENCODER_H

#include <string.h>

#include "compat/compat.h"
#include "sframe/spec.h"

#if SFV_COMPAT_ABI == 3
/* Header flags upstream's byte-order conversion accepts. */
#define SFC_FOREIGN_FLAGS sfv_flags_defined(3)
#else
/* binutils 2.44 and 2.40 predate the PC-relative flag (erratum 1). */
#define SFC_FOREIGN_FLAGS (SFV_F_FDE_SORTED | SFV_F_FRAME_POINTER)
#endif
/* Data words an FRE can carry in this ABI's sframe_frame_row_entry. */
#define SFC_MAX_WORDS (SFC_FRE_DATA_BYTES / 4u)

typedef struct sfc_efde {
  int64_t start;
  uint32_t size;
  uint32_t fre_off;
  uint32_t num_fres;
  uint32_t seq; /* position before sorting: equal starts keep call order */
  uint8_t info, info2, rep;
} sfc_efde;

typedef struct sfc_out {
  struct sfc_out *prev;
  unsigned char data[];
} sfc_out;

struct sframe_encoder_ctx {
  uint8_t flags, abi;
  int8_t fixed_fp, fixed_ra;
  uint32_t hdr_num_fres; /* the header's count, as the add functions set it */
  sfc_efde *fdes;        /* NULL until the first FDE (and after a failed grow) */
  uint32_t nfdes, fdes_cap;
  sframe_frame_row_entry *fres;
  uint32_t nfres, fres_cap;
  uint32_t fre_nbytes;
  sfc_out *out; /* every buffer sframe_encoder_write returned */
};

static inline unsigned sfc_hdr_size(void) {
  return sfv_struct_size(SFV_ST_HEADER, SFC_ENC_VERSION);
}
static inline unsigned sfc_fde_size(void) {
  return sfv_struct_size(SFV_ST_FDE, SFC_ENC_VERSION);
}
static inline unsigned sfc_attr_size(void) {
  return sfv_struct_size(SFV_ST_ATTR, SFC_ENC_VERSION);
}

/* Bytes of the data words an FRE info byte announces (one the add
 * functions accepted). */
static inline unsigned sfc_fre_words_bytes(uint8_t info) {
  return (unsigned)sfv_fre_info_count(info) << sfv_fre_info_size_code(info);
}

#if SFV_COMPAT_ABI == 3
/* Section offset of FDE i's function start field (upstream's uint32_t
 * arithmetic): what v3's PC-relative starts are relative to. */
static inline uint32_t sfc_start_field_at(uint32_t i) {
  uint32_t at;
  (void)__builtin_mul_overflow(i, sfc_fde_size(), &at);
  (void)__builtin_add_overflow(
      at, sfc_hdr_size() + sfv_field_in(SFV_FLD_F_START, SFC_ENC_VERSION).off, &at);
  return at;
}
#endif

/* sframe_encoder_write of both ABIs (sort: ABI 3's sort_fde_p; ABI 1
 * always sorts). */
char *sfc_encoder_write(sframe_encoder_ctx *e, size_t *encoded_size, int sort,
                        int *errp);

#endif

/* SPDX-License-Identifier: MIT */
/* libsframe_api.h - libsframe's ABI as a table of function pointers,
 * filled either from the drop-in linked into the harness (its exports
 * renamed sfc_dropin_*, see mk/fuzz.mk) or from the stock library opened
 * with dlopen; and the transcript both are run through
 * (fuzz_diff_libsframe_safe.c).  SFV_COMPAT_ABI picks the ABI: 3
 * (binutils 2.47, libsframe.so.3; the default), 1 (binutils 2.44,
 * libsframe.so.1: no v3 getters, no flags getter, an int32_t pc, FRE
 * getters without an fde_type argument, no block copy for ld) or 0
 * (binutils 2.40, libsframe.so.0: ABI 1 without the version getters and
 * the *_funcdesc_v2 functions). */
#ifndef SFV_FUZZ_LIBSFRAME_API_H
#define SFV_FUZZ_LIBSFRAME_API_H

#ifndef SFV_COMPAT_ABI
#define SFV_COMPAT_ABI 3
#endif
#include "compat/abi.h"

#if SFV_COMPAT_ABI == 3
#define LS_SFRAME_VERSION 3 /* the version the ABI's encoder writes */
#define LS_FRE_WORDS(r) ((r)->fre_datawords)
#define LS_NAME "diff_libsframe_safe"
#define LS_STOCK_ENV "SFV_LIBSFRAME_STOCK"
#define LS_STOCK_SO "libsframe.so.3"
#elif SFV_COMPAT_ABI == 1
#define LS_SFRAME_VERSION 2
#define LS_FRE_WORDS(r) ((r)->fre_offsets)
#define LS_NAME "diff_libsframe_safe1"
#define LS_STOCK_ENV "SFV_LIBSFRAME1_STOCK"
#define LS_STOCK_SO "libsframe.so.1"
#else
#define LS_SFRAME_VERSION 1
#define LS_FRE_WORDS(r) ((r)->fre_offsets)
#define LS_NAME "diff_libsframe_safe0"
#define LS_STOCK_ENV "SFV_LIBSFRAME0_STOCK"
#define LS_STOCK_SO "libsframe.so.0"
#endif

typedef struct ls_api {
  const char *(*errmsg)(int);
  uint32_t (*calc_fre_type)(size_t);
  unsigned char (*create_func_info)(uint32_t, uint32_t);
  sframe_decoder_ctx *(*decode)(const char *, size_t, int *);
  void (*decoder_free)(sframe_decoder_ctx **);
  unsigned int (*d_hdr_size)(SFC_DCONST sframe_decoder_ctx *);
  uint8_t (*d_abi_arch)(SFC_DCONST sframe_decoder_ctx *);
  uint32_t (*d_num_fidx)(SFC_DCONST sframe_decoder_ctx *);
  int8_t (*d_fixed_fp)(SFC_DCONST sframe_decoder_ctx *);
  int8_t (*d_fixed_ra)(SFC_DCONST sframe_decoder_ctx *);
  int (*d_fre)(SFC_DCONST sframe_decoder_ctx *, unsigned int, unsigned int,
               sframe_frame_row_entry *);
  int (*find_fre)(SFC_DCONST sframe_decoder_ctx *, sfc_pc_t, sframe_frame_row_entry *);
  sfc_regid_t (*base_reg_id)(SFC_FCONST sframe_frame_row_entry *, int *);
  bool (*ra_mangled_p)(SFC_DCONST sframe_decoder_ctx *, SFC_FCONST sframe_frame_row_entry *,
                       int *);
  void (*dump)(SFC_DCONST sframe_decoder_ctx *, uint64_t);
  sframe_encoder_ctx *(*encode)(uint8_t, uint8_t, sfc_abi_arg_t, int8_t, int8_t, int *);
  void (*encoder_free)(sframe_encoder_ctx **);
  uint32_t (*e_num_fidx)(sframe_encoder_ctx *);
  int (*e_add_fre)(sframe_encoder_ctx *, unsigned int, sframe_frame_row_entry *);
#if SFV_COMPAT_ABI >= 1 /* 2.40 has neither */
  uint8_t (*d_version)(SFC_DCONST sframe_decoder_ctx *);
  int (*d_funcdesc_v2)(SFC_DCONST sframe_decoder_ctx *, unsigned int, uint32_t *,
                       uint32_t *, int32_t *, unsigned char *, uint8_t *);
#endif
#if SFV_COMPAT_ABI == 3
  uint8_t (*d_flags)(const sframe_decoder_ctx *);
  uint32_t (*d_offsetof_start)(const sframe_decoder_ctx *, uint32_t, int *);
  int (*d_funcdesc_v3)(const sframe_decoder_ctx *, unsigned int, uint32_t *,
                       uint32_t *, int64_t *, unsigned char *, unsigned char *,
                       uint8_t *);
  int (*d_fres_buf)(const sframe_decoder_ctx *, uint32_t, char **, size_t *,
                    uint32_t *);
  int32_t (*cfa_offset)(const sframe_decoder_ctx *, const sframe_frame_row_entry *,
                        uint32_t, int *);
  int32_t (*fp_offset)(const sframe_decoder_ctx *, const sframe_frame_row_entry *,
                       uint32_t, int *);
  int32_t (*ra_offset)(const sframe_decoder_ctx *, const sframe_frame_row_entry *,
                       uint32_t, int *);
  bool (*ra_undefined_p)(const sframe_decoder_ctx *, const sframe_frame_row_entry *,
                         int *);
  uint32_t (*fre_udata)(const sframe_frame_row_entry *, int, int *);
  uint8_t (*e_flags)(sframe_encoder_ctx *);
  int (*e_add_funcdesc)(sframe_encoder_ctx *, int64_t, uint32_t);
  int (*e_add_funcdesc_v3)(sframe_encoder_ctx *, int64_t, uint32_t, unsigned char,
                           unsigned char, uint8_t, uint32_t);
  int (*e_add_fres_buf)(sframe_encoder_ctx *, unsigned int, uint32_t, const char *,
                        size_t);
  char *(*e_write)(sframe_encoder_ctx *, size_t *, bool, int *);
#else
  int (*d_funcdesc)(sframe_decoder_ctx *, unsigned int, uint32_t *, uint32_t *,
                    int32_t *, unsigned char *);
  void *(*funcdesc_with_addr)(sframe_decoder_ctx *, int32_t, int *);
  int32_t (*cfa_offset)(sframe_decoder_ctx *, sframe_frame_row_entry *, int *);
  int32_t (*fp_offset)(sframe_decoder_ctx *, sframe_frame_row_entry *, int *);
  int32_t (*ra_offset)(sframe_decoder_ctx *, sframe_frame_row_entry *, int *);
  int (*e_add_funcdesc)(sframe_encoder_ctx *, int32_t, uint32_t, unsigned char, uint32_t);
#if SFV_COMPAT_ABI == 1
  int (*e_add_funcdesc_v2)(sframe_encoder_ctx *, int32_t, uint32_t, unsigned char,
                           uint8_t, uint32_t);
#endif
  char *(*e_write)(sframe_encoder_ctx *, size_t *, int *);
#endif
} ls_api;

/* The drop-in's table. */
void ls_api_dropin(ls_api *a);
/* The table of the stock LS_STOCK_SO at path (dlopen); 0 when it cannot be
 * opened or lacks a function.  Its malloc/calloc/realloc/free then go to
 * peer_alloc's guard-page blocks (an assertion fails when they cannot). */
int ls_api_stock(ls_api *a, const char *path);

/* Where a transcript goes: a file descriptor (fd >= 0: every line written
 * at once, so a crash keeps what came before) or a growing buffer. */
typedef struct ls_sink {
  int fd;
  char *buf;
  size_t len, cap;
} ls_sink;
/* Appends n bytes (a buffer sink stays NUL-terminated). */
void ls_sink_append(ls_sink *s, const char *p, size_t n);

/* Runs the section through every decoder function, sframe_find_fre,
 * dump_sframe and two encode round trips (an assembler's: add_funcdesc_v3
 * and add_fre; ld's: get_fres_buf, add_funcdesc and add_fres_buf), one
 * line per call with its return value, outputs and error code.  Calls
 * upstream asserts on (an FRE past its function, an FDE without FREs) are
 * left out of the round trips. */
void ls_transcript(const ls_api *a, const uint8_t *data, size_t size, ls_sink *out);

#endif

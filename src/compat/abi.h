/* SPDX-License-Identifier: MIT */
/* abi.h - the exported libsframe API of the ABI being built
 * (SFV_COMPAT_ABI = 3: binutils 2.47, libsframe.so.3; = 1: binutils 2.44,
 * libsframe.so.1; = 0: binutils 2.40, libsframe.so.0).  The types and the
 * behaviour flags differ in abi3.h / abi1.h / abi0.h; the prototypes
 * below differ only in the #if blocks (ABI 0 takes ABI 1's).  Only the
 * functions the ABI's version script (libsframe3.map / libsframe1.map /
 * libsframe0.map) lists are exported. */
#ifndef SFV_COMPAT_ABI_H
#define SFV_COMPAT_ABI_H

#if SFV_COMPAT_ABI == 3
#include "compat/abi3.h"
#elif SFV_COMPAT_ABI == 1
#include "compat/abi1.h"
#elif SFV_COMPAT_ABI == 0
#include "compat/abi0.h"
#else
#error "build with -DSFV_COMPAT_ABI=3, =1 or =0"
#endif

#define SFC_API __attribute__((visibility("default")))

typedef struct sframe_decoder_ctx sframe_decoder_ctx;
typedef struct sframe_encoder_ctx sframe_encoder_ctx;

_Static_assert(sizeof(sframe_frame_row_entry) == SFC_FRE_STRUCT_SIZE,
               "sframe_frame_row_entry has the ABI's size");

/* Return value of the int functions on failure. */
#define SFRAME_ERR (-1)

/* The error codes (*errp), numbered as the ABI numbers them. */
enum sfc_err {
  SFRAME_ERR_BASE = 2000,
  SFRAME_ERR_VERSION_INVAL = 2000,
  SFRAME_ERR_NOMEM,
  SFRAME_ERR_INVAL,
  SFRAME_ERR_BUF_INVAL,
  SFRAME_ERR_DCTX_INVAL,
  SFRAME_ERR_ECTX_INVAL,
  SFRAME_ERR_FDE_INVAL,
  SFRAME_ERR_FRE_INVAL,
  SFRAME_ERR_FDE_NOTFOUND,
  SFRAME_ERR_FDE_NOTSORTED,
  SFRAME_ERR_FRE_NOTFOUND,
  SFRAME_ERR_FREOFFSET_NOPRESENT,
  SFRAME_ERR_END
};

/* ---------------------------------------------------------- helpers */
SFC_API const char *sframe_errmsg(int error);
SFC_API unsigned char sframe_fde_create_func_info(uint32_t fre_type,
                                                  uint32_t fde_type);
SFC_API uint32_t sframe_calc_fre_type(size_t func_size);

/* ---------------------------------------------------------- decoder */
SFC_API sframe_decoder_ctx *sframe_decode(const char *sf_buf, size_t sf_size,
                                          int *errp);
SFC_API void sframe_decoder_free(sframe_decoder_ctx **dctxp);
SFC_API unsigned int sframe_decoder_get_hdr_size(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API uint8_t sframe_decoder_get_abi_arch(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API uint8_t sframe_decoder_get_version(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API uint32_t sframe_decoder_get_num_fidx(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API int8_t sframe_decoder_get_fixed_fp_offset(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API int8_t sframe_decoder_get_fixed_ra_offset(SFC_DCONST sframe_decoder_ctx *dctx);
SFC_API int sframe_find_fre(SFC_DCONST sframe_decoder_ctx *dctx, sfc_pc_t pc,
                            sframe_frame_row_entry *frep);
SFC_API int sframe_decoder_get_fre(SFC_DCONST sframe_decoder_ctx *dctx,
                                   unsigned int func_idx, unsigned int fre_idx,
                                   sframe_frame_row_entry *fre);
SFC_API int sframe_decoder_get_funcdesc_v2(SFC_DCONST sframe_decoder_ctx *dctx,
                                           unsigned int i, uint32_t *num_fres,
                                           uint32_t *func_size,
                                           int32_t *func_start_address,
                                           unsigned char *func_info,
                                           uint8_t *rep_block_size);
SFC_API void dump_sframe(SFC_DCONST sframe_decoder_ctx *dctx, uint64_t addr);
SFC_API sfc_regid_t sframe_fre_get_base_reg_id(SFC_FCONST sframe_frame_row_entry *fre,
                                           int *errp);
SFC_API bool sframe_fre_get_ra_mangled_p(SFC_DCONST sframe_decoder_ctx *dctx,
                                         SFC_FCONST sframe_frame_row_entry *fre,
                                         int *errp);
#if SFV_COMPAT_ABI == 3
SFC_API uint8_t sframe_decoder_get_flags(const sframe_decoder_ctx *dctx);
SFC_API uint32_t sframe_decoder_get_offsetof_fde_start_addr(
    const sframe_decoder_ctx *dctx, uint32_t func_idx, int *errp);
SFC_API int sframe_decoder_get_fres_buf(const sframe_decoder_ctx *dctx,
                                        uint32_t func_idx, char **fres_buf,
                                        size_t *fres_buf_size,
                                        uint32_t *num_fres);
SFC_API int sframe_decoder_get_funcdesc_v3(const sframe_decoder_ctx *dctx,
                                           unsigned int i, uint32_t *num_fres,
                                           uint32_t *func_size,
                                           int64_t *start_pc_offset,
                                           unsigned char *func_info,
                                           unsigned char *func_info2,
                                           uint8_t *rep_block_size);
SFC_API uint32_t sframe_get_fre_udata(const sframe_frame_row_entry *fre, int idx,
                                      int *errp);
SFC_API int32_t sframe_fre_get_cfa_offset(const sframe_decoder_ctx *dctx,
                                          const sframe_frame_row_entry *fre,
                                          uint32_t fde_type, int *errp);
SFC_API int32_t sframe_fre_get_fp_offset(const sframe_decoder_ctx *dctx,
                                         const sframe_frame_row_entry *fre,
                                         uint32_t fde_type, int *errp);
SFC_API int32_t sframe_fre_get_ra_offset(const sframe_decoder_ctx *dctx,
                                         const sframe_frame_row_entry *fre,
                                         uint32_t fde_type, int *errp);
SFC_API bool sframe_fre_get_ra_undefined_p(const sframe_decoder_ctx *dctx,
                                           const sframe_frame_row_entry *fre,
                                           int *errp);
#else
SFC_API int sframe_decoder_get_funcdesc(sframe_decoder_ctx *dctx, unsigned int i,
                                        uint32_t *num_fres, uint32_t *func_size,
                                        int32_t *func_start_address,
                                        unsigned char *func_info);
SFC_API void *sframe_get_funcdesc_with_addr(sframe_decoder_ctx *dctx,
                                            int32_t addr, int *errp);
SFC_API int32_t sframe_fre_get_cfa_offset(sframe_decoder_ctx *dctx,
                                          sframe_frame_row_entry *fre, int *errp);
SFC_API int32_t sframe_fre_get_fp_offset(sframe_decoder_ctx *dctx,
                                         sframe_frame_row_entry *fre, int *errp);
SFC_API int32_t sframe_fre_get_ra_offset(sframe_decoder_ctx *dctx,
                                         sframe_frame_row_entry *fre, int *errp);
#endif

/* ---------------------------------------------------------- encoder */
SFC_API sframe_encoder_ctx *sframe_encode(uint8_t ver, uint8_t flags,
                                          sfc_abi_arg_t abi_arch,
                                          int8_t fixed_fp_offset,
                                          int8_t fixed_ra_offset, int *errp);
SFC_API void sframe_encoder_free(sframe_encoder_ctx **ectxp);
SFC_API unsigned int sframe_encoder_get_hdr_size(sframe_encoder_ctx *ectx);
SFC_API uint8_t sframe_encoder_get_abi_arch(sframe_encoder_ctx *ectx);
SFC_API uint8_t sframe_encoder_get_version(sframe_encoder_ctx *ectx);
SFC_API uint32_t sframe_encoder_get_num_fidx(sframe_encoder_ctx *ectx);
SFC_API int sframe_encoder_add_fre(sframe_encoder_ctx *ectx,
                                   unsigned int func_idx,
                                   sframe_frame_row_entry *frep);
SFC_API int sframe_encoder_add_funcdesc_v2(sframe_encoder_ctx *ectx,
                                           int32_t start_addr,
                                           uint32_t func_size,
                                           unsigned char func_info,
                                           uint8_t rep_block_size,
                                           uint32_t num_fres);
#if SFV_COMPAT_ABI == 3
SFC_API uint8_t sframe_encoder_get_flags(sframe_encoder_ctx *ectx);
SFC_API uint32_t sframe_encoder_get_offsetof_fde_start_addr(
    sframe_encoder_ctx *ectx, uint32_t func_idx, int *errp);
SFC_API int sframe_encoder_add_fres_buf(sframe_encoder_ctx *ectx,
                                        unsigned int func_idx,
                                        uint32_t num_fres,
                                        const char *fres_buf,
                                        size_t fres_buf_size);
SFC_API int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx,
                                        int64_t start_addr, uint32_t func_size);
SFC_API int sframe_encoder_add_funcdesc_v3(sframe_encoder_ctx *ectx,
                                           int64_t start_pc_offset,
                                           uint32_t func_size,
                                           unsigned char func_info,
                                           unsigned char func_info2,
                                           uint8_t rep_block_size,
                                           uint32_t num_fres);
SFC_API char *sframe_encoder_write(sframe_encoder_ctx *ectx,
                                   size_t *encoded_size, bool sort_fde_p,
                                   int *errp);
#else
SFC_API int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx,
                                        int32_t start_addr, uint32_t func_size,
                                        unsigned char func_info,
                                        uint32_t num_fres);
SFC_API char *sframe_encoder_write(sframe_encoder_ctx *ectx,
                                   size_t *encoded_size, int *errp);
#endif

#endif

/* SPDX-License-Identifier: MIT */
/* fre.c - FDE and FRE access of the decoder: sframe_decoder_get_funcdesc*,
 * sframe_decoder_get_fre, sframe_find_fre and sframe_fre_get_*. */
#include "compat/compat.h"

int sframe_find_fre(SFC_DCONST sframe_decoder_ctx *dctx, sfc_pc_t pc,
                    sframe_frame_row_entry *frep) {
  (void)dctx;
  (void)pc;
  (void)frep;
  return SFRAME_ERR;
}

int sframe_decoder_get_fre(SFC_DCONST sframe_decoder_ctx *dctx,
                           unsigned int func_idx, unsigned int fre_idx,
                           sframe_frame_row_entry *fre) {
  (void)dctx;
  (void)func_idx;
  (void)fre_idx;
  (void)fre;
  return SFRAME_ERR;
}

int sframe_decoder_get_funcdesc_v2(SFC_DCONST sframe_decoder_ctx *dctx,
                                   unsigned int i, uint32_t *num_fres,
                                   uint32_t *func_size,
                                   int32_t *func_start_address,
                                   unsigned char *func_info,
                                   uint8_t *rep_block_size) {
  (void)dctx;
  (void)i;
  (void)num_fres;
  (void)func_size;
  (void)func_start_address;
  (void)func_info;
  (void)rep_block_size;
  return SFRAME_ERR;
}

uint8_t sframe_fre_get_base_reg_id(SFC_FCONST sframe_frame_row_entry *fre,
                                   int *errp) {
  if (fre == NULL)
    return (uint8_t)sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
  return fre->fre_info & 1u;
}

bool sframe_fre_get_ra_mangled_p(SFC_DCONST sframe_decoder_ctx *dctx,
                                 SFC_FCONST sframe_frame_row_entry *fre,
                                 int *errp) {
  (void)dctx;
  if (fre == NULL) {
    sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
    return false;
  }
  return (fre->fre_info >> 7) & 1u;
}

#if SFV_COMPAT_ABI == 3
uint32_t sframe_decoder_get_offsetof_fde_start_addr(const sframe_decoder_ctx *dctx,
                                                    uint32_t func_idx, int *errp) {
  (void)dctx;
  (void)func_idx;
  sfc_fail(errp, SFRAME_ERR_DCTX_INVAL);
  return 0;
}

int sframe_decoder_get_fres_buf(const sframe_decoder_ctx *dctx, uint32_t func_idx,
                                char **fres_buf, size_t *fres_buf_size,
                                uint32_t *num_fres) {
  (void)dctx;
  (void)func_idx;
  (void)fres_buf;
  (void)fres_buf_size;
  (void)num_fres;
  return SFRAME_ERR;
}

int sframe_decoder_get_funcdesc_v3(const sframe_decoder_ctx *dctx, unsigned int i,
                                   uint32_t *num_fres, uint32_t *func_size,
                                   int64_t *start_pc_offset,
                                   unsigned char *func_info,
                                   unsigned char *func_info2,
                                   uint8_t *rep_block_size) {
  (void)dctx;
  (void)i;
  (void)num_fres;
  (void)func_size;
  (void)start_pc_offset;
  (void)func_info;
  (void)func_info2;
  (void)rep_block_size;
  return SFRAME_ERR;
}

uint32_t sframe_get_fre_udata(const sframe_frame_row_entry *fre, int idx, int *errp) {
  (void)fre;
  (void)idx;
  sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
  return 0;
}

int32_t sframe_fre_get_cfa_offset(const sframe_decoder_ctx *dctx,
                                  const sframe_frame_row_entry *fre,
                                  uint32_t fde_type, int *errp) {
  (void)dctx;
  (void)fre;
  (void)fde_type;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}

int32_t sframe_fre_get_fp_offset(const sframe_decoder_ctx *dctx,
                                 const sframe_frame_row_entry *fre,
                                 uint32_t fde_type, int *errp) {
  (void)dctx;
  (void)fre;
  (void)fde_type;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}

int32_t sframe_fre_get_ra_offset(const sframe_decoder_ctx *dctx,
                                 const sframe_frame_row_entry *fre,
                                 uint32_t fde_type, int *errp) {
  (void)dctx;
  (void)fre;
  (void)fde_type;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}

bool sframe_fre_get_ra_undefined_p(const sframe_decoder_ctx *dctx,
                                   const sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  (void)fre;
  sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
  return false;
}
#else
int sframe_decoder_get_funcdesc(sframe_decoder_ctx *dctx, unsigned int i,
                                uint32_t *num_fres, uint32_t *func_size,
                                int32_t *func_start_address,
                                unsigned char *func_info) {
  (void)dctx;
  (void)i;
  (void)num_fres;
  (void)func_size;
  (void)func_start_address;
  (void)func_info;
  return SFRAME_ERR;
}

void *sframe_get_funcdesc_with_addr(sframe_decoder_ctx *dctx, int32_t addr,
                                    int *errp) {
  (void)dctx;
  (void)addr;
  sfc_fail(errp, SFRAME_ERR_DCTX_INVAL);
  return NULL;
}

int32_t sframe_fre_get_cfa_offset(sframe_decoder_ctx *dctx,
                                  sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  (void)fre;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}

int32_t sframe_fre_get_fp_offset(sframe_decoder_ctx *dctx,
                                 sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  (void)fre;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}

int32_t sframe_fre_get_ra_offset(sframe_decoder_ctx *dctx,
                                 sframe_frame_row_entry *fre, int *errp) {
  (void)dctx;
  (void)fre;
  return sfc_fail(errp, SFRAME_ERR_FRE_INVAL);
}
#endif

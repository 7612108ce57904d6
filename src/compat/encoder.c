/* SPDX-License-Identifier: MIT */
/* encoder.c - the encoder side of the drop-in (sframe_encode,
 * sframe_encoder_*, sframe_calc_fre_type, sframe_fde_create_func_info).
 * Stub: every entry point fails cleanly (NULL / SFRAME_ERR / 0 with
 * SFRAME_ERR_ECTX_INVAL) until the encoder is written. */
#include "compat/compat.h"

unsigned char sframe_fde_create_func_info(uint32_t fre_type, uint32_t fde_type) {
  (void)fre_type;
  (void)fde_type;
  return 0;
}

uint32_t sframe_calc_fre_type(size_t func_size) {
  (void)func_size;
  return 0;
}

sframe_encoder_ctx *sframe_encode(uint8_t ver, uint8_t flags, uint8_t abi_arch,
                                  int8_t fixed_fp_offset, int8_t fixed_ra_offset,
                                  int *errp) {
  (void)ver;
  (void)flags;
  (void)abi_arch;
  (void)fixed_fp_offset;
  (void)fixed_ra_offset;
  sfc_fail(errp, SFRAME_ERR_ECTX_INVAL);
  return NULL;
}

void sframe_encoder_free(sframe_encoder_ctx **ectxp) { (void)ectxp; }

unsigned int sframe_encoder_get_hdr_size(sframe_encoder_ctx *ectx) {
  (void)ectx;
  return 0;
}

uint8_t sframe_encoder_get_abi_arch(sframe_encoder_ctx *ectx) {
  (void)ectx;
  return 0;
}

uint8_t sframe_encoder_get_version(sframe_encoder_ctx *ectx) {
  (void)ectx;
  return 0;
}

uint32_t sframe_encoder_get_num_fidx(sframe_encoder_ctx *ectx) {
  (void)ectx;
  return 0;
}

int sframe_encoder_add_fre(sframe_encoder_ctx *ectx, unsigned int func_idx,
                           sframe_frame_row_entry *frep) {
  (void)ectx;
  (void)func_idx;
  (void)frep;
  return SFRAME_ERR;
}

int sframe_encoder_add_funcdesc_v2(sframe_encoder_ctx *ectx, int32_t start_addr,
                                   uint32_t func_size, unsigned char func_info,
                                   uint8_t rep_block_size, uint32_t num_fres) {
  (void)ectx;
  (void)start_addr;
  (void)func_size;
  (void)func_info;
  (void)rep_block_size;
  (void)num_fres;
  return SFRAME_ERR;
}

#if SFV_COMPAT_ABI == 3
uint8_t sframe_encoder_get_flags(sframe_encoder_ctx *ectx) {
  (void)ectx;
  return 0;
}

uint32_t sframe_encoder_get_offsetof_fde_start_addr(sframe_encoder_ctx *ectx,
                                                    uint32_t func_idx, int *errp) {
  (void)ectx;
  (void)func_idx;
  sfc_fail(errp, SFRAME_ERR_ECTX_INVAL);
  return 0;
}

int sframe_encoder_add_fres_buf(sframe_encoder_ctx *ectx, unsigned int func_idx,
                                uint32_t num_fres, const char *fres_buf,
                                size_t fres_buf_size) {
  (void)ectx;
  (void)func_idx;
  (void)num_fres;
  (void)fres_buf;
  (void)fres_buf_size;
  return SFRAME_ERR;
}

int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx, int64_t start_addr,
                                uint32_t func_size) {
  (void)ectx;
  (void)start_addr;
  (void)func_size;
  return SFRAME_ERR;
}

int sframe_encoder_add_funcdesc_v3(sframe_encoder_ctx *ectx,
                                   int64_t start_pc_offset, uint32_t func_size,
                                   unsigned char func_info,
                                   unsigned char func_info2,
                                   uint8_t rep_block_size, uint32_t num_fres) {
  (void)ectx;
  (void)start_pc_offset;
  (void)func_size;
  (void)func_info;
  (void)func_info2;
  (void)rep_block_size;
  (void)num_fres;
  return SFRAME_ERR;
}

char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           bool sort_fde_p, int *errp) {
  (void)ectx;
  (void)sort_fde_p;
  if (encoded_size != NULL)
    *encoded_size = 0;
  sfc_fail(errp, SFRAME_ERR_ECTX_INVAL);
  return NULL;
}
#else
int sframe_encoder_add_funcdesc(sframe_encoder_ctx *ectx, int32_t start_addr,
                                uint32_t func_size, unsigned char func_info,
                                uint32_t num_fres) {
  (void)ectx;
  (void)start_addr;
  (void)func_size;
  (void)func_info;
  (void)num_fres;
  return SFRAME_ERR;
}

char *sframe_encoder_write(sframe_encoder_ctx *ectx, size_t *encoded_size,
                           int *errp) {
  (void)ectx;
  if (encoded_size != NULL)
    *encoded_size = 0;
  sfc_fail(errp, SFRAME_ERR_ECTX_INVAL);
  return NULL;
}
#endif

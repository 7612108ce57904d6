/* SPDX-License-Identifier: MIT */
/* libsframe_api.c - the two fillings of ls_api: the drop-in linked into
 * the harness (its exports renamed by the generated sfc_dropin_names.h,
 * so they never meet a stock libsframe linked into the same program) and
 * a stock libsframe.so.3 through dlopen. */
#include <dlfcn.h>
#include <string.h>

#include "sfc_dropin_names.h"
#include "libsframe_api.h"

void ls_api_dropin(ls_api *a) {
  a->errmsg = sframe_errmsg;
  a->calc_fre_type = sframe_calc_fre_type;
  a->create_func_info = sframe_fde_create_func_info;
  a->decode = sframe_decode;
  a->decoder_free = sframe_decoder_free;
  a->d_hdr_size = sframe_decoder_get_hdr_size;
  a->d_abi_arch = sframe_decoder_get_abi_arch;
  a->d_version = sframe_decoder_get_version;
  a->d_flags = sframe_decoder_get_flags;
  a->d_num_fidx = sframe_decoder_get_num_fidx;
  a->d_fixed_fp = sframe_decoder_get_fixed_fp_offset;
  a->d_fixed_ra = sframe_decoder_get_fixed_ra_offset;
  a->d_offsetof_start = sframe_decoder_get_offsetof_fde_start_addr;
  a->d_funcdesc_v2 = sframe_decoder_get_funcdesc_v2;
  a->d_funcdesc_v3 = sframe_decoder_get_funcdesc_v3;
  a->d_fre = sframe_decoder_get_fre;
  a->d_fres_buf = sframe_decoder_get_fres_buf;
  a->find_fre = sframe_find_fre;
  a->base_reg_id = sframe_fre_get_base_reg_id;
  a->cfa_offset = sframe_fre_get_cfa_offset;
  a->fp_offset = sframe_fre_get_fp_offset;
  a->ra_offset = sframe_fre_get_ra_offset;
  a->ra_mangled_p = sframe_fre_get_ra_mangled_p;
  a->ra_undefined_p = sframe_fre_get_ra_undefined_p;
  a->fre_udata = sframe_get_fre_udata;
  a->dump = dump_sframe;
  a->encode = sframe_encode;
  a->encoder_free = sframe_encoder_free;
  a->e_num_fidx = sframe_encoder_get_num_fidx;
  a->e_flags = sframe_encoder_get_flags;
  a->e_add_funcdesc = sframe_encoder_add_funcdesc;
  a->e_add_funcdesc_v3 = sframe_encoder_add_funcdesc_v3;
  a->e_add_fre = sframe_encoder_add_fre;
  a->e_add_fres_buf = sframe_encoder_add_fres_buf;
  a->e_write = sframe_encoder_write;
}

/* Every member, by the name the ABI exports it under. */
#define LS_STOCK_FIELDS(X)                                                     \
  X(errmsg, "sframe_errmsg") X(calc_fre_type, "sframe_calc_fre_type")          \
  X(create_func_info, "sframe_fde_create_func_info") X(decode, "sframe_decode") \
  X(decoder_free, "sframe_decoder_free")                                       \
  X(d_hdr_size, "sframe_decoder_get_hdr_size")                                 \
  X(d_abi_arch, "sframe_decoder_get_abi_arch")                                 \
  X(d_version, "sframe_decoder_get_version")                                   \
  X(d_flags, "sframe_decoder_get_flags")                                       \
  X(d_num_fidx, "sframe_decoder_get_num_fidx")                                 \
  X(d_fixed_fp, "sframe_decoder_get_fixed_fp_offset")                          \
  X(d_fixed_ra, "sframe_decoder_get_fixed_ra_offset")                          \
  X(d_offsetof_start, "sframe_decoder_get_offsetof_fde_start_addr")            \
  X(d_funcdesc_v2, "sframe_decoder_get_funcdesc_v2")                           \
  X(d_funcdesc_v3, "sframe_decoder_get_funcdesc_v3")                           \
  X(d_fre, "sframe_decoder_get_fre") X(d_fres_buf, "sframe_decoder_get_fres_buf") \
  X(find_fre, "sframe_find_fre") X(base_reg_id, "sframe_fre_get_base_reg_id")  \
  X(cfa_offset, "sframe_fre_get_cfa_offset")                                   \
  X(fp_offset, "sframe_fre_get_fp_offset")                                     \
  X(ra_offset, "sframe_fre_get_ra_offset")                                     \
  X(ra_mangled_p, "sframe_fre_get_ra_mangled_p")                               \
  X(ra_undefined_p, "sframe_fre_get_ra_undefined_p")                           \
  X(fre_udata, "sframe_get_fre_udata") X(dump, "dump_sframe")                  \
  X(encode, "sframe_encode") X(encoder_free, "sframe_encoder_free")            \
  X(e_num_fidx, "sframe_encoder_get_num_fidx")                                 \
  X(e_flags, "sframe_encoder_get_flags")                                       \
  X(e_add_funcdesc, "sframe_encoder_add_funcdesc")                             \
  X(e_add_funcdesc_v3, "sframe_encoder_add_funcdesc_v3")                       \
  X(e_add_fre, "sframe_encoder_add_fre")                                       \
  X(e_add_fres_buf, "sframe_encoder_add_fres_buf")                             \
  X(e_write, "sframe_encoder_write")

int ls_api_stock(ls_api *a, const char *path) {
  void *h = path != NULL && path[0] != '\0' ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
  void *p;
  if (h == NULL)
    return 0;
#define LS_LOAD(field, name)                                                   \
  if ((p = dlsym(h, name)) == NULL)                                            \
    return 0;                                                                  \
  memcpy(&a->field, &p, sizeof p);
  LS_STOCK_FIELDS(LS_LOAD)
#undef LS_LOAD
  return 1;
}

/* SPDX-License-Identifier: MIT */
/* libsframe_api.c - the two fillings of ls_api: the drop-in linked into
 * the harness (its exports renamed by the generated sfc_dropin_names.h,
 * so they never meet a stock libsframe linked into the same program) and
 * the stock library (libsframe.so.3, .so.1 or .so.0, by SFV_COMPAT_ABI)
 * through dlopen, its allocator routed to the guard-page one (peer_got.c). */
#include <dlfcn.h>
#include <string.h>

#include "sfc_dropin_names.h"
#include "fuzz_helpers.h"
#include "libsframe_api.h"
#include "peer_alloc.h"

/* Every member, by the name the ABI exports it under. */
#define LS_FIELDS_COMMON(X)                                                    \
  X(errmsg, sframe_errmsg) X(calc_fre_type, sframe_calc_fre_type)              \
  X(create_func_info, sframe_fde_create_func_info) X(decode, sframe_decode)    \
  X(decoder_free, sframe_decoder_free)                                         \
  X(d_hdr_size, sframe_decoder_get_hdr_size)                                   \
  X(d_abi_arch, sframe_decoder_get_abi_arch)                                   \
  X(d_num_fidx, sframe_decoder_get_num_fidx)                                   \
  X(d_fixed_fp, sframe_decoder_get_fixed_fp_offset)                            \
  X(d_fixed_ra, sframe_decoder_get_fixed_ra_offset)                            \
  X(d_fre, sframe_decoder_get_fre) X(find_fre, sframe_find_fre)                \
  X(base_reg_id, sframe_fre_get_base_reg_id)                                   \
  X(cfa_offset, sframe_fre_get_cfa_offset)                                     \
  X(fp_offset, sframe_fre_get_fp_offset)                                       \
  X(ra_offset, sframe_fre_get_ra_offset)                                       \
  X(ra_mangled_p, sframe_fre_get_ra_mangled_p) X(dump, dump_sframe)            \
  X(encode, sframe_encode) X(encoder_free, sframe_encoder_free)                \
  X(e_num_fidx, sframe_encoder_get_num_fidx)                                   \
  X(e_add_funcdesc, sframe_encoder_add_funcdesc)                               \
  X(e_add_fre, sframe_encoder_add_fre) X(e_write, sframe_encoder_write)
/* 2.44 and 2.47, not 2.40. */
#define LS_FIELDS_VERSIONED(X)                                                 \
  X(d_version, sframe_decoder_get_version)                                     \
  X(d_funcdesc_v2, sframe_decoder_get_funcdesc_v2)
#if SFV_COMPAT_ABI == 3
#define LS_FIELDS(X)                                                           \
  LS_FIELDS_COMMON(X) LS_FIELDS_VERSIONED(X)                                   \
  X(d_flags, sframe_decoder_get_flags)                                         \
  X(d_offsetof_start, sframe_decoder_get_offsetof_fde_start_addr)              \
  X(d_funcdesc_v3, sframe_decoder_get_funcdesc_v3)                             \
  X(d_fres_buf, sframe_decoder_get_fres_buf)                                   \
  X(ra_undefined_p, sframe_fre_get_ra_undefined_p)                             \
  X(fre_udata, sframe_get_fre_udata)                                           \
  X(e_flags, sframe_encoder_get_flags)                                         \
  X(e_add_funcdesc_v3, sframe_encoder_add_funcdesc_v3)                         \
  X(e_add_fres_buf, sframe_encoder_add_fres_buf)
#elif SFV_COMPAT_ABI == 1
#define LS_FIELDS(X)                                                           \
  LS_FIELDS_COMMON(X) LS_FIELDS_VERSIONED(X)                                   \
  X(d_funcdesc, sframe_decoder_get_funcdesc)                                   \
  X(funcdesc_with_addr, sframe_get_funcdesc_with_addr)                         \
  X(e_add_funcdesc_v2, sframe_encoder_add_funcdesc_v2)
#else
#define LS_FIELDS(X)                                                           \
  LS_FIELDS_COMMON(X)                                                          \
  X(d_funcdesc, sframe_decoder_get_funcdesc)                                   \
  X(funcdesc_with_addr, sframe_get_funcdesc_with_addr)
#endif

void ls_api_dropin(ls_api *a) {
#define LS_SET(field, fn) a->field = fn;
  LS_FIELDS(LS_SET)
#undef LS_SET
}

int ls_api_stock(ls_api *a, const char *path) {
  void *h = path != NULL && path[0] != '\0' ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
  void *p;
  if (h == NULL)
    return 0;
/* #fn: the exported name, unexpanded (sfc_dropin_names.h renames the
 * drop-in's functions, never the stock library's). */
#define LS_LOAD(field, fn)                                                     \
  if ((p = dlsym(h, #fn)) == NULL)                                             \
    return 0;                                                                  \
  memcpy(&a->field, &p, sizeof p);
  LS_FIELDS(LS_LOAD)
#undef LS_LOAD
  FUZZ_ASSERT(peer_route_allocator(h) == 0,
              "%s: its malloc/calloc/realloc/free could not be routed to the "
              "guard-page allocator", path);
  return 1;
}

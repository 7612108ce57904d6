/* SPDX-License-Identifier: MIT */
/* classify.c - one classifier per structure: the header, an FDE (index
 * entry and v3 attribute), an FRE (its data words under the FDE type and
 * the ABI, flex pairs and control words included).
 *
 * Each decides its spec facts once, reports every finding through SFV_FIND
 * (typed slots) and returns the number of error-severity findings: 0 is the
 * classifier's "yes".  The validator reports what they find; the
 * interpreter (sfv_fre_recovery), lookup and the printers take their
 * verdict (SFV_E_ENCODING exactly when a classifier says no).
 *
 * Callers pass structures that decoded (sfv_open, sfv_fde_get, sfv_fre_next
 * succeeded); nothing here reads the section.
 */
#include "sframe/classify.h"
#include "sframe/classify_fre.h"
#include "sframe/spec.h"

#define N SFV_NONE

int sfv_classify_header(const sfv_section *sec, const sfv_out *o) {
  const sfv_header *h = &sec->hdr;
  unsigned defined = sfv_flags_defined(h->version);
  uint8_t abi = h->abi_arch;
  int no = 0;

  if (h->flags & ~defined)
    no += SFV_FIND(o, FLAGS_UNDEFINED, sfv_field_at(sec, NULL, SFV_FLD_H_FLAGS),
                   N, N, .flags = h->flags, .defined_flags = defined,
                   .undefined_bits = h->flags & ~defined);
  if (!sfv_abi_known(h->version, abi)) {
    no += SFV_FIND(o, ABI_UNKNOWN, sfv_field_at(sec, NULL, SFV_FLD_H_ABI), N,
                   N, .abi_arch = abi, .max_abi_arch = sfv_abi_max(h->version));
  } else {
    uint64_t at = sfv_field_at(sec, NULL, SFV_FLD_H_ABI);
    uint64_t ra_at = sfv_field_at(sec, NULL, SFV_FLD_H_FIXED_RA);
    if (sfv_abi_big_endian(abi) != sec->big_endian)
      no += SFV_FIND(o, ABI_ENDIAN, at, N, N, .abi_arch = abi,
                     .section_byte_order =
                         sec->big_endian ? SFV_ORDER_BIG : SFV_ORDER_LITTLE,
                     .abi_byte_order = sfv_abi_big_endian(abi)
                                           ? SFV_ORDER_BIG
                                           : SFV_ORDER_LITTLE);
    if (!sfv_fixed_ra_ok(sec))
      no += SFV_FIND(o, FIXED_RA_OFFSET, ra_at, N, N,
                     .fixed_ra_offset = h->cfa_fixed_ra_offset,
                     .amd64_ra_offset = SFV_AMD64_FIXED_RA);
    else if (abi != SFV_ABI_AMD64_LE && h->cfa_fixed_ra_offset != 0)
      no += SFV_FIND(o, FIXED_RA_OFFSET_UNUSED, ra_at, N, N,
                     .fixed_ra_offset = h->cfa_fixed_ra_offset,
                     .unused_ra_offset = 0);
  }
  if (h->cfa_fixed_fp_offset > 0 || h->cfa_fixed_fp_offset % 8 != 0)
    no += SFV_FIND(o, FIXED_FP_OFFSET, sfv_field_at(sec, NULL, SFV_FLD_H_FIXED_FP),
                   N, N, .fixed_fp_offset = h->cfa_fixed_fp_offset);
  if (sec->priv.hdr_end > sec->size)
    no += SFV_FIND(o, AUXHDR_BOUNDS, sfv_field_at(sec, NULL, SFV_FLD_H_AUXLEN),
                   N, N, .auxhdr_end = sec->priv.hdr_end,
                   .section_size = (int64_t)sec->size,
                   .auxhdr_len = h->auxhdr_len);
  else if (h->auxhdr_len != 0)
    no += SFV_FIND(o, AUXHDR_PRESENT, SFV_HEADER_SIZE, N, N,
                   .auxhdr_len = h->auxhdr_len, .expected_auxhdr_len = 0);
  return no;
}

/* sfv_classify_fde for version ver, a constant in each inlined copy: the
 * layout table's "does this version have the field" folds away. */
__attribute__((always_inline)) static inline int
classify_fde_v(const sfv_section *sec, const sfv_fde *f, const sfv_out *o,
               uint8_t ver) {
  uint8_t abi = sec->hdr.abi_arch;
  /* Field offsets only where a finding needs them (the FDE loop's cost). */
#define info_at sfv_field_at(sec, f, SFV_FLD_F_INFO)
#define info2_at sfv_field_at(sec, f, SFV_FLD_F_INFO2)
#define rep_at sfv_field_at(sec, f, SFV_FLD_F_REP_SIZE)
  uint8_t unused = sfv_info_unused(ver);
  int64_t fi = f->index;
  int no = 0;

  if (f->fre_type > SFV_FRE_ADDR4)
    no += SFV_FIND(o, FDE_FRE_TYPE, info_at, fi, N, .fre_type = f->fre_type,
                   .max_fre_type = SFV_FRE_ADDR4);
  if (f->info & unused)
    no += SFV_FIND(o, FDE_INFO_UNUSED, info_at, fi, N, .info = f->info,
                   .expected_unused_bits = 0, .unused_bits = f->info & unused);
  if (sfv_field_in(SFV_FLD_F_INFO2, ver).where != SFV_IN_NONE) {
    if (f->fde_type > SFV_FDE_FLEX)
      no += SFV_FIND(o, FDE_TYPE_UNKNOWN, info2_at, fi, N,
                     .fde_type = f->fde_type, .max_fde_type = SFV_FDE_FLEX);
    if (f->info2 & SFV_INFO2_UNUSED)
      no += SFV_FIND(o, FDE_INFO2_UNUSED, info2_at, fi, N, .info2 = f->info2,
                     .expected_unused_bits = 0,
                     .unused_bits = f->info2 & SFV_INFO2_UNUSED);
  }
  if (sfv_field_in(SFV_FLD_F_PADDING, ver).where != SFV_IN_NONE &&
      f->padding != 0)
    no += SFV_FIND(o, FDE_PADDING, sfv_field_at(sec, f, SFV_FLD_F_PADDING),
                   fi, N, .padding = f->padding, .expected_padding = 0);
  if (sfv_field_in(SFV_FLD_F_REP_SIZE, ver).where != SFV_IN_NONE) {
    if (f->pc_type == SFV_PC_MASK && f->rep_size == 0)
      no += SFV_FIND(o, FDE_MASK_REP_SIZE, rep_at, fi, N, .rep_size = 0,
                     .min_rep_size = 1);
    else if (f->pc_type == SFV_PC_INC && f->rep_size != 0)
      no += SFV_FIND(o, FDE_REP_SIZE_UNUSED, rep_at, fi, N,
                     .rep_size = f->rep_size, .expected_rep_size = 0);
  }
  if (sfv_abi_known(ver, abi) && f->pauth_key && !sfv_abi_is_aarch64(abi))
    no += SFV_FIND(o, FDE_PAUTH_KEY_ABI, info_at, fi, N, .abi_arch = abi);
  if (f->size == 0)
    no += SFV_FIND(o, FDE_ZERO_SIZE, sfv_field_at(sec, f, SFV_FLD_F_SIZE), fi,
                   N, .func_size = 0);
  /* v3 gives an FRE-less default FDE a meaning (outermost frame). */
  if (f->num_fres == 0 && !(ver == 3 && f->fde_type == SFV_FDE_DEFAULT))
    no += SFV_FIND(o, FDE_NO_FRES, sfv_field_at(sec, f, SFV_FLD_F_NUM_FRES),
                   fi, N, .num_fres = 0, .min_num_fres = 1);
  return no;
#undef info_at
#undef info2_at
#undef rep_at
}

int sfv_classify_fde(const sfv_section *sec, const sfv_fde *f,
                     const sfv_out *o) {
  switch (sec->hdr.version) {
  case 1: return classify_fde_v(sec, f, o, 1);
  case 2: return classify_fde_v(sec, f, o, 2);
  default: return classify_fde_v(sec, f, o, 3); /* opened: 1-3 */
  }
}

/* ---------------------------------------------------------------- */
/* FREs (the classifier itself is classify_fre.h).                    */

int sfv_classify_fre(const sfv_section *sec, const sfv_fde *f,
                     const sfv_fre *r, const sfv_out *o) {
  return sfv_classify_fre_i(sec, f, r, o);
}

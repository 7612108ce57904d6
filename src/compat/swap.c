/* SPDX-License-Identifier: MIT */
/* swap.c - sframe_decode's byte swap of a foreign-endian section, as the
 * ABI's libsframe does it, in place on the decoder's copy (so every later
 * read sees the library's bytes).  The walk, its order and its success
 * conditions are src/fmt/dump_swap.c's (fmt_dump_swap, the one model of
 * that swap, which --dump's check asks too); this file gives it the field
 * reversal, which needs layout.def's field table. */
#include "compat/compat.h"
#include "fmt/fmt.h"
#include "sframe/spec.h"

/* The fields libsframe swaps of the structure at section offset at: the
 * header's, and an FDE's start, size, FRE offset and FRE count (v3: the
 * first three in the index entry, the count in the attribute). */
static void swap_fields(uint8_t *b, uint64_t at, uint8_t v, int what) {
  static const sfv_field hdr[] = {SFV_FLD_H_MAGIC, SFV_FLD_H_NUM_FDES,
                                  SFV_FLD_H_NUM_FRES, SFV_FLD_H_FRE_LEN,
                                  SFV_FLD_H_FDEOFF, SFV_FLD_H_FREOFF};
  static const sfv_field fde[] = {SFV_FLD_F_START, SFV_FLD_F_SIZE,
                                  SFV_FLD_F_FRE_OFF, SFV_FLD_F_NUM_FRES};
  const sfv_field *f = what == FMT_SWAP_HDR ? hdr : fde;
  unsigned where = what == FMT_SWAP_HDR   ? SFV_IN_HDR
                   : what == FMT_SWAP_FDE ? SFV_IN_FDE
                                          : SFV_IN_ATTR;
  unsigned n = what == FMT_SWAP_HDR ? 6u : 4u, k;
  for (k = 0; k < n; k++) {
    sfv_field_loc l = sfv_field_in(f[k], v);
    if (l.where == where)
      fmt_swap_bytes(b + at + l.off, l.width);
  }
}

/* The section is opened in the FDE layout the ABI's library swaps it in
 * (sfc_open_in_layout: 2.44 swaps a v1 section's FDEs as v2 ones). */
int sfc_swap(uint8_t *b, size_t size) {
  sfv_section sec;
  if (size < SFV_HEADER_SIZE || sfc_open_in_layout(&sec, b, size) != SFV_OK)
    return -1;
  return fmt_dump_swap(&sec, b, SFC_LAYOUT, swap_fields);
}

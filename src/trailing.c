/* trailing.c - what lies after the declared end of an SFrame section:
 * zero padding (a note), another section (concatenated-sections) or
 * garbage.  One classifier, used by sfv_validate() on a buffer that holds
 * the tail and by callers that stream the tail of a large file instead of
 * holding it (the CLI's raw input).
 *
 * Invariant: looks at no byte but the SFV_HEADER_SIZE bytes at first_nz
 * (fewer when the caller has fewer). */
#include "sfv.h"
#include "internal.h"

uint64_t sfv_declared_end(const sfv_section *sec) {
  uint64_t end = sec->fre_base + sec->hdr.fre_len;
  uint64_t fde_end = sec->fde_base + (uint64_t)sec->hdr.num_fdes * sec->fde_size;
  return fde_end > end ? fde_end : end;
}

int sfv_trailing_diag(const sfv_section *sec, uint64_t size, uint64_t first_nz,
                      const uint8_t *at, size_t at_len, sfv_diag *d) {
  uint64_t end = sfv_declared_end(sec);
  uint8_t be;
  uint16_t m;
  if (end >= size)
    return 0;
  if (first_nz >= size)
    return sfv_diag_make(d, SFV_R_TRAILING_PADDING, end, SFV_NONE, SFV_NONE,
                         (int64_t)(size - end), 0, 0);
  if (at == NULL || at_len == 0)
    return 0;
  if (size - first_nz >= SFV_HEADER_SIZE && at_len >= SFV_HEADER_SIZE &&
      sfv_preamble(at, at_len, &be, &m) == SFV_OK && be == sec->big_endian &&
      at[2] >= 1 && at[2] <= 3)
    return sfv_diag_make(d, SFV_R_CONCATENATED_SECTIONS, first_nz, SFV_NONE,
                         SFV_NONE, at[2], 0, (int64_t)first_nz);
  return sfv_diag_make(d, SFV_R_TRAILING_GARBAGE, first_nz, SFV_NONE, SFV_NONE,
                       (int64_t)(size - end), 0, at[0]);
}

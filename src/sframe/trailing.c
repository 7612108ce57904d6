/* SPDX-License-Identifier: MIT */
/* trailing.c - what lies after the declared end of an SFrame section:
 * zero padding (a note), another section (concatenated-sections) or
 * garbage.  One classifier, reported through the typed reporters: used by
 * sfv_validate() on a buffer that holds the tail, and, through
 * sfv_trailing_diag(), by callers that stream the tail of a large file
 * instead of holding it (the CLI's raw input).
 *
 * Invariant: looks at no byte but the SFV_HEADER_SIZE bytes at first_nz
 * (fewer when the caller has fewer). */
#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"
#include "common/report.h"
#include "sframe/trailing.h"

uint64_t sfv_declared_end(const sfv_section *sec) {
  uint64_t end = sec->priv.fre_base + sec->hdr.fre_len;
  uint64_t fde_end =
      sec->priv.fde_base + (uint64_t)sec->hdr.num_fdes * sec->priv.fde_size;
  return fde_end > end ? fde_end : end;
}

void sfv_classify_trailing(const sfv_out *out, const sfv_section *sec,
                           uint64_t size, uint64_t first_nz, const uint8_t *at,
                           size_t at_len) {
  uint64_t end = sfv_declared_end(sec);
  uint8_t be;
  uint16_t m;
  if (end >= size)
    return;
  if (first_nz >= size) {
    SFV_FIND(out, TRAILING_PADDING, end, SFV_NONE, SFV_NONE,
             .padding_bytes = (int64_t)(size - end),
             .expected_padding_bytes = 0);
    return;
  }
  if (at == NULL || at_len == 0)
    return;
  if (size - first_nz >= SFV_HEADER_SIZE && at_len >= SFV_HEADER_SIZE &&
      sfv_preamble(at, at_len, &be, &m) == SFV_OK && be == sec->big_endian &&
      at[2] >= 1 && at[2] <= 3) {
    SFV_FIND(out, CONCATENATED_SECTIONS, first_nz, SFV_NONE, SFV_NONE,
             .next_version = at[2], .next_header_offset = (int64_t)first_nz);
    return;
  }
  SFV_FIND(out, TRAILING_GARBAGE, first_nz, SFV_NONE, SFV_NONE,
           .trailing_bytes = (int64_t)(size - end),
           .first_nonzero_byte = at[0]);
}

typedef struct capture {
  sfv_diag *d;
  int got;
} capture;

static void capture_finding(void *ctx, const sfv_finding *f) {
  capture *c = ctx;
  c->got = sfv_diag_from(c->d, f);
}

int sfv_trailing_diag(const sfv_section *sec, uint64_t size, uint64_t first_nz,
                      const uint8_t *at, size_t at_len, sfv_diag *d) {
  capture c;
  sfv_out out;
  c.d = d;
  c.got = 0;
  out.fn = capture_finding;
  out.ctx = &c;
  sfv_classify_trailing(&out, sec, size, first_nz, at, at_len);
  return c.got;
}

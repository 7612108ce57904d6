/* SPDX-License-Identifier: MIT */
/* decode.h - the decoder's private face (src/sframe/decode.c): the
 * preamble, header-only open, index-only FDE reads and the inline FRE
 * decoder the lookup and validation walks are made of.  Not API. */
#ifndef SFV_SFRAME_DECODE_H
#define SFV_SFRAME_DECODE_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "sfv.h"
#include "common/cursor.h"
#include "sframe/spec.h"

/* Byte order from the magic: SFV_OK, SFV_E_TRUNCATED or SFV_E_MAGIC.
 * magic_as_le receives the first two bytes as a little-endian value. */
int sfv_preamble(const uint8_t *p, size_t size, uint8_t *big_endian,
                 uint16_t *magic_as_le);
/* Not API, for the differential tests and fuzzers only: sfv_validate()
 * with this bit in opt->flags runs without the FRE fast path
 * (validate_fast.c).  Diagnostics and results are identical either way. */
#define SFV_OPT_NO_FAST_PATH_ 0x80000000u

/* End of the FRE sub-section, clipped to the buffer (section offset). */
static inline uint64_t sfv_fre_end(const sfv_section *sec) {
  uint64_t end = sec->priv.fre_base + sec->hdr.fre_len;
  return end < sec->size ? end : sec->size;
}
/* *out = base + delta; 0 when the result is not in [0, 2^64). */
int sfv_addr_add(uint64_t base, int64_t delta, uint64_t *out);
/* sfv_open() without the FDE/FRE order scans (fdes_sorted and fres_sorted
 * stay 0): for the validator, which checks order itself. */
sfv_status sfv_open_header(sfv_section *sec, const void *data, size_t size);
/* sfv_fde_get() of the index entry only: in v3 the attribute's fields
 * (num_fres, info, info2, rep_size and what derives from them) stay 0 and
 * the attribute is not read -- for passes that visit FDEs out of FRE-block
 * order and need only start, size and fre_off (each attribute read there
 * would be a cache miss).  SFV_E_RANGE when i >= fde_avail, else SFV_OK. */
sfv_status sfv_fde_get_index(const sfv_section *sec, uint32_t i, sfv_fde *out);
/* sfv_fde_get() for callers that pass a section and an out (no argument
 * check): the validator's passes, which read every FDE. */
sfv_status sfv_fde_get_i(const sfv_section *sec, uint32_t i, sfv_fde *out);

/* sfv_fre_iter_init() for callers that pass an iterator, a section and an
 * FDE (no argument check); inline for the validator's per-FDE walks. */
static inline sfv_status sfv_fre_iter_init_i(sfv_fre_iter *it,
                                             const sfv_section *sec,
                                             const sfv_fde *fde,
                                             uint64_t limit) {
  uint64_t end = sfv_fre_end(sec);
  if (limit == 0 || limit > end)
    limit = end;
  *it = (sfv_fre_iter){0};
  it->sec = sec;
  it->pos = fde->fres_offset;
  it->limit = limit;
  it->count = fde->num_fres;
  it->fre_type = fde->fre_type;
  if (fde->fre_type > SFV_FRE_ADDR4)
    return SFV_E_FRE_TYPE;
  return SFV_OK;
}

/* The FRE at it->pos (asz: its start address size): start address, info
 * byte and total length, with the checks sfv_fre_next() makes, in its
 * order (bounds of start and info, data-word size, bounds of the data
 * words).  Does not advance.  Inline: the lookup walk is made of it. */
__attribute__((always_inline)) static inline sfv_status
sfv_fre_head(const sfv_fre_iter *it, unsigned asz, uint32_t *start,
             uint8_t *info, uint32_t *len) {
  sfv_cursor c;
  uint64_t v = 0;
  unsigned code, cnt;
  cur_init(&c, it->sec->data, it->pos, it->limit, it->sec->big_endian);
  if (it->pos > it->limit || !cur_un(&c, asz, &v) || !cur_u8(&c, info))
    return SFV_E_BOUNDS;
  *start = (uint32_t)v;
  code = sfv_fre_info_size_code(*info);
  if (code > SFV_DW_SIZE_CODE_MAX)
    return SFV_E_DATAWORD_SIZE;
  cnt = sfv_fre_info_count(*info);
  if (!cur_has(&c, (uint64_t)cnt << code))
    return SFV_E_BOUNDS;
  *len = asz + 1u + (cnt << code);
  return SFV_OK;
}

/* sfv_fre_next() without decoding the data words: same checks, same
 * statuses, same advance; *len is the FRE's length in bytes. */
__attribute__((always_inline)) static inline sfv_status
sfv_fre_skip(sfv_fre_iter *it, uint32_t *start, uint8_t *info, uint32_t *len) {
  unsigned asz;
  sfv_status st;
  if (it->next >= it->count)
    return SFV_END;
  asz = sfv_fre_addr_size(it->fre_type);
  if (asz == 0)
    return SFV_E_FRE_TYPE;
  st = sfv_fre_head(it, asz, start, info, len);
  if (st != SFV_OK)
    return st;
  it->pos += *len;
  it->next++;
  return SFV_OK;
}

/* The data words of *out (count and size set) from c, w bytes each: one
 * loop per width so that every load and sign extension is a constant-width
 * one.  The caller checked that they are inside c. */
__attribute__((always_inline)) static inline void
sfv_fre_words_(sfv_cursor *c, sfv_fre *out, unsigned w) {
  unsigned k;
  uint64_t v = 0;
  for (k = 0; k < out->dw_count; k++) {
    (void)cur_un(c, w, &v);
    out->dw_raw[k] = (uint32_t)v;
    out->dw[k] = (int32_t)sfv_sext(v, w);
  }
}

/* The fields of *out that its info byte gives. */
__attribute__((always_inline)) static inline void
sfv_fre_info_fields_(sfv_fre *out) {
  out->base_reg = sfv_fre_info_base_reg(out->info);
  out->dw_count = sfv_fre_info_count(out->info);
  out->dw_size_code = sfv_fre_info_size_code(out->info);
  out->mangled_ra = sfv_fre_info_mangled(out->info);
}

/* sfv_fre_next_i() for start addresses of asz bytes, a constant in each
 * inlined copy (so the start load is one fixed-width load). */
__attribute__((always_inline)) static inline sfv_status
sfv_fre_next_a_(sfv_fre_iter *it, sfv_fre *out, unsigned asz) {
  sfv_cursor c;
  uint32_t len = 0;
  sfv_status st;
  /* Every field set (zero unless decoded): the scalars one by one, the
   * data-word arrays by fixed-size memsets; zeroing the whole struct at
   * once compiles to a rep stos that dominated the validator's FRE loop. */
  out->index = it->next;
  out->offset = it->pos;
  out->length = out->start = 0;
  out->info = out->base_reg = out->dw_count = out->dw_size_code = 0;
  out->dw_size = out->mangled_ra = 0;
  memset(out->dw_raw, 0, sizeof out->dw_raw);
  memset(out->dw, 0, sizeof out->dw);
  st = sfv_fre_head(it, asz, &out->start, &out->info, &len);
  if (st != SFV_OK) {
    if (st == SFV_E_DATAWORD_SIZE ||
        (it->pos <= it->limit && it->limit - it->pos > asz))
      sfv_fre_info_fields_(out);   /* the info byte was read */
    return st;
  }
  sfv_fre_info_fields_(out);
  out->dw_size = (uint8_t)(1u << out->dw_size_code);
  /* sfv_fre_head() checked that the data words are inside the limit. */
  cur_init(&c, it->sec->data, it->pos + asz + 1u, it->limit,
           it->sec->big_endian);
  if (out->dw_size == 1)
    sfv_fre_words_(&c, out, 1);
  else if (out->dw_size == 2)
    sfv_fre_words_(&c, out, 2);
  else
    sfv_fre_words_(&c, out, 4);
  out->length = len;
  it->pos += len;
  it->next++;
  return SFV_OK;
}

/* sfv_fre_next() for an iterator that sfv_fre_iter_init() set up and an
 * out that is not NULL, inline: the validator's FRE loop decodes every FRE
 * the fast path does not take with it (decode.c's sfv_fre_next checks
 * its arguments and calls it). */
__attribute__((always_inline)) static inline sfv_status
sfv_fre_next_i(sfv_fre_iter *it, sfv_fre *out) {
  if (it->next >= it->count)
    return SFV_END;
  switch (sfv_fre_addr_size(it->fre_type)) {
  case 1: return sfv_fre_next_a_(it, out, 1);
  case 2: return sfv_fre_next_a_(it, out, 2);
  case 4: return sfv_fre_next_a_(it, out, 4);
  default: return SFV_E_FRE_TYPE;
  }
}

#endif

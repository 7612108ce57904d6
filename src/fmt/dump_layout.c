/* SPDX-License-Identifier: MIT */
/* dump_layout.c - which section versions each layout's libsframe reads,
 * and in which FDE layout (fmt_fde_layout), a section opened as that
 * library reads it (fmt_open_in_layout), where it reads the tables
 * (fmt_tables_moved, fmt_place_tables), and whether its copy of the FDE
 * table can be had (fmt_fde_copy_fails). */
#include "fmt/fmt.h"

unsigned fmt_fde_layout(int layout, uint8_t v) {
  switch (layout) {
  case 240: return v == 1 ? 1u : 0u;
  case 244: return v == 1 || v == 2 ? 2u : 0u;
  default: return v == 2 || v == 3 ? v : 0u;
  }
}

sfv_status fmt_open_in_layout(sfv_section *sec, uint8_t *b, size_t size, int layout) {
  uint8_t v = size > 2 ? b[2] : 0;
  unsigned l = fmt_fde_layout(layout, v);
  sfv_status st;
  if (l != 0)
    b[2] = (uint8_t)l;
  st = sfv_open(sec, b, size);
  if (size > 2)
    b[2] = v;
  return st;
}

int fmt_fde_copy_fails(const sfv_section *in_layout, int layout) {
  uint64_t bytes = (uint64_t)in_layout->hdr.num_fdes * sfv_fde_entry_size(in_layout);
  return layout != 247 && (bytes & 0xffffffffu) > INT32_MAX;
}

/* The FRE sub-section's offset where 2.44/2.40 read it: right after the
 * header's count of entries of the FDE struct the section is opened in. */
static uint64_t placed_freoff(const sfv_section *in_layout) {
  return (uint64_t)in_layout->hdr.num_fdes * sfv_fde_entry_size(in_layout);
}

int fmt_tables_moved(const sfv_section *in_layout, int layout) {
  return layout != 247 &&
         (in_layout->hdr.fdeoff != 0 || in_layout->hdr.freoff != placed_freoff(in_layout));
}

int fmt_place_tables(sfv_section *in_layout, uint8_t *b, size_t size, int layout) {
  uint64_t freoff = placed_freoff(in_layout);
  unsigned k;
  if (!fmt_tables_moved(in_layout, layout))
    return 0;
  if (freoff > UINT32_MAX || size < SFV_HEADER_SIZE)
    return -1;
  for (k = 0; k < 4; k++) {               /* sfh_fdeoff, sfh_freoff */
    unsigned sh = in_layout->big_endian ? 24u - 8u * k : 8u * k;
    b[20 + k] = 0;
    b[24 + k] = (uint8_t)(freoff >> sh);
  }
  return fmt_open_in_layout(in_layout, b, size, layout) == SFV_OK ? 0 : -1;
}

/* SPDX-License-Identifier: MIT */
/* dump_layout.c - which section versions each layout's libsframe reads,
 * and in which FDE layout (fmt_fde_layout), a section opened as that
 * library reads it (fmt_open_in_layout), and whether its copy of the FDE
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

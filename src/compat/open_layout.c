/* SPDX-License-Identifier: MIT */
/* open_layout.c - sfv_open of a section in the FDE layout the ABI's
 * libsframe reads it in (SFC_FDE_LAYOUT), for the decoder's copy
 * (decoder.c) and the byte swap (swap.c): its own file, so that neither
 * of those two calls the other. */
#include "compat/compat.h"

sfv_status sfc_open_in_layout(sfv_section *sec, uint8_t *b, size_t size) {
  uint8_t v = b[2];
  sfv_status st;
  b[2] = (uint8_t)SFC_FDE_LAYOUT(v);
  st = sfv_open(sec, b, size);
  b[2] = v;
  return st;
}

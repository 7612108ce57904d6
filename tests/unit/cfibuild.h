/* SPDX-License-Identifier: MIT */
/* cfibuild.h - .eh_frame / .debug_frame builder for the CFI unit tests,
 * written from the LSB and DWARF 5 (it never includes sfv.h's CFI part). */
#ifndef CFIBUILD_H
#define CFIBUILD_H

#include <stddef.h>
#include <stdint.h>

#define CB_MAX 8192

typedef struct cb {
  uint8_t buf[CB_MAX];
  size_t n;
  int be;
  uint64_t addr;      /* section address (pcrel base) */
} cb;

void cb_init(cb *b, int big_endian, uint64_t addr);
void cb_u8(cb *b, uint64_t v);
void cb_un(cb *b, unsigned bytes, uint64_t v);
void cb_uleb(cb *b, uint64_t v);
void cb_sleb(cb *b, int64_t v);
void cb_bytes(cb *b, const uint8_t *p, size_t n);
/* Patches the 4-byte length field at `off` to cover up to b->n. */
void cb_close(cb *b, size_t off);

/* .eh_frame CIE, version 1, augmentation `aug` ("zR", "zPLR", "zRS", "zRB",
 * "" ...).  For 'R' the FDE encoding is fde_enc; 'P' writes a udata4
 * personality (0x12345678), 'L' an LSDA encoding of sdata4|pcrel.
 * Returns the CIE's offset. */
size_t cb_cie(cb *b, const char *aug, uint8_t fde_enc, uint64_t code_align,
              int64_t data_align, uint32_t ra, const uint8_t *insns, size_t n);
/* .eh_frame FDE with pc_begin written as sdata4|pcrel (fde_enc 0x1b) for
 * target address pc (or raw, when pcrel is 0: udata4 absolute), range as
 * udata4; 'z' FDEs get an empty augmentation data block (zlen) bytes. */
size_t cb_fde(cb *b, size_t cie, uint64_t pc, uint32_t range, int zaug,
              const uint8_t *insns, size_t n);
/* The terminator (a zero length). */
void cb_end(cb *b);

#endif

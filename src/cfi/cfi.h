/* SPDX-License-Identifier: MIT */
/* cfi.h - helpers shared by the DWARF CFI translation units (not API). */
#ifndef SFV_CFI_CFI_H
#define SFV_CFI_CFI_H

#include <stdint.h>

#include "common/cursor.h"
#include "common/emit.h"
#include "sframe/decode.h"
#include "common/work.h"
#include "sfv.h"

/* DWARF pointer encodings (DW_EH_PE_*). */
#define SFV_PE_OMIT 0xffu
#define SFV_PE_INDIRECT 0x80u

/* LEB128 of at most 64 significant bits: 0 when truncated or too long
 * (*err says which).  Never reads more than the cursor allows. */
int sfv_cfi_uleb(sfv_cursor *c, uint64_t *v, sfv_cfi_err *err);
int sfv_cfi_sleb(sfv_cursor *c, int64_t *v, sfv_cfi_err *err);

/* Reads a pointer in encoding `enc` at the cursor (the cursor's base is
 * cfi->data).  *val is the target address when *resolved, else the raw
 * value; indirect, funcrel and unknown text/data bases are not resolved.
 * Only the format nibble is used when `fmt_only` (FDE address ranges).
 * 0 on a read error (*err). */
int sfv_cfi_read_ptr(const sfv_cfi *cfi, sfv_cursor *c, uint8_t enc,
                     unsigned addr_size, int fmt_only, uint64_t *val,
                     uint8_t *resolved, sfv_cfi_err *err);

/* Checks .eh_frame_hdr (hdr[0..size), at address hdr_addr, file offset
 * hdr_file_offset) against .eh_frame `eh` (src/cfi_hdr.c): rules cfi-hdr-*
 * through fn; one unit of *work per .eh_frame FDE counted and per table entry
 * (at most one per 8 bytes of either section: a budget of sfv_work_for()
 * their sizes is never spent; when it is, the checks stop early). */
void sfv_cfi_check_hdr(const sfv_cfi *eh, const uint8_t *hdr, size_t size,
                       uint64_t hdr_addr, uint64_t hdr_file_offset, sfv_work *work,
                       sfv_diag_fn fn, void *ctx);

/* The CFI comparison of an ELF file (src/elf/elf_cfi.c), diagnostics through
 * the file's emitter and counted in res: 1 when it ran, 0 when the file
 * has no .eh_frame next to an SFrame section (or no room to relocate a
 * relocatable file's copies).  out may be NULL. */
int sfv_elf_cfi_run(const sfv_elf *e, void *scratch, size_t scratch_size,
                    sfv_emitter *em, sfv_elf_result *res,
                    sfv_cfi_compare_result *out);

#endif

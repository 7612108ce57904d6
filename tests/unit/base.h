/* SPDX-License-Identifier: MIT */
/* base.h - the valid baseline sections the rule and bounds tests mutate.
 *
 * One shape for every version and ABI, so a mutation can name "FDE 1,
 * FRE 2" whatever the baseline:
 *   FDE 0  [0x100, +0x20)   INC, addr1, 1 FRE (CFA only); v3: signal bit
 *   FDE 1  [0x120, +0x300)  INC, addr2, 3 FREs at 0, 1, 0x104 with data-word
 *                           sizes 1, 2, 4; FREs 1-2 hold every entity the ABI
 *                           tracks; AArch64: pauth key B, FRE 2 mangled RA
 *   FDE 2  [0x420, +0x40)   MASK (rep_size 16 from v2), addr1, FREs at 0, 6
 *   FDE 3  [0x460, +0x10)   v2, v3: INC, one FRE with 0 data words
 *   FDE 4  [0x470, +0x30)   v3: flex FDE, FREs with 2, 4, 5, 6 data words
 *   FDE 5  [0x4a0, +0x8)    v3: default FDE without FREs (outermost)
 * Flags: FDE_SORTED, plus FDE_FUNC_START_PCREL in v3 (and on request in
 * v2).  AMD64 fixed RA offset -8, else 0; fixed FP offset 0.
 * Every baseline validates with zero diagnostics.
 */
#ifndef BASE_H
#define BASE_H

#include "sbuild.h"

#define BASE_MAX_FDES 8
#define BASE_MAX_FRES 8
#define BASE_BUF 8192

typedef struct base {
  sb_section d;
  sb_fde fdes[BASE_MAX_FDES];
  sb_fre fres[BASE_MAX_FDES][BASE_MAX_FRES];
  uint32_t order[BASE_MAX_FDES];
  uint8_t trailing[256];
  uint8_t buf[BASE_BUF];
  sb_layout lay;
  size_t size;
} base;

/* Fills b with the baseline description for (version, abi); extra_flags are
 * ORed into sfp_flags. */
void base_init(base *b, uint8_t version, uint8_t abi, uint8_t extra_flags);
/* Serialises b->d into b->buf (re-pointing fdes[i].fres at fres[i]). */
void base_build(base *b);

/* Data-word values of a "full" FRE for the ABI (count written to *n). */
void base_full_dws(uint8_t abi, int32_t *dw, uint8_t *n);
/* DWARF SP / FP register numbers for the ABI (restated from psABIs). */
uint32_t base_sp_reg(uint8_t abi);
uint32_t base_fp_reg(uint8_t abi);

#endif

/* SPDX-License-Identifier: MIT */
/* test_cleanpass.c - the validator's one-pass proof of a finding-free stage
 * 4 (src/sframe/validate_clean.c) against the staged passes.
 *
 * The clean pass may only claim "nothing to report" when check_fde_index
 * and the FRE-block walk would report nothing; otherwise it must hand over
 * without a trace.  Rows: a clean section of default FDEs (every version,
 * AMD64 and AArch64 in both byte orders, FRE blocks in index order or
 * permuted), then one stage-4 delta per row -- each a finding the clean
 * pass has to see: a gap between blocks or at the end, two FDEs sharing a
 * block (apart, or next to each other in index order), blocks overlapping by a byte, functions overlapping or out of
 * order (with and without the sorted flag), the header's FRE count off by
 * one, a zero-size function, an FRE start past the function, an odd CFA
 * offset in the last FRE of the last block, an FRE count that runs into
 * the next block, an unused FDE info bit, functions unsorted (legal
 * without the flag: sorted and swept) but overlapping, one-FRE blocks
 * of zero bytes (start 0, no data word) with one moved a byte on (its
 * FREs still decode: an overlap and a gap whose sizes still add up to
 * the sub-section's).  Each row is validated with and without the fast path
 * (SFV_OPT_NO_FAST_PATH_ also turns the clean pass off) under every option
 * set of fuzz/fastpath_diff.h, which must agree diagnostic by diagnostic;
 * the clean rows must draw no stage-4 diagnostic with scratch, and each
 * delta row (but the valid unsorted one) at least one.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sbuild.h"
#include "../../fuzz/fastpath_diff.h"

#define NF 6
#define NR 3

enum delta {
  D_NONE, D_GAP, D_TAIL, D_SHARED, D_OVERLAP_BYTE, D_FUNC_OVERLAP,
  D_FUNC_ORDER, D_FUNC_ORDER_UNSORTED, D_NUM_FRES, D_ZERO_SIZE,
  D_START_RANGE, D_CFA_ODD, D_COUNT_INTO_NEXT, D_INFO_UNUSED, D_UNSORTED_OVERLAP, D_SHARED_NEXT,
  D_ZERO_SHIFT, D_COUNT
};
static const char *const delta_name[D_COUNT] = {
    "none", "gap", "tail", "shared block", "overlap by a byte",
    "function overlap", "function order (sorted flag)",
    "function order (no flag)", "num_fres", "zero size", "start range",
    "odd CFA offset", "count into next block", "FDE info bit 6",
    "functions unsorted (no flag) and overlapping",
    "shared block, next FDE", "zero blocks, one moved a byte"};

static const uint32_t orders[3][NF] = {
    {0, 1, 2, 3, 4, 5}, {5, 4, 3, 2, 1, 0}, {3, 0, 4, 1, 5, 2}};

static unsigned n_rows;

static size_t count_diags(const uint8_t *p, size_t n, int scratch) {
  sfv_section sec;
  sfv_options o;
  sfv_result r;
  static uint8_t mem[1 << 12];
  memset(&o, 0, sizeof o);
  if (scratch && sfv_open(&sec, p, n) == SFV_OK) {
    o.scratch = mem;
    o.scratch_size = sfv_scratch_size(sec.fde_avail);
    CHECK(o.scratch_size <= sizeof mem);
  }
  (void)sfv_validate(p, n, &o, NULL, NULL, &r);
  return (size_t)r.errors + r.warnings + r.notes;
}

static void row(uint8_t v, uint8_t abi, int be_flip, unsigned ord,
                enum delta d) {
  sb_fre fres[NF][NR];
  sb_fde fdes[NF];
  sb_section s;
  sb_layout lay;
  static uint8_t buf[1 << 12];
  char label[160];
  size_t n, diags;
  unsigned i, k;
  uint8_t be;

  memset(&s, 0, sizeof s);
  memset(fdes, 0, sizeof fdes);
  memset(fres, 0, sizeof fres);
  s.version = v;
  s.abi = abi;
  s.big_endian = (uint8_t)(sb_abi_big_endian(abi) ^ be_flip);
  s.flags = (uint8_t)(d == D_FUNC_ORDER_UNSORTED || d == D_UNSORTED_OVERLAP
                           ? 0
                           : SB_F_SORTED);
  if (v >= 2)
    s.flags |= SB_F_PCREL;
  s.fixed_ra = (int8_t)(abi == SB_ABI_AMD64 ? -8 : 0);
  s.block_order = orders[ord];
  s.fdes = fdes;
  s.nfdes = NF;
  for (i = 0; i < NF; i++) {
    fdes[i].start = 0x1000 + 0x40 * (int64_t)i;
    fdes[i].size = 0x40;
    fdes[i].fre_type = 0; /* addr1 */
    fdes[i].fres = fres[i];
    fdes[i].nfres = NR;
    for (k = 0; k < NR; k++) {
      fres[i][k].start = 8 * k;
      fres[i][k].base_reg = 1; /* SP */
      fres[i][k].dw_count = 1;
      fres[i][k].dw[0] = 16 + 8 * (int32_t)k;
    }
  }
  switch (d) {
  case D_GAP: fdes[orders[ord][3]].block_gap = 2; break;
  case D_TAIL: s.fre_tail = 3; break;
  case D_FUNC_OVERLAP: fdes[3].start -= 8; break;
  case D_FUNC_ORDER:
  case D_FUNC_ORDER_UNSORTED:
    fdes[2].start = 0x1000 + 0x40 * 3;
    fdes[3].start = 0x1000 + 0x40 * 2;
    break;
  case D_UNSORTED_OVERLAP: /* FDE 2 after FDE 3, into FDE 4 */
    fdes[2].start = 0x1000 + 0x40 * 3 + 8;
    fdes[3].start = 0x1000 + 0x40 * 2;
    break;
  case D_ZERO_SIZE: fdes[4].size = 0; break;
  case D_START_RANGE: fres[1][2].start = 0x40; break;
  case D_CFA_ODD: fres[orders[ord][NF - 1]][NR - 1].dw[0] = 17; break;
  case D_INFO_UNUSED: fdes[2].info_or = 0x40; break; /* only the FDE
                                                       classifier sees it */
  case D_ZERO_SHIFT:
    for (i = 0; i < NF; i++) {
      fdes[i].nfres = 1;
      fres[i][0].base_reg = 0;
      fres[i][0].dw_count = 0;
    }
    break;
  default: break;
  }
  n = sb_build(&s, buf, sizeof buf, &lay);
  be = lay.big_endian;
  if (d == D_SHARED_NEXT) {
    /* FDE 2 on FDE 1's block: the next FDE in index order. */
    unsigned at = v == 3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF;
    sb_put(buf, lay.fde_off[2] + at, 4, sb_get(buf, lay.fde_off[1] + at, 4, be),
           be);
  } else if (d == D_ZERO_SHIFT) {
    /* The block laid out fourth starts a byte later. */
    unsigned at = v == 3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF;
    uint32_t f = orders[ord][3];
    sb_put(buf, lay.fde_off[f] + at, 4,
           sb_get(buf, lay.fde_off[f] + at, 4, be) + 1, be);
  } else if (d == D_SHARED || d == D_OVERLAP_BYTE) {
    /* FDE 4's block offset moved onto FDE 1's block (or a byte past it). */
    unsigned at = v == 3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF;
    uint64_t off = sb_get(buf, lay.fde_off[1] + at, 4, be);
    if (d == D_OVERLAP_BYTE)
      off = sb_get(buf, lay.fde_off[4] + at, 4, be) + 1;
    sb_put(buf, lay.fde_off[4] + at, 4, off, be);
  } else if (d == D_NUM_FRES) {
    sb_put(buf, SB_H_NUM_FRES, 4, lay.num_fres + 1, be);
  } else if (d == D_COUNT_INTO_NEXT) {
    /* FDE 0 claims one FRE more: it reads the next block's first bytes. */
    if (v == 3)
      sb_put(buf, lay.block_off[0] + SB_ATTR_NUMFRES, 2, NR + 1, be);
    else
      sb_put(buf, lay.fde_off[0] + SB_FDE12_NUMFRES, 4, NR + 1, be);
    sb_put(buf, SB_H_NUM_FRES, 4, lay.num_fres + 1, be);
  }
  snprintf(label, sizeof label, "v%u abi %u%s order %u: %s", v, abi,
           be_flip ? " (other byte order)" : "", ord, delta_name[d]);
  CHECKF(fp_check_all(buf, n, n_rows, 0, label) == 0,
         "%s: clean pass and staged passes differ", label);
  diags = count_diags(buf, n, 1);
  if (d == D_NONE) {
    /* The other byte order draws its one header finding (stage 2). */
    CHECKF(diags == (size_t)be_flip, "%s: %zu diagnostics", label, diags);
  } else if (d != D_FUNC_ORDER_UNSORTED) {
    /* (Unsorted functions without the flag are valid: the row only makes
     * the clean pass hand over to the sorting passes.) */
    CHECKF(diags > (size_t)be_flip, "%s: the delta drew no diagnostic", label);
  }
  n_rows++;
}

int main(void) {
  static const uint8_t abis[] = {SB_ABI_AMD64, SB_ABI_AARCH64_LE,
                                 SB_ABI_AARCH64_BE};
  uint8_t v;
  unsigned a, flip, ord, d;
  for (v = 1; v <= 3; v++)
    for (a = 0; a < 3; a++)
      for (flip = 0; flip < 2; flip++)
        for (ord = 0; ord < 3; ord++)
          for (d = 0; d < D_COUNT; d++)
            row(v, abis[a], (int)flip, ord, (enum delta)d);
  CHECKF(n_rows == 3 * 3 * 2 * 3 * D_COUNT, "ran %u rows", n_rows);
  return t_exit("test_cleanpass");
}

/* SPDX-License-Identifier: MIT */
/* test_rules.c - every validator rule, triggered one field delta at a time.
 *
 * Each row: a valid baseline (base.h) for a version and ABI, one change
 * (description edit before building, and/or byte patches after), and the
 * diagnostic sfv_validate() must report: rule, section offset, FDE index,
 * FRE index.  The set of rules reported must be exactly {rule} U also[]
 * (every also[] rule present, nothing else of any severity), so a row fails
 * both when the rule is missed and when anything else fires.  Rows whose
 * rule is NULL assert a valid variation: zero diagnostics.
 * Finally every rule of the catalogue must be hit by some row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "diagsink.h"
#include "sfv.h"

#define N SFV_NONE
enum { AA64B = SB_ABI_AARCH64_BE, AA64L = SB_ABI_AARCH64_LE,
       AMD = SB_ABI_AMD64, S390 = SB_ABI_S390X };

/* Locations, resolved against the built layout. */
enum lk {
  L_ABS,      /* d */
  L_FDE,      /* FDE i entry + d */
  L_FDEINFO,  /* FDE i info byte (v3: in the attribute) */
  L_INFO2,    /* v3 attribute info2 */
  L_REP,      /* rep_size (v2 FDE, v3 attribute) */
  L_FSIZE,    /* function size field */
  L_FREOFF,   /* FRE offset field */
  L_NUMFRES,  /* FRE count (v1/v2 FDE, v3 attribute) */
  L_BLOCK,    /* FDE i block start (v3: the attribute) + d */
  L_FRE,      /* FRE (i, j) start field + d */
  L_INFO,     /* FRE (i, j) info byte + d */
  L_DW,       /* FRE (i, j) data word k */
  L_FREEND    /* end of the FRE sub-section + d */
};
typedef struct loc {
  uint8_t kind, i, j, k;
  int64_t d;
} loc;

#define ABS(d) {L_ABS, 0, 0, 0, d}
#define FDE(i, d) {L_FDE, i, 0, 0, d}
#define FDEINFO(i) {L_FDEINFO, i, 0, 0, 0}
#define INFO2(i) {L_INFO2, i, 0, 0, 0}
#define REP(i) {L_REP, i, 0, 0, 0}
#define FSIZE(i) {L_FSIZE, i, 0, 0, 0}
#define FREOFF(i) {L_FREOFF, i, 0, 0, 0}
#define NUMFRES(i) {L_NUMFRES, i, 0, 0, 0}
#define BLOCK(i, d) {L_BLOCK, i, 0, 0, d}
#define FRE(i, j) {L_FRE, i, j, 0, 0}
#define INFO(i, j) {L_INFO, i, j, 0, 0}
#define DW(i, j, k) {L_DW, i, j, k, 0}
#define FREEND(d) {L_FREEND, 0, 0, 0, d}

enum op { P_NONE, P_SET, P_ADD, P_OR, P_FRELEN /* set to fre_len + v */ };
typedef struct patch {
  loc at;
  uint8_t n;  /* bytes; 0: the field's natural width */
  uint8_t op;
  int64_t v;
} patch;

#define O_NOSCRATCH 0x100u

/* The values the diagnostic must carry (found, expected, aux): every row
 * that names a rule sets them, so swapping two slots in a report fails. */
typedef struct vals {
  int set;
  int64_t found, expected, aux;
} vals;
#define V(f, e, a) {1, f, e, a}

typedef struct row {
  const char *what;
  uint8_t ver, abi, flags;
  void (*pre)(base *b);
  patch p[3];
  void (*post)(base *b);
  const char *rule;        /* NULL: the change is valid, expect nothing */
  loc at;
  int64_t fde, fre;
  const char *also[4];
  unsigned opt;            /* SFV_OPT_* | O_NOSCRATCH */
  uint64_t vma;
  vals v;                  /* of the diagnostic at `at` */
} row;

static uint64_t resolve(const base *b, loc l) {
  const sb_layout *L = &b->lay;
  int v3 = b->d.version == 3;
  uint32_t g = L->fre_first[l.i] + l.j;
  switch (l.kind) {
  case L_ABS: return (uint64_t)l.d;
  case L_FDE: return L->fde_off[l.i] + (uint64_t)l.d;
  case L_FDEINFO:
    return v3 ? L->block_off[l.i] + SB_ATTR_INFO : L->fde_off[l.i] + SB_FDE12_INFO;
  case L_INFO2: return L->block_off[l.i] + SB_ATTR_INFO2;
  case L_REP:
    return v3 ? L->block_off[l.i] + SB_ATTR_REP : L->fde_off[l.i] + SB_FDE2_REP;
  case L_FSIZE:
    return L->fde_off[l.i] + (v3 ? SB_FDE3_SIZE : SB_FDE12_SIZE);
  case L_FREOFF:
    return L->fde_off[l.i] + (v3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF);
  case L_NUMFRES:
    return v3 ? L->block_off[l.i] + SB_ATTR_NUMFRES
              : L->fde_off[l.i] + SB_FDE12_NUMFRES;
  case L_BLOCK: return (uint64_t)((int64_t)L->block_off[l.i] + l.d);
  case L_FRE: return L->fre_off[g] + (uint64_t)l.d;
  case L_INFO: return L->fre_info[g] + (uint64_t)l.d;
  case L_DW:
    return L->fre_info[g] + 1u +
           (uint64_t)l.k * sb_dw_bytes(b->fres[l.i][l.j].dw_size);
  case L_FREEND: return (uint64_t)((int64_t)L->fre_end + l.d);
  }
  return 0;
}

static unsigned natural_width(const base *b, loc l) {
  switch (l.kind) {
  case L_FSIZE:
  case L_FREOFF: return 4;
  case L_NUMFRES: return b->d.version == 3 ? 2 : 4;
  case L_FRE: return sb_addr_size(b->fdes[l.i].fre_type);
  case L_DW: return sb_dw_bytes(b->fres[l.i][l.j].dw_size);
  default: return 1;
  }
}

static void apply(base *b, const patch *p) {
  uint64_t off = resolve(b, p->at), v;
  unsigned n = p->n ? p->n : natural_width(b, p->at);
  int be = b->d.big_endian;
  v = sb_get(b->buf, off, n, be);
  switch (p->op) {
  case P_SET: v = (uint64_t)p->v; break;
  case P_ADD:
    v = p->v >= 0 ? v + (uint64_t)p->v : v - (uint64_t)(-p->v);
    break;
  case P_OR: v |= (uint64_t)p->v; break;
  case P_FRELEN: v = (uint64_t)((int64_t)b->lay.fre_len + p->v); break;
  default: return;
  }
  sb_put(b->buf, off, n, v, be);
}

/* ------------------------------------------------------------ edits */

static void one_fde(base *b) { b->d.nfdes = 1; }
static void aux8(base *b) { b->d.auxhdr_len = 8; }
static void aux2(base *b) { b->d.auxhdr_len = 2; }
static void gap4(base *b) { b->d.fdeoff_gap = 4; }
static void gap2(base *b) { b->d.fdeoff_gap = 2; }
static void fregap4(base *b) { b->d.fre_gap = 4; }
static void tail3(base *b) { b->d.fre_tail = 3; }
static void blockgap2(base *b) { b->fdes[1].block_gap = 2; }
static void swap_endian(base *b) { b->d.big_endian = !b->d.big_endian; }
static void trail_zero8(base *b) { b->d.ntrailing = 8; }
static void trail_garbage(base *b) {
  b->trailing[2] = 0x55;
  b->d.ntrailing = 4;
}
static void empty_trail8(base *b) {
  b->d.nfdes = 0;
  b->d.ntrailing = 8;
}
static void reverse_blocks(base *b) {
  uint32_t i;
  for (i = 0; i < b->d.nfdes; i++)
    b->order[i] = b->d.nfdes - 1 - i;
  b->d.block_order = b->order;
}
static void reverse_blocks_tail(base *b) {
  reverse_blocks(b);
  b->d.fre_tail = 3;
}
static void fde0_late(base *b) { b->fdes[0].start = 0x1000; }
static void unsorted_noflag(base *b) {
  b->fdes[0].start = 0x1000;
  b->d.flags &= (uint8_t)~SB_F_SORTED;
}
static void unsorted_overlap(base *b) {
  unsorted_noflag(b);
  b->fdes[2].start = 0x1010;
  b->fdes[2].size = 0x8;
}
static void fde1_overlaps0(base *b) { b->fdes[1].start = 0x110; }
static void fde3_overlaps0(base *b) { b->fdes[3].start = 0x118; }
/* PCREL: stored starts descend while resolved starts ascend (valid). */
static void pcrel_raw_descending(base *b) {
  b->fdes[0].size = 0x10;
  b->fdes[1].start = 0x110;
}
static void last_fde_huge(base *b) {
  b->fdes[b->d.nfdes - 1].start = INT64_MAX - 4;
  b->fdes[b->d.nfdes - 1].size = 0x10;
}
static void no_fres0(base *b) { b->fdes[0].nfres = 0; }
static void no_fres2(base *b) { b->fdes[2].nfres = 0; }
static void no_fres3(base *b) { b->fdes[3].nfres = 0; }
static void no_fres4(base *b) { b->fdes[4].nfres = 0; }
static void count0_fre00(base *b) { b->fres[0][0].dw_count = 0; }
static void amd_count3(base *b) {
  b->fres[1][1].dw_count = 3;
  b->fres[1][1].dw[2] = -24;
}
static void count2_fre11(base *b) { b->fres[1][1].dw_count = 2; }
static void count4_fre11(base *b) {
  b->fres[1][1].dw_count = 4;
  b->fres[1][1].dw[3] = -24;
}
static void s390_ra_pad_last(base *b) {
  b->fres[1][1].dw_count = 2;
  b->fres[1][1].dw[1] = 0;
}
static void s390_ra_pad_fp(base *b) { b->fres[1][1].dw[1] = 0; }
static void s390_regnum_ok(base *b) {
  b->fres[1][1].dw[1] = 14 * 2 + 1;  /* RA in r14 */
  b->fres[1][1].dw[2] = 11 * 2 + 1;  /* FP in r11 */
}
static void flex_count1(base *b) { b->fres[4][0].dw_count = 1; }
static void flex_count3(base *b) { b->fres[4][1].dw_count = 3; }
static void flex_count7(base *b) { b->fres[4][3].dw_count = 7; }
static void flex_count0(base *b) { b->fres[4][0].dw_count = 0; }
static void flex5_no_pad(base *b) { b->fres[4][2].dw[2] = 2; }
static void flex4_pad(base *b) { b->fres[4][1].dw[2] = 0; }
static void flex6_pad(base *b) { b->fres[4][3].dw[2] = 0; }
/* [CFA pair, 0, 0]: libsframe findfre-flex-1. */
static void flex_ra_fp_zero(base *b) {
  b->fres[4][1].dw[2] = 0;
  b->fres[4][1].dw[3] = 0;
}
static void flex_ra_zero_last(base *b) {
  b->fres[4][1].dw_count = 3;
  b->fres[4][1].dw[2] = 0;
}
static void flex_fp_zero_last(base *b) {
  b->fres[4][3].dw_count = 5;
  b->fres[4][3].dw[4] = 0;
}
static void flex_regnum_aa64(base *b) {
  b->fres[4][0].dw_size = 1;
  b->fres[4][0].dw[0] = 32 << 3 | 1;
}
static void flex_regnum_max_aa64(base *b) {
  b->fres[4][0].dw_size = 1;
  b->fres[4][0].dw[0] = 31 << 3 | 1;
}

/* FDE `last` (built without FREs, its block last) shares FDE `src`'s
 * block: afterwards every FRE byte is still used exactly once by `src`. */
static void share_block_of(base *b, unsigned src, unsigned last) {
  int be = b->d.big_endian;
  uint64_t f0 = b->lay.fde_off[src], fl = b->lay.fde_off[last];
  unsigned fo = b->d.version == 3 ? SB_FDE3_FREOFF : SB_FDE12_FREOFF;
  sb_put(b->buf, fl + fo, 4, sb_get(b->buf, f0 + fo, 4, be), be);
  if (b->d.version == 3) {
    /* Drop FDE `last`'s own (final) attribute. */
    b->size -= SB_ATTR_SIZE;
    sb_put(b->buf, SB_H_FRE_LEN, 4, b->lay.fre_len - SB_ATTR_SIZE, be);
  } else {
    sb_put(b->buf, fl + SB_FDE12_NUMFRES, 4, b->fdes[src].nfres, be);
  }
  sb_put(b->buf, SB_H_NUM_FRES, 4, b->lay.num_fres + b->fdes[src].nfres, be);
}
static void share_block(base *b, unsigned last) { share_block_of(b, 0, last); }
/* FDE 3 shares FDE 1's block (at a nonzero FRE offset). */
static void share_v2_fde1(base *b) { share_block_of(b, 1, 3); }
/* FDE 1's second FRE starts after its third: order broken at FRE 2. */
static void fre11_late(base *b) { b->fres[1][1].start = 0x200; }
static void share_v1(base *b) { share_block(b, 2); }
static void share_v2(base *b) { share_block(b, 3); }
static void share_v3(base *b) { share_block(b, 5); }

static void size20(base *b) { b->size = 20; }
static void size2(base *b) { b->size = 2; }
static void size27(base *b) { b->size = 27; }
static void fre_truncate1(base *b) {
  b->size -= 1;
  sb_put(b->buf, SB_H_FRE_LEN, 4, b->lay.fre_len - 1, b->d.big_endian);
}
static void concat_self(base *b) {
  memcpy(b->buf + b->size, b->buf, b->size);
  b->size *= 2;
}
static void concat_foreign_endian(base *b) {
  concat_self(b);
  /* The copy's magic in the other byte order: not a header of this kind. */
  b->buf[b->size / 2] = b->buf[1];
  b->buf[b->size / 2 + 1] = b->buf[0];
}

/* ------------------------------------------------------------ table */

#define ROW(...) {__VA_ARGS__}

static const row rows[] = {
  /* ---- valid variations (zero diagnostics) ---- */
  ROW(.what = "v2 with PCREL", .ver = 2, .abi = AMD, .flags = SB_F_PCREL),
  ROW(.what = "v2 FRAME_POINTER flag", .ver = 2, .abi = AMD, .flags = SB_F_FRAME_POINTER),
  ROW(.what = "v1 FRAME_POINTER flag", .ver = 1, .abi = AA64L, .flags = SB_F_FRAME_POINTER),
  ROW(.what = "PCREL: stored starts descend, resolved ascend", .ver = 2,
      .abi = AMD, .flags = SB_F_PCREL, .pre = pcrel_raw_descending),
  ROW(.what = "v3 PCREL: stored starts descend, resolved ascend", .ver = 3,
      .abi = AA64L, .pre = pcrel_raw_descending),
  ROW(.what = "FRE blocks out of order but disjoint", .ver = 2, .abi = AMD,
      .pre = reverse_blocks),
  ROW(.what = "v3 FRE blocks out of order but disjoint", .ver = 3,
      .abi = S390, .pre = reverse_blocks),
  ROW(.what = "v1 FRE blocks out of order but disjoint", .ver = 1,
      .abi = AA64B, .pre = reverse_blocks),
  ROW(.what = "unsorted without the sorted flag", .ver = 2, .abi = AA64L,
      .pre = unsorted_noflag),
  ROW(.what = "s390x RA padding before FP", .ver = 2, .abi = S390,
      .pre = s390_ra_pad_fp),
  ROW(.what = "v3 s390x RA padding before FP", .ver = 3, .abi = S390,
      .pre = s390_ra_pad_fp),
  ROW(.what = "s390x v2 regnum-encoded RA/FP", .ver = 2, .abi = S390,
      .pre = s390_regnum_ok),
  ROW(.what = "flex FRE with 0 data words", .ver = 3, .abi = AMD,
      .pre = flex_count0),
  ROW(.what = "flex regnum 31 on AArch64", .ver = 3, .abi = AA64B,
      .pre = flex_regnum_max_aa64),
  /* GNU as 2.40-2.47 write CFA + RA without FP for functions saving x30
   * without x29 (issue 8; tests/findings/gnu-as-*-aarch64-ra-only.sframe). */
  ROW(.what = "AArch64 2 data words (CFA, RA)", .ver = 2, .abi = AA64L,
      .pre = count2_fre11),
  ROW(.what = "AArch64 2 data words (v1)", .ver = 1, .abi = AA64B,
      .pre = count2_fre11),
  ROW(.what = "AArch64 2 data words (v3 BE)", .ver = 3, .abi = AA64B,
      .pre = count2_fre11),
  ROW(.what = "unrelocated, unsorted with sorted flag: only the note",
      .ver = 2, .abi = AMD, .pre = fde0_late, .rule = "checks-skipped",
      .at = FDE(0, 0), .fde = N, .fre = N, .opt = SFV_OPT_UNRELOCATED,
      .v = V(0, 0, 1)),

  /* ---- preamble and header ---- */
  ROW(.what = "20-byte section", .ver = 2, .abi = AMD, .post = size20,
      .rule = "section-too-small", .at = ABS(0), .fde = N, .fre = N,
      .v = V(20, 28, 0)),
  ROW(.what = "2-byte section", .ver = 2, .abi = AA64B, .post = size2,
      .rule = "section-too-small", .at = ABS(0), .fde = N, .fre = N,
      .v = V(2, 28, 0)),
  ROW(.what = "27-byte section", .ver = 1, .abi = AMD, .post = size27,
      .rule = "section-too-small", .at = ABS(0), .fde = N, .fre = N,
      .v = V(27, 28, 0)),
  ROW(.what = "bad magic", .ver = 2, .abi = AMD,
      .p = {{ABS(0), 2, P_SET, 0x1234}}, .rule = "magic", .at = ABS(0),
      .fde = N, .fre = N,
      .v = V(13330, 57058, 0)),
  ROW(.what = "version 4", .ver = 3, .abi = AMD,
      .p = {{ABS(2), 1, P_SET, 4}}, .rule = "version-unknown", .at = ABS(2),
      .fde = N, .fre = N,
      .v = V(4, 3, 0)),
  ROW(.what = "version 0", .ver = 1, .abi = AMD,
      .p = {{ABS(2), 1, P_SET, 0}}, .rule = "version-unknown", .at = ABS(2),
      .fde = N, .fre = N,
      .v = V(0, 3, 0)),
  ROW(.what = "v3 FRAME_POINTER flag", .ver = 3, .abi = AMD,
      .p = {{ABS(3), 1, P_OR, 2}}, .rule = "flags-undefined", .at = ABS(3),
      .fde = N, .fre = N,
      .v = V(7, 5, 2)),
  ROW(.what = "v1 PCREL flag", .ver = 1, .abi = AMD,
      .p = {{ABS(3), 1, P_OR, 4}}, .rule = "flags-undefined", .at = ABS(3),
      .fde = N, .fre = N,
      .v = V(5, 3, 4)),
  ROW(.what = "v2 flag 0x8", .ver = 2, .abi = S390,
      .p = {{ABS(3), 1, P_OR, 8}}, .rule = "flags-undefined", .at = ABS(3),
      .fde = N, .fre = N,
      .v = V(9, 7, 8)),
  ROW(.what = "v3 flag 0x80", .ver = 3, .abi = AA64L,
      .p = {{ABS(3), 1, P_OR, 0x80}}, .rule = "flags-undefined",
      .at = ABS(3), .fde = N, .fre = N,
      .v = V(133, 5, 128)),
  ROW(.what = "ABI 5", .ver = 2, .abi = AMD, .p = {{ABS(4), 1, P_SET, 5}},
      .rule = "abi-unknown", .at = ABS(4), .fde = N, .fre = N,
      .v = V(5, 4, 0)),
  ROW(.what = "ABI 0", .ver = 3, .abi = AA64L, .p = {{ABS(4), 1, P_SET, 0}},
      .rule = "abi-unknown", .at = ABS(4), .fde = N, .fre = N,
      .v = V(0, 4, 0)),
  ROW(.what = "s390x ABI in v1", .ver = 1, .abi = AA64B,
      .p = {{ABS(4), 1, P_SET, 4}}, .rule = "abi-unknown", .at = ABS(4),
      .fde = N, .fre = N,
      .v = V(4, 3, 0)),
  ROW(.what = "AMD64 stored big-endian", .ver = 2, .abi = AMD,
      .pre = swap_endian, .rule = "abi-endian", .at = ABS(4), .fde = N,
      .fre = N,
      .v = V(3, 190, 30)),
  ROW(.what = "s390x stored little-endian", .ver = 3, .abi = S390,
      .pre = swap_endian, .rule = "abi-endian", .at = ABS(4), .fde = N,
      .fre = N,
      .v = V(4, 30, 190)),
  ROW(.what = "AArch64-LE stored big-endian (v1)", .ver = 1, .abi = AA64L,
      .pre = swap_endian, .rule = "abi-endian", .at = ABS(4), .fde = N,
      .fre = N,
      .v = V(2, 190, 30)),
  ROW(.what = "AMD64 fixed RA -16", .ver = 2, .abi = AMD,
      .p = {{ABS(6), 1, P_SET, 0xf0}}, .rule = "fixed-ra-offset",
      .at = ABS(6), .fde = N, .fre = N,
      .v = V(-16, -8, 0)),
  ROW(.what = "AMD64 fixed RA 0", .ver = 1, .abi = AMD,
      .p = {{ABS(6), 1, P_SET, 0}}, .rule = "fixed-ra-offset", .at = ABS(6),
      .fde = N, .fre = N,
      .v = V(0, -8, 0)),
  ROW(.what = "AArch64 fixed RA -8", .ver = 2, .abi = AA64L,
      .p = {{ABS(6), 1, P_SET, 0xf8}}, .rule = "fixed-ra-offset-unused",
      .at = ABS(6), .fde = N, .fre = N,
      .v = V(-8, 0, 0)),
  ROW(.what = "s390x fixed RA -8", .ver = 3, .abi = S390,
      .p = {{ABS(6), 1, P_SET, 0xf8}}, .rule = "fixed-ra-offset-unused",
      .at = ABS(6), .fde = N, .fre = N,
      .v = V(-8, 0, 0)),
  ROW(.what = "fixed FP -12", .ver = 2, .abi = AMD,
      .p = {{ABS(5), 1, P_SET, 0xf4}}, .rule = "fixed-fp-offset",
      .at = ABS(5), .fde = N, .fre = N,
      .v = V(-12, 0, 0)),
  ROW(.what = "fixed FP +8", .ver = 3, .abi = AA64B,
      .p = {{ABS(5), 1, P_SET, 8}}, .rule = "fixed-fp-offset", .at = ABS(5),
      .fde = N, .fre = N,
      .v = V(8, 0, 0)),
  ROW(.what = "aux header past the end", .ver = 2, .abi = AMD,
      .p = {{ABS(7), 1, P_SET, 252}}, .rule = "auxhdr-bounds", .at = ABS(7),
      .fde = N, .fre = N,
      .also = {"fde-subsection-bounds", "fre-subsection-bounds"},
      .v = V(280, 141, 252)),
  ROW(.what = "aux header present", .ver = 2, .abi = AMD, .pre = aux8,
      .rule = "auxhdr-present", .at = ABS(28), .fde = N, .fre = N,
      .v = V(8, 0, 0)),
  ROW(.what = "aux header present (v1)", .ver = 1, .abi = AA64B,
      .pre = aux8, .rule = "auxhdr-present", .at = ABS(28), .fde = N,
      .fre = N,
      .v = V(8, 0, 0)),

  /* ---- layout ---- */
  ROW(.what = "fdeoff after freoff", .ver = 2, .abi = AMD,
      .pre = empty_trail8, .p = {{ABS(20), 4, P_SET, 8}},
      .rule = "fdeoff-after-freoff", .at = ABS(20), .fde = N, .fre = N,
      .also = {"fdeoff-gap"},
      .v = V(8, 0, 0)),
  ROW(.what = "fdeoff 4", .ver = 2, .abi = AMD, .pre = gap4,
      .rule = "fdeoff-gap", .at = ABS(20), .fde = N, .fre = N,
      .v = V(4, 0, 0)),
  ROW(.what = "fdeoff 2 (v1: no alignment rule)", .ver = 1, .abi = AMD,
      .pre = gap2, .rule = "fdeoff-gap", .at = ABS(20), .fde = N, .fre = N,
      .v = V(2, 0, 0)),
  ROW(.what = "num_fdes one too many", .ver = 2, .abi = AMD, .pre = one_fde,
      .p = {{ABS(8), 4, P_ADD, 1}}, .rule = "fde-subsection-bounds",
      .at = ABS(8), .fde = N, .fre = N,
      .v = V(68, 51, 2)),
  ROW(.what = "num_fdes one too many (v1)", .ver = 1, .abi = AA64L,
      .pre = one_fde, .p = {{ABS(8), 4, P_ADD, 1}},
      .rule = "fde-subsection-bounds", .at = ABS(8), .fde = N, .fre = N,
      .v = V(62, 48, 2)),
  ROW(.what = "num_fdes one too many (v3)", .ver = 3, .abi = S390,
      .pre = one_fde, .p = {{ABS(8), 4, P_ADD, 1}},
      .rule = "fde-subsection-bounds", .at = ABS(8), .fde = N, .fre = N,
      .v = V(60, 52, 2)),
  ROW(.what = "gap between sub-sections", .ver = 2, .abi = AA64B,
      .pre = fregap4, .rule = "fde-subsection-size", .at = ABS(24),
      .fde = N, .fre = N,
      .v = V(84, 80, 4)),
  ROW(.what = "gap between sub-sections (v3)", .ver = 3, .abi = AMD,
      .pre = fregap4, .rule = "fde-subsection-size", .at = ABS(24),
      .fde = N, .fre = N,
      .v = V(100, 96, 6)),
  ROW(.what = "FDE index misaligned", .ver = 2, .abi = AMD, .pre = gap2,
      .rule = "fde-subsection-align", .at = ABS(20), .fde = N, .fre = N,
      .also = {"fdeoff-gap"},
      .v = V(30, 4, 0)),
  ROW(.what = "FDE index misaligned by aux header", .ver = 3, .abi = AA64L,
      .pre = aux2, .rule = "fde-subsection-align", .at = ABS(20), .fde = N,
      .fre = N, .also = {"auxhdr-present"},
      .v = V(30, 4, 0)),
  ROW(.what = "fre_len one past the end", .ver = 2, .abi = AMD,
      .p = {{ABS(16), 4, P_ADD, 1}}, .rule = "fre-subsection-bounds",
      .at = ABS(16), .fde = N, .fre = N,
      .v = V(142, 141, 0)),
  ROW(.what = "fre_len one past the end (v3)", .ver = 3, .abi = AA64B,
      .p = {{ABS(16), 4, P_ADD, 1}}, .rule = "fre-subsection-bounds",
      .at = ABS(16), .fde = N, .fre = N,
      .v = V(219, 218, 0)),
  ROW(.what = "unused FRE tail", .ver = 2, .abi = AMD, .pre = tail3,
      .rule = "fre-unused-bytes", .at = FREEND(-3), .fde = N, .fre = N,
      .v = V(3, 0, 0)),
  ROW(.what = "unused FRE tail (v3)", .ver = 3, .abi = S390, .pre = tail3,
      .rule = "fre-unused-bytes", .at = FREEND(-3), .fde = N, .fre = N,
      .v = V(3, 0, 0)),
  ROW(.what = "unused gap between FRE blocks", .ver = 1, .abi = AMD,
      .pre = blockgap2, .rule = "fre-unused-bytes", .at = BLOCK(1, -2),
      .fde = N, .fre = N,
      .v = V(2, 0, 0)),
  ROW(.what = "unused tail, blocks out of order", .ver = 2, .abi = AA64L,
      .pre = reverse_blocks_tail, .rule = "fre-unused-bytes",
      .at = FREEND(-3), .fde = N, .fre = N,
      .v = V(3, 0, 0)),
  ROW(.what = "num_fres one too many", .ver = 2, .abi = AMD,
      .p = {{ABS(12), 4, P_ADD, 1}}, .rule = "num-fres-mismatch",
      .at = ABS(12), .fde = N, .fre = N,
      .v = V(8, 7, 0)),
  ROW(.what = "num_fres one too few (v3)", .ver = 3, .abi = AMD,
      .p = {{ABS(12), 4, P_ADD, -1}}, .rule = "num-fres-mismatch",
      .at = ABS(12), .fde = N, .fre = N,
      .v = V(10, 11, 0)),
  ROW(.what = "trailing zero padding", .ver = 2, .abi = S390,
      .pre = trail_zero8, .rule = "trailing-padding", .at = FREEND(0),
      .fde = N, .fre = N,
      .v = V(8, 0, 0)),
  ROW(.what = "trailing garbage", .ver = 2, .abi = AMD, .pre = trail_garbage,
      .rule = "trailing-garbage", .at = FREEND(2), .fde = N, .fre = N,
      .v = V(4, 0, 85)),
  ROW(.what = "second SFrame header", .ver = 2, .abi = AMD,
      .post = concat_self, .rule = "concatenated-sections",
      .at = FREEND(0), .fde = N, .fre = N,
      .v = V(2, 0, 141)),
  ROW(.what = "second SFrame header (v3 BE)", .ver = 3, .abi = S390,
      .post = concat_self, .rule = "concatenated-sections",
      .at = FREEND(0), .fde = N, .fre = N,
      .v = V(3, 0, 218)),
  ROW(.what = "second header of the other byte order is garbage", .ver = 2,
      .abi = AMD, .post = concat_foreign_endian, .rule = "trailing-garbage",
      .at = FREEND(0), .fde = N, .fre = N,
      .v = V(141, 0, 222)),

  /* ---- FDEs ---- */
  ROW(.what = "FRE type 3", .ver = 2, .abi = AMD,
      .p = {{FDEINFO(1), 0, P_OR, 2}}, .rule = "fde-fre-type",
      .at = FDEINFO(1), .fde = 1, .fre = N, .also = {"fre-unused-bytes"},
      .v = V(3, 2, 0)),
  ROW(.what = "FRE type 3 (v3)", .ver = 3, .abi = AA64L,
      .p = {{FDEINFO(1), 0, P_OR, 2}}, .rule = "fde-fre-type",
      .at = FDEINFO(1), .fde = 1, .fre = N, .also = {"fre-unused-bytes"},
      .v = V(3, 2, 0)),
  ROW(.what = "FRE type 15 (v1)", .ver = 1, .abi = AMD,
      .p = {{FDEINFO(0), 0, P_OR, 0xf}}, .rule = "fde-fre-type",
      .at = FDEINFO(0), .fde = 0, .fre = N, .also = {"fre-unused-bytes"},
      .v = V(15, 2, 0)),
  ROW(.what = "FDE info bit 6", .ver = 2, .abi = AMD,
      .p = {{FDEINFO(0), 0, P_OR, 0x40}}, .rule = "fde-info-unused",
      .at = FDEINFO(0), .fde = 0, .fre = N,
      .v = V(64, 0, 64)),
  ROW(.what = "FDE info bit 7 (v1)", .ver = 1, .abi = AA64B,
      .p = {{FDEINFO(2), 0, P_OR, 0x80}}, .rule = "fde-info-unused",
      .at = FDEINFO(2), .fde = 2, .fre = N,
      .v = V(144, 0, 128)),
  ROW(.what = "FDE info bit 6 (v3)", .ver = 3, .abi = S390,
      .p = {{FDEINFO(1), 0, P_OR, 0x40}}, .rule = "fde-info-unused",
      .at = FDEINFO(1), .fde = 1, .fre = N,
      .v = V(65, 0, 64)),
  ROW(.what = "FDE type 2", .ver = 3, .abi = AMD,
      .p = {{INFO2(0), 0, P_SET, 2}}, .rule = "fde-type-unknown",
      .at = INFO2(0), .fde = 0, .fre = N,
      .v = V(2, 1, 0)),
  ROW(.what = "FDE type 31", .ver = 3, .abi = AA64B,
      .p = {{INFO2(1), 0, P_SET, 31}}, .rule = "fde-type-unknown",
      .at = INFO2(1), .fde = 1, .fre = N,
      .v = V(31, 1, 0)),
  ROW(.what = "info2 bit 5", .ver = 3, .abi = AMD,
      .p = {{INFO2(0), 0, P_OR, 0x20}}, .rule = "fde-info2-unused",
      .at = INFO2(0), .fde = 0, .fre = N,
      .v = V(32, 0, 32)),
  ROW(.what = "info2 bit 7 on a flex FDE", .ver = 3, .abi = S390,
      .p = {{INFO2(4), 0, P_OR, 0x80}}, .rule = "fde-info2-unused",
      .at = INFO2(4), .fde = 4, .fre = N,
      .v = V(129, 0, 128)),
  ROW(.what = "v2 padding nonzero", .ver = 2, .abi = AMD,
      .p = {{FDE(1, 18), 2, P_SET, 1}}, .rule = "fde-padding",
      .at = FDE(1, 18), .fde = 1, .fre = N,
      .v = V(1, 0, 0)),
  ROW(.what = "MASK with rep_size 0", .ver = 2, .abi = AMD,
      .p = {{REP(2), 0, P_SET, 0}}, .rule = "fde-mask-rep-size",
      .at = REP(2), .fde = 2, .fre = N,
      .v = V(0, 1, 0)),
  ROW(.what = "MASK with rep_size 0 (v3)", .ver = 3, .abi = AA64L,
      .p = {{REP(2), 0, P_SET, 0}}, .rule = "fde-mask-rep-size",
      .at = REP(2), .fde = 2, .fre = N,
      .v = V(0, 1, 0)),
  ROW(.what = "INC with rep_size 16", .ver = 2, .abi = AMD,
      .p = {{REP(0), 0, P_SET, 16}}, .rule = "fde-rep-size-unused",
      .at = REP(0), .fde = 0, .fre = N,
      .v = V(16, 0, 0)),
  ROW(.what = "INC with rep_size 16 (v3)", .ver = 3, .abi = S390,
      .p = {{REP(1), 0, P_SET, 16}}, .rule = "fde-rep-size-unused",
      .at = REP(1), .fde = 1, .fre = N,
      .v = V(16, 0, 0)),
  ROW(.what = "pauth key on AMD64", .ver = 2, .abi = AMD,
      .p = {{FDEINFO(0), 0, P_OR, 0x20}}, .rule = "fde-pauth-key-abi",
      .at = FDEINFO(0), .fde = 0, .fre = N,
      .v = V(3, 0, 0)),
  ROW(.what = "pauth key on s390x (v3)", .ver = 3, .abi = S390,
      .p = {{FDEINFO(2), 0, P_OR, 0x20}}, .rule = "fde-pauth-key-abi",
      .at = FDEINFO(2), .fde = 2, .fre = N,
      .v = V(4, 0, 0)),
  ROW(.what = "pauth key on AMD64 (v1)", .ver = 1, .abi = AMD,
      .p = {{FDEINFO(1), 0, P_OR, 0x20}}, .rule = "fde-pauth-key-abi",
      .at = FDEINFO(1), .fde = 1, .fre = N,
      .v = V(3, 0, 0)),
  ROW(.what = "function end past INT64_MAX", .ver = 3, .abi = AMD,
      .pre = last_fde_huge, .rule = "fde-func-range-overflow",
      .at = FDE(5, 0), .fde = 5, .fre = N,
      .v = V(9223372036854775803, 0, 16)),
  ROW(.what = "PCREL start resolution overflows", .ver = 3, .abi = AA64L,
      .p = {{FDE(5, 0), 8, P_SET, INT64_MAX}},
      .rule = "fde-func-range-overflow", .at = FDE(5, 0), .fde = 5,
      .fre = N,
      .v = V(9223372036854775807, 0, 8)),
  ROW(.what = "function size 0", .ver = 2, .abi = AMD,
      .p = {{FSIZE(0), 0, P_SET, 0}}, .rule = "fde-zero-size",
      .at = FSIZE(0), .fde = 0, .fre = N,
      .v = V(0, 0, 0)),
  ROW(.what = "function size 0 (v3)", .ver = 3, .abi = AA64B,
      .p = {{FSIZE(5), 0, P_SET, 0}}, .rule = "fde-zero-size",
      .at = FSIZE(5), .fde = 5, .fre = N,
      .v = V(0, 0, 0)),
  ROW(.what = "v2 FDE without FREs", .ver = 2, .abi = AMD, .pre = no_fres0,
      .rule = "fde-no-fres", .at = NUMFRES(0), .fde = 0, .fre = N,
      .v = V(0, 1, 0)),
  ROW(.what = "v1 FDE without FREs", .ver = 1, .abi = AA64L,
      .pre = no_fres2, .rule = "fde-no-fres", .at = NUMFRES(2), .fde = 2,
      .fre = N,
      .v = V(0, 1, 0)),
  ROW(.what = "v3 flex FDE without FREs", .ver = 3, .abi = AMD,
      .pre = no_fres4, .rule = "fde-no-fres", .at = BLOCK(4, 0), .fde = 4,
      .fre = N,
      .v = V(0, 1, 0)),
  ROW(.what = "sorted flag, FDE 1 before FDE 0", .ver = 2, .abi = AMD,
      .pre = fde0_late, .rule = "fde-sorted", .at = FDE(1, 0), .fde = 1,
      .fre = N,
      .v = V(288, 4096, 0)),
  ROW(.what = "sorted flag, unsorted (v1)", .ver = 1, .abi = AMD,
      .pre = fde0_late, .rule = "fde-sorted", .at = FDE(1, 0), .fde = 1,
      .fre = N,
      .v = V(288, 4096, 0)),
  ROW(.what = "sorted flag, unsorted after PCREL (v3)", .ver = 3,
      .abi = S390, .pre = fde0_late, .rule = "fde-sorted", .at = FDE(1, 0),
      .fde = 1, .fre = N,
      .v = V(288, 4096, 0)),
  ROW(.what = "sorted flag, unsorted after PCREL (v2)", .ver = 2,
      .abi = AA64L, .flags = SB_F_PCREL, .pre = fde0_late,
      .rule = "fde-sorted", .at = FDE(1, 0), .fde = 1, .fre = N,
      .v = V(288, 4096, 0)),
  ROW(.what = "PCREL cleared: stored starts read as absolute, descending",
      .ver = 2, .abi = AMD, .flags = SB_F_PCREL, .pre = pcrel_raw_descending,
      .p = {{ABS(3), 1, P_SET, SB_F_SORTED}}, .rule = "fde-sorted",
      .at = FDE(1, 0), .fde = 1, .fre = N, .also = {"fde-func-overlap"},
      .v = V(224, 228, 0)),
  ROW(.what = "overlapping functions", .ver = 2, .abi = AMD,
      .pre = fde1_overlaps0, .rule = "fde-func-overlap", .at = FDE(1, 0),
      .fde = 1, .fre = N,
      .v = V(272, 288, 0)),
  ROW(.what = "overlapping functions (v3)", .ver = 3, .abi = AA64L,
      .pre = fde1_overlaps0, .rule = "fde-func-overlap", .at = FDE(1, 0),
      .fde = 1, .fre = N,
      .v = V(272, 288, 0)),
  ROW(.what = "overlapping functions, unsorted", .ver = 2, .abi = AMD,
      .pre = unsorted_overlap, .rule = "fde-func-overlap", .at = FDE(2, 0),
      .fde = 2, .fre = N,
      .v = V(4112, 4128, 0)),
  ROW(.what = "FRE block offset past fre_len", .ver = 2, .abi = AMD,
      .pre = no_fres3, .p = {{FREOFF(3), 0, P_SET, 0x10000}},
      .rule = "fde-fre-block-bounds", .at = FREOFF(3), .fde = 3, .fre = N,
      .v = V(65536, 31, 0)),
  ROW(.what = "FRE block offset past fre_len (v1)", .ver = 1, .abi = AMD,
      .pre = no_fres2, .p = {{FREOFF(2), 0, P_FRELEN, 1}},
      .rule = "fde-fre-block-bounds", .at = FREOFF(2), .fde = 2, .fre = N,
      .v = V(26, 25, 0)),
  ROW(.what = "v3 attribute straddles fre_len", .ver = 3, .abi = AMD,
      .p = {{FREOFF(5), 0, P_FRELEN, -2}}, .rule = "fde-fre-block-bounds",
      .at = FREOFF(5), .fde = 5, .fre = N, .also = {"fre-unused-bytes"},
      .v = V(91, 88, 0)),
  ROW(.what = "two FDEs share one FRE block", .ver = 2, .abi = AMD,
      .pre = no_fres3, .post = share_v2, .rule = "fde-fre-block-overlap",
      .at = FREOFF(3), .fde = 3, .fre = N,
      .v = V(0, 3, 0)),
  ROW(.what = "FDE 3 shares FDE 1's block", .ver = 2, .abi = AMD,
      .pre = no_fres3, .post = share_v2_fde1, .rule = "fde-fre-block-overlap",
      .at = FREOFF(3), .fde = 3, .fre = N,
      .v = V(3, 25, 1)),
  ROW(.what = "two FDEs share one FRE block (v1)", .ver = 1, .abi = AA64B,
      .pre = no_fres2, .post = share_v1, .rule = "fde-fre-block-overlap",
      .at = FREOFF(2), .fde = 2, .fre = N,
      .v = V(0, 3, 0)),
  ROW(.what = "two FDEs share one FRE block (v3)", .ver = 3, .abi = S390,
      .post = share_v3, .rule = "fde-fre-block-overlap", .at = FREOFF(5),
      .fde = 5, .fre = N,
      .v = V(0, 8, 0)),

  ROW(.what = "shared FRE block, no scratch: byte count proves overlap",
      .ver = 2, .abi = AMD, .pre = no_fres3, .post = share_v2,
      .rule = "fre-blocks-inconsistent", .at = BLOCK(0, 0), .fde = N,
      .fre = N, .also = {"checks-skipped"}, .opt = O_NOSCRATCH,
      .v = V(34, 31, 0)),
  ROW(.what = "shared FRE block, no scratch (v3)", .ver = 3, .abi = AA64L,
      .post = share_v3, .rule = "fre-blocks-inconsistent",
      .at = BLOCK(0, 0), .fde = N, .fre = N, .also = {"checks-skipped"},
      .opt = O_NOSCRATCH,
      .v = V(89, 89, 0)),
  ROW(.what = "blocks out of order, no scratch, disjoint: only the note",
      .ver = 2, .abi = AMD, .pre = reverse_blocks, .rule = "checks-skipped",
      .at = BLOCK(3, 0), .fde = N, .fre = N, .opt = O_NOSCRATCH,
      .v = V(0, 0, 2)),

  /* ---- FREs ---- */
  ROW(.what = "FRE past the FRE sub-section", .ver = 2, .abi = AMD,
      .p = {{NUMFRES(3), 0, P_ADD, 1}, {ABS(12), 4, P_ADD, 1}},
      .rule = "fre-bounds", .at = FREEND(0), .fde = 3, .fre = 1,
      .v = V(2, 0, 0)),
  ROW(.what = "FRE past the FRE sub-section (v1)", .ver = 1, .abi = AA64L,
      .p = {{NUMFRES(2), 0, P_ADD, 1}, {ABS(12), 4, P_ADD, 1}},
      .rule = "fre-bounds", .at = FREEND(0), .fde = 2, .fre = 2,
      .v = V(2, 0, 0)),
  ROW(.what = "FRE past the FRE sub-section (v3)", .ver = 3, .abi = AA64B,
      .p = {{NUMFRES(5), 0, P_ADD, 1}, {ABS(12), 4, P_ADD, 1}},
      .rule = "fre-bounds", .at = FREEND(0), .fde = 5, .fre = 0,
      .v = V(2, 0, 0)),
  ROW(.what = "last FRE cut by fre_len", .ver = 2, .abi = S390,
      .post = fre_truncate1, .rule = "fre-bounds", .at = FRE(3, 0),
      .fde = 3, .fre = 0, .also = {"fre-unused-bytes"},
      .v = V(2, 1, 0)),
  ROW(.what = "FRE start equal to previous", .ver = 2, .abi = AMD,
      .p = {{FRE(1, 2), 0, P_SET, 1}}, .rule = "fre-start-order",
      .at = FRE(1, 2), .fde = 1, .fre = 2,
      .v = V(1, 1, 1)),
  ROW(.what = "FRE start below previous (v3)", .ver = 3, .abi = AA64L,
      .p = {{FRE(4, 2), 0, P_SET, 0}}, .rule = "fre-start-order",
      .at = FRE(4, 2), .fde = 4, .fre = 2,
      .v = V(0, 1, 1)),
  ROW(.what = "FRE start below previous (INC)", .ver = 2, .abi = AMD,
      .pre = fre11_late, .rule = "fre-start-order", .at = FRE(1, 2), .fde = 1,
      .fre = 2, .v = V(0x104, 0x200, 1)),
  ROW(.what = "FRE start below previous (MASK, v1)", .ver = 1, .abi = AMD,
      .p = {{FRE(2, 1), 0, P_SET, 0}}, .rule = "fre-start-order",
      .at = FRE(2, 1), .fde = 2, .fre = 1,
      .v = V(0, 0, 0)),
  ROW(.what = "first FRE at 4", .ver = 2, .abi = AMD,
      .p = {{FRE(0, 0), 0, P_SET, 4}}, .rule = "fre-first-start",
      .at = FRE(0, 0), .fde = 0, .fre = 0,
      .v = V(4, 0, 0)),
  ROW(.what = "FRE start past the function", .ver = 2, .abi = AMD,
      .p = {{FRE(1, 2), 0, P_SET, 0x301}}, .rule = "fre-start-range",
      .at = FRE(1, 2), .fde = 1, .fre = 2,
      .v = V(769, 768, 0)),
  ROW(.what = "FRE start past the function (v1)", .ver = 1, .abi = AA64B,
      .p = {{FRE(1, 2), 0, P_SET, 0xffff}}, .rule = "fre-start-range",
      .at = FRE(1, 2), .fde = 1, .fre = 2,
      .v = V(65535, 768, 0)),
  ROW(.what = "MASK FRE start at rep_size", .ver = 2, .abi = AMD,
      .p = {{FRE(2, 1), 0, P_SET, 16}}, .rule = "fre-start-range",
      .at = FRE(2, 1), .fde = 2, .fre = 1,
      .v = V(16, 16, 0)),
  ROW(.what = "MASK FRE start past rep_size (v3)", .ver = 3, .abi = S390,
      .p = {{FRE(2, 1), 0, P_SET, 0x30}}, .rule = "fre-start-range",
      .at = FRE(2, 1), .fde = 2, .fre = 1,
      .v = V(48, 16, 0)),
  ROW(.what = "v1 MASK FRE start past the function", .ver = 1, .abi = AMD,
      .p = {{FRE(2, 1), 0, P_SET, 0x41}}, .rule = "fre-start-range",
      .at = FRE(2, 1), .fde = 2, .fre = 1,
      .v = V(65, 64, 0)),
  ROW(.what = "FRE start at the function end (PR 33131)", .ver = 2,
      .abi = AMD, .p = {{FRE(1, 2), 0, P_SET, 0x300}},
      .rule = "fre-start-at-end", .at = FRE(1, 2), .fde = 1, .fre = 2,
      .v = V(768, 768, 0)),
  ROW(.what = "FRE start at the function end (v3)", .ver = 3, .abi = AA64B,
      .p = {{FRE(4, 3), 0, P_SET, 0x30}}, .rule = "fre-start-at-end",
      .at = FRE(4, 3), .fde = 4, .fre = 3,
      .v = V(48, 48, 0)),
  ROW(.what = "data-word size code 3", .ver = 2, .abi = AMD,
      .p = {{INFO(1, 0), 0, P_OR, 0x60}}, .rule = "fre-dataword-size",
      .at = INFO(1, 0), .fde = 1, .fre = 0, .also = {"fre-unused-bytes"},
      .v = V(3, 2, 0)),
  ROW(.what = "data-word size code 3 (v3 flex)", .ver = 3, .abi = AMD,
      .p = {{INFO(4, 1), 0, P_OR, 0x60}}, .rule = "fre-dataword-size",
      .at = INFO(4, 1), .fde = 4, .fre = 1, .also = {"fre-unused-bytes"},
      .v = V(3, 2, 0)),
  ROW(.what = "AMD64 3 data words", .ver = 2, .abi = AMD, .pre = amd_count3,
      .rule = "fre-dataword-count", .at = INFO(1, 1), .fde = 1, .fre = 1,
      .v = V(3, 0, 0)),
  ROW(.what = "AMD64 3 data words (v3)", .ver = 3, .abi = AMD,
      .pre = amd_count3, .rule = "fre-dataword-count", .at = INFO(1, 1),
      .fde = 1, .fre = 1,
      .v = V(3, 0, 0)),
  ROW(.what = "AArch64 4 data words (v3 BE)", .ver = 3, .abi = AA64B,
      .pre = count4_fre11, .rule = "fre-dataword-count", .at = INFO(1, 1),
      .fde = 1, .fre = 1,
      .v = V(4, 0, 0)),
  ROW(.what = "s390x 4 data words", .ver = 2, .abi = S390,
      .pre = count4_fre11, .rule = "fre-dataword-count", .at = INFO(1, 1),
      .fde = 1, .fre = 1,
      .v = V(4, 0, 0)),
  ROW(.what = "v1 0 data words", .ver = 1, .abi = AMD, .pre = count0_fre00,
      .rule = "fre-dataword-count", .at = INFO(0, 0), .fde = 0, .fre = 0,
      .v = V(0, 0, 0)),
  ROW(.what = "v1 AArch64 0 data words", .ver = 1, .abi = AA64B,
      .pre = count0_fre00, .rule = "fre-dataword-count", .at = INFO(0, 0),
      .fde = 0, .fre = 0,
      .v = V(0, 0, 0)),
  ROW(.what = "mangled RA on AMD64", .ver = 2, .abi = AMD,
      .p = {{INFO(1, 1), 0, P_OR, 0x80}}, .rule = "fre-mangled-ra-abi",
      .at = INFO(1, 1), .fde = 1, .fre = 1,
      .v = V(3, 0, 0)),
  ROW(.what = "mangled RA on s390x (v3)", .ver = 3, .abi = S390,
      .p = {{INFO(0, 0), 0, P_OR, 0x80}}, .rule = "fre-mangled-ra-abi",
      .at = INFO(0, 0), .fde = 0, .fre = 0,
      .v = V(4, 0, 0)),
  ROW(.what = "CFA offset 12", .ver = 2, .abi = AMD,
      .p = {{DW(0, 0, 0), 0, P_SET, 12}}, .rule = "fre-cfa-offset",
      .at = DW(0, 0, 0), .fde = 0, .fre = 0,
      .v = V(12, 0, 0)),
  ROW(.what = "CFA offset -8", .ver = 3, .abi = AA64L,
      .p = {{DW(1, 2, 0), 0, P_SET, -8}}, .rule = "fre-cfa-offset",
      .at = DW(1, 2, 0), .fde = 1, .fre = 2,
      .v = V(-8, 0, 0)),
  ROW(.what = "s390x CFA offset decodes to -8", .ver = 2, .abi = S390,
      .p = {{DW(0, 0, 0), 0, P_SET, -21}}, .rule = "fre-cfa-offset",
      .at = DW(0, 0, 0), .fde = 0, .fre = 0,
      .v = V(-8, 0, 0)),
  ROW(.what = "AMD64 FP saved above the CFA", .ver = 2, .abi = AMD,
      .p = {{DW(1, 1, 1), 0, P_SET, 16}}, .rule = "fre-save-offset",
      .at = DW(1, 1, 1), .fde = 1, .fre = 1,
      .v = V(16, 0, 2)),
  ROW(.what = "AArch64 RA at CFA-12", .ver = 1, .abi = AA64L,
      .p = {{DW(1, 2, 1), 0, P_SET, -12}}, .rule = "fre-save-offset",
      .at = DW(1, 2, 1), .fde = 1, .fre = 2,
      .v = V(-12, 0, 1)),
  ROW(.what = "v3 s390x odd FP offset is an offset, not a regnum",
      .ver = 3, .abi = S390, .p = {{DW(1, 1, 2), 0, P_SET, 29}},
      .rule = "fre-save-offset", .at = DW(1, 1, 2), .fde = 1, .fre = 1,
      .v = V(29, 0, 2)),
  ROW(.what = "s390x RA padding as last word", .ver = 2, .abi = S390,
      .pre = s390_ra_pad_last, .rule = "fre-ra-padding", .at = DW(1, 1, 1),
      .fde = 1, .fre = 1,
      .v = V(0, 0, 0)),
  ROW(.what = "s390x RA padding as last word (v3)", .ver = 3, .abi = S390,
      .pre = s390_ra_pad_last, .rule = "fre-ra-padding", .at = DW(1, 1, 1),
      .fde = 1, .fre = 1,
      .v = V(0, 0, 0)),
  ROW(.what = "s390x v2 regnum 40", .ver = 2, .abi = S390,
      .p = {{DW(1, 1, 1), 0, P_SET, 81}}, .rule = "fre-s390x-regnum",
      .at = DW(1, 1, 1), .fde = 1, .fre = 1,
      .v = V(40, 31, 1)),
  ROW(.what = "s390x v2 negative odd offset", .ver = 2, .abi = S390,
      .p = {{DW(1, 2, 2), 0, P_SET, -3}}, .rule = "fre-s390x-regnum",
      .at = DW(1, 2, 2), .fde = 1, .fre = 2,
      .v = V(-3, 31, 2)),
  ROW(.what = "flex FRE sets base-register bit", .ver = 3, .abi = AMD,
      .p = {{INFO(4, 0), 0, P_OR, 1}}, .rule = "fre-flex-base-reg",
      .at = INFO(4, 0), .fde = 4, .fre = 0,
      .v = V(1, 0, 0)),

  /* ---- flex ---- */
  ROW(.what = "flex 1 data word", .ver = 3, .abi = AMD, .pre = flex_count1,
      .rule = "flex-count", .at = INFO(4, 0), .fde = 4, .fre = 0,
      .v = V(1, 0, 0)),
  ROW(.what = "flex 3 data words", .ver = 3, .abi = AA64L,
      .pre = flex_count3, .rule = "flex-count", .at = INFO(4, 1), .fde = 4,
      .fre = 1,
      .v = V(3, 0, 0)),
  ROW(.what = "flex 7 data words", .ver = 3, .abi = S390,
      .pre = flex_count7, .rule = "flex-count", .at = INFO(4, 3), .fde = 4,
      .fre = 3,
      .v = V(7, 0, 0)),
  ROW(.what = "flex 5 words without RA padding", .ver = 3, .abi = AMD,
      .pre = flex5_no_pad, .rule = "flex-count", .at = INFO(4, 2), .fde = 4,
      .fre = 2,
      .v = V(5, 0, 0)),
  ROW(.what = "flex 4 words with RA padding", .ver = 3, .abi = AMD,
      .pre = flex4_pad, .rule = "flex-count", .at = INFO(4, 1), .fde = 4,
      .fre = 1,
      .v = V(4, 0, 0)),
  ROW(.what = "flex 6 words with RA padding", .ver = 3, .abi = AA64B,
      .pre = flex6_pad, .rule = "flex-count", .at = INFO(4, 3), .fde = 4,
      .fre = 3,
      .v = V(6, 0, 0)),
  ROW(.what = "flex CFA without reg_p", .ver = 3, .abi = AMD,
      .p = {{DW(4, 0, 0), 0, P_SET, 2}}, .rule = "flex-cfa-reg-p",
      .at = DW(4, 0, 0), .fde = 4, .fre = 0,
      .v = V(2, 1, 0)),
  ROW(.what = "flex RA control unused bit", .ver = 3, .abi = AMD,
      .p = {{DW(4, 1, 2), 0, P_SET, 6}}, .rule = "flex-control-unused",
      .at = DW(4, 1, 2), .fde = 4, .fre = 1,
      .v = V(6, 0, 2)),
  ROW(.what = "flex CFA control unused bit", .ver = 3, .abi = S390,
      .p = {{DW(4, 0, 0), 0, P_OR, 4}}, .rule = "flex-control-unused",
      .at = DW(4, 0, 0), .fde = 4, .fre = 0,
      .v = V(125, 0, 0)),
  ROW(.what = "flex FP control unused bit", .ver = 3, .abi = AA64L,
      .p = {{DW(4, 3, 4), 0, P_OR, 4}}, .rule = "flex-control-unused",
      .at = DW(4, 3, 4), .fde = 4, .fre = 3,
      .v = V(239, 0, 4)),
  ROW(.what = "flex padding in the CFA slot", .ver = 3, .abi = AMD,
      .p = {{DW(4, 0, 0), 0, P_SET, 0}}, .rule = "flex-padding-position",
      .at = DW(4, 0, 0), .fde = 4, .fre = 0,
      .v = V(0, 2, 0)),
  ROW(.what = "flex padding in the FP slot (6 words)", .ver = 3, .abi = AMD,
      .p = {{DW(4, 3, 4), 0, P_SET, 0}}, .rule = "flex-padding-position",
      .at = DW(4, 3, 4), .fde = 4, .fre = 3,
      .v = V(4, 2, 0)),
  ROW(.what = "flex padding in the FP slot (5 words)", .ver = 3,
      .abi = S390, .p = {{DW(4, 2, 3), 0, P_SET, 0}},
      .rule = "flex-padding-position", .at = DW(4, 2, 3), .fde = 4,
      .fre = 2,
      .v = V(3, 2, 0)),
  ROW(.what = "flex [CFA pair, 0, 0] (findfre-flex-1)", .ver = 3,
      .abi = AMD, .pre = flex_ra_fp_zero, .rule = "flex-trailing-padding",
      .at = DW(4, 1, 3), .fde = 4, .fre = 1,
      .v = V(3, 4, 0)),
  ROW(.what = "flex [CFA pair, 0]", .ver = 3, .abi = S390,
      .pre = flex_ra_zero_last, .rule = "flex-trailing-padding",
      .at = DW(4, 1, 2), .fde = 4, .fre = 1,
      .v = V(2, 3, 0)),
  ROW(.what = "flex [CFA pair, RA pair, 0]", .ver = 3, .abi = AA64L,
      .pre = flex_fp_zero_last, .rule = "flex-trailing-padding",
      .at = DW(4, 3, 4), .fde = 4, .fre = 3,
      .v = V(4, 5, 0)),
  ROW(.what = "flex regnum 17 on AMD64", .ver = 3, .abi = AMD,
      .p = {{DW(4, 0, 0), 0, P_SET, 17 << 3 | 1}}, .rule = "flex-regnum",
      .at = DW(4, 0, 0), .fde = 4, .fre = 0,
      .v = V(17, 16, 0)),
  ROW(.what = "flex regnum 32 on AArch64", .ver = 3, .abi = AA64L,
      .pre = flex_regnum_aa64, .rule = "flex-regnum", .at = DW(4, 0, 0),
      .fde = 4, .fre = 0,
      .v = V(32, 31, 0)),

  /* ---- the run itself ---- */
  ROW(.what = "unrelocated", .ver = 3, .abi = AMD, .rule = "checks-skipped",
      .at = FDE(0, 0), .fde = N, .fre = N, .opt = SFV_OPT_UNRELOCATED,
      .v = V(0, 0, 1)),
  ROW(.what = "unrelocated, overlap not checked", .ver = 2, .abi = AMD,
      .pre = fde1_overlaps0, .rule = "checks-skipped", .at = FDE(0, 0),
      .fde = N, .fre = N, .opt = SFV_OPT_UNRELOCATED,
      .v = V(0, 0, 1)),
  ROW(.what = "unsorted without scratch", .ver = 2, .abi = AMD,
      .pre = unsorted_noflag, .rule = "checks-skipped", .at = FDE(0, 0),
      .fde = N, .fre = N, .opt = O_NOSCRATCH,
      .v = V(0, 0, 2)),
  ROW(.what = "overlap of FDE 3 and FDE 0, unsorted order, with VMA",
      .ver = 2, .abi = AMD, .pre = fde3_overlaps0, .rule = "fde-func-overlap",
      .at = FDE(3, 0), .fde = 3, .fre = N, .also = {"fde-sorted"},
      .opt = SFV_OPT_VMA, .vma = 0x400000,
      .v = V(4194584, 4194592, 0)),
};

#define NROWS (sizeof rows / sizeof rows[0])

/* Rules sfv_validate() cannot emit, with the reason.  The ELF container
 * rules ("elf-*", emitted by sfv_elf_validate() in src/elf_*.c) and the
 * archive rules ("ar-*", emitted by the CLI's archive reader) are out of
 * this table's scope altogether: see in_scope(). */
static const char *const exceptions[] = {
    /* Command-line policy (--require-version=N), decided by the CLI from
     * the header; the section validator has no notion of a required
     * version. */
    "required-version",
    /* The CLI's --input=raw on a 0-byte file: sfv_validate() of 0 bytes
     * reports section-too-small (the header is missing). */
    "empty-section",
    /* --require-sorted: a policy the CLI applies (src/cli/check.c). */
    "require-sorted",
    /* --min-coverage=PCT: a policy over an ELF file's function symbols
     * (sfv_check_elf_policy; tests/py/test_cli_policy.py). */
    "min-coverage",
    "min-coverage-eh-frame",
    "min-coverage-unknown",
};

/* elf-*, ar-*: tests/py; cfi-* (the CFI comparison): tests/unit/test_cfi_compare.c;
 * profile-* rules are the CLI's --profile verdicts (src/cli/profile.c),
 * tested against the readers in tests/consumers. */
static int in_scope(const char *id) {
  return strncmp(id, "elf-", 4) != 0 && strncmp(id, "ar-", 3) != 0 &&
         strncmp(id, "cfi-", 4) != 0 && strncmp(id, "profile-", 8) != 0;
}

static int rule_in(const char *const *list, size_t n, const char *id) {
  size_t i;
  for (i = 0; i < n; i++)
    if (list[i] != NULL && strcmp(list[i], id) == 0)
      return 1;
  return 0;
}

static unsigned hits[SFV_RULE_COUNT];

static void run_row(const row *r) {
  base b;
  sink s;
  sfv_result res;
  sfv_status st;
  unsigned i, errors = 0, warnings = 0, notes = 0;
  char title[160];
  int ok_before = (int)t_failures;

  base_init(&b, r->ver, r->abi, r->flags);
  if (r->pre)
    r->pre(&b);
  base_build(&b);
  for (i = 0; i < 3; i++)
    if (r->p[i].op != P_NONE)
      apply(&b, &r->p[i]);
  if (r->post)
    r->post(&b);
  snprintf(title, sizeof title, "row '%s' (v%u abi %u)", r->what, r->ver,
           r->abi);

  st = sink_validate(&s, b.buf, b.size, r->opt & 0xffu, r->vma,
                     !(r->opt & O_NOSCRATCH), &res);
  CHECKF(st == SFV_OK, "%s: sfv_validate returned %d", title, st);
  CHECKF(s.n <= SINK_MAX, "%s: too many diagnostics", title);

  for (i = 0; i < s.n && i < SINK_MAX; i++) {
    const sfv_diag *d = &s.d[i];
    const sfv_rule_info *ri = sfv_rule_get(d->rule);
    CHECKF(ri != NULL, "%s: diagnostic with invalid rule %d", title, d->rule);
    if (ri == NULL)
      continue;
    CHECKF(d->severity == ri->severity, "%s: %s reported with severity %d",
           title, ri->id, d->severity);
    errors += ri->severity == SFV_SEV_ERROR;
    warnings += ri->severity == SFV_SEV_WARNING;
    notes += ri->severity == SFV_SEV_NOTE;
    hits[d->rule] += r->rule != NULL && strcmp(ri->id, r->rule) == 0;
    CHECKF((r->rule != NULL && strcmp(ri->id, r->rule) == 0) ||
               rule_in(r->also, 4, ri->id),
           "%s: unexpected %s at 0x%llx", title, ri->id,
           (unsigned long long)d->offset);
  }
  CHECKF(res.errors == errors && res.warnings == warnings &&
             res.notes == notes && res.suppressed == 0,
         "%s: result counts %u/%u/%u/%u disagree with the diagnostics",
         title, res.errors, res.warnings, res.notes, res.suppressed);
  {
    int fatal = b.size < SB_HDR_SIZE ||
                (r->rule != NULL && (strcmp(r->rule, "magic") == 0 ||
                                     strcmp(r->rule, "version-unknown") == 0));
    CHECKF(res.decoded == !fatal, "%s: decoded flag %u", title, res.decoded);
  }
  if (r->rule == NULL) {
    CHECKF(s.n == 0, "%s: expected no diagnostics", title);
  } else {
    sfv_rule_id id = sfv_rule_lookup(r->rule);
    uint64_t want = resolve(&b, r->at);
    int found = 0;
    CHECKF(id != SFV_RULE_COUNT, "%s: unknown rule name %s", title, r->rule);
    for (i = 0; i < s.n && i < SINK_MAX; i++)
      if (s.d[i].rule == id && s.d[i].offset == want && s.d[i].fde == r->fde &&
          s.d[i].fre == r->fre) {
        const sfv_diag *d = &s.d[i];
        if (getenv("SFV_DUMP_VALS") != NULL && !found)
          printf("VALS %u %lld %lld %lld\n", (unsigned)(r - rows),
                 (long long)d->found, (long long)d->expected,
                 (long long)d->aux);
        CHECKF(r->v.set, "%s: the row does not state found/expected/aux",
               title);
        CHECKF(!r->v.set || (d->found == r->v.found &&
                             d->expected == r->v.expected &&
                             d->aux == r->v.aux),
               "%s: values found %lld expected %lld aux %lld, want %lld %lld "
               "%lld", title, (long long)d->found, (long long)d->expected,
               (long long)d->aux, (long long)r->v.found,
               (long long)r->v.expected, (long long)r->v.aux);
        found = 1;
      }
    CHECKF(found, "%s: no %s at offset 0x%llx fde %lld fre %lld", title,
           r->rule, (unsigned long long)want, (long long)r->fde,
           (long long)r->fre);
    for (i = 0; i < 4 && r->also[i] != NULL; i++) {
      sfv_rule_id a = sfv_rule_lookup(r->also[i]);
      CHECKF(a != SFV_RULE_COUNT && sink_count(&s, a) > 0,
             "%s: accompanying %s missing", title, r->also[i]);
    }
    /* A rule whose severity is below error must leave the section valid
     * when nothing else fires (PR 33131 is a warning, not an error). */
    if (id != SFV_RULE_COUNT && sfv_rule_get(id)->severity != SFV_SEV_ERROR &&
        r->also[0] == NULL)
      CHECKF(res.errors == 0, "%s: %u errors", title, res.errors);
  }
  if ((int)t_failures != ok_before)
    sink_dump(&s, title);
}

/* Every baseline, with and without scratch and VMA: zero diagnostics. */
static void baselines(void) {
  static const uint8_t abis[] = {AA64B, AA64L, AMD, S390};
  uint8_t v;
  unsigned a, mode;
  for (v = 1; v <= 3; v++) {
    for (a = 0; a < 4; a++) {
      if (v == 1 && abis[a] == S390)
        continue;
      for (mode = 0; mode < 4; mode++) {
        base b;
        sink s;
        sfv_result res;
        char title[96];
        base_init(&b, v, abis[a], mode & 1 && v == 2 ? SB_F_PCREL : 0);
        base_build(&b);
        snprintf(title, sizeof title, "baseline v%u abi %u mode %u", v,
                 abis[a], mode);
        sink_validate(&s, b.buf, b.size, mode & 2 ? SFV_OPT_VMA : 0,
                      mode & 2 ? 0x401000 : 0, mode & 1, &res);
        CHECKF(s.n == 0 && res.errors + res.warnings + res.notes == 0 &&
                   res.decoded,
               "%s: %u diagnostics", title, s.n);
        if (s.n != 0)
          sink_dump(&s, title);
      }
    }
  }
}

static void coverage(void) {
  unsigned i;
  size_t nexc = sizeof exceptions / sizeof exceptions[0];
  for (i = 0; i < (unsigned)SFV_RULE_COUNT; i++) {
    const sfv_rule_info *ri = sfv_rule_get((sfv_rule_id)i);
    int excepted = rule_in(exceptions, nexc, ri->id);
    if (!in_scope(ri->id))
      continue;
    CHECKF(hits[i] > 0 || excepted, "rule %s is hit by no row", ri->id);
    CHECKF(!(hits[i] > 0 && excepted),
           "rule %s is listed as an exception but a row hits it", ri->id);
  }
  for (i = 0; i < NROWS; i++)
    if (rows[i].rule != NULL)
      CHECKF(sfv_rule_lookup(rows[i].rule) != SFV_RULE_COUNT,
             "row '%s' names unknown rule %s", rows[i].what, rows[i].rule);
}

int main(void) {
  size_t i;
  baselines();
  for (i = 0; i < NROWS; i++)
    run_row(&rows[i]);
  coverage();
  return t_exit("test_rules");
}

/* validate.c - staged validation of one SFrame section against the rule
 * catalogue (sfv_rules.def).
 *
 * Stages, each only trusting what the previous ones established:
 *   1. preamble: size, magic, version (fatal: nothing else is meaningful);
 *   2. header fields: flags, ABI, byte order, fixed offsets, aux header;
 *   3. layout: sub-sections inside the section and tiling;
 *   4. per FDE: fields, then its FRE block FRE by FRE;
 *   5. across FDEs: FRE counts, sortedness, function overlap, FRE block
 *      overlap and unused bytes, trailing bytes.
 * Work bound: FDEs visited <= (section size / FDE size); FRE bytes decoded
 * <= sfh_fre_len clipped to the buffer, plus one FRE (the budget below), so
 * overlapping or repeated FRE blocks cannot multiply work.
 */
#include "sfv.h"
#include "cursor.h"
#include "internal.h"

/* Field offsets inside an FDE entry (v1/v2) or v3 index/attribute. */
enum {
  FDE_OFF_START = 0,
  FDE12_OFF_SIZE = 4, FDE12_OFF_FREOFF = 8, FDE12_OFF_NUMFRES = 12,
  FDE12_OFF_INFO = 16, FDE2_OFF_REP = 17, FDE2_OFF_PAD = 18,
  FDE3_OFF_SIZE = 8, FDE3_OFF_FREOFF = 12,
  ATTR_OFF_INFO = 2, ATTR_OFF_INFO2 = 3, ATTR_OFF_REP = 4
};

/* Header field offsets. */
enum {
  H_MAGIC = 0, H_VERSION = 2, H_FLAGS = 3, H_ABI = 4, H_FIXED_FP = 5,
  H_FIXED_RA = 6, H_AUXLEN = 7, H_NUM_FDES = 8, H_NUM_FRES = 12,
  H_FRE_LEN = 16, H_FDEOFF = 20, H_FREOFF = 24
};

typedef struct vctx {
  sfv_section sec;
  const sfv_options *opt;
  sfv_emitter em;
  sfv_result *res;
  int abi_ok;
  int unreloc;               /* skip checks on resolved function addresses */
} vctx;

static void report(vctx *v, sfv_rule_id rule, uint64_t off, int64_t fde,
                   int64_t fre, int64_t found, int64_t expected, int64_t aux) {
  sfv_diag d;
  /* A diagnostic points at a byte of the section (or its end): positions
   * that header fields claim beyond the buffer are clipped to its end. */
  if (off > v->sec.size)
    off = v->sec.size;
  if (v->em.stop ||
      !sfv_diag_make(&d, rule, off, fde, fre, found, expected, aux))
    return;
  sfv_diag_count(&d, &v->res->errors, &v->res->warnings, &v->res->notes);
  sfv_emit(&v->em, &d, &v->res->suppressed);
}

static int abi_is_aarch64(uint8_t abi) {
  return abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_AARCH64_LE;
}

/* ---------------------------------------------------------------- */
/* Stages 1-3.                                                        */

/* Returns 1 when the section can be opened. */
static int check_preamble(vctx *v, const uint8_t *p, size_t size) {
  uint8_t be;
  uint16_t m;
  int st = sfv_preamble(p, size, &be, &m);
  if (st == SFV_E_TRUNCATED || size < 3) {
    report(v, SFV_R_SECTION_TOO_SMALL, 0, SFV_NONE, SFV_NONE, (int64_t)size,
           SFV_HEADER_SIZE, 0);
    return 0;
  }
  if (st == SFV_E_MAGIC) {
    report(v, SFV_R_MAGIC, H_MAGIC, SFV_NONE, SFV_NONE, (p[0] << 8) | p[1],
           SFV_MAGIC, 0);
    return 0;
  }
  if (p[2] < 1 || p[2] > 3) {
    report(v, SFV_R_VERSION_UNKNOWN, H_VERSION, SFV_NONE, SFV_NONE, p[2], 3, 0);
    return 0;
  }
  if (size < SFV_HEADER_SIZE) {
    report(v, SFV_R_SECTION_TOO_SMALL, 0, SFV_NONE, SFV_NONE, (int64_t)size,
           SFV_HEADER_SIZE, 0);
    return 0;
  }
  return 1;
}

static void check_header(vctx *v) {
  const sfv_header *h = &v->sec.hdr;
  unsigned defined = h->version == 1 ? 0x3u : h->version == 2 ? 0x7u : 0x5u;
  unsigned max_abi = h->version == 1 ? 3u : 4u;
  uint8_t abi = h->abi_arch;

  if (h->flags & ~defined)
    report(v, SFV_R_FLAGS_UNDEFINED, H_FLAGS, SFV_NONE, SFV_NONE, h->flags,
           defined, h->flags & ~defined);

  v->abi_ok = abi >= 1 && abi <= max_abi;
  if (!v->abi_ok) {
    report(v, SFV_R_ABI_UNKNOWN, H_ABI, SFV_NONE, SFV_NONE, abi, max_abi, 0);
  } else {
    int abi_be = abi == SFV_ABI_AARCH64_BE || abi == SFV_ABI_S390X_BE;
    if (abi_be != v->sec.big_endian)
      report(v, SFV_R_ABI_ENDIAN, H_ABI, SFV_NONE, SFV_NONE, abi,
             v->sec.big_endian ? 0xbe : 0x1e, abi_be ? 0xbe : 0x1e);
    if (abi == SFV_ABI_AMD64_LE && h->cfa_fixed_ra_offset != -8)
      report(v, SFV_R_FIXED_RA_OFFSET, H_FIXED_RA, SFV_NONE, SFV_NONE,
             h->cfa_fixed_ra_offset, -8, 0);
    else if (abi != SFV_ABI_AMD64_LE && h->cfa_fixed_ra_offset != 0)
      report(v, SFV_R_FIXED_RA_OFFSET_UNUSED, H_FIXED_RA, SFV_NONE, SFV_NONE,
             h->cfa_fixed_ra_offset, 0, 0);
  }
  if (h->cfa_fixed_fp_offset > 0 || h->cfa_fixed_fp_offset % 8 != 0)
    report(v, SFV_R_FIXED_FP_OFFSET, H_FIXED_FP, SFV_NONE, SFV_NONE,
           h->cfa_fixed_fp_offset, 0, 0);
  if (v->sec.hdr_end > v->sec.size)
    report(v, SFV_R_AUXHDR_BOUNDS, H_AUXLEN, SFV_NONE, SFV_NONE,
           v->sec.hdr_end, (int64_t)v->sec.size, h->auxhdr_len);
  else if (h->auxhdr_len != 0)
    report(v, SFV_R_AUXHDR_PRESENT, SFV_HEADER_SIZE, SFV_NONE, SFV_NONE,
           h->auxhdr_len, 0, 0);
}

/* Returns 1 when the FRE sub-section lies inside the section. */
static int check_layout(vctx *v) {
  const sfv_section *s = &v->sec;
  const sfv_header *h = &s->hdr;
  uint64_t need = (uint64_t)h->num_fdes * s->fde_size;
  uint64_t fde_end = s->fde_base + need;
  uint64_t fre_end = s->fre_base + h->fre_len;

  if (h->fdeoff > h->freoff)
    report(v, SFV_R_FDEOFF_AFTER_FREOFF, H_FDEOFF, SFV_NONE, SFV_NONE,
           h->fdeoff, h->freoff, 0);
  if (h->fdeoff != 0)
    report(v, SFV_R_FDEOFF_GAP, H_FDEOFF, SFV_NONE, SFV_NONE, h->fdeoff, 0, 0);
  if (fde_end > s->size)
    report(v, SFV_R_FDE_SUBSECTION_BOUNDS, H_NUM_FDES, SFV_NONE, SFV_NONE,
           (int64_t)fde_end, (int64_t)s->size, h->num_fdes);
  else if (h->fdeoff <= h->freoff && h->freoff - h->fdeoff != need)
    report(v, SFV_R_FDE_SUBSECTION_SIZE, H_FREOFF, SFV_NONE, SFV_NONE,
           h->freoff - h->fdeoff, (int64_t)need, h->num_fdes);
  if (h->version >= 2 && s->fde_base % 4 != 0 && h->num_fdes != 0)
    report(v, SFV_R_FDE_SUBSECTION_ALIGN, H_FDEOFF, SFV_NONE, SFV_NONE,
           (int64_t)s->fde_base, 4, 0);
  if (fre_end > s->size) {
    report(v, SFV_R_FRE_SUBSECTION_BOUNDS, H_FRE_LEN, SFV_NONE, SFV_NONE,
           (int64_t)fre_end, (int64_t)s->size, 0);
    return 0;
  }
  return 1;
}

/* ---------------------------------------------------------------- */
/* Stage 4: one FDE and its FREs.                                     */

static int count_valid_default(uint8_t ver, uint8_t abi, unsigned n) {
  if (ver == 1 && n == 0)
    return 0;
  switch (abi) {
  case SFV_ABI_AMD64_LE: return n <= 2;
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: return n == 0 || n == 1 || n == 3;
  case SFV_ABI_S390X_BE: return n <= 3;
  default: return 1;
  }
}

static int save_offset_ok(int64_t off) { return off < 0 && off % 8 == 0; }

static void check_fre_default(vctx *v, const sfv_fde *f, const sfv_fre *r) {
  uint8_t abi = v->sec.hdr.abi_arch, ver = v->sec.hdr.version;
  uint64_t info_off = r->offset + sfv_fre_addr_size(f->fre_type);
  int64_t cfa;
  unsigned k;

  if (!count_valid_default(ver, abi, r->dw_count)) {
    report(v, SFV_R_FRE_DATAWORD_COUNT, info_off, f->index, r->index,
           r->dw_count, 0, 0);
    return;
  }
  if (r->dw_count == 0)
    return;
  cfa = abi == SFV_ABI_S390X_BE
            ? (int64_t)r->dw[0] * SFV_S390X_CFA_OFFSET_ALIGNMENT_FACTOR -
                  SFV_S390X_CFA_OFFSET_ADJUSTMENT
            : r->dw[0];
  if (cfa < 0 || cfa % 8 != 0)
    report(v, SFV_R_FRE_CFA_OFFSET, info_off + 1, f->index, r->index, cfa, 0, 0);

  for (k = 1; k < r->dw_count; k++) {
    /* Which entity word k saves: AMD64 {-, FP}; others {-, RA, FP}. */
    int is_ra = abi != SFV_ABI_AMD64_LE && k == 1;
    uint64_t woff = info_off + 1 + (uint64_t)k * r->dw_size;
    int32_t w = r->dw[k];
    if (abi == SFV_ABI_S390X_BE) {
      if (is_ra && w == SFV_FRE_RA_OFFSET_INVALID) {
        if (r->dw_count == 2)
          report(v, SFV_R_FRE_RA_PADDING, woff, f->index, r->index, 0, 0, 0);
        continue;
      }
      if (ver == 2 && (w & 1)) {
        int64_t regnum = w < 0 ? w : (w >> 1);
        if (w < 0 || regnum > 31)
          report(v, SFV_R_FRE_S390X_REGNUM, woff, f->index, r->index, regnum,
                 31, k);
        continue;
      }
    }
    if (!save_offset_ok(w))
      report(v, SFV_R_FRE_SAVE_OFFSET, woff, f->index, r->index, w, 0,
             is_ra ? 1 : 2);
  }
}

static int flex_max_regnum(uint8_t abi) {
  return abi == SFV_ABI_AMD64_LE ? 16 : 31;
}

static void check_flex_control(vctx *v, const sfv_fde *f, const sfv_fre *r,
                               unsigned k, uint64_t woff) {
  uint32_t c = r->dw_raw[k];
  if (c & 4u)
    report(v, SFV_R_FLEX_CONTROL_UNUSED, woff, f->index, r->index, c, 0, k);
  if ((c & 1u) && (int64_t)(c >> 3) > flex_max_regnum(v->sec.hdr.abi_arch))
    report(v, SFV_R_FLEX_REGNUM, woff, f->index, r->index, c >> 3,
           flex_max_regnum(v->sec.hdr.abi_arch), k);
}

static void check_fre_flex(vctx *v, const sfv_fde *f, const sfv_fre *r) {
  uint64_t info_off = r->offset + sfv_fre_addr_size(f->fre_type);
  uint64_t w0 = info_off + 1;
  unsigned n = r->dw_count, k;
#define WOFF(k) (w0 + (uint64_t)(k) * r->dw_size)

  if (r->base_reg)
    report(v, SFV_R_FRE_FLEX_BASE_REG, info_off, f->index, r->index, 1, 0, 0);
  if (n == 0)
    return;
  if (n == 1 || n == 3 || n > 6) {
    report(v, SFV_R_FLEX_COUNT, info_off, f->index, r->index, n, 0, 0);
    return;
  }
  if (r->dw_raw[0] == 0)
    report(v, SFV_R_FLEX_PADDING_POSITION, WOFF(0), f->index, r->index, 0, 2, 0);
  else if (!(r->dw_raw[0] & 1u))
    report(v, SFV_R_FLEX_CFA_REG_P, WOFF(0), f->index, r->index, r->dw_raw[0],
           1, 0);
  check_flex_control(v, f, r, 0, WOFF(0));
  if (n == 4 || n == 6) {
    /* [2] is an RA control word: a padding here would leave an odd tail. */
    if (r->dw_raw[2] == 0)
      report(v, SFV_R_FLEX_COUNT, info_off, f->index, r->index, n, 0, 0);
    else
      check_flex_control(v, f, r, 2, WOFF(2));
  }
  if (n == 5 && r->dw_raw[2] != 0)
    report(v, SFV_R_FLEX_COUNT, info_off, f->index, r->index, n, 0, 0);
  if (n >= 5) {
    k = n - 2; /* FP control word */
    if (r->dw_raw[k] == 0)
      report(v, SFV_R_FLEX_PADDING_POSITION, WOFF(k), f->index, r->index, k, 2,
             0);
    else
      check_flex_control(v, f, r, k, WOFF(k));
  }
#undef WOFF
}

static void check_fre(vctx *v, const sfv_fde *f, const sfv_fre *r,
                      const sfv_fre *prev) {
  uint8_t ver = v->sec.hdr.version;
  uint64_t info_off = r->offset + sfv_fre_addr_size(f->fre_type);
  int mask_rep = f->pc_type == SFV_PC_MASK && ver >= 2;

  if (prev != NULL && r->start <= prev->start)
    report(v, SFV_R_FRE_START_ORDER, r->offset, f->index, r->index, r->start,
           prev->start, prev->index);
  if (r->index == 0 && r->start != 0)
    report(v, SFV_R_FRE_FIRST_START, r->offset, f->index, 0, r->start, 0, 0);
  if (mask_rep) {
    if (f->rep_size != 0 && r->start >= f->rep_size)
      report(v, SFV_R_FRE_START_RANGE, r->offset, f->index, r->index, r->start,
             f->rep_size, 0);
  } else if (r->start > f->size) {
    report(v, SFV_R_FRE_START_RANGE, r->offset, f->index, r->index, r->start,
           f->size, 0);
  } else if (r->start == f->size && f->size != 0) {
    report(v, SFV_R_FRE_START_AT_END, r->offset, f->index, r->index, r->start,
           f->size, 0);
  }
  if (v->abi_ok && r->mangled_ra && !abi_is_aarch64(v->sec.hdr.abi_arch))
    report(v, SFV_R_FRE_MANGLED_RA_ABI, info_off, f->index, r->index,
           v->sec.hdr.abi_arch, 0, 0);
  if (!v->abi_ok)
    return;
  if (f->fde_type == SFV_FDE_FLEX)
    check_fre_flex(v, f, r);
  else if (f->fde_type == SFV_FDE_DEFAULT)
    check_fre_default(v, f, r);
}

/* FRE budget of the no-scratch fallback (see check_blocks_fallback). */
typedef struct budget {
  uint64_t left;
  int hit;
} budget;

/* Decodes and checks the FREs of f (never past the FRE sub-section);
 * returns the section offset where its block ends, as far as it could be
 * read.  With b != NULL, stops when the budget is spent. */
static uint64_t walk_fres(vctx *v, const sfv_fde *f, budget *b) {
  sfv_fre_iter it;
  sfv_fre cur, prev;
  int have_prev = 0;
  sfv_status st;

  if (sfv_fre_iter_init(&it, &v->sec, f, 0) != SFV_OK)
    return f->fres_offset;
  while (!v->em.stop) {
    st = sfv_fre_next(&it, &cur);
    if (st == SFV_END)
      break;
    if (st == SFV_E_DATAWORD_SIZE) {
      uint64_t info_off = it.pos + sfv_fre_addr_size(f->fre_type);
      report(v, SFV_R_FRE_DATAWORD_SIZE, info_off, f->index, it.next,
             (v->sec.data[info_off] >> 5) & 3, 2, 0);
      break;
    }
    if (st != SFV_OK) {
      /* Truncated: say how much the FRE needs if its info byte is there. */
      uint64_t left = it.limit > it.pos ? it.limit - it.pos : 0;
      unsigned asz = sfv_fre_addr_size(f->fre_type);
      int64_t need = asz + 1;
      if (left > asz) {
        uint8_t info = v->sec.data[it.pos + asz];
        unsigned sz = 1u << ((info >> 5) & 3u);
        need += (int64_t)(((info >> 1) & 0xfu) * sz);
      }
      report(v, SFV_R_FRE_BOUNDS, it.pos, f->index, it.next, need,
             (int64_t)left, 0);
      break;
    }
    if (b != NULL) {
      if (cur.length > b->left) {
        b->hit = 1;
        b->left = 0;
        break;
      }
      b->left -= cur.length;
    }
    check_fre(v, f, &cur, have_prev ? &prev : NULL);
    prev = cur;
    have_prev = 1;
  }
  return it.pos;
}

static void check_fde_fields(vctx *v, const sfv_fde *f) {
  uint8_t ver = v->sec.hdr.version;
  uint64_t info_off = ver == 3 ? f->attr_offset + ATTR_OFF_INFO
                               : f->offset + FDE12_OFF_INFO;
  uint64_t rep_off = ver == 3 ? f->attr_offset + ATTR_OFF_REP
                              : f->offset + FDE2_OFF_REP;
  unsigned unused = ver == 3 ? 0x40u : 0xc0u;

  if (f->fre_type > SFV_FRE_ADDR4)
    report(v, SFV_R_FDE_FRE_TYPE, info_off, f->index, SFV_NONE, f->fre_type,
           2, 0);
  if (f->info & unused)
    report(v, SFV_R_FDE_INFO_UNUSED, info_off, f->index, SFV_NONE, f->info, 0,
           f->info & unused);
  if (ver == 3) {
    if (f->fde_type > SFV_FDE_FLEX)
      report(v, SFV_R_FDE_TYPE_UNKNOWN, f->attr_offset + ATTR_OFF_INFO2,
             f->index, SFV_NONE, f->fde_type, 1, 0);
    if (f->info2 & 0xe0u)
      report(v, SFV_R_FDE_INFO2_UNUSED, f->attr_offset + ATTR_OFF_INFO2,
             f->index, SFV_NONE, f->info2, 0, f->info2 & 0xe0u);
  }
  if (ver == 2 && f->padding != 0)
    report(v, SFV_R_FDE_PADDING, f->offset + FDE2_OFF_PAD, f->index, SFV_NONE,
           f->padding, 0, 0);
  if (ver >= 2) {
    if (f->pc_type == SFV_PC_MASK && f->rep_size == 0)
      report(v, SFV_R_FDE_MASK_REP_SIZE, rep_off, f->index, SFV_NONE, 0, 1, 0);
    else if (f->pc_type == SFV_PC_INC && f->rep_size != 0)
      report(v, SFV_R_FDE_REP_SIZE_UNUSED, rep_off, f->index, SFV_NONE,
             f->rep_size, 0, 0);
  }
  if (v->abi_ok && f->pauth_key && !abi_is_aarch64(v->sec.hdr.abi_arch))
    report(v, SFV_R_FDE_PAUTH_KEY_ABI, info_off, f->index, SFV_NONE,
           v->sec.hdr.abi_arch, 0, 0);
  if (f->size == 0)
    report(v, SFV_R_FDE_ZERO_SIZE,
           f->offset + (ver == 3 ? FDE3_OFF_SIZE : FDE12_OFF_SIZE), f->index,
           SFV_NONE, 0, 0, 0);
  if (f->num_fres == 0 && !(ver == 3 && f->fde_type == SFV_FDE_DEFAULT))
    report(v, SFV_R_FDE_NO_FRES,
           ver == 3 ? f->attr_offset : f->offset + FDE12_OFF_NUMFRES, f->index,
           SFV_NONE, 0, 1, 0);
}

/* Function range as [lo, hi), section-relative (the order and overlap
 * checks are invariant under adding the vma).  Returns 0 when the range is
 * not representable: start + size overflows, or with SFV_OPT_VMA the target
 * range [vma + start, vma + start + size] leaves [0, 2^64). */
static int fde_range(const vctx *v, const sfv_fde *f, int64_t *lo,
                     int64_t *hi) {
  if (!f->start_ok || __builtin_add_overflow(f->start, (int64_t)f->size, hi))
    return 0;
  if (v->opt->flags & SFV_OPT_VMA) {
    uint64_t a;
    if (!sfv_addr_add(v->opt->vma, f->start, &a) || f->size > UINT64_MAX - a)
      return 0;
  }
  *lo = f->start;
  return 1;
}

/* A section-relative position as the value diagnostics report: the target
 * address (two's-complement bit pattern, printed by "{...:a}") when the vma
 * is known, else the section-relative value.  Callers pass positions
 * fde_range() accepted, so the addition cannot leave [0, 2^64]. */
static int64_t report_addr(const vctx *v, int64_t pos) {
  uint64_t a;
  if (!(v->opt->flags & SFV_OPT_VMA) || !sfv_addr_add(v->opt->vma, pos, &a))
    return pos;
  return sfv_sext(a, 8);
}

/* ---------------------------------------------------------------- */
/* Stage 5 helpers: caller scratch and an in-place heapsort.          */

typedef struct span {
  int64_t lo;
  int64_t hi;
  uint32_t idx;
} span;

static int span_less(const span *a, const span *b) {
  return a->lo < b->lo || (a->lo == b->lo && a->idx < b->idx);
}

static void sift_down(span *a, size_t root, size_t n) {
  for (;;) {
    size_t child = 2 * root + 1, big = root;
    if (child < n && span_less(&a[big], &a[child]))
      big = child;
    if (child + 1 < n && span_less(&a[big], &a[child + 1]))
      big = child + 1;
    if (big == root)
      return;
    span t = a[root];
    a[root] = a[big];
    a[big] = t;
    root = big;
  }
}

static void heapsort_spans(span *a, size_t n) {
  size_t i;
  if (n < 2)
    return;
  for (i = n / 2; i > 0; i--)
    sift_down(a, i - 1, n);
  for (i = n - 1; i > 0; i--) {
    span t = a[0];
    a[0] = a[i];
    a[i] = t;
    sift_down(a, 0, i);
  }
}

size_t sfv_scratch_size(uint32_t num_fdes) {
  return (size_t)num_fdes * sizeof(span) + _Alignof(span);
}

static span *scratch_spans(const sfv_options *opt, uint32_t n) {
  uintptr_t p, a;
  size_t avail;
  if (opt->scratch == NULL)
    return NULL;
  p = (uintptr_t)opt->scratch;
  a = (p + (_Alignof(span) - 1)) & ~(uintptr_t)(_Alignof(span) - 1);
  if (a - p > opt->scratch_size)
    return NULL;
  avail = (opt->scratch_size - (size_t)(a - p)) / sizeof(span);
  if (avail < n)
    return NULL;
  return (span *)a;
}

/* Sweep over spans in ascending lo: report each span starting below the
 * furthest end seen so far.  Zero-length spans never overlap. */
typedef void (*overlap_fn)(vctx *v, const span *s, const span *owner);

static void sweep(vctx *v, const span *a, size_t n, overlap_fn fn) {
  int64_t max_end = INT64_MIN;
  size_t owner = 0, i;
  for (i = 0; i < n && !v->em.stop; i++) {
    if (a[i].hi <= a[i].lo)
      continue;
    if (max_end != INT64_MIN && a[i].lo < max_end) {
      fn(v, &a[i], &a[owner]);
      if (a[i].hi > max_end) {
        max_end = a[i].hi;
        owner = i;
      }
      continue;
    }
    max_end = a[i].hi;
    owner = i;
  }
}

static void func_overlap(vctx *v, const span *s, const span *owner) {
  sfv_fde f;
  if (sfv_fde_get(&v->sec, s->idx, &f) != SFV_E_RANGE)
    report(v, SFV_R_FDE_FUNC_OVERLAP, f.offset, s->idx, SFV_NONE,
           report_addr(v, s->lo), report_addr(v, owner->hi), owner->idx);
}

/* ---------------------------------------------------------------- */

/* An FDE whose FRE block can be walked: v3 attribute inside the FRE
 * sub-section (fre_len clipped to the buffer), v1/v2 FRE offset inside it,
 * a defined FRE type. */
static int block_usable(const vctx *v, uint32_t i, uint64_t fre_len,
                        sfv_fde *f) {
  if (sfv_fde_get(&v->sec, i, f) != SFV_OK)
    return 0;
  if (v->sec.hdr.version == 3)
    return (uint64_t)f->fre_off + SFV_FDE_ATTR_SIZE_V3 <= fre_len &&
           f->fre_type <= SFV_FRE_ADDR4;
  return f->fre_off <= fre_len && f->fre_type <= SFV_FRE_ADDR4 &&
         f->num_fres != 0;
}

typedef struct pass_a {
  uint32_t n;                /* FDEs checked: inside the buffer and, when
                                the FDE sub-section precedes the FRE one,
                                not reaching into it */
  uint64_t fre_len;          /* FRE sub-section length, clipped */
  int blocks_ascending;      /* usable blocks' fre_off non-decreasing */
  int funcs_in_order;        /* resolved starts non-decreasing */
  int ranges_ok;             /* every function range representable */
} pass_a;

/* Stage 4a: FDE fields, function ranges, sorted flag, FRE counts; the
 * function-overlap sweep runs here when the FDEs come in address order. */
static void check_fde_index(vctx *v, pass_a *pa) {
  const sfv_section *s = &v->sec;
  uint8_t ver = s->hdr.version;
  uint32_t i, n = pa->n, max_fde = 0;
  int unreloc = v->unreloc;
  int sorted_flag = (s->hdr.flags & SFV_F_FDE_SORTED) != 0;
  int64_t prev_lo = 0, max_end = INT64_MIN;
  uint64_t fres_total = 0, prev_blk = 0;

  pa->blocks_ascending = pa->funcs_in_order = pa->ranges_ok = 1;
  for (i = 0; i < n && !v->em.stop; i++) {
    sfv_fde f;
    sfv_status st = sfv_fde_get(s, i, &f);
    uint64_t freoff_field =
        f.offset + (ver == 3 ? FDE3_OFF_FREOFF : FDE12_OFF_FREOFF);
    int64_t lo = 0, hi = 0;

    if (st == SFV_E_BOUNDS ||
        (ver == 3 && (uint64_t)f.fre_off + SFV_FDE_ATTR_SIZE_V3 > pa->fre_len)) {
      report(v, SFV_R_FDE_FRE_BLOCK_BOUNDS, freoff_field, i, SFV_NONE,
             (int64_t)f.fre_off + SFV_FDE_ATTR_SIZE_V3, (int64_t)pa->fre_len, 0);
      continue;
    }
    if (ver != 3 && f.fre_off > pa->fre_len) {
      report(v, SFV_R_FDE_FRE_BLOCK_BOUNDS, freoff_field, i, SFV_NONE,
             f.fre_off, (int64_t)pa->fre_len, 0);
      continue;
    }
    check_fde_fields(v, &f);
    fres_total += f.num_fres;
    if (f.fre_type <= SFV_FRE_ADDR4 && (ver == 3 || f.num_fres != 0)) {
      if (f.fre_off < prev_blk)
        pa->blocks_ascending = 0;
      prev_blk = f.fre_off;
    }

    if (!fde_range(v, &f, &lo, &hi)) {
      report(v, SFV_R_FDE_FUNC_RANGE_OVERFLOW, f.offset, i, SFV_NONE, f.start,
             0, f.size);
      pa->ranges_ok = 0;
      continue;
    }
    if (unreloc)
      continue;
    if (i > 0 && lo < prev_lo) {
      if (sorted_flag && pa->funcs_in_order)
        report(v, SFV_R_FDE_SORTED, f.offset, i, SFV_NONE, report_addr(v, lo),
               report_addr(v, prev_lo), i - 1);
      pa->funcs_in_order = 0;
    }
    if (pa->funcs_in_order && hi > lo) {
      if (max_end != INT64_MIN && lo < max_end)
        report(v, SFV_R_FDE_FUNC_OVERLAP, f.offset, i, SFV_NONE,
               report_addr(v, lo), report_addr(v, max_end), max_fde);
      if (hi > max_end) {
        max_end = hi;
        max_fde = i;
      }
    }
    prev_lo = lo;
  }
  if (!v->em.stop && n == s->hdr.num_fdes && fres_total != s->hdr.num_fres)
    report(v, SFV_R_NUM_FRES_MISMATCH, H_NUM_FRES, SFV_NONE, SFV_NONE,
           s->hdr.num_fres, (int64_t)fres_total, 0);
}

/* Function overlap for FDEs not in address order: sort, then sweep. */
static void check_func_overlap_sorted(vctx *v, const pass_a *pa, span *spans) {
  uint32_t i, k = 0;
  for (i = 0; i < pa->n; i++) {
    sfv_fde f;
    int64_t lo, hi;
    if (sfv_fde_get(&v->sec, i, &f) == SFV_E_RANGE || !fde_range(v, &f, &lo, &hi))
      continue;
    spans[k].lo = lo;
    spans[k].hi = hi;
    spans[k].idx = i;
    k++;
  }
  heapsort_spans(spans, k);
  sweep(v, spans, k, func_overlap);
}

/* Stage 4b: FRE blocks in FRE-sub-section order (spans sorted by fre_off,
 * or the index order when that is already ascending).  Each block is
 * walked only when it starts at or after the furthest byte walked so far,
 * so walked ranges are disjoint and total work <= fre_len; a block starting
 * before that point overlaps the block that reached it. */
static void check_blocks_ordered(vctx *v, const pass_a *pa, span *spans) {
  const sfv_section *s = &v->sec;
  uint32_t i, n = 0, owner = 0;
  uint64_t prev_end = 0, unused = 0, first_gap = 0;
  int have_prev = 0, have_gap = 0;

  if (spans != NULL) {
    for (i = 0; i < pa->n; i++) {
      sfv_fde f;
      if (!block_usable(v, i, pa->fre_len, &f))
        continue;
      spans[n].lo = f.fre_off;
      spans[n].hi = 0;
      spans[n].idx = i;
      n++;
    }
    heapsort_spans(spans, n);
  } else {
    n = pa->n;
  }
  for (i = 0; i < n && !v->em.stop; i++) {
    sfv_fde f;
    uint32_t idx = spans != NULL ? spans[i].idx : i;
    uint64_t start;
    if (!block_usable(v, idx, pa->fre_len, &f))
      continue;
    start = f.fre_off;
    if (have_prev && start < prev_end) {
      report(v, SFV_R_FDE_FRE_BLOCK_OVERLAP,
             f.offset + (s->hdr.version == 3 ? FDE3_OFF_FREOFF : FDE12_OFF_FREOFF),
             idx, SFV_NONE, (int64_t)start, (int64_t)prev_end, owner);
      continue;
    }
    if (start > prev_end) {
      if (!have_gap)
        first_gap = prev_end;
      have_gap = 1;
      unused += start - prev_end;
    }
    prev_end = walk_fres(v, &f, NULL) - s->fre_base;
    owner = idx;
    have_prev = 1;
  }
  if (v->em.stop)
    return;
  if (prev_end < pa->fre_len) {
    if (!have_gap)
      first_gap = prev_end;
    unused += pa->fre_len - prev_end;
  }
  if (unused != 0)
    report(v, SFV_R_FRE_UNUSED_BYTES, s->fre_base + first_gap, SFV_NONE,
           SFV_NONE, (int64_t)unused, 0, 0);
}

/* Without scratch and with blocks out of order: walk in index order under a
 * budget of fre_len bytes; conclude only what the byte count proves. */
static void check_blocks_fallback(vctx *v, const pass_a *pa) {
  const sfv_section *s = &v->sec;
  budget b = {pa->fre_len, 0};
  uint64_t used = 0;
  uint32_t i;
  for (i = 0; i < pa->n && !v->em.stop && !b.hit; i++) {
    sfv_fde f;
    if (!block_usable(v, i, pa->fre_len, &f))
      continue;
    if (s->hdr.version == 3) {
      if (b.left < SFV_FDE_ATTR_SIZE_V3) {
        b.hit = 1;
        break;
      }
      b.left -= SFV_FDE_ATTR_SIZE_V3;
    }
    used += walk_fres(v, &f, &b) - s->fre_base - f.fre_off;
  }
  if (v->em.stop)
    return;
  if (b.hit || used > pa->fre_len)
    report(v, SFV_R_FRE_BLOCKS_INCONSISTENT, s->fre_base, SFV_NONE, SFV_NONE,
           (int64_t)used, (int64_t)pa->fre_len, 0);
  else if (used < pa->fre_len)
    report(v, SFV_R_FRE_UNUSED_BYTES, s->fre_base, SFV_NONE, SFV_NONE,
           (int64_t)(pa->fre_len - used), 0, 0);
  report(v, SFV_R_CHECKS_SKIPPED, s->fre_base, SFV_NONE, SFV_NONE, 0, 0, 2);
}

/* GNU as leaves every function start field 0 in a relocatable object (the
 * value is in .rela.sframe).  Two or more FDEs whose stored starts are all
 * 0 cannot be a linked section (they would all overlap): such a section
 * awaits relocation, and address checks would only report the zeros. */
static int all_starts_zero(const vctx *v, uint32_t n) {
  uint32_t i;
  if (n < 2)
    return 0;
  for (i = 0; i < n; i++) {
    sfv_fde f;
    if (sfv_fde_get(&v->sec, i, &f) == SFV_E_RANGE || f.start_raw != 0)
      return 0;
  }
  return 1;
}

static void check_fdes(vctx *v) {
  const sfv_section *s = &v->sec;
  int unreloc;
  span *spans;
  pass_a pa;
  uint64_t end = sfv_fre_end(s);

  pa.fre_len = end > s->fre_base ? end - s->fre_base : 0;
  pa.n = s->fde_avail;
  if (s->fde_base <= s->fre_base &&
      (s->fre_base - s->fde_base) / s->fde_size < pa.n)
    pa.n = (uint32_t)((s->fre_base - s->fde_base) / s->fde_size);
  spans = scratch_spans(v->opt, pa.n);
  v->unreloc = (v->opt->flags & SFV_OPT_UNRELOCATED) != 0;
  if (!v->unreloc && all_starts_zero(v, pa.n)) {
    v->unreloc = 1;
    report(v, SFV_R_CHECKS_SKIPPED, s->fde_base, SFV_NONE, SFV_NONE, 0, 0, 4);
  } else if (v->unreloc) {
    report(v, SFV_R_CHECKS_SKIPPED, s->fde_base, SFV_NONE, SFV_NONE, 0, 0, 1);
  }
  unreloc = v->unreloc;
  check_fde_index(v, &pa);
  if (v->em.stop)
    return;
  if (!pa.funcs_in_order && !unreloc && pa.ranges_ok) {
    if (spans != NULL)
      check_func_overlap_sorted(v, &pa, spans);
    else
      report(v, SFV_R_CHECKS_SKIPPED, s->fde_base, SFV_NONE, SFV_NONE, 0, 0, 2);
  }
  if (v->em.stop)
    return;
  if (spans != NULL || pa.blocks_ascending)
    check_blocks_ordered(v, &pa, spans);
  else
    check_blocks_fallback(v, &pa);
}

static void check_trailing(vctx *v) {
  const sfv_section *s = &v->sec;
  uint64_t p = sfv_declared_end(s);
  sfv_diag d;
  if (p >= s->size)
    return;
  while (p < s->size && s->data[p] == 0)
    p++;
  if (sfv_trailing_diag(s, s->size, p, s->data + (p < s->size ? p : 0),
                        p < s->size ? (size_t)(s->size - p) : 0, &d))
    report(v, d.rule, d.offset, SFV_NONE, SFV_NONE, d.found, d.expected, d.aux);
}

sfv_status sfv_validate(const void *data, size_t size, const sfv_options *opt,
                        sfv_diag_fn fn, void *ctx, sfv_result *res) {
  static const sfv_options defaults = {0};
  vctx v;
  sfv_result local;
  int fre_ok;

  if (res == NULL)
    res = &local;
  *res = (sfv_result){0};
  if (data == NULL && size != 0)
    return SFV_E_ARG;
  v = (vctx){0};
  v.opt = opt != NULL ? opt : &defaults;
  v.em.fn = fn;
  v.em.ctx = ctx;
  v.res = res;
  v.em.max = v.opt->max_diags ? v.opt->max_diags : SFV_DEFAULT_MAX_DIAGS;

  v.sec.size = size; /* report() clips offsets to it before sfv_open */
  if (!check_preamble(&v, data, size))
    return SFV_OK;
  if (sfv_open(&v.sec, data, size) != SFV_OK)
    return SFV_OK; /* unreachable: the preamble checks mirror sfv_open */
  res->decoded = 1;
  check_header(&v);
  fre_ok = check_layout(&v);
  check_fdes(&v);
  if (fre_ok && !v.em.stop)
    check_trailing(&v);
  return SFV_OK;
}

/* validate.h - state shared by the validator's stages (validate.c: the
 * section, its header, layout and FDE/FRE walk; validate_cross.c: the
 * cross-FDE checks that sort).  Not API. */
#ifndef SFV_VALIDATE_H
#define SFV_VALIDATE_H

#include "sfv.h"
#include "internal.h"
#include "report.h"

typedef struct vctx {
  sfv_section sec;
  const sfv_options *opt;
  sfv_emitter em;
  sfv_result *res;
  sfv_out out;               /* findings -> diagnostics (validate.c) */
  int abi_ok;
  int unreloc;               /* skip checks on resolved function addresses */
  int fast;                  /* FRE fast path on (validate_fast.c): not
                                disabled, and the ABI is AMD64 or AArch64 */
  /* Per FRE info byte of a default FDE, filled lazily by validate_fast.c:
   * fre_info_fast 0 (not derived yet), SFV_V_SLOW, SFV_V_FAST (data words
   * checked one by one) or SFV_V_FAST8 (data words in <= 8 bytes, checked
   * with one load: (x & mask) == expect); words_len: their bytes. */
  uint8_t fre_info_fast[256];
  uint8_t fre_words_len[256];
  uint64_t fre_words_mask[256];
  uint64_t fre_words_expect[256];
} vctx;

enum { SFV_V_FAST = 1, SFV_V_SLOW = 2, SFV_V_FAST8 = 3 };

/* An FDE's function range or FRE block as [lo, hi), with its index. */
typedef struct span {
  int64_t lo;
  int64_t hi;
  uint32_t idx;
} span;

typedef struct pass_a {
  uint32_t n;                /* FDEs checked: inside the buffer and, when
                                the FDE sub-section precedes the FRE one,
                                not reaching into it */
  uint64_t fre_len;          /* FRE sub-section length, clipped */
  int blocks_ascending;      /* usable blocks' fre_off non-decreasing */
  int funcs_in_order;        /* resolved starts non-decreasing */
  int ranges_ok;             /* every function range representable */
} pass_a;

/* FRE budget of the no-scratch fallback (see check_blocks_fallback). */
typedef struct budget {
  uint64_t left;
  int hit;
} budget;

/* validate.c */
int64_t sfv_v_report_addr(const vctx *v, int64_t pos);
uint64_t sfv_v_walk_fres(vctx *v, const sfv_fde *f, budget *b);

/* Function range as [lo, hi), section-relative (the order and overlap
 * checks are invariant under adding the vma).  Returns 0 when the range is
 * not representable: start + size overflows, or with SFV_OPT_VMA the target
 * range [vma + start, vma + start + size] leaves [0, 2^64). */
static inline int sfv_v_fde_range(const vctx *v, const sfv_fde *f,
                                  int64_t *lo, int64_t *hi) {
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

/* Start addresses the FREs of f may have without a range finding:
 * start < bound (check_fre_start reports the others).  v2+ mask FDEs:
 * starts are offsets into the repeated block (none when rep_size is 0,
 * which the FDE classifier reports); otherwise inside the function, and
 * only a zero-size function may have an FRE at its end. */
static inline uint64_t sfv_v_fre_start_bound(const vctx *v, const sfv_fde *f) {
  if (f->pc_type == SFV_PC_MASK && v->sec.hdr.version >= 2)
    return f->rep_size != 0 ? f->rep_size : UINT64_MAX;
  return f->size != 0 ? f->size : 1;
}

/* validate_fast.c: advances *it (and b->left, *prev_start) over the FREs
 * from it->pos on for which the slow path (sfv_fre_next, check_fre_start,
 * sfv_classify_fre, the budget) would report nothing, stopping at the first
 * FRE it cannot prove that of; the caller's slow path takes that one.
 * *prev_start is the start of FRE it->next - 1 (when it->next > 0). */
static inline int sfv_v_fast_usable(const vctx *v, const sfv_fde *f) {
  return v->fast && f->fde_type == SFV_FDE_DEFAULT;
}
void sfv_v_fast_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *it, budget *b,
                     uint32_t *prev_start);

/* validate_clean.c: stage 4 (FDEs, FRE blocks, FREs) in one pass that
 * reports nothing: 1 when it proved that the staged passes (check_fde_index
 * and the block walk) would report nothing either, 0 when the caller must
 * run them (nothing was reported, no state they read was changed). */
int sfv_v_clean_pass(vctx *v, const pass_a *pa, span *spans);

/* validate_cross.c */
/* Sorts a[0, n) by (lo, idx) ascending. */
void sfv_v_sort_spans(span *a, size_t n);
span *sfv_v_scratch_spans(const sfv_options *opt, uint32_t n);
void sfv_v_func_overlap_sorted(vctx *v, const pass_a *pa, span *spans);
void sfv_v_blocks_ordered(vctx *v, const pass_a *pa, span *spans);
void sfv_v_blocks_fallback(vctx *v, const pass_a *pa);

#endif

/* SPDX-License-Identifier: MIT */
/* validate.h - state shared by the validator's stages (validate.c: the
 * section, its header, layout and FDE/FRE walk; validate_cross.c: the
 * cross-FDE checks that sort).  Not API. */
#ifndef SFV_SFRAME_VALIDATE_H
#define SFV_SFRAME_VALIDATE_H

#include "sfv.h"
#include "common/emit.h"
#include "sframe/decode.h"
#include "common/report.h"
#include "common/work.h"

/* One answer of the classifier about an FRE's data words (state 0: empty,
 * 1: no finding, 2: a finding). */
typedef struct sfv_fre_memo {
  uint64_t words;
  uint8_t info;
  uint8_t state;
} sfv_fre_memo;
enum { SFV_V_MEMO_SIZE = 256 };

/* What the classifier reports about data word k of an FRE of a default
 * FDE (AMD64, AArch64) whose info byte is SFV_V_FAST8, when word k fails
 * its predicate (validate_derive.c sfv_v_find_derive): one finding, its
 * value the word's, its offset delta bytes after the FRE's first data
 * word. */
typedef struct sfv_word_find {
  uint16_t rule;
  uint8_t severity;
  uint8_t delta;
  int64_t expected, aux;
} sfv_word_find;

/* Those findings for every word of an info byte: vfast.find_ix[info] is
 * 0 (not learned yet), SFV_V_FIND_NONE (the classifier did not answer as
 * sfv_v_find_derive requires, or the pool is full: such FREs take the slow
 * path) or 1 + the index of its entry in vfast.find. */
enum { SFV_V_FIND_SIZE = 16, SFV_V_FIND_NONE = 255 };
typedef struct sfv_find_tmpl {
  sfv_word_find w[8];
  uint8_t all_warnings; /* every word's finding is a warning (the data-word
                           rules' severity): over the cap, find_take counts
                           the failing words at once */
} sfv_find_tmpl;

/* The fast path's tables, filled lazily per FRE info byte of a default
 * FDE (validate_derive.c sfv_v_derive()): info 0 (not derived yet), SFV_V_SLOW,
 * SFV_V_FAST (data words checked one by one), SFV_V_FAST8 (data words in
 * <= 8 bytes, checked with one load: (x & mask) == expect) or SFV_V_MEMO
 * (s390x: the classifier's answer for the word bytes, cached in memo);
 * words_len: the data words' bytes.  Only info[], find_ix[] and, for
 * s390x, memo[] are zeroed per validation: the rest is written before it
 * is read. */
typedef struct vfast {
  uint8_t info[256];
  uint8_t words_len[256];
  uint64_t mask[256];
  uint64_t expect[256];
  sfv_fre_memo memo[SFV_V_MEMO_SIZE];
  uint8_t find_ix[256];
  sfv_find_tmpl find[SFV_V_FIND_SIZE];
  /* The same per info byte of a flex FDE's FRE (validate_derive.c
   * sfv_v_flex_derive(), v3 only: flex_info zeroed per v3 validation): 0,
   * SFV_V_SLOW or SFV_V_FAST8 (words_len as above). */
  uint8_t flex_info[256];
  uint64_t flex_mask[256];
  uint64_t flex_expect[256];
} vfast;

typedef struct vctx {
  sfv_section sec;
  const sfv_options *opt;
  sfv_emitter em;
  sfv_result *res;
  sfv_out out;               /* findings -> diagnostics (validate.c) */
  int abi_ok;
  int unreloc;               /* skip checks on resolved function addresses */
  int fast;                  /* FRE fast path on (validate_fast.c): not
                                disabled, and the ABI is known */
  unsigned fast_skip;        /* FRE walk: slow-path FREs before the fast
                                path is tried again (it took none last) */
  unsigned fast_miss;        /* its consecutive fruitless tries, <= 5 */
  int memo;                  /* s390x: the fast path's answer cache */
  unsigned find_n;           /* entries of ft->find in use */
  struct vfast *ft;          /* the fast path's tables (validate_derive.c) */
} vctx;

enum { SFV_V_FAST = 1, SFV_V_SLOW = 2, SFV_V_FAST8 = 3, SFV_V_MEMO = 4 };

/* An FDE's function range [lo, lo + size) (sfv_v_fde_range() accepted
 * it, so lo + size does not overflow), or its FRE block's fre_off in lo
 * (size 0), with the FDE's index: 16 bytes. */
typedef struct span {
  int64_t lo;
  uint32_t size;
  uint32_t idx;
} span;

/* The sort key of a span: lo as an unsigned number of the same order
 * (sign bit flipped), so min <= key for every span and key - min cannot
 * wrap. */
static inline uint64_t span_key(const span *a) {
  return (uint64_t)a->lo ^ ((uint64_t)1 << 63);
}

/* At most this many ascending runs are merged rather than radix sorted
 * (two merge passes cost less than a histogram and three scatters).  GNU
 * ld's sections, FDEs sorted, have their FRE blocks in 2 runs. */
enum { MERGE_RUNS = 4 };

/* What the sort needs of the keys, noted while the spans are filled (so
 * that no pass of its own reads them before it sorts). */
typedef struct span_stats {
  uint64_t min, max;         /* smallest and largest key */
  uint64_t last;             /* key of the last one noted (0: none) */
  uint32_t n;                /* elements noted */
  uint32_t runs;             /* ascending runs */
  uint32_t b[MERGE_RUNS + 1];/* starts of the first MERGE_RUNS runs */
} span_stats;

static inline void stats_init(span_stats *st) {
  st->min = UINT64_MAX;
  st->max = 0;
  st->last = 0;
  st->n = 0;
  st->runs = 1;
  st->b[0] = 0;
}

/* Notes the key k of the element just filled at position st->n. */
__attribute__((always_inline)) static inline void stats_note_key(span_stats *st,
                                                                 uint64_t k) {
  st->min = k < st->min ? k : st->min;
  st->max = k > st->max ? k : st->max;
  if (k < st->last) {
    if (st->runs < MERGE_RUNS)
      st->b[st->runs] = st->n;
    st->runs++;
  }
  st->last = k;
  st->n++;
}

/* Notes the span just filled at position st->n. */
__attribute__((always_inline)) static inline void stats_note(span_stats *st,
                                                             const span *a) {
  stats_note_key(st, span_key(a));
}

/* Spans being filled in index order (a == NULL: no scratch, nothing
 * kept), with the sort's statistics. */
typedef struct span_fill {
  span *a;
  span_stats st;
} span_fill;

static inline void sfv_v_fill_init(span_fill *sf, span *a) {
  sf->a = a;
  stats_init(&sf->st);
}

/* Appends {lo, size, idx}. */
__attribute__((always_inline)) static inline void
sfv_v_fill_add(span_fill *sf, int64_t lo, uint32_t size, uint32_t idx) {
  span *x;
  if (sf->a == NULL)
    return;
  x = &sf->a[sf->st.n];
  x->lo = lo;
  x->size = size;
  x->idx = idx;
  stats_note(&sf->st, x);
}

/* FRE blocks being filled in index order, 8 bytes each (the clean pass,
 * whose scratch also holds the function spans): fre_off << 32 | size,
 * sorted by fre_off (the key noted); a == NULL: nothing kept. */
typedef struct block_fill {
  uint64_t *a;
  span_stats st;
} block_fill;

__attribute__((always_inline)) static inline void
sfv_v_block_add(block_fill *bf, uint32_t off, uint32_t size) {
  if (bf->a == NULL)
    return;
  bf->a[bf->st.n] = (uint64_t)off << 32 | size;
  stats_note_key(&bf->st, off);
}

/* FDE i's fre_off (i < fde_avail: the index entry is inside the buffer)
 * read from its index entry alone, through the cursor at the layout
 * table's place: what sfv_fde_get_index() reads, without decoding the
 * other fields. */
typedef struct fre_off_reader {
  sfv_cursor c;
  uint64_t at;               /* section offset of FDE 0's fre_off */
  uint8_t stride, width;
} fre_off_reader;

static inline void sfv_v_fre_off_init(fre_off_reader *r,
                                      const sfv_section *s) {
  sfv_field_loc l = sfv_field_in(SFV_FLD_F_FRE_OFF, s->hdr.version);
  cur_init(&r->c, s->data, 0, s->size, s->big_endian);
  r->at = s->priv.fde_base + l.off;
  r->stride = s->priv.fde_size;
  r->width = l.width;
}

__attribute__((always_inline)) static inline uint32_t
sfv_v_fre_off(const fre_off_reader *r, uint32_t i) {
  uint64_t x = 0, at = r->at + (uint64_t)i * r->stride;
  /* The width is 4 in every version: a constant load then. */
  (void)(r->width == 4 ? cur_peek(&r->c, at, 4, &x)
                       : cur_peek(&r->c, at, r->width, &x));
  return (uint32_t)x;
}

/* Places ahead at which out-of-memory-order passes prefetch. */
enum { SFV_V_AHEAD = 16 };

/* Starts loading FDE i's FRE block (v3: its attribute) into the cache,
 * when it starts inside the buffer: for passes that visit the blocks in
 * index order, SFV_V_AHEAD FDEs ahead. */
__attribute__((always_inline)) static inline void
sfv_v_prefetch_block(const fre_off_reader *r, const sfv_section *s,
                     uint32_t i) {
  uint64_t at = s->priv.fre_base + sfv_v_fre_off(r, i);
  if (at < s->size)
    __builtin_prefetch(s->data + at);
}

typedef struct pass_a {
  uint32_t n;                /* FDEs checked: inside the buffer and, when
                                the FDE sub-section precedes the FRE one,
                                not reaching into it */
  uint64_t fre_len;          /* FRE sub-section length, clipped */
  int blocks_ascending;      /* usable blocks' fre_off non-decreasing */
  int funcs_in_order;        /* resolved starts non-decreasing */
  uint32_t prefix_end;       /* check_fde_index swept the function ranges
                                of FDEs below it (its in-order prefix) and
                                reported their overlaps: the sorted sweep
                                does not report those again */
  int ranges_ok;             /* every function range representable */
} pass_a;

/* FDE f's FRE block starts inside the FRE sub-section of fre_len bytes
 * (v3: with room for its attribute; v1/v2 may point at its very end):
 * else check_fde_index reports FDE_FRE_BLOCK_BOUNDS and skips the FDE. */
static inline int sfv_v_block_inside(const sfv_section *s, uint32_t fre_off,
                                     uint64_t fre_len) {
  return (uint64_t)fre_off + sfv_struct_size(SFV_ST_ATTR, s->hdr.version) <=
         fre_len;
}

/* An sfv_out callback that counts findings into *(unsigned *)ctx: for
 * asking a classifier whether it would report anything.  One definition
 * (validate_derive.c, below the other validate files that use it): it is
 * only ever called through the pointer. */
void sfv_v_count_finding(void *ctx, const sfv_finding *fi);

/* validate.c */
int64_t sfv_v_report_addr(const vctx *v, int64_t pos);
/* b: FRE bytes (sfv_work, src/common/work.h) of the clean pass and the
 * no-scratch fallback, or NULL. */
uint64_t sfv_v_walk_fres(vctx *v, const sfv_fde *f, sfv_work *b);
/* The same walk from iterator it on (prev_start: the start of the FRE
 * before it->next), reporting nothing (its findings only counted): 1
 * when it read every FRE of f and found nothing, *end where the block
 * ends. */
int sfv_v_walk_fres_quiet(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                          uint32_t prev_start, sfv_work *b, uint64_t *end);

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
 * *prev_start is the start of FRE it->next - 1 (when it->next > 0).
 * sfv_v_fast_fres_find (the walk's; AMD64, AArch64) also takes the FREs
 * whose only findings are the classifier's about data words failing their
 * predicates, and sends those findings to v->out as the slow path would;
 * it stops after an FRE whose finding set v->em.stop. */
static inline int sfv_v_fast_usable(const vctx *v, const sfv_fde *f) {
  return v->fast && f->fde_type <= SFV_FDE_FLEX; /* default or flex */
}
void sfv_v_fast_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
                     uint32_t *prev_start);
void sfv_v_fast_fres_find(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                          sfv_work *b, uint32_t *prev_start);

/* validate_derive.c: the fast path's tables (vfast), per info byte, for
 * FREs of f's kind.  sfv_v_derive (default FDEs) and sfv_v_flex_derive
 * (flex FDEs) fill and return v->ft->info[info] / flex_info[info]
 * (SFV_V_SLOW, SFV_V_FAST, SFV_V_FAST8 or, s390x, SFV_V_MEMO) with its
 * words_len and, for FAST8, mask and expect.  sfv_v_memo_clean (s390x,
 * SFV_V_MEMO info bytes): 1 when the classifier accepts the FRE whose
 * data words are the low wl bytes of the little-endian load x.
 * sfv_v_find_derive: fills v->ft->find_ix[info] and returns it (an entry
 * of v->ft->find, or SFV_V_FIND_NONE). */
uint8_t sfv_v_derive(vctx *v, const sfv_fde *f, uint8_t info);
uint8_t sfv_v_flex_derive(vctx *v, const sfv_fde *f, uint8_t info);
int sfv_v_memo_clean(vctx *v, const sfv_fde *f, uint8_t info, uint64_t x,
                     unsigned wl);
unsigned sfv_v_find_derive(vctx *v, const sfv_fde *f, uint8_t info);

/* validate_clean.c: stage 4 (FDEs, FRE blocks, FREs) in one pass that
 * reports nothing: 1 when it proved that the staged passes (check_fde_index
 * and the block walk) would report nothing either, 0 when the caller must
 * run them (nothing was reported, no state they read was changed). */
int sfv_v_clean_pass(vctx *v, const pass_a *pa, span *spans);

/* validate_cross.c */
/* Stable sort of a[0..n) by lo (equal lo keep their order); tmp holds n
 * spans.  Returns a or tmp, whichever holds the result.  O(n). */
span *sfv_v_sort_spans(span *a, span *tmp, uint32_t n);
/* The same for the spans sf filled, with the statistics noted meanwhile
 * (no pass of its own over them); tmp holds sf->st.n spans. */
span *sfv_v_sort_filled(span_fill *sf, span *tmp);
/* The same for the blocks bf filled (stable by fre_off); tmp holds
 * bf->st.n entries. */
uint64_t *sfv_v_sort_blocks(block_fill *bf, uint64_t *tmp);
span *sfv_v_scratch_spans(const sfv_options *opt, uint32_t n);
void sfv_v_func_overlap_filled(vctx *v, const pass_a *pa, span_fill *sf);
void sfv_v_blocks_ordered(vctx *v, const pass_a *pa, span *spans);
void sfv_v_blocks_fallback(vctx *v, const pass_a *pa);

#endif

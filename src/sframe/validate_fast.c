/* SPDX-License-Identifier: MIT */
/* validate_fast.c - the validator's FRE fast path: FREs proven, straight
 * from their bytes, to draw no finding are passed over without an sfv_fre.
 *
 * Equivalence with the slow path (validate.c sfv_v_walk_fres: sfv_fre_next,
 * the budget, check_fre_start, sfv_classify_fre) holds FRE by FRE: the fast
 * loop takes an FRE only when every one of these is true, and stops at the
 * first FRE where one is not (the slow path then takes it, with its
 * diagnostics):
 *   - the FRE's start address and info byte lie inside the iterator's limit
 *     and so do its data words (sfv_fre_next would succeed, same length);
 *   - its length fits the budget (b->left is then debited the same way);
 *   - start is 0 for FRE 0 and above the previous start otherwise, and
 *     below sfv_v_fre_start_bound() (check_fre_start reports nothing);
 *   - the info byte is one whose FRE the classifier accepts without a
 *     finding when the data words satisfy sfv_cfa_offset_ok (word 0) and
 *     sfv_save_offset_ok (words 1, 2), and the words do.
 * The last point rests on how sfv_classify_fre judges a default FDE's FRE
 * Which info bytes pass, and the masked test of their words, are the
 * classifier's own answers, derived once per info byte value
 * (validate_derive.c: sfv_v_derive, sfv_v_flex_derive for flex FDEs, the
 * s390x answer cache sfv_v_memo_clean); this file holds the loops that
 * use them.
 * FREs with findings (the walk's fast path, find != 0; AMD64, AArch64):
 * an FRE whose info byte is SFV_V_FAST8 and whose start passes, but whose
 * words the masked load refuses, is taken too, when its findings can only
 * be the classifier's about those words (sfv_v_find_derive learns them):
 * the loop sends that finding for each failing word (the mask test is
 * exact on these ABIs: the failing words are those whose bits differ), or,
 * over the cap of the validator's own delivery, only moves the counters as
 * deliver() would.
 * The differential tests (tests/unit/test_fastpath.c, fuzz_validate.c,
 * SFV_OPT_NO_FAST_PATH_) hold the two paths to identical diagnostics.
 */
#include "sframe/validate.h"
#include "sframe/classify.h"
#include "sframe/spec.h"


/* The data words at p (n of w bytes, inside the buffer, byte order be):
 * 1 when each passes its predicate. */
__attribute__((always_inline)) static inline int
words_ok(const uint8_t *p, unsigned n, unsigned w, uint8_t be) {
  unsigned k;
  if (n == 0)
    return 1;
  if (!sfv_cfa_offset_ok(sfv_sext(sfv_ld(p, w, be), w)))
    return 0;
  for (k = 1; k < n; k++)
    if (!sfv_save_offset_ok(sfv_sext(sfv_ld(p + k * w, w, be), w)))
      return 0;
  return 1;
}


/* The words of an FRE of f marked in bad: bits of the 8-byte load at its
 * first data word (at: its section offset, code: its info byte's size
 * code) where the mask of sfv_offset_word_bits differs from expect -- the
 * words that fail their predicates, that test being exact.  Word k's lane
 * is cleared from *bad and k returned. */
static inline unsigned find_next_word(uint64_t *bad, unsigned code) {
  static const uint64_t lane[3] = {0xffu, 0xffffu, 0xffffffffu};
  unsigned k = (unsigned)__builtin_ctzll(*bad) >> (3u + code);
  *bad &= ~(lane[code] << ((8u * k) << code));
  return k;
}

/* Sends the findings of template t (v->ft->find[t]) about the words
 * marked in bad of FRE index of f, its first data word at section offset
 * at, to v->out.  (The template by index: a proof then reads one entry of
 * the tables, not the whole object.) */
__attribute__((noinline)) static void
find_send(vctx *v, const sfv_fde *f, unsigned t, uint64_t at,
          uint32_t index, unsigned code, uint64_t bad) {
  unsigned w = 1u << code;
  do {
    unsigned k = find_next_word(&bad, code);
    sfv_finding g;
    g.rule = (sfv_rule_id)v->ft->find[t].w[k].rule;
    g.severity = (sfv_severity)v->ft->find[t].w[k].severity;
    g.offset = at + v->ft->find[t].w[k].delta;
    g.fde = f->index;
    g.fre = index;
    g.found = sfv_sext(sfv_ld(v->sec.data + at + k * w, w, v->sec.big_endian),
                       w);
    g.expected = v->ft->find[t].w[k].expected;
    g.aux = v->ft->find[t].w[k].aux;
    if (v->out.fn != NULL)
      v->out.fn(v->out.ctx, &g);
  } while (bad != 0);
}

/* 1 when findings sent to v->out only move counters: it is the
 * validator's own delivery (v->out.ctx is v) and over its cap.  Only
 * find_send's deliveries change it within fast_a (a stale 0 would only
 * cost time: deliver() counts a finding over the cap the same way). */
static inline int find_over_cap(const vctx *v) {
  return v->out.ctx == (const void *)v && sfv_emit_over_cap(&v->em);
}

/* The FRE at pos (FRE index of f; AMD64 or AArch64; its info byte
 * SFV_V_FAST8 and its start passing; x the 8-byte load at its words,
 * inside the limit, which the info byte's mask refuses): 0 when the slow
 * path must take it; else it sent the findings sfv_v_find_derive learned for
 * the words that fail their predicates (the mask test is exact on these
 * ABIs: they are the words whose bits differ from expect) and returns 1,
 * or 2 when one of them stopped the run.  *over: find_over_cap(v), kept
 * up to date; over the cap, only the counters move, as deliver() moves
 * them. */
__attribute__((always_inline)) static inline unsigned
find_take(vctx *v, const sfv_fde *f, uint64_t pos, uint32_t index,
          unsigned asz, uint8_t info, uint64_t x, int *over) {
  unsigned ix = v->ft->find_ix[info];
  unsigned code = sfv_fre_info_size_code(info);
  uint64_t bad = (x & v->ft->mask[info]) ^ v->ft->expect[info];
  if (ix == 0)
    ix = sfv_v_find_derive(v, f, info);
  if (ix == SFV_V_FIND_NONE)
    return 0;
  if (*over) {
    if (v->ft->find[ix - 1u].all_warnings) {
      /* As many warnings as failing words, added at once (saturating, as
       * that many increments would). */
      uint32_t c = 0;
      do {
        (void)find_next_word(&bad, code);
        c++;
      } while (bad != 0);
      sfv_count_add(&v->res->warnings, c);
      sfv_count_add(&v->res->suppressed, c);
      return 1;
    }
    do {
      unsigned k = find_next_word(&bad, code);
      sfv_count_severity((sfv_severity)v->ft->find[ix - 1u].w[k].severity,
                         &v->res->errors, &v->res->warnings, &v->res->notes);
      sfv_count_add(&v->res->suppressed, 1);
    } while (bad != 0);
    return 1;
  }
  find_send(v, f, ix - 1u, pos + asz + 1u, index, code, bad);
  *over = find_over_cap(v);
  return v->em.stop ? 2 : 1;
}

/* fast_a's state between FREs (its loops' turns below read and write
 * it; inlined, it lives in registers): pos, the next FRE's offset; lim,
 * the end of what may be taken (the iterator's limit, cut to the
 * budget); safe, the last pos whose 8-byte word load stays below lim
 * (tight: there is one); [lo, hi), the starts allowed for FRE next;
 * bound, sfv_v_fre_start_bound; over, find_over_cap (find). */
typedef struct fast_st {
  uint64_t pos, lim, safe, lo, hi, bound;
  uint32_t next, count;
  int tight, over;
} fast_st;

/* The table entry and masked test of info byte i in fast_a (flex: a flex
 * FDE's tables). */
#define FAST_INFO(i) (flex ? v->ft->flex_info[i] : v->ft->info[i])
#define FAST_MASK(i) (flex ? v->ft->flex_mask[i] : v->ft->mask[i])
#define FAST_EXPECT(i) (flex ? v->ft->flex_expect[i] : v->ft->expect[i])

/* FRE s->next taken: its start the previous one, pos past its words. */
__attribute__((always_inline)) static inline void
fast_took(const vctx *v, fast_st *s, unsigned asz, uint64_t start,
          uint8_t info) {
  s->lo = start + 1u;
  s->hi = s->bound;
  s->pos += asz + 1u + v->ft->words_len[info];
  s->next++;
}

/* Whether start is one FRE s->next may have: in [lo, hi) (the masked
 * loop tests the two bounds apart: adjacent, GCC merges them into flag
 * arithmetic there, +0.5 % instructions on x86_64). */
__attribute__((always_inline)) static inline int
fast_start_ok(const fast_st *s, uint64_t start) {
  return !(start < s->lo || start >= s->hi);
}

/* Whether the masked loop takes the FRE at s->pos (find 0; s->tight,
 * s->pos <= s->safe, s->next < s->count): the common FRE, a SFV_V_FAST8
 * info byte whose words, in the 8 bytes after it (inside lim), one masked
 * load checks.  *start, *info: its start and info byte. */
__attribute__((always_inline)) static inline int
fast_clean_fits(const vctx *v, const fast_st *s, unsigned asz, uint8_t be,
                int flex, uint64_t *start, uint8_t *info) {
  const uint8_t *p = v->sec.data + s->pos;
  *start = sfv_ld(p, asz, be);
  *info = p[asz];
  return FAST_INFO(*info) == SFV_V_FAST8 && *start < s->hi &&
         (sfv_ld(p + asz + 1u, 8, 0) & FAST_MASK(*info)) == FAST_EXPECT(*info) &&
         *start >= s->lo;
}

/* The masked loop (find 0). */
__attribute__((always_inline)) static inline void
fast_clean_run(const vctx *v, fast_st *s, unsigned asz, uint8_t be,
               int flex) {
  while (s->tight && s->pos <= s->safe && s->next < s->count) {
    uint64_t start;
    uint8_t info;
    if (!fast_clean_fits(v, s, asz, be, flex, &start, &info))
      break;
    fast_took(v, s, asz, start, info);
  }
}

/* Whether the masked loop with findings takes the FRE at s->pos (find;
 * as fast_clean_fits): also one whose words the mask refuses when
 * find_take can send their findings (not on s390x, whose bit test is not
 * exact; not flex).  A loop of its own: sharing one, the clean loop lost
 * registers (+3 % instructions on a clean section).  0: not; 1: taken; 2:
 * taken, and a finding find_take sent stopped the run. */
__attribute__((always_inline)) static inline unsigned
fast_find_fits(vctx *v, const sfv_fde *f, fast_st *s, unsigned asz,
               uint8_t be, uint64_t *start, uint8_t *info) {
  const uint8_t *p = v->sec.data + s->pos;
  uint64_t x;
  *start = sfv_ld(p, asz, be);
  *info = p[asz];
  if (v->ft->info[*info] != SFV_V_FAST8 || !fast_start_ok(s, *start))
    return 0;
  x = sfv_ld(p + asz + 1u, 8, 0);
  if ((x & v->ft->mask[*info]) == v->ft->expect[*info])
    return 1;
  return v->memo ? 0
                 : find_take(v, f, s->pos, s->next, asz, *info, x, &s->over);
}

/* The masked loop with findings (find): 0 when a finding stopped the
 * run. */
__attribute__((always_inline)) static inline int
fast_find_run(vctx *v, const sfv_fde *f, fast_st *s, unsigned asz,
              uint8_t be) {
  while (s->tight && s->pos <= s->safe && s->next < s->count) {
    uint64_t start;
    uint8_t info;
    unsigned taken = fast_find_fits(v, f, s, asz, be, &start, &info);
    if (taken == 0)
      break;
    fast_took(v, s, asz, start, info);
    if (taken == 2)
      return 0;
  }
  return 1;
}

/* Whether the one-at-a-time step takes the FRE at s->pos (s->next <
 * s->count), an FRE of any kind: 0 when the slow path must take it.
 * *start, *info: its start and info byte. */
__attribute__((always_inline)) static inline int
fast_one_fits(vctx *v, const sfv_fde *f, const fast_st *s, unsigned asz,
              uint8_t be, int flex, uint64_t *start, uint8_t *info) {
  const uint8_t *p = v->sec.data + s->pos;
  uint64_t left;
  unsigned wl;
  uint8_t t;
  if (s->lim - s->pos < asz + 1u)
    return 0;
  *start = sfv_ld(p, asz, be);
  *info = p[asz];
  t = FAST_INFO(*info);
  if (t == 0)
    t = flex ? sfv_v_flex_derive(v, f, *info) : sfv_v_derive(v, f, *info);
  if (t == SFV_V_SLOW || !fast_start_ok(s, *start))
    return 0;
  wl = v->ft->words_len[*info];
  left = s->lim - s->pos - asz - 1u; /* bytes from the first data word on */
  if (wl > left)
    return 0;
  p += asz + 1u;
  if (t == SFV_V_MEMO)
    /* The words are the low wl bytes of the load (left >= 8). */
    return left >= 8u && sfv_v_memo_clean(v, f, *info, sfv_ld(p, 8, 0), wl);
  if (t == SFV_V_FAST8 && left >= 8u) {
    /* All words at once: the load stays below lim (left >= 8).  s390x:
     * what its bit test refuses, the classifier may still accept. */
    uint64_t x = sfv_ld(p, 8, 0);
    return (x & FAST_MASK(*info)) == FAST_EXPECT(*info) ||
           (!flex && v->memo && sfv_v_memo_clean(v, f, *info, x, wl));
  }
  if (v->memo || flex)
    return 0; /* s390x or flex FAST8 words within 8 bytes of lim: the slow
                 path */
  {
    unsigned n = sfv_fre_info_count(*info);
    unsigned code = sfv_fre_info_size_code(*info);
    return code == 0   ? words_ok(p, n, 1, be)
           : code == 1 ? words_ok(p, n, 2, be)
                       : words_ok(p, n, 4, be);
  }
}

/* One turn of fast_a's loop (s->next < s->count): the masked loop, then
 * one FRE at a time.  0 when the loop ends. */
__attribute__((always_inline)) static inline int
fast_loop_turn(vctx *v, const sfv_fde *f, fast_st *s, int find, unsigned asz,
          uint8_t be, int flex) {
  uint64_t start;
  uint8_t info;
  if (!find)
    fast_clean_run(v, s, asz, be, flex);
  else if (!fast_find_run(v, f, s, asz, be))
    return 0;
  if (s->next >= s->count ||
      !fast_one_fits(v, f, s, asz, be, flex, &start, &info))
    return 0;
  fast_took(v, s, asz, start, info);
  return 1;
}

/* fast_a's loop: turns until one ends it. */
__attribute__((always_inline)) static inline void
fast_loop(vctx *v, const sfv_fde *f, fast_st *s, int find, unsigned asz,
          uint8_t be, int flex) {
  while (s->next < s->count && fast_loop_turn(v, f, s, find, asz, be, flex))
    ;
}

/* sfv_v_fast_fres for start addresses of asz bytes in byte order be
 * (constants in each inlined copy); flex: f is a flex FDE (its own
 * tables; find 0). */
__attribute__((always_inline)) static inline void
fast_a(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
       uint32_t *prev_start, int find, unsigned asz, uint8_t be, int flex) {
  fast_st s;
  uint64_t from = it->pos;
  s.pos = it->pos;
  s.lim = it->limit;
  s.bound = sfv_v_fre_start_bound(v, f);
  /* Starts allowed for the next FRE: [lo, hi) -- FRE 0 only 0 (bound is
   * >= 1), then above the previous start and below bound. */
  s.lo = it->next == 0 ? 0 : (uint64_t)*prev_start + 1u;
  s.hi = it->next == 0 ? 1 : s.bound;
  s.next = it->next;
  s.count = it->count;
  s.over = find && find_over_cap(v);
  /* lo >= hi: the slow path took an FRE at or past bound (and reported
   * it); no start can pass after it. */
  if (s.pos > s.lim || s.lo >= s.hi)
    return;
  /* An FRE past the budget is past this limit: the slow path takes it. */
  if (b != NULL && b->left < s.lim - s.pos)
    s.lim = s.pos + b->left;
  /* FREs whose data words have 8 bytes before lim: pos <= safe. */
  s.tight = s.lim - s.pos >= asz + 9u;
  s.safe = s.tight ? s.lim - asz - 9u : 0;
  fast_loop(v, f, &s, find, asz, be, flex);
  if (s.next != it->next)
    *prev_start = (uint32_t)(s.lo - 1u);
  if (b != NULL)
    (void)sfv_work_charge(b, s.pos - from); /* fits: pos <= from + b->left */
  it->pos = s.pos;
  it->next = s.next;
}
#undef FAST_INFO
#undef FAST_MASK
#undef FAST_EXPECT

/* fast_a for a flex FDE: one copy, the start size and byte order read at
 * run time (flex FDEs are few); find 0, so an FRE with a finding is the
 * slow path's. */
__attribute__((noinline)) static void fast_flex(vctx *v, const sfv_fde *f,
                                                sfv_fre_iter *it, sfv_work *b,
                                                uint32_t *prev_start) {
  unsigned asz = sfv_fre_addr_size(it->fre_type);
  if (asz == 1 || asz == 2 || asz == 4)
    fast_a(v, f, it, b, prev_start, 0, asz, v->sec.big_endian, 1);
}

/* fast_a for the FDE: a flex one's copy, else the copy for the FRE
 * type's start size and the byte order, find a constant in each. */
__attribute__((always_inline)) static inline void
fast_f(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
       uint32_t *prev_start, int find) {
  unsigned asz;
  if (f->fde_type == SFV_FDE_FLEX) {
    fast_flex(v, f, it, b, prev_start);
    return;
  }
  asz = sfv_fre_addr_size(it->fre_type);
  if (v->sec.big_endian) {
    if (asz == 1) fast_a(v, f, it, b, prev_start, find, 1, 1, 0);
    else if (asz == 2) fast_a(v, f, it, b, prev_start, find, 2, 1, 0);
    else if (asz == 4) fast_a(v, f, it, b, prev_start, find, 4, 1, 0);
  } else {
    if (asz == 1) fast_a(v, f, it, b, prev_start, find, 1, 0, 0);
    else if (asz == 2) fast_a(v, f, it, b, prev_start, find, 2, 0, 0);
    else if (asz == 4) fast_a(v, f, it, b, prev_start, find, 4, 0, 0);
  }
}

void sfv_v_fast_fres(vctx *v, const sfv_fde *f, sfv_fre_iter *it, sfv_work *b,
                     uint32_t *prev_start) {
  fast_f(v, f, it, b, prev_start, 0);
}

void sfv_v_fast_fres_find(vctx *v, const sfv_fde *f, sfv_fre_iter *it,
                          sfv_work *b, uint32_t *prev_start) {
  fast_f(v, f, it, b, prev_start, 1);
}

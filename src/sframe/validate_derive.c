/* SPDX-License-Identifier: MIT */
/* validate_derive.c - the fast path's tables (validate_fast.c): per info
 * byte value seen in a validation, what the classifier itself answers about
 * the FREs with that info byte, asked once and kept in v->ft.
 *
 * The fast loop takes an FRE whose info byte is one the classifier accepts
 * without a finding when the data words satisfy sfv_cfa_offset_ok (word 0)
 * and sfv_save_offset_ok (words 1, 2), and the words do.
 * That rests on how sfv_classify_fre judges a default FDE's FRE
 * on AMD64 and AArch64: the info byte alone (data-word size code, count
 * for the ABI, mangled-RA bit) and each word through those two predicates
 * of spec.h.  The table of info bytes is not written here: sfv_v_derive() asks
 * the classifier itself, once per info byte value seen in a validation, on
 * data words at both ends of what the predicates admit.  s390x words mean
 * other things (an encoded CFA offset, register numbers, RA padding): there
 * the masked load uses s390x's own sufficient bit test (spec.h
 * sfv_s390x_word_bits: a CFA word >= 0, saved-at offsets < 0 and multiples
 * of 8), and the words it refuses go to the classifier, asked about the
 * FRE's own info byte and word bytes, its answer kept in a small cache
 * (sfv_v_memo_clean): an FRE of a default FDE is judged on those alone (and on
 * header facts).
 * FREs with findings (the walk's fast path; AMD64, AArch64): per
 * SFV_V_FAST8 info byte, sfv_v_find_derive asks the classifier (as
 * sfv_v_derive does) what it reports about each word when that word fails
 * its predicate -- one finding, its value the word's, at a fixed distance
 * from the words -- and keeps it as a template the fast loop sends.
 * Flex FDEs (any ABI, 3.2): the classifier reads of a flex FRE's words
 * only its control words (reg_p, the unused bit, the register number
 * against the ABI's bound) and which words are 0 (the layout); never the
 * offsets.  Per info byte, sfv_v_flex_derive() takes the one layout of the
 * word count that draws no layout finding (sfv_flex_layout), and builds
 * the masked load's test from it: each control word through
 * sfv_flex_control_bits, each padding word 0, the offsets free; the
 * classifier, asked at both ends of what that test admits, must accept.
 * What the test refuses (and every flex FRE with a finding) is the slow
 * path's.
 * The contract of sfv_v_derive (what the whole-validator proof assumes of
 * it) is proofs/lib/derive_contract.h, proved by proofs/derive.
 */
#include "sframe/validate.h"
#include "sframe/classify.h"
#include "sframe/spec.h"

void sfv_v_count_finding(void *ctx, const sfv_finding *fi) {
  (void)fi;
  ++*(unsigned *)ctx;
}

/* Up to 8 findings as the classifier reported them, and their count. */
typedef struct find_rec {
  unsigned n;
  sfv_finding f[8];
} find_rec;

static void rec_finding(void *ctx, const sfv_finding *fi) {
  find_rec *r = ctx;
  if (r->n < 8u)
    r->f[r->n] = *fi;
  r->n++;
}

/* Findings sfv_classify_fre reports for FRE 1 at section offset 0 of f,
 * with info byte info and data words raw[0, count) as stored
 * (zero-extended), decoded as sfv_fre_next decodes them: with rec not
 * NULL, their count, and the first 8 of them in *rec; with rec NULL, their
 * count, or 1 when the classifier refuses the FRE without a finding (a
 * header fact it leaves to the header classifier: the AMD64 fixed RA
 * offset), so that 0 means accepted, and only an FRE of a count the FDE
 * type allows is. */
static unsigned classify_raw_rec(const vctx *v, const sfv_fde *f, uint8_t info,
                                 const uint64_t *raw, find_rec *rec) {
  unsigned n = 0, k;
  int no;
  sfv_out o = {sfv_v_count_finding, &n};
  sfv_fre r = {0};
  if (rec != NULL) {
    rec->n = 0;
    o = (sfv_out){rec_finding, rec};
  }
  r.index = 1;
  r.info = info;
  r.base_reg = sfv_fre_info_base_reg(info);
  r.dw_count = sfv_fre_info_count(info);
  r.dw_size_code = sfv_fre_info_size_code(info);
  r.dw_size = (uint8_t)(1u << r.dw_size_code);
  r.mangled_ra = sfv_fre_info_mangled(info);
  for (k = 0; k < r.dw_count && k < SFV_MAX_DATAWORDS; k++) {
    r.dw_raw[k] = (uint32_t)raw[k];
    r.dw[k] = (int32_t)sfv_sext(raw[k], r.dw_size);
  }
  no = sfv_classify_fre(&v->sec, f, &r, &o);
  return rec != NULL ? rec->n : n != 0 || no == 0 ? n : 1u;
}

static unsigned classify_raw(const vctx *v, const sfv_fde *f, uint8_t info,
                             const uint64_t *raw) {
  return classify_raw_rec(v, f, info, raw, NULL);
}

/* The same for words 0 = cfa, 1.. = save, cut to the info byte's width. */
static unsigned classify_findings(const vctx *v, const sfv_fde *f,
                                  uint8_t info, int32_t cfa, int32_t save) {
  uint64_t raw[SFV_MAX_DATAWORDS];
  unsigned w = 1u << sfv_fre_info_size_code(info), k;
  for (k = 0; k < SFV_MAX_DATAWORDS; k++) {
    raw[k] = (uint64_t)(uint32_t)(k == 0 ? cfa : save);
    if (w < 4)
      raw[k] &= ((uint64_t)1 << (8u * w)) - 1u;
  }
  return classify_raw(v, f, info, raw);
}

/* Low wl (<= 8) bytes of a little-endian 8-byte load. */
static inline uint64_t low_bytes(uint64_t x, unsigned wl) {
  return wl >= 8 ? x : x & (((uint64_t)1 << (8u * wl)) - 1u);
}

/* s390x (v->memo): whether the classifier accepts an FRE with info byte
 * info (SFV_V_MEMO: words in <= 8 bytes) whose data words are the low wl
 * bytes of x, as it said the last time it was asked about the same bytes
 * (a direct-mapped cache of its answers; a miss asks it).  1: no finding. */
int sfv_v_memo_clean(vctx *v, const sfv_fde *f, uint8_t info, uint64_t x,
                      unsigned wl) {
  uint64_t key = low_bytes(x, wl), h = key ^ (key >> 32);
  sfv_fre_memo *e;
  h ^= h >> 16;
  h ^= h >> 8;
  e = &v->ft->memo[(h ^ info) & (SFV_V_MEMO_SIZE - 1u)];
  if (e->state == 0 || e->info != info || e->words != key) {
    uint64_t raw[SFV_MAX_DATAWORDS] = {0};
    unsigned n = sfv_fre_info_count(info), k;
    unsigned w = 1u << sfv_fre_info_size_code(info);
    uint8_t b[8];
    for (k = 0; k < 8; k++)
      b[k] = (uint8_t)(key >> (8u * k));
    for (k = 0; k < n && k < SFV_MAX_DATAWORDS; k++)
      raw[k] = sfv_ld(b + k * w, w, v->sec.big_endian);
    e->words = key;
    e->info = info;
    e->state = classify_raw(v, f, info, raw) == 0 ? 1 : 2;
  }
  return e->state == 1;
}

/* SFV_V_FAST (or SFV_V_FAST8) when the classifier accepts, without a
 * finding, every FRE of a default FDE with this info byte whose words pass
 * the predicates: asked at the smallest and largest such words of the
 * FRE's word width.  Also fills the info byte's word length and, for words
 * in <= 8 bytes, the bit form of the predicates over all of them.
 * Its contract (what the whole-validator proof assumes of it) is stated
 * in proofs/lib/derive_contract.h and proved by proofs/derive. */
uint8_t sfv_v_derive(vctx *v, const sfv_fde *f, uint8_t info) {
  unsigned code = sfv_fre_info_size_code(info);
  unsigned n = sfv_fre_info_count(info), k;
  int32_t hi, lo;
  uint8_t t = SFV_V_SLOW;
  if (v->memo) {
    /* s390x: words in <= 8 bytes are checked with its own bit test
     * (sfv_s390x_word_bits), when the classifier accepts the info byte
     * at both ends of what the test admits; the words the test refuses,
     * and every word of the other info bytes, go to the classifier
     * through the answer cache. */
    unsigned w = 1u << code;
    if (code <= SFV_DW_SIZE_CODE_MAX && n * w <= 8u) {
      t = SFV_V_MEMO;
      hi = code == 0 ? INT8_MAX : code == 1 ? INT16_MAX : INT32_MAX;
      lo = code == 0 ? INT8_MIN : code == 1 ? INT16_MIN : INT32_MIN;
      if (classify_findings(v, f, info, 0, -8) == 0 &&
          classify_findings(v, f, info, hi, lo) == 0) {
        uint64_t mask = 0, expect = 0;
        for (k = 0; k < n; k++) {
          uint64_t m, e;
          sfv_s390x_word_bits(w, v->sec.big_endian, k, &m, &e);
          mask |= m << (8u * k * w);
          expect |= e << (8u * k * w);
        }
        v->ft->mask[info] = mask;
        v->ft->expect[info] = expect;
        t = SFV_V_FAST8;
      }
    }
    v->ft->words_len[info] = (uint8_t)(n * w);
    v->ft->info[info] = t;
    return t;
  }
  if (code <= SFV_DW_SIZE_CODE_MAX) {
    unsigned w = 1u << code;
    /* 8-aligned extremes of a signed word of 1, 2, 4 bytes. */
    hi = code == 0 ? 120 : code == 1 ? 32760 : INT32_MAX - 7;
    lo = code == 0 ? -128 : code == 1 ? -32768 : INT32_MIN;
    if (sfv_cfa_offset_ok(hi) && sfv_save_offset_ok(lo) &&
        sfv_cfa_offset_ok(0) && sfv_save_offset_ok(-8) &&
        classify_findings(v, f, info, 0, -8) == 0 &&
        classify_findings(v, f, info, hi, lo) == 0)
      t = SFV_V_FAST;
    v->ft->words_len[info] = (uint8_t)(n * w);
    if (t == SFV_V_FAST && n * w <= 8u) {
      uint64_t mask = 0, expect = 0;
      for (k = 0; k < n; k++) {
        uint64_t m, e;
        sfv_offset_word_bits(w, v->sec.big_endian, k != 0, &m, &e);
        mask |= m << (8u * k * w);
        expect |= e << (8u * k * w);
      }
      v->ft->mask[info] = mask;
      v->ft->expect[info] = expect;
      t = SFV_V_FAST8;
    }
  }
  v->ft->info[info] = t;
  return t;
}

/* Roles of a flex FRE's n data words in the one layout of n that
 * sfv_flex_layout accepts without a trailing 0: FLEX_CTRL (the CFA's,
 * RA's or FP's control word), FLEX_OFF (the offset after one) or
 * FLEX_ZERO (the padding word of an empty RA slot).  0 when n has no such
 * layout (1, 3, more than 6).  Which words are 0 is all the layout reads:
 * words 0 and 1 are not, the others are tried both ways (n <= 8). */
enum { FLEX_ZERO = 0, FLEX_CTRL = 1, FLEX_OFF = 2 };
static int flex_roles(unsigned n, uint8_t *role) {
  unsigned z, k;
  for (z = 0; z < (1u << n); z += 4u) {
    sfv_fre r = {0};
    sfv_flex_slots s;
    r.dw_count = (uint8_t)n;
    for (k = 0; k < n; k++)
      r.dw_raw[k] = (z >> k) & 1u ? 0u : 1u;
    if (sfv_flex_layout(&r, &s) != SFV_FLEX_OK || s.trailing_zero >= 0)
      continue;
    for (k = 0; k < n; k++) {
      int i = (int)k; /* s.ra, s.fp: -1 when absent */
      role[k] = i == 0 || i == s.ra || i == s.fp ? FLEX_CTRL
                : i == 1 || (s.ra >= 0 && i == s.ra + 1) ||
                        (s.fp >= 0 && i == s.fp + 1)
                    ? FLEX_OFF
                    : FLEX_ZERO;
    }
    return 1;
  }
  return 0;
}

/* sfv_v_derive() for an FRE of a flex FDE (3.2): SFV_V_FAST8 when its words lie
 * in <= 8 bytes, n has a clean layout (flex_roles) and the classifier
 * accepts, without a finding, the words at both ends of what the masked
 * test admits: control words with the register number's bits below
 * regbits (5, else 4: the ABI's bound, 31 or 16) and deref_p free, the
 * offsets at 0 and all ones, padding 0.  Fills flex_info, words_len,
 * flex_mask and flex_expect at info. */
uint8_t sfv_v_flex_derive(vctx *v, const sfv_fde *f, uint8_t info) {
  unsigned code = sfv_fre_info_size_code(info);
  unsigned n = sfv_fre_info_count(info), k, regbits;
  uint8_t t = SFV_V_SLOW, role[8];
  if (code <= SFV_DW_SIZE_CODE_MAX && (n << code) <= 8u &&
      flex_roles(n, role)) {
    unsigned w = 1u << code;
    uint64_t wmask = ((uint64_t)1 << (8u * w)) - 1u;
    for (regbits = 5; regbits >= 4 && t == SFV_V_SLOW; regbits--) {
      uint64_t lo[SFV_MAX_DATAWORDS] = {0}, hi[SFV_MAX_DATAWORDS] = {0};
      uint64_t cm, ce, mask = 0, expect = 0;
      sfv_flex_control_bits(w, regbits, &cm, &ce);
      for (k = 0; k < n; k++) {
        lo[k] = role[k] == FLEX_CTRL ? ce : 0;
        hi[k] = role[k] == FLEX_CTRL ? (~cm | ce) & wmask
                : role[k] == FLEX_OFF ? wmask
                                      : 0;
        if (role[k] != FLEX_OFF) {
          mask |= sfv_word_lane(role[k] == FLEX_CTRL ? cm : wmask, w,
                                v->sec.big_endian) << (8u * k * w);
          expect |= sfv_word_lane(role[k] == FLEX_CTRL ? ce : 0, w,
                                  v->sec.big_endian) << (8u * k * w);
        }
      }
      if (classify_raw(v, f, info, lo) == 0 &&
          classify_raw(v, f, info, hi) == 0) {
        v->ft->flex_mask[info] = mask;
        v->ft->flex_expect[info] = expect;
        t = SFV_V_FAST8;
      }
    }
    v->ft->words_len[info] = (uint8_t)(n << code);
  }
  v->ft->flex_info[info] = t;
  return t;
}

/* Learns the classifier's finding about each data word of an FRE of a
 * default FDE with the SFV_V_FAST8 info byte info (AMD64, AArch64) when
 * that word fails its predicate, into a free entry of v->ft->find, and
 * sets v->ft->find_ix[info] -- to SFV_V_FIND_NONE when the pool is full
 * or the classifier does not answer as find_send requires: asked, for f,
 * with each word in turn at two failing values (1 and 3) and the others
 * passing (0, -8), exactly one finding, about this FDE and FRE, its value
 * the word's, the rest the same at both; asked with every word failing,
 * those findings in word order.  Like sfv_v_derive(), it answers for the info
 * byte in every default FDE (the classifier reads of the FDE only its
 * type, its index and the FRE type, for offsets). */
unsigned sfv_v_find_derive(vctx *v, const sfv_fde *f, uint8_t info) {
  unsigned n = sfv_fre_info_count(info), k, j, a;
  unsigned w = 1u << sfv_fre_info_size_code(info);
  uint64_t wmask = ((uint64_t)1 << (8u * w)) - 1u; /* FAST8: w <= 4 */
  uint64_t raw[SFV_MAX_DATAWORDS] = {0};
  uint64_t at0 = sfv_fre_addr_size(f->fre_type) + 1u; /* word 0, FRE at 0 */
  sfv_find_tmpl e = {0}; /* the table's entry at find_n when learned */
  find_rec rec;
  v->ft->find_ix[info] = SFV_V_FIND_NONE;
  if (v->find_n >= SFV_V_FIND_SIZE || n > 8u)
    return SFV_V_FIND_NONE;
  for (k = 0; k < n; k++) {
    for (a = 1; a <= 3; a += 2) {
      const sfv_finding *g = &rec.f[0];
      for (j = 0; j < n; j++)
        raw[j] = j == k ? a : j == 0 ? 0 : (uint64_t)-8 & wmask;
      if (classify_raw_rec(v, f, info, raw, &rec) != 1 ||
          g->fde != (int64_t)f->index || g->fre != 1 || g->found != a ||
          g->offset < at0 || g->offset - at0 > UINT8_MAX)
        return SFV_V_FIND_NONE;
      if (a == 1) {
        e.w[k] = (sfv_word_find){(uint16_t)g->rule, (uint8_t)g->severity,
                                  (uint8_t)(g->offset - at0), g->expected,
                                  g->aux};
      } else if (e.w[k].rule != (uint16_t)g->rule ||
                 e.w[k].severity != (uint8_t)g->severity ||
                 e.w[k].delta != g->offset - at0 ||
                 e.w[k].expected != g->expected || e.w[k].aux != g->aux) {
        return SFV_V_FIND_NONE;
      }
    }
  }
  for (k = 0; k < n && e.w[k].severity == SFV_SEV_WARNING; k++)
    ;
  e.all_warnings = k == n;
  for (j = 0; j < n; j++)
    raw[j] = 1;
  if (classify_raw_rec(v, f, info, raw, &rec) != n)
    return SFV_V_FIND_NONE;
  for (k = 0; k < n; k++) {
    const sfv_finding *g = &rec.f[k];
    if (g->rule != (sfv_rule_id)e.w[k].rule ||
        g->offset != at0 + e.w[k].delta || g->found != 1 ||
        g->fde != (int64_t)f->index || g->fre != 1)
      return SFV_V_FIND_NONE;
  }
  v->ft->find[v->find_n++] = e;
  v->ft->find_ix[info] = (uint8_t)v->find_n;
  return v->find_n;
}

/* SPDX-License-Identifier: MIT */
/* derive_contract.h - the contract of validate_fast.c's derive() (the
 * fast path's table entry for one FRE info byte): proved by
 * proofs/derive, assumed by the model that replaces derive() in the
 * whole-validator proof (proofs/sfv_validate/derive_model.c;
 * docs/PROOFS.md, "The whole validator").
 *
 * Precondition (what its one caller, fast_a, guarantees): f is a default
 * FDE (sfv_v_fast_usable), the section's ABI is known (v->fast), v->memo
 * says s390x, v->ft points to the tables.
 * Postcondition, t the answer and n, code the info byte's word count and
 * size code:
 *   - v->ft->info[info] == t, and t is SFV_V_SLOW, SFV_V_FAST,
 *     SFV_V_FAST8 or SFV_V_MEMO;
 *   - t != SFV_V_SLOW: code <= SFV_DW_SIZE_CODE_MAX;
 *   - code <= SFV_DW_SIZE_CODE_MAX (every t):
 *     v->ft->words_len[info] == n << code (the data words' bytes; the
 *     entry a flex FDE's table shares, proofs/lib/fast_contract.h);
 *   - SFV_V_FAST or SFV_V_FAST8: n <= 3 (the classifier accepted the
 *     count: default_count_ok);
 *   - SFV_V_FAST: not s390x, and more than 8 word bytes;
 *   - SFV_V_FAST8 and SFV_V_MEMO: at most 8 word bytes; SFV_V_MEMO only
 *     on s390x;
 *   - SFV_V_FAST8: v->ft->mask[info] and expect[info] have no bit past
 *     the word bytes (in the little-endian 8-byte load at the first
 *     word), so the words that fail the masked test (fast path:
 *     find_next_word) are among the FRE's own;
 * Frame: derive writes only v->ft->info, words_len, mask and expect at
 * index info (mask and expect: any value but as the SFV_V_FAST8 clause
 * says).
 *
 * The fast path's other derivations (proved by proofs/derive_tables,
 * assumed by proofs/sfv_v_fast_fres/models.c):
 *   - sfv_v_flex_derive (a flex FDE): flex_post at info, words_len[info]
 *     unchanged or the word bytes; writes only flex_info, flex_mask,
 *     flex_expect and words_len at info;
 *   - sfv_v_find_derive (a default FDE off s390x, info SFV_V_FAST8):
 *     find_post at info, its answer find_ix[info], find_n up by at most
 *     one; writes only find_ix[info], find_n and the template at find_n;
 *   - sfv_v_memo_clean (s390x, words in at most 8 bytes): any answer;
 *     writes only the answer cache. */
#ifndef SFV_DERIVE_CONTRACT_H
#define SFV_DERIVE_CONTRACT_H

#include "sframe/validate.h"
#include "sframe/spec.h"

static inline int derive_pre(const vctx *v, const sfv_fde *f) {
  return f->fde_type == SFV_FDE_DEFAULT &&
         sfv_abi_known(v->sec.hdr.version, v->sec.hdr.abi_arch) &&
         v->memo == (v->sec.hdr.abi_arch == SFV_ABI_S390X_BE);
}

static inline int derive_post(const vctx *v, uint8_t info, uint8_t t) {
  unsigned code = sfv_fre_info_size_code(info);
  unsigned n = sfv_fre_info_count(info);
  unsigned wl = n << code;
  if (v->ft->info[info] != t)
    return 0;
  if (code <= SFV_DW_SIZE_CODE_MAX && v->ft->words_len[info] != wl)
    return 0;
  if (t == SFV_V_SLOW)
    return 1;
  if (code > SFV_DW_SIZE_CODE_MAX)
    return 0;
  if (t == SFV_V_FAST)
    return !v->memo && n <= 3u && wl > 8u;
  if (t == SFV_V_FAST8)
    return n <= 3u && wl <= 8u &&
           (wl == 8u ||
            ((v->ft->mask[info] | v->ft->expect[info]) >> (8u * wl)) == 0);
  if (t == SFV_V_MEMO)
    return v->memo && wl <= 8u;
  return 0;
}

/* A flex FDE's entry for info byte i (validate_derive.c
 * sfv_v_flex_derive): flex_info[i] == t, SFV_V_SLOW, or SFV_V_FAST8 with
 * its words in at most 8 bytes, words_len[i] their count (the entry the
 * default table shares: derive_post writes the same value), and
 * flex_mask, flex_expect within them. */
static inline int flex_post(const vctx *v, uint8_t i, uint8_t t) {
  unsigned code = sfv_fre_info_size_code(i);
  unsigned wl = sfv_fre_info_count(i) << code;
  if (v->ft->flex_info[i] != t)
    return 0;
  if (t == SFV_V_SLOW)
    return 1;
  return t == SFV_V_FAST8 && code <= SFV_DW_SIZE_CODE_MAX && wl <= 8u &&
         v->ft->words_len[i] == wl &&
         (wl == 8u ||
          ((v->ft->flex_mask[i] | v->ft->flex_expect[i]) >> (8u * wl)) == 0);
}

/* Template t of the tables (v->ft->find[t]), of an info byte of n data
 * words (validate_derive.c sfv_v_find_derive): each word's finding of a
 * known rule and severity.  (Indexed, not through a pointer into the
 * tables: CBMC then reads one entry, not the whole object.) */
static inline int find_tmpl_ok(const vctx *v, unsigned t, unsigned n) {
  unsigned k;
  for (k = 0; k < n && k < 8u; k++)
    if (v->ft->find[t].w[k].rule >= (unsigned)SFV_RULE_COUNT ||
        (v->ft->find[t].w[k].severity != SFV_SEV_ERROR &&
         v->ft->find[t].w[k].severity != SFV_SEV_WARNING &&
         v->ft->find[t].w[k].severity != SFV_SEV_NOTE))
      return 0;
  return 1;
}

/* find_ix[i] (sfv_v_find_derive's answer): 0 (not asked), SFV_V_FIND_NONE
 * or 1 + the index of a template below find_n, of i's word count. */
static inline int find_post(const vctx *v, uint8_t i) {
  unsigned ix = v->ft->find_ix[i];
  return v->find_n <= SFV_V_FIND_SIZE &&
         (ix == 0 || ix == SFV_V_FIND_NONE ||
          (ix <= v->find_n &&
           find_tmpl_ok(v, ix - 1u, sfv_fre_info_count(i))));
}

#endif

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
 *   - t != SFV_V_SLOW: code <= SFV_DW_SIZE_CODE_MAX and
 *     v->ft->words_len[info] == n << code (the data words' bytes);
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
 * says). */
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
  if (t == SFV_V_SLOW)
    return 1;
  if (code > SFV_DW_SIZE_CODE_MAX || v->ft->words_len[info] != wl)
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

#endif

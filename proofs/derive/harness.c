/* SPDX-License-Identifier: MIT */
/* sfv_v_derive() (validate_derive.c; the harness includes the file) on
 * any vctx satisfying its precondition -- any section header fields (the
 * classifier reads no section byte), any default FDE, any info byte, any
 * table contents -- keeps proofs/lib/derive_contract.h's contract: its
 * postcondition and its frame (nothing written but the four table entries
 * of info; checked at any other index j and at any byte b of v). */
#include "proof.h"
#include "../../src/sframe/validate_derive.c"
#include "derive_contract.h"

int main(void) {
  vctx v, v0;
  sfv_fde f;
  vfast *ft = malloc(sizeof *ft);
  uint8_t info = nondet_u8(), t, info_j, len_j, ix_j, memo_state_j;
  uint64_t mask_j, expect_j, memo_words_j;
  unsigned j = nondet_u8();
  size_t b = nondet_size();
  __CPROVER_assume(ft != NULL);
  v.ft = ft;
  f.fde_type = SFV_FDE_DEFAULT;
#ifdef PROOF_N
  v.sec.hdr.abi_arch = PROOF_N; /* a run per ABI (proof.mk) */
#endif
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE; /* as sfv_validate */
  __CPROVER_assume(derive_pre(&v, &f));
  memcpy(&v0, &v, sizeof v);
  info_j = ft->info[j];
  len_j = ft->words_len[j];
  mask_j = ft->mask[j];
  expect_j = ft->expect[j];
  ix_j = ft->find_ix[j];
  memo_words_j = ft->memo[j].words;
  memo_state_j = ft->memo[j].state;
  t = sfv_v_derive(&v, &f, info);
  __CPROVER_assert(derive_post(&v, info, t), "derive: postcondition");
  __CPROVER_assume(b < sizeof v);
  __CPROVER_assert(((const uint8_t *)&v)[b] == ((const uint8_t *)&v0)[b],
                   "derive: v unchanged (any byte)");
  if (j != info)
    __CPROVER_assert(ft->info[j] == info_j && ft->words_len[j] == len_j &&
                         ft->mask[j] == mask_j && ft->expect[j] == expect_j,
                     "derive: other info bytes' entries unchanged");
  __CPROVER_assert(ft->find_ix[j] == ix_j && ft->memo[j].words == memo_words_j &&
                       ft->memo[j].state == memo_state_j,
                   "derive: the answer cache and the finding index unchanged");
  return 0;
}

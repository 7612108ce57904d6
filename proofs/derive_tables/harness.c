/* SPDX-License-Identifier: MIT */
/* The fast path's other table derivations (validate_derive.c; the harness
 * includes the file) on any vctx satisfying their preconditions -- any
 * section header fields of a known ABI (PROOF_ABI, else any), any FDE of
 * the kind each takes, any info byte of the run's word count (PROOF_COUNT,
 * proof.mk: a run per count), any table contents -- keep their contracts
 * of proofs/lib/derive_contract.h, which proofs/sfv_v_fast_fres assumes
 * in their place (its models.c):
 * - PROOF_PART 1, sfv_v_flex_derive (a flex FDE, v3): flex_post, and
 *   words_len[info] unchanged or the info byte's word bytes;
 * - PROOF_PART 2, sfv_v_find_derive (a default FDE, AMD64 or AArch64, an
 *   info byte derive_post says SFV_V_FAST8: find_take's caller): find_post
 *   at info, its answer find_ix[info], find_n up by at most 1;
 * - PROOF_PART 3, sfv_v_memo_clean (s390x, words in at most 8 bytes):
 *   no undefined behaviour;
 * - PROOF_PART 4, part 2's precondition at any info byte: at most 3
 *   words (so part 2's runs of counts 0 .. 3 cover it).
 * Frame, each: nothing of v written but find_n (part 2); of the tables,
 * only the entries of info the contract names, the template at find_n
 * (part 2) and the answer cache (part 3): checked at any other index j,
 * any byte of v. */
#include "proof.h"
#include "../../src/sframe/validate_derive.c"
#include "derive_contract.h"

/* flex_roles's contract (proved by proofs/flex_roles, for the counts
 * sfv_v_flex_derive asks about): some answer, role[0, 8) written with any
 * values, nothing else.  (proof.mk: --replace-calls; the real search
 * unrolls 64 layout searches at a symbolic count.) */
int flex_roles_model(unsigned n, uint8_t *role);
int flex_roles_model(unsigned n, uint8_t *role) {
  unsigned k;
  __CPROVER_assert(n <= 8u, "flex_roles: precondition");
  for (k = 0; k < 8u; k++)
    role[k] = nondet_u8();
  return nondet_int();
}

/* Template t of ft equal to b, field by field, the template read by
 * index (through a pointer into the tables, or by memcmp's byte loop,
 * CBMC reads the whole table object at a symbolic offset). */
static int tmpl_same(const vfast *ft, unsigned t, const sfv_find_tmpl *b) {
  unsigned k;
  for (k = 0; k < 8u; k++)
    if (ft->find[t].w[k].rule != b->w[k].rule ||
        ft->find[t].w[k].severity != b->w[k].severity ||
        ft->find[t].w[k].delta != b->w[k].delta ||
        ft->find[t].w[k].expected != b->w[k].expected ||
        ft->find[t].w[k].aux != b->w[k].aux)
      return 0;
  return ft->find[t].all_warnings == b->all_warnings;
}

/* The run's info byte: word count PROOF_COUNT (and size code PROOF_CODE
 * when given), its other bits any; else any byte.  A run per count, 0 ..
 * 15, covers every byte (proof.mk).  (Built from the constant, not
 * assumed of a symbolic byte: the solver then has the count's bits as
 * constants.) */
#if defined(PROOF_COUNT) && defined(PROOF_CODE)
#define PROOF_INFO_BYTE                                                        \
  (uint8_t)((PROOF_CODE << 5) | (PROOF_COUNT << 1) | (nondet_u8() & 0x81u))
#elif defined(PROOF_COUNT)
#define PROOF_INFO_BYTE (uint8_t)((PROOF_COUNT << 1) | (nondet_u8() & 0xe1u))
#else
#define PROOF_INFO_BYTE nondet_u8()
#endif

int main(void) {
  vctx v, v0;
  sfv_fde f;
  vfast *ft = malloc(sizeof *ft);
  uint8_t info = PROOF_INFO_BYTE, info_j, len_j, flex_j, ix_j, len_i;
  uint64_t mask_j, expect_j, fmask_j, fexpect_j;
  sfv_fre_memo memo_j;
  unsigned j = nondet_u8(), jt = nondet_unsigned(), jm = nondet_unsigned();
  sfv_find_tmpl tmpl_j;
  size_t b = nondet_size();
  unsigned wl = sfv_fre_info_count(info) << sfv_fre_info_size_code(info);
  __CPROVER_assume(ft != NULL);
  __CPROVER_assume(jt < SFV_V_FIND_SIZE && jm < SFV_V_MEMO_SIZE);
  v.ft = ft;
#ifdef PROOF_ABI
  v.sec.hdr.abi_arch = PROOF_ABI;
#else
  v.sec.hdr.abi_arch = nondet_u8();
#endif
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE; /* as sfv_validate */
  v.fast = 1;
  __CPROVER_assume(sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch));
#if PROOF_PART == 1
  v.sec.hdr.version = 3;
  f.fde_type = SFV_FDE_FLEX;
#else
  f.fde_type = SFV_FDE_DEFAULT;
#endif
#if PROOF_PART == 2 || PROOF_PART == 4
  __CPROVER_assume(!v.memo);
  __CPROVER_assume(v.find_n <= SFV_V_FIND_SIZE);
  __CPROVER_assume(derive_post(&v, info, SFV_V_FAST8));
#endif
#if PROOF_PART == 4
  __CPROVER_assert(sfv_fre_info_count(info) <= 3u,
                   "find_derive's precondition: at most 3 words");
  return 0;
#endif
  memcpy(&v0, &v, sizeof v);
  info_j = ft->info[j];
  len_j = ft->words_len[j];
  len_i = ft->words_len[info];
  mask_j = ft->mask[j];
  expect_j = ft->expect[j];
  flex_j = ft->flex_info[j];
  fmask_j = ft->flex_mask[j];
  fexpect_j = ft->flex_expect[j];
  ix_j = ft->find_ix[j];
  memo_j = ft->memo[jm];
  tmpl_j = ft->find[jt];
#if PROOF_PART == 1
  {
    uint8_t t = sfv_v_flex_derive(&v, &f, info);
    __CPROVER_assert(flex_post(&v, info, t) &&
                         (ft->words_len[info] == len_i ||
                          ft->words_len[info] == wl),
                     "flex_derive: postcondition");
  }
#elif PROOF_PART == 2
  {
    unsigned r = sfv_v_find_derive(&v, &f, info);
    __CPROVER_assert(find_post(&v, info) && r == ft->find_ix[info] &&
                         (v.find_n == v0.find_n ||
                          v.find_n == v0.find_n + 1u),
                     "find_derive: postcondition");
    v.find_n = v0.find_n; /* the frame below: the rest of v */
  }
#else
  __CPROVER_assume(wl <= 8u);
  (void)sfv_v_memo_clean(&v, &f, info, nondet_u64(), wl);
#endif
  __CPROVER_assume(b < sizeof v);
  __CPROVER_assert(((const uint8_t *)&v)[b] == ((const uint8_t *)&v0)[b],
                   "derive: v unchanged (any byte)");
  if (j != info || PROOF_PART == 3)
    __CPROVER_assert(ft->info[j] == info_j && ft->mask[j] == mask_j &&
                         ft->expect[j] == expect_j &&
                         ft->flex_info[j] == flex_j &&
                         ft->flex_mask[j] == fmask_j &&
                         ft->flex_expect[j] == fexpect_j &&
                         ft->words_len[j] == len_j && ft->find_ix[j] == ix_j,
                     "derive: other info bytes' entries unchanged");
  if (PROOF_PART == 2 && j == info)
    __CPROVER_assert(ft->info[j] == info_j && ft->mask[j] == mask_j &&
                         ft->expect[j] == expect_j &&
                         ft->flex_info[j] == flex_j && ft->words_len[j] == len_j,
                     "find_derive: info's other entries unchanged");
  if (PROOF_PART == 1 && j == info)
    __CPROVER_assert(ft->info[j] == info_j && ft->mask[j] == mask_j &&
                         ft->expect[j] == expect_j && ft->find_ix[j] == ix_j,
                     "flex_derive: info's default entries unchanged");
  if (PROOF_PART != 3)
    __CPROVER_assert(ft->memo[jm].words == memo_j.words &&
                         ft->memo[jm].info == memo_j.info &&
                         ft->memo[jm].state == memo_j.state,
                     "derive: the answer cache unchanged");
  if (PROOF_PART != 2 || jt != v0.find_n)
    __CPROVER_assert(tmpl_same(ft, jt, &tmpl_j),
                     "derive: the templates unchanged (but find_n's)");
  return 0;
}

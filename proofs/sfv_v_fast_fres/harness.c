/* SPDX-License-Identifier: MIT */
/* The FRE fast path (validate_fast.c: sfv_v_fast_fres, and
 * sfv_v_fast_fres_find with PROOF_FIND) against proofs/lib/fast_contract.h,
 * which the walk lemma and the whole-validator proof assume in its place:
 * on every opened section of up to PROOF_MAX_SIZE bytes
 * (proof_section_opened), any default FDE of a known ABI other than s390x
 * (this harness's first split), any iterator satisfying the walk's
 * invariant (proofs/lib/fre_iter_contract.h), any budget or none, any
 * previous start, findings to a sink that may stop the run: no undefined
 * behaviour, and fast_post.
 * The tables start zeroed, as sfv_validate leaves them, and sfv_v_derive
 * is its proved contract (proofs/sfv_validate/derive_model.c): its model
 * gives an entry any value derive_post allows at the first read of an
 * info byte, and later reads see that value, so this covers every table
 * whose entries are 0 or satisfy derive_post.  The fast path's loops are
 * unrolled (proof.mk: (N - 28) / 2 FREs): not yet an induction. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* reads at unsigned offsets */
#include "section_proof.h"
#include "sframe/validate.h"
#include "fast_contract.h"
#include "fre_iter_contract.h"
#include "vsink_proof.h"

int main(void) {
  sfv_fde f;
  sfv_fre_iter it;
  sfv_work bw, *b = nondet_u8() ? &bw : NULL;
  sfv_result res;
  sfv_options opt;
  fast_state s;
  uint32_t prev_start = nondet_u32();
  vfast *ft = malloc(sizeof *ft);
  __CPROVER_assume(ft != NULL);
  memset(ft->info, 0, sizeof ft->info);
  memset(ft->find_ix, 0, sizeof ft->find_ix);
  memset(ft->flex_info, 0, sizeof ft->flex_info);
  proof_section_opened(&v.sec);
  proof_fde_model(&v.sec, &f);
  __CPROVER_assume(f.fde_type == SFV_FDE_DEFAULT);
#ifdef PROOF_FRE_TYPE
  __CPROVER_assume(f.fre_type == PROOF_FRE_TYPE);
#endif
  __CPROVER_assume(v.sec.hdr.abi_arch == SFV_ABI_AMD64_LE ||
                   v.sec.hdr.abi_arch == SFV_ABI_AARCH64_LE ||
                   v.sec.hdr.abi_arch == SFV_ABI_AARCH64_BE);
  v.opt = &opt;
  v.res = &res;
  v.ft = ft;
  v.em = (sfv_emitter){0}; /* fn, ctx: the fast path reads stop, max,
                              delivered (find_over_cap) */
  v.em.max = nondet_u32();
  v.em.delivered = nondet_u32();
  v.em.stop = 0;
  v.unreloc = nondet_int();
  v.fast_skip = nondet_unsigned();
  v.fast_miss = nondet_unsigned();
  v.find_n = nondet_unsigned();
  __CPROVER_assume(v.find_n <= SFV_V_FIND_SIZE);
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = 1;
  v.memo = 0;
  v.out = (sfv_out){sink, nondet_u8() ? (void *)&v : (void *)&elsewhere};
  __CPROVER_assume(res.errors < (1u << 31) && res.warnings < (1u << 31) &&
                   res.notes < (1u << 31) && res.suppressed < (1u << 31));
  fre_iter_any(&it, &v.sec);
  it.fre_type = f.fre_type;
  __CPROVER_assume(fast_pre(&v, &f, &it));
  fast_save(&s, &v, &it, b, &prev_start);
#ifdef PROOF_FIND
  sfv_v_fast_fres_find(&v, &f, &it, b, &prev_start);
#else
  sfv_v_fast_fres(&v, &f, &it, b, &prev_start);
#endif
  __CPROVER_assert(fast_post(&v, &it, b, &prev_start, &s,
#ifdef PROOF_FIND
                             1,
#else
                             0,
#endif
                             sent),
                   "fast path: postcondition");
  return 0;
}

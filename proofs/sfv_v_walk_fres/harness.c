/* SPDX-License-Identifier: MIT */
/* One FDE's FRE walk (validate_walk.c: sfv_v_walk_fres, and
 * sfv_v_walk_fres_quiet from an iterator the fast path or sfv_fre_next
 * left) against proofs/lib/walk_contract.h, which the whole-validator
 * proof assumes in the walk's place, by induction over the walk's loop
 * (walk_fres: nothing but turns of walk_turn while the run goes on):
 * - PROOF_STEP 1, the step: one walk_turn from ANY state satisfying the
 *   loop invariant walk_inv (any opened section, any FDE, iterator,
 *   position, counts, previous start, options, counters, back-off,
 *   budget or none, findings to the validator's delivery or elsewhere)
 *   has no undefined behaviour and keeps walk_inv (with the one finding
 *   that ends a walk);
 * - PROOF_STEP 0, the ends: sfv_v_walk_fres and sfv_v_walk_fres_quiet
 *   on any state walk_pre allows, walk_fres the model of its loop
 *   (models.c: walk_inv asserted at its entry, assumed at its end), keep
 *   walk_post, and the quiet walk sends nothing and restores v->out.
 * Lemmas in place of code: the fast path is its contract
 * (proofs/lib/fast_contract.h, proofs/sfv_validate/fast_model.c), one
 * sfv_fre_next_i is its contract fre_next_post (proved by
 * proofs/sfv_fre_next).  So the walk reads no section byte here (the
 * decoder's reads are its lemma's) and the step's cost does not depend on
 * the section's size: the walk lemma holds for every size its callees'
 * lemmas hold for.  Findings go to a sink that checks them and may stop
 * the run. */
#include "section_proof.h"
#include "../../src/sframe/validate_walk.c"
#include "walk_contract.h"
#include "vsink_proof.h"

/* The validator state of a walk of f's FREs: walk_pre, counters far from
 * wrapping (a section draws fewer findings than it has bytes), sections
 * below 2^48 bytes (3 d + 1 does not wrap). */
static void walk_state_any(sfv_fde *f, sfv_result *res, sfv_options *opt,
                           vfast *ft) {
  proof_section_model(&v.sec, NULL, 0);
  __CPROVER_assume(v.sec.size < ((uint64_t)1 << 48));
  proof_fde_model(&v.sec, f);
  v.opt = opt;
  v.res = res;
  v.ft = ft;
  /* v is static (zero): the rest of its state any value. */
  v.em = (sfv_emitter){0}; /* fn, ctx: the walk reads only stop */
  v.em.max = nondet_u32();
  v.em.delivered = nondet_u32();
  v.em.stop = nondet_int();
  v.unreloc = nondet_int();
  v.fast_skip = nondet_unsigned();
  v.fast_miss = nondet_unsigned();
  v.find_n = nondet_unsigned();
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = v.abi_ok && nondet_u8() != 0;
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE;
  __CPROVER_assume(res->errors < (1u << 31) && res->warnings < (1u << 31) &&
                   res->notes < (1u << 31) && res->suppressed < (1u << 31));
}

/* An iterator for f (the FRE type its own, a defined one: sfv_fre_iter_init
 * accepted it) satisfying the iterator invariant, any position and counts. */
static void walk_iter_any(sfv_fre_iter *it, const sfv_fde *f) {
  sfv_fre_iter any;
  *it = any;
  it->sec = &v.sec;
  it->fre_type = f->fre_type;
  __CPROVER_assume(it->fre_type <= SFV_FRE_ADDR4 &&
                   it->limit <= sfv_fre_end(&v.sec) &&
                   sfv_fre_end(&v.sec) <= v.sec.size);
}

#if PROOF_STEP
int main(void) {
  sfv_fde f;
  sfv_work bw, *b = nondet_u8() ? &bw : NULL;
  sfv_result res;
  sfv_options opt;
  sfv_fre_iter it0, it;
  walk_state s, any;
  sfv_out out0;
  uint32_t prev_start = nondet_u32();
  int turned = nondet_u8() != 0, done = nondet_int(), go;
  vfast *ft = malloc(sizeof *ft);
  __CPROVER_assume(ft != NULL);
  walk_state_any(&f, &res, &opt, ft);
  v.out = (sfv_out){sink, nondet_u8() ? (void *)&v : (void *)&elsewhere};
  out0 = v.out;
  __CPROVER_assume(!v.em.stop); /* the loop's condition */
  /* The walk started at it0 in state s; it is where it has come to. */
  walk_iter_any(&it0, &f);
  __CPROVER_assume(walk_pre(&v, &f, it0.pos));
  s = any;
  s.p0 = it0.pos;
  it = it0;
  it.pos = nondet_u64();
  it.next = nondet_u32();
  sent = nondet_unsigned();
  __CPROVER_assume(sent < (1u << 31));
  /* The fast path's model sends at most one finding per byte it passes
   * over: d below PROOF_MAX_SIZE (proof.mk unwinds proof_send_findings
   * to match). */
  __CPROVER_assume(v.sec.size <= PROOF_MAX_SIZE);
  __CPROVER_assume(walk_inv(&v, b, &s, &it0, &it, sent, 0));
  go = walk_turn(&v, &f, &it, &prev_start, b, sfv_v_fast_usable(&v, &f),
                 &turned, &done);
  __CPROVER_assert(walk_inv(&v, b, &s, &it0, &it, sent, !go),
                   "walk: one turn keeps the invariant");
  __CPROVER_assert(walk_pre(&v, &f, it0.pos) && v.out.fn == out0.fn &&
                       v.out.ctx == out0.ctx,
                   "walk: one turn keeps walk_pre and v->out");
  return 0;
}
#else
int main(void) {
  sfv_fde f;
  sfv_work bw, *b = nondet_u8() ? &bw : NULL;
  sfv_result res;
  sfv_options opt;
  sfv_out out0;
  walk_state s;
  uint64_t e;
  int quiet = nondet_u8() != 0;
  vfast *ft = malloc(sizeof *ft);
  __CPROVER_assume(ft != NULL);
  walk_state_any(&f, &res, &opt, ft);
  /* The models send at most 3 d + 1 findings one by one: d below
   * PROOF_MAX_SIZE (proof.mk unwinds proof_send_findings to match). */
  __CPROVER_assume(v.sec.size <= PROOF_MAX_SIZE);
  v.out = (sfv_out){sink, &v};
  out0 = v.out;
  if (!quiet) {
    __CPROVER_assume(walk_pre(&v, &f, f.fres_offset));
    walk_save(&s, &v, f.fres_offset, b);
    e = sfv_v_walk_fres(&v, &f, b);
  } else {
    sfv_fre_iter it;
    uint64_t end;
    walk_iter_any(&it, &f);
    __CPROVER_assume(walk_pre(&v, &f, it.pos));
    walk_save(&s, &v, it.pos, b);
    (void)sfv_v_walk_fres_quiet(&v, &f, &it, nondet_u32(), b, &end);
    e = end;
  }
  __CPROVER_assert(walk_post(&v, b, &s, e, quiet, sent),
                   "walk: postcondition");
  __CPROVER_assert(v.out.fn == out0.fn && v.out.ctx == out0.ctx,
                   "walk: v->out as it was");
  return 0;
}
#endif

/* SPDX-License-Identifier: MIT */
/* The FRE fast path (validate_fast.c: sfv_v_fast_fres, and
 * sfv_v_fast_fres_find) against proofs/lib/fast_contract.h, which the walk
 * lemma and the whole-validator proof assume in its place, by induction
 * over fast_a's loops (proofs/lib/fast_loop_contract.h: fast_inv), on any
 * opened section of up to PROOF_MAX_SIZE bytes:
 * - PROOF_PART 1, the masked loop's turn (find 0): fast_clean_fits, then
 *   fast_took when it fits, as fast_clean_run runs them, from ANY state
 *   satisfying fast_inv and the loop's condition;
 * - PROOF_PART 2, the same for the masked loop with findings (find 1:
 *   fast_find_fits, find_take's sends to a sink that may stop the run);
 * - PROOF_PART 3, one turn of fast_loop (fast_loop_turn: the masked loop, its
 *   model below, then the one-at-a-time step fast_one_fits) from any
 *   state satisfying fast_inv and the loop's condition;
 * - PROOF_PART 4, the ends: both entry points on any state fast_pre
 *   allows, fast_loop its model (fast_inv asserted at its entry, assumed
 *   where it ends): fast_post.
 * Parts 1-3 take any start size (1, 2, 4) and byte order, as the turns
 * take them: as arguments, each fast_a copy passing constants (PROOF_ASZ
 * and PROOF_BE would fix them: one copy's run); PROOF_FIND splits parts 3
 * and 4 (flex any with find 0).  Each part keeps every table entry's fast_table_ok: assumed at
 * any index j and at the info byte the turn reads, asserted at j after.
 * Lemmas in place of code (proof.mk: goto-instrument --replace-calls):
 * the derivations' contracts (proofs/lib/derive_contract.h: sfv_v_derive
 * proved by proofs/derive; sfv_v_flex_derive, sfv_v_find_derive,
 * sfv_v_memo_clean by this harness's models.c, docs/PROOFS.md says which
 * are proved) and the loops' models below. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* reads at unsigned offsets */
#include "section_proof.h"
#include "../../src/sframe/validate_fast.c"
#include "fast_loop_contract.h"
#include "fre_iter_contract.h"
#include "vsink_proof.h"

#ifndef PROOF_FIND
#define PROOF_FIND 0
#endif
#ifndef PROOF_ASZ
#define PROOF_ASZ 0 /* any of 1, 2, 4; PROOF_BE then any too */
#endif

/* The caller's state at fast_a's entry, for the models' invariant. */
static fast_state sv;
static sfv_work *bp;

/* v, f, an iterator it0 and budget satisfying fast_pre (f's FRE type of
 * start size asz, when asz != 0), findings to the validator's delivery or
 * elsewhere, counters below 2^31; sv saved from them. */
static void fast_setup(sfv_fde *f, sfv_fre_iter *it0, sfv_work *bw,
                       sfv_result *res, sfv_options *opt, vfast *ft,
                       uint32_t *prev_start, unsigned asz) {
  proof_section_opened(&v.sec);
  proof_fde_model(&v.sec, f);
  v.opt = opt;
  v.res = res;
  v.ft = ft;
  v.em = (sfv_emitter){0}; /* fn, ctx: the fast path reads stop, max,
                              delivered (find_over_cap) */
  v.em.max = nondet_u32();
  v.em.delivered = nondet_u32();
  v.em.stop = nondet_int();
  v.unreloc = nondet_int();
  v.fast_skip = nondet_unsigned();
  v.fast_miss = nondet_unsigned();
  v.find_n = nondet_unsigned();
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = v.abi_ok;
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE;
  v.out = (sfv_out){sink, nondet_u8() ? (void *)&v : (void *)&elsewhere};
  __CPROVER_assume(res->errors < (1u << 31) && res->warnings < (1u << 31) &&
                   res->notes < (1u << 31) && res->suppressed < (1u << 31));
  fre_iter_any(it0, &v.sec);
  it0->fre_type = f->fre_type;
  __CPROVER_assume(fast_pre(&v, f, it0));
  if (asz != 0)
    __CPROVER_assume(sfv_fre_addr_size(f->fre_type) == asz);
  bp = nondet_u8() ? bw : NULL;
  fast_save(&sv, &v, it0, bp, prev_start);
  sent = 0;
}

/* fast_table_ok at the info byte of the FRE at pos (when inside the
 * section): the invariant of every entry, where the code reads it. */
static void fast_table_at(uint64_t pos, unsigned asz) {
  if (pos < v.sec.size && asz < v.sec.size - pos)
    __CPROVER_assume(fast_table_ok(&v, v.sec.data[pos + asz]));
}

/* The loops' state after some turns: any satisfying fast_inv for the
 * counters and findings so far (sent), their values any. */
static void fast_any_state(fast_st *s, unsigned asz, int find) {
  fast_st any;
  *s = any;
  sent = nondet_unsigned();
  v.res->errors = nondet_u32();
  v.res->warnings = nondet_u32();
  v.res->notes = nondet_u32();
  v.res->suppressed = nondet_u32();
  __CPROVER_assume(fast_inv(&v, &sv, bp, s, asz, find, sent));
}

/* A loop's model: fast_inv asserted at its entry; its state, the
 * counters and the findings any that keep fast_inv, with the tables'
 * invariant at the info byte where it stopped.  The findings (find): n
 * of them, as sink() takes them (each counted in sent, any of them may
 * stop the run); that each is of v->out's context and of a known rule is
 * what the turns' runs check of every finding the loops send. */
static void fast_loop_havoc(fast_st *s, unsigned asz, int find) {
  unsigned n = nondet_unsigned();
  __CPROVER_assert(fast_inv(&v, &sv, bp, s, asz, find, sent),
                   "fast loop: the invariant at its entry");
  s->pos = nondet_u64();
  s->next = nondet_u32();
  s->lo = nondet_u64();
  s->hi = nondet_u64();
  s->over = nondet_int();
  v.res->errors = nondet_u32();
  v.res->warnings = nondet_u32();
  v.res->notes = nondet_u32();
  v.res->suppressed = nondet_u32();
  __CPROVER_assume(n <= PROOF_MAX_SIZE);
  if (find) {
    sent += n;
    if (n != 0 && nondet_u8() != 0)
      v.em.stop = 1;
  }
  __CPROVER_assume(fast_inv(&v, &sv, bp, s, asz, find, sent));
  fast_table_at(s->pos, asz);
}

void fast_clean_run_model(const vctx *vp, fast_st *s, unsigned asz,
                          uint8_t be, int flex);
void fast_clean_run_model(const vctx *vp, fast_st *s, unsigned asz,
                          uint8_t be, int flex) {
  (void)vp, (void)be, (void)flex;
  fast_loop_havoc(s, asz, 0);
}

int fast_find_run_model(vctx *vp, const sfv_fde *f, fast_st *s, unsigned asz,
                        uint8_t be);
int fast_find_run_model(vctx *vp, const sfv_fde *f, fast_st *s, unsigned asz,
                        uint8_t be) {
  (void)vp, (void)f, (void)be;
  fast_loop_havoc(s, asz, 1);
  return nondet_int();
}

void fast_loop_model(vctx *vp, const sfv_fde *f, fast_st *s, int find,
                     unsigned asz, uint8_t be, int flex);
void fast_loop_model(vctx *vp, const sfv_fde *f, fast_st *s, int find,
                     unsigned asz, uint8_t be, int flex) {
  (void)vp, (void)f, (void)be, (void)flex;
  fast_loop_havoc(s, asz, find);
}

int main(void) {
  sfv_fde f;
  sfv_fre_iter it0;
  sfv_work bw;
  sfv_result res;
  sfv_options opt;
  uint32_t prev_start = nondet_u32();
  uint8_t j = nondet_u8();
  vfast ftab, *ft = &ftab; /* any contents */
#if PROOF_PART == 4
  {
    sfv_fre_iter it;
    fast_setup(&f, &it0, &bw, &res, &opt, ft, &prev_start, 0);
    __CPROVER_assume(fast_table_ok(&v, j));
    it = it0;
    if (PROOF_FIND)
      sfv_v_fast_fres_find(&v, &f, &it, bp, &prev_start);
    else
      sfv_v_fast_fres(&v, &f, &it, bp, &prev_start);
    __CPROVER_assert(fast_post(&v, &it, bp, &prev_start, &sv, PROOF_FIND,
                               sent),
                     "fast path: postcondition");
  }
#else
  {
    fast_st s;
#if PROOF_ASZ == 0
    /* Any start size and byte order: the turns take them as arguments
     * (fast_a's copies pass constants), so this covers every copy. */
    const unsigned asz = nondet_unsigned();
    const uint8_t be = nondet_u8() != 0;
    __CPROVER_assume(asz == 1u || asz == 2u || asz == 4u);
#else
    const unsigned asz = PROOF_ASZ;
    const uint8_t be = PROOF_BE;
#endif
#if PROOF_PART == 1
    const int find = 0, flex = nondet_u8() != 0;
#elif PROOF_PART == 2
    const int find = 1, flex = 0;
#else
    const int find = PROOF_FIND, flex = !find && nondet_u8() != 0;
#endif
    fast_setup(&f, &it0, &bw, &res, &opt, ft, &prev_start, asz);
    __CPROVER_assume(v.sec.big_endian == be);
    __CPROVER_assume(flex == (f.fde_type == SFV_FDE_FLEX));
    fast_any_state(&s, asz, find);
    __CPROVER_assume(fast_table_ok(&v, j));
    fast_table_at(s.pos, asz);
#if PROOF_PART == 1
    {
      uint64_t start;
      uint8_t info;
      __CPROVER_assume(s.tight && s.pos <= s.safe && s.next < s.count);
      if (fast_clean_fits(&v, &s, asz, be, flex, &start, &info))
        fast_took(&v, &s, asz, start, info);
    }
#elif PROOF_PART == 2
    {
      uint64_t start;
      uint8_t info;
      unsigned taken;
      __CPROVER_assume(s.tight && s.pos <= s.safe && s.next < s.count);
      taken = fast_find_fits(&v, &f, &s, asz, be, &start, &info);
      if (taken != 0)
        fast_took(&v, &s, asz, start, info);
    }
#else
    __CPROVER_assume(s.next < s.count);
    (void)fast_loop_turn(&v, &f, &s, find, asz, be, flex);
#endif
    __CPROVER_assert(fast_inv(&v, &sv, bp, &s, asz, find, sent),
                     "fast loop: one turn keeps the invariant");
  }
#endif
  __CPROVER_assert(fast_table_ok(&v, j), "fast path: the tables' invariant");
  return 0;
}

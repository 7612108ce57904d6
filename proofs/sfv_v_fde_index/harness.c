/* SPDX-License-Identifier: MIT */
/* validate.c's FDE-level passes (static: the harness includes the file)
 * against proofs/lib/fde_index_contract.h, on every opened section of up
 * to PROOF_MAX_SIZE bytes (proof_section_opened), any options, findings to
 * a sink that may stop the run (PROOF_STEP, one run each):
 *   turn: one turn of check_fde_index (fde_index_turn) at any FDE i below
 *     pa->n <= fde_avail from ANY state satisfying the invariant (any
 *     loop-carried values, flags, span statistics): no undefined
 *     behaviour; at most FDE_INDEX_TURN findings of known rules; at most
 *     one span added, at sf->a[old sf->st.n]: FDE i's, span_ok under the
 *     new statistics, whose key bounds only widen (so every older span
 *     stays span_ok); no other span written (checked at any j); the
 *     invariant (stats_ok included) at i + 1;
 *   ends: fde_index_begin establishes the invariant at i = 0; the end
 *     (fde_index_end) from any state sends at most one finding;
 *     all_starts_zero on any count up to fde_avail: 0 or 1, 0 below two
 *     FDEs, no finding.
 * So by induction every run of check_fde_index keeps the contract the
 * whole-validator proof assumes in its place. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* reads through cursors */
#include "section_proof.h"
#include "../../src/sframe/validate.c"
#include "fde_index_contract.h"
#include "vsink_proof.h"

/* Most FDEs a section of PROOF_MAX_SIZE bytes holds (28-byte header,
 * index entries of >= 16 bytes), at least 1. */
#define MAX_FDES                                                           \
  (PROOF_MAX_SIZE > 44 ? (PROOF_MAX_SIZE - 28) / 16 : 1)


int main(void) {
  sfv_options opt;
  sfv_result res;
  pass_a pa;
  span_fill sf;
  fde_ix x;
  span *room = malloc(MAX_FDES * sizeof(span));
  __CPROVER_assume(room != NULL);
  proof_section_opened(&v.sec);
  v.opt = &opt;
  v.res = &res;
  vsink_attach();
  v.unreloc = nondet_u8() != 0;
  v.em.stop = 0;
  pa.n = nondet_u32();
  pa.fre_len = nondet_u64();
  __CPROVER_assume(pa.n <= v.sec.fde_avail && pa.n <= MAX_FDES);
  /* The scratch: none, or room for exactly pa.n spans (the tail of a
   * constant-size object: the pointer check sees a write past it). */
  sfv_v_fill_init(&sf, nondet_u8() ? room + (MAX_FDES - pa.n) : NULL);
  fde_index_begin(&v, &pa, &x);
#if PROOF_STEP == 0 /* ends */
  __CPROVER_assert(fde_index_inv(&v, &pa, &sf, 0), "begin: the invariant");
  x.fres_total = nondet_u64();
  fde_index_end(&v, &pa, &x);
  __CPROVER_assert(sent <= 1, "end: at most one finding");
  {
    unsigned before = sent;
    uint32_t n = nondet_u32();
    int r;
    __CPROVER_assume(n <= v.sec.fde_avail);
    r = all_starts_zero(&v, n);
    __CPROVER_assert((r == 0 || r == 1) && (n >= 2 || r == 0) &&
                         sent == before,
                     "all_starts_zero: 0 or 1, 0 below two FDEs, no finding");
  }
#else /* one turn */
  {
    uint32_t i = nondet_u32(), j = nondet_u32(), n0;
    fde_ix x0;
    span_stats st0;
    span sj;
    int64_t end;
    x.prev_lo = nondet_i64();
    x.max_end = nondet_i64();
    x.fres_total = nondet_u64();
    x.prev_blk = nondet_u64();
    x.max_fde = nondet_u32();
    pa.blocks_ascending = nondet_int();
    pa.funcs_in_order = nondet_int();
    pa.ranges_ok = nondet_int();
    pa.prefix_end = nondet_u32();
    {
      span_stats any;
      sf.st = any;
    }
    __CPROVER_assume(i < pa.n && fde_index_inv(&v, &pa, &sf, i));
    x0 = x;
    st0 = sf.st;
    n0 = sf.st.n;
    __CPROVER_assume(j < pa.n);
    if (sf.a != NULL)
      sj = sf.a[j];
    fde_index_turn(&v, &pa, &sf, &x, i);
    __CPROVER_assert(fde_index_inv(&v, &pa, &sf, i + 1),
                     "turn: the invariant at i + 1");
    __CPROVER_assert(sent <= FDE_INDEX_TURN,
                     "turn: at most FDE_INDEX_TURN findings");
    __CPROVER_assert(sf.st.n == n0 || sf.st.n == n0 + 1,
                     "turn: at most one span added");
    if (sf.a != NULL && j != n0)
      __CPROVER_assert(sf.a[j].lo == sj.lo && sf.a[j].size == sj.size &&
                           sf.a[j].idx == sj.idx,
                       "turn: no other span written");
    if (sf.a != NULL && sf.st.n == n0 + 1)
      __CPROVER_assert(sf.a[n0].idx == i && span_ok(&sf, n0) &&
                           !__builtin_add_overflow(sf.a[n0].lo,
                                                   (int64_t)sf.a[n0].size,
                                                   &end),
                       "turn: the span added: FDE i's, span_ok");
    __CPROVER_assert(sf.st.min <= st0.min && sf.st.max >= st0.max,
                     "turn: the key bounds only widen (span_ok kept)");
    __CPROVER_assert(x.attr_size == x0.attr_size &&
                         x.sorted_flag == x0.sorted_flag &&
                         x.r.at == x0.r.at && x.r.stride == x0.r.stride &&
                         x.r.width == x0.r.width,
                     "turn: the pass's constants kept");
    __CPROVER_assert(v.out.fn == sink && v.out.ctx == &v,
                     "turn: v->out as it was");
  }
#endif
  return 0;
}

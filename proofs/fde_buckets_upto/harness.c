/* SPDX-License-Identifier: MIT */
/* fill_upto's loop (fde_buckets.c, static; the harness includes the
 * file): `while (b <= to) b = fill_one(sec, b, v);` for to at most the
 * bucket count, by induction, at an entry k the solver picks (so at
 * every one; fill_one writes entry b alone, so the proof at one entry
 * does not grow with the bucket count).  The invariant from b0, the b
 * on entry, and old, entry k's value on entry: b0 <= b, b is b0 or at
 * most to + 1, and entry k is v when b0 <= k < b, else old.  Three
 * parts, the solver picks one: it holds on entry; one fill_one from any
 * state satisfying it with b <= to has no undefined behaviour, keeps it
 * and moves b up by one (so the loop ends: b <= to + 1 <= the bucket
 * count + 1); and on exit (b > to) it gives fill_upto's contract, the
 * model of proofs/lib/fde_buckets_models.c: entry k is v when
 * b0 <= k <= to, else old, and b is to + 1, or b0 when to < b0. */
#include "section_proof.h"
#include "../../src/sframe/fde_buckets.c"

static int upto_inv(const sfv_section *sec, uint32_t b0, uint32_t b,
                    uint64_t to, uint32_t v, uint32_t k, uint32_t old) {
  return b0 <= b && (b == b0 || b <= to + 1u) &&
         sec->priv.lk_bucket[k] == (b0 <= k && k < b ? v : old);
}

#ifdef PROOF_UPTO_LOOP
/* The loop as written (fill_upto), unrolled: its contract at entry k. */
int main(void) {
  sfv_section sec;
  uint32_t b0 = nondet_u32(), v = nondet_u32(), k = nondet_u32(), old, b;
  uint64_t to = nondet_u64();
  __CPROVER_assume(to <= SFV_LOOKUP_BUCKETS && k <= SFV_LOOKUP_BUCKETS);
  old = sec.priv.lk_bucket[k];
  b = fill_upto(&sec, b0, to, v);
  __CPROVER_assert(b == (b0 <= to ? (uint32_t)to + 1u : b0) &&
                       sec.priv.lk_bucket[k] == (b0 <= k && k <= to ? v : old),
                   "upto: the contract");
  return 0;
}
#else
int main(void) {
  sfv_section sec;
  uint32_t b0 = nondet_u32(), b = nondet_u32(), v = nondet_u32();
  uint32_t k = nondet_u32(), old = nondet_u32();
  uint64_t to = nondet_u64();
  uint8_t part = nondet_u8();
  __CPROVER_assume(to <= SFV_LOOKUP_BUCKETS && k <= SFV_LOOKUP_BUCKETS);
  if (part == 0) { /* entry */
    old = sec.priv.lk_bucket[k];
    __CPROVER_assert(upto_inv(&sec, b0, b0, to, v, k, old), "upto: entry");
  } else if (part == 1) { /* one turn */
    uint32_t b1;
    __CPROVER_assume(upto_inv(&sec, b0, b, to, v, k, old) && b <= to);
    b1 = fill_one(&sec, b, v);
    __CPROVER_assert(b1 == b + 1u && upto_inv(&sec, b0, b1, to, v, k, old),
                     "upto: the turn keeps the invariant, b up by one");
  } else { /* exit */
    __CPROVER_assume(upto_inv(&sec, b0, b, to, v, k, old) && !(b <= to));
    __CPROVER_assert(b == (b0 <= to ? (uint32_t)to + 1u : b0) &&
                         sec.priv.lk_bucket[k] ==
                             (b0 <= k && k <= to ? v : old),
                     "upto: the contract on exit");
  }
  return 0;
}
#endif

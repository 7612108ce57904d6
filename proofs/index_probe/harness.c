/* SPDX-License-Identifier: MIT */
/* index_fill.c's key table at its shipped IX_KEY_SLOTS (1024; no
 * PROOF_IX_KEY_SLOTS), its probe by induction (proofs/lib/index_probe_contract.h;
 * static: the harness includes the file), on every opened section of up
 * to PROOF_MAX_SIZE bytes:
 * - PROOF_STEP 1, one ix_probe_turn (ix_probe's whole loop body) from ANY
 *   state satisfying ix_probe_inv with the loop's guard (fewer probes than
 *   slots, a held slot), any table satisfying ix_keys_inv_at at a slot the
 *   solver picks, any key (len >= 1 bytes cur_window gives), any context:
 *   no undefined behaviour (the probed key's bytes through cur_window, the
 *   table read inside it) and ix_probe_turn_post: found at that slot, or
 *   the next slot (wrapping) and the invariant kept one probe on;
 * - PROOF_STEP 2, ix_rule with ix_probe the model of that lemma (its
 *   precondition asserted: the home slot inside the table, the key's
 *   bytes readable; ix_probe_post assumed, ending at slot g_t, any), from
 *   ANY table with fewer than 2^32 - 1 entries made satisfying ix_keys_inv
 *   at a slot j the solver picks and at g_t, any FDE and any FRE
 *   sfv_fre_next can return: no undefined behaviour and ix_rule_post_at j
 *   (its rule made as ix_rule_post says, the invariant kept at j).  The
 *   table's invariant holds at every slot, so at j and g_t: a proof at any
 *   j is one at every slot, of ix_rule_post at 1024 slots.
 * ix_hash is its model (any slot; lemma proofs/index_fill), memcmp a stub
 * (any answer; both operands' bytes readable, asserted), as index_rule. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/lookup/index_fill.c"
#include "index_probe_contract.h"
#include "key_models.h"

/* The slot the probe ends at (any; the harness states the table's
 * invariant there). */
static uint32_t g_t;

/* ix_probe (the lemma of PROOF_STEP 1: a turn keeps ix_probe_inv, and ends
 * found at a held slot, or the loop ends at a slot below IX_KEY_SLOTS). */
int ix_probe_model(const ix_keys *k, const sfv_cursor *c, const uint8_t *p, uint64_t len,
                   uint8_t ctx, uint32_t *s);
int ix_probe_model(const ix_keys *k, const sfv_cursor *c, const uint8_t *p, uint64_t len,
                   uint8_t ctx, uint32_t *s) {
  int found = nondet_int();
  (void)c;
  (void)ctx;
  __CPROVER_assert(*s < IX_KEY_SLOTS && len >= 1u && __CPROVER_r_ok(p, len),
                   "ix_probe: the home slot, the key's bytes");
  *s = g_t;
  __CPROVER_assume(ix_probe_post(k, *s, found));
  return found;
}

#if PROOF_STEP == 1
int main(void) {
  sfv_section sec;
  sfv_cursor c;
  ix_keys k;
  const uint8_t *p;
  uint64_t at = nondet_u64(), len = nondet_u64();
  uint32_t s0 = nondet_u32(), s, probe = nondet_u32(), j = nondet_u32();
  uint8_t ctx = nondet_u8();
  int found;
  proof_section_opened(&sec);
  cur_init(&c, sec.data, 0, sec.size, sec.big_endian);
  p = cur_window(&c, at, len);
  __CPROVER_assume(p != NULL && len >= 1u);
  __CPROVER_assume(ix_keys_inv_at(&k, j) && ix_probe_inv(s0, probe) &&
                   probe < IX_KEY_SLOTS && k.rule[s0] != 0);
  s = s0;
  found = ix_probe_turn(&k, &c, p, len, ctx, &s);
  __CPROVER_assert(ix_probe_turn_post(&k, s0, s, found), "probe turn: its contract");
  __CPROVER_assert(found || ix_probe_inv(s, probe + 1u), "probe turn: the invariant kept");
  __CPROVER_assert(ix_keys_inv_at(&k, j), "probe turn: the table's invariant kept");
  return 0;
}
#else
int main(void) {
  uint32_t j = nondet_u32(), rule;
  int fresh = nondet_int();
  uint64_t n0;
  ix_keys k;
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  proof_rule_args(&sec, &f, &r);
  g_t = nondet_u32();
  __CPROVER_assume(ix_keys_inv_at(&k, j) && ix_keys_inv_at(&k, g_t) &&
                   k.nrules < UINT32_MAX);
  n0 = k.nrules;
  rule = ix_rule(&k, &sec, &f, &r, &fresh);
  __CPROVER_assert(ix_rule_post_at(&k, n0, rule, fresh, j), "ix_rule: its contract at j");
  return 0;
}
#endif

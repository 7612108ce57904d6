/* SPDX-License-Identifier: MIT */
/* index_fill.c's key table (static: the harness includes the file): one
 * ix_rule from ANY table satisfying ix_keys_inv (proofs/lib/
 * index_contract.h: at most IX_KEY_MAX keys, every held rule number below
 * the entries made, any offsets and contexts) with fewer than 2^32 - 1
 * entries made, on every opened section of up to PROOF_MAX_SIZE bytes, any
 * FDE and any FRE sfv_fre_next can return (its offset, index and start
 * any values): no undefined behaviour (the key's bytes and every probed
 * key's read through cur_window, the probe inside the table), and
 * ix_rule_post: a fresh rule is entry nrules, made now; another one an
 * entry made before; the invariant kept.  ix_hash is its model (any
 * slot; its precondition, len readable bytes at p, asserted; its lemma
 * in proofs/index_fill); memcmp a stub (any answer; both operands'
 * bytes readable, asserted); the probe runs over the whole table, which
 * PROOF_IX_KEY_SLOTS makes small (docs/PROOFS.md, "Assumptions"). */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/lookup/index_fill.c"
#include "index_contract.h"
#include "key_models.h"

int main(void) {
  sfv_section sec;
  sfv_fde f;
  sfv_fre r;
  ix_keys k;
  uint64_t n0;
  uint32_t rule;
  int fresh = nondet_int();
  proof_rule_args(&sec, &f, &r);
  __CPROVER_assume(ix_keys_inv(&k) && k.nrules < UINT32_MAX);
  n0 = k.nrules;
  rule = ix_rule(&k, &sec, &f, &r, &fresh);
  __CPROVER_assert(ix_rule_post(&k, n0, rule, fresh), "ix_rule: its contract");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* index_probe_contract.h - ix_rule's probe at the shipped key table
 * (include index_contract.h first): the table's invariant at one slot, the
 * probe's loop invariant and the contracts of one turn (ix_probe_turn) and
 * of the loop (ix_probe).  Proved by proofs/index_probe at 1024 slots,
 * where no run loops over the table: a fact stated at a slot the solver
 * picks is stated at every one. */
#ifndef SFV_INDEX_PROBE_CONTRACT_H
#define SFV_INDEX_PROBE_CONTRACT_H

#include "index_contract.h"

/* ix_keys_inv at slot s (any s: none past the table): at most IX_KEY_MAX
 * keys, the rule number slot s holds one of the entries made.  Its
 * condition is ix_keys_inv's per slot; ix_keys_inv keeps its own loop
 * (written through this function in index_contract.h, index_fill's
 * 64.ends.a went from 6.6 s of CPU to minutes: the solver's time moves
 * with the program's text, docs/PROOFS.md "Assumptions"). */
static inline int ix_keys_inv_at(const ix_keys *k, uint32_t s) {
  return k->used <= IX_KEY_MAX &&
         (s >= IX_KEY_SLOTS || k->rule[s] == 0 || k->rule[s] - 1u < k->nrules);
}

/* ix_rule_post with the table's invariant at slot s: a fresh rule is
 * entry nrules0, made now; another one an entry made before. */
static inline int ix_rule_post_at(const ix_keys *k, uint64_t nrules0, uint32_t rule,
                                  int fresh, uint32_t s) {
  if (fresh != 0 && fresh != 1)
    return 0;
  if (fresh ? rule != nrules0 || k->nrules != nrules0 + 1u
            : rule >= nrules0 || k->nrules != nrules0)
    return 0;
  return ix_keys_inv_at(k, s);
}

/* The probe's loop invariant (ix_probe; the table is read, never
 * written): the slot below IX_KEY_SLOTS, at most IX_KEY_SLOTS probes so
 * far (a turn runs on fewer, at a held slot: the loop's guard). */
static inline int ix_probe_inv(uint32_t s, uint32_t probe) {
  return s < IX_KEY_SLOTS && probe <= IX_KEY_SLOTS;
}

/* One ix_probe_turn at held slot s0 (k->rule[s0] != 0) ending at s:
 * found (1) at s0, or not (0) and s the next slot, wrapping at the
 * table's end. */
static inline int ix_probe_turn_post(const ix_keys *k, uint32_t s0, uint32_t s, int found) {
  if (found)
    return found == 1 && s == s0 && k->rule[s] != 0;
  return s < IX_KEY_SLOTS && s == (s0 + 1u == IX_KEY_SLOTS ? 0u : s0 + 1u);
}

/* ix_probe's postcondition: s below IX_KEY_SLOTS; found (1): a held slot. */
static inline int ix_probe_post(const ix_keys *k, uint32_t s, int found) {
  return s < IX_KEY_SLOTS && (found == 0 || (found == 1 && k->rule[s] != 0));
}

#endif

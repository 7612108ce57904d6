/* SPDX-License-Identifier: MIT */
/* key_models.h - what ix_rule calls, as index_rule and index_probe replace
 * it (goto-instrument --replace-calls): ix_hash any slot (its
 * precondition, len readable bytes at p, asserted; its lemma
 * proofs/index_fill), memcmp any answer (both operands' bytes readable,
 * asserted; the key table's contract does not rest on which keys compare
 * equal); ix_rule's arguments.  Include after section_proof.h. */
#ifndef SFV_KEY_MODELS_H
#define SFV_KEY_MODELS_H

uint32_t ix_hash_model(const uint8_t *p, uint64_t len, uint8_t ctx);
uint32_t ix_hash_model(const uint8_t *p, uint64_t len, uint8_t ctx) {
  (void)ctx;
  __CPROVER_assert(__CPROVER_r_ok(p, len), "ix_hash: len bytes at p");
  return nondet_u32();
}

int memcmp_model(const void *a, const void *b, size_t n);
int memcmp_model(const void *a, const void *b, size_t n) {
  __CPROVER_assert(__CPROVER_r_ok(a, n) && __CPROVER_r_ok(b, n),
                   "memcmp: n bytes at each");
  return nondet_int();
}

/* ix_rule's arguments: any opened section, any FDE, any FRE sfv_fre_next
 * can return (its offset, index and start any values). */
static inline void proof_rule_args(sfv_section *sec, sfv_fde *f, sfv_fre *r) {
  proof_section_opened(sec);
  proof_fde_model(sec, f);
  proof_fre_model(r);
}

#endif

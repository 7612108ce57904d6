/* SPDX-License-Identifier: MIT */
/* table_frame.h - the fast path's tables' invariant (fast_table_ok,
 * fast_contract.h) where the fast path may be entered, in the
 * whole-validator run, at one info byte, proof_table_j, which its harness
 * picks as any value (so the check holds at every info byte).
 *
 * The fast path's lemma (proofs/sfv_v_fast_fres) assumes the invariant at
 * any index and keeps it.  It holds at every entry of the fast path
 * because:
 *  - sfv_validate zeroes the entries it reads: the whole-validator .cap
 *    runs (PROOF_TABLE_FRAME) assert, at the entry of each model whose
 *    code may reach the fast path (the FRE walk, the clean pass, both
 *    block walks; the fast path's own model), that the entries at j are
 *    as zeroed (table_frame_zeroed), and proofs/table_frame_zero proves
 *    zeroed entries satisfy the invariant;
 *  - nothing but the fast path writes the tables: only validate_fast.c,
 *    validate_derive.c (the derivations it calls) and sfv_validate's
 *    zeroing name them (make check-fast-tables), and every other pointer
 *    stays inside its own object (the pointer and bounds checks of every
 *    lemma).
 * The models leave the tables as they were: in the whole-validator
 * formula nothing but these checks reads them (their one reader, the fast
 * path, is a model there).  The lemmas' runs (no PROOF_TABLE_FRAME) leave
 * the checks out: their tables are any contents. */
#ifndef SFV_TABLE_FRAME_H
#define SFV_TABLE_FRAME_H

#include "fast_contract.h"
#include "proof.h"

#if defined(PROOF_TABLE_FRAME)
extern uint8_t proof_table_j;

/* In the harness's translation unit: the definition. */
#define TABLE_FRAME_J uint8_t proof_table_j

static inline void table_frame_pick(void) { proof_table_j = nondet_u8(); }

/* The entries at j as sfv_validate zeroes them (flex_info in version 3
 * only, the only version with flex FDEs; no finding template yet). */
static inline int table_frame_zeroed(const vctx *v) {
  uint8_t j = proof_table_j;
  return v->ft != NULL && v->ft->info[j] == 0 && v->ft->find_ix[j] == 0 &&
         v->find_n == 0 &&
         (v->sec.hdr.version < 3 || v->ft->flex_info[j] == 0);
}
#endif

/* At a model's entry, in the whole-validator .cap runs (the
 * PROOF_UB_ONLY runs check no undefined behaviour only, and leave it out
 * as they leave out deliver()'s frame). */
#if defined(PROOF_TABLE_FRAME) && !defined(PROOF_UB_ONLY)
#define TABLE_FRAME_ASSERT(v, what)                                        \
  __CPROVER_assert(table_frame_zeroed(v), what ": the tables as zeroed")
#else
#define TABLE_FRAME_ASSERT(v, what) ((void)0)
#endif

#endif

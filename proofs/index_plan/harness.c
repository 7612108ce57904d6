/* SPDX-License-Identifier: MIT */
/* index_plan.c's sfv_ix_plan (the plan sfv_index_size answers with and
 * sfv_index_build lays its memory out by) on every opened section of up
 * to PROOF_MAX_SIZE bytes: no undefined behaviour, SFV_OK or
 * SFV_E_UNINDEXABLE, and on SFV_OK ix_plan_counts_ok
 * (proofs/lib/index_contract.h: at most fde_avail functions, fre_index and
 * rule entries at most the slots, at most IX_MAX_SLOTS), which
 * proofs/sfv_index's plan model assumes with the layout ix_lay_out makes
 * of them.  sfv_ix_fill_fres is the model of its proved contract
 * (proofs/index_fill), so no FRE walk is unrolled. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "../../src/lookup/index_fill.c"
#include "../../src/lookup/index_plan.c"
#include "index_contract.h"
#include "index_top_contract.h"
#include "index_models.h"

int main(void) {
  sfv_section sec;
  ix_layout l;
  ix_keys keys;
  sfv_status st;
  proof_section_opened(&sec);
  st = sfv_ix_plan(&sec, &l, &keys);
  __CPROVER_assert(st == SFV_OK || st == SFV_E_UNINDEXABLE, "plan: its statuses");
  if (st == SFV_OK)
    __CPROVER_assert(ix_plan_counts_ok(&sec, &l), "plan: its counts");
  return 0;
}

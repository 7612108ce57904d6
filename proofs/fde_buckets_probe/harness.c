/* SPDX-License-Identifier: MIT */
/* probe_start (src/sframe/fde_buckets.h), as sfv_fde_buckets_fill calls
 * it (its cursor, version and pcrel), on every opened section and every
 * counted FDE i: no undefined behaviour, and the answer of
 * proof_fde_start (sfv_fde_get_index, the reader the contracts of
 * fde_buckets_contract.h state the starts with): both fail, or both give
 * the same start.  The bucket lemmas' model of probe_start
 * (proofs/lib/fde_buckets_models.c) returns proof_fde_start's starts. */
#define PROOF_SECTION_BUFFER proof_buffer_tail /* every read through a cursor */
#include "section_proof.h"
#include "sframe/fde_buckets.h"

int main(void) {
  sfv_section sec;
  sfv_cursor c;
  int64_t s = 0, t = 0;
  uint32_t i = nondet_u32();
  int r;
  proof_section_opened(&sec);
  __CPROVER_assume(i < sec.fde_avail);
  cur_init(&c, sec.data, sec.priv.fde_base, sec.size, sec.big_endian);
  r = probe_start(&sec, &c, i, sec.hdr.version, sfv_section_pcrel(&sec), &s);
  __CPROVER_assert(r == proof_fde_start(&sec, i, &t) && (!r || s == t),
                   "probe_start reads proof_fde_start's start");
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* stage4_proof.h - what the lemmas of stage 4's passes share
 * (proofs/sfv_v_clean_pass, proofs/sfv_v_func_overlap_filled,
 * proofs/sfv_v_blocks_ordered, proofs/sfv_v_blocks_fallback): any
 * validator state and pass_a stage4_pre allows (cross_contract.h), on
 * every opened section of up to PROOF_MAX_SIZE bytes, findings to a sink
 * that checks each one and may stop the run, and scratch of the size the
 * contract names at the end of its object. */
#ifndef SFV_STAGE4_PROOF_H
#define SFV_STAGE4_PROOF_H

/* Every read of the section is through a cursor (proof.h, the tail
 * buffer). */
#define PROOF_SECTION_BUFFER proof_buffer_tail
#include "section_proof.h"
#include "cross_contract.h"
#include "vsink_proof.h"

static sfv_result res;
static sfv_options opt;

/* v and *pa: any state stage4_pre allows (any options, flags, emitter,
 * back-off, counters far from wrapping), the ABI byte fixed by PROOF_ABI
 * (0: every value but the four known) when defined. */
static inline void stage4_any(pass_a *pa) {
  pass_a any;
  vfast *ft = malloc(sizeof *ft);
  __CPROVER_assume(ft != NULL);
  proof_section_opened(&v.sec);
#ifdef PROOF_ABI
  if (PROOF_ABI != 0)
    v.sec.hdr.abi_arch = PROOF_ABI;
  else
    __CPROVER_assume(v.sec.hdr.abi_arch == 0 || v.sec.hdr.abi_arch > 4);
#endif
  v.opt = &opt;
  v.res = &res;
  v.ft = ft;
  vsink_attach();
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = v.abi_ok && nondet_u8() != 0;
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE;
  __CPROVER_assume(res.errors < (1u << 31) && res.warnings < (1u << 31) &&
                   res.notes < (1u << 31) && res.suppressed < (1u << 31));
  *pa = any;
  __CPROVER_assume(stage4_pre(&v, pa));
}

/* The most FDEs a section of PROOF_MAX_SIZE bytes counts (index entries
 * of >= 16 bytes after the 28-byte header). */
#define STAGE4_MAX_FDES (PROOF_MAX_SIZE > 28 ? (PROOF_MAX_SIZE - 28) / 16 : 0)

/* Scratch of 2 n spans (n <= STAGE4_MAX_FDES) of any contents, the tail
 * of an object of constant size (proof.h, proof_buffer_tail: the pointer
 * check sees every access at or past its end; the passes index it from
 * its start by unsigned offsets only); or NULL when the solver picks it
 * (maybe_null). */
static inline span *stage4_scratch(uint32_t n, int maybe_null) {
  span *a;
  if (maybe_null && nondet_u8() != 0)
    return NULL;
  __CPROVER_assume(n <= STAGE4_MAX_FDES);
  a = malloc((2u * STAGE4_MAX_FDES + 1u) * sizeof(span));
  __CPROVER_assume(a != NULL);
  return a + (2u * STAGE4_MAX_FDES + 1u - 2u * n);
}

#endif

/* SPDX-License-Identifier: MIT */
/* sfv_validate on every section of up to PROOF_MAX_SIZE bytes (any
 * contents: every version, either byte order) with every option
 * combination: any flags, any vma, any max_diags, scratch memory absent
 * or of any size up to PROOF_MAX_SCRATCH at any alignment, a callback or
 * none, which may ask to stop at any diagnostic, and res NULL or not. */
#include "sfv.h"

/* One run per section size bound N (proof.mk: PROOF_VARS, each with the
 * loop bounds unwindset.sh derives from N). */
#ifdef PROOF_N
#define PROOF_MAX_SIZE PROOF_N
#endif
#include "proof.h"
#include "table_frame.h"

#ifndef PROOF_SECTION_BUFFER
#define PROOF_SECTION_BUFFER proof_buffer
#endif
#ifndef PROOF_SCRATCH_BUFFER
#define PROOF_SCRATCH_BUFFER proof_buffer
#endif

/* Scratch up to twice what sfv_scratch_size() asks for the most FDEs a
 * section of PROOF_MAX_SIZE bytes holds (index entries of >= 16 bytes
 * after the 28-byte header): too small, enough and more, at any
 * alignment. */
#ifndef PROOF_MAX_SCRATCH
#define PROOF_MAX_SCRATCH                                                  \
  (2 * (PROOF_MAX_SIZE > 28 ? (PROOF_MAX_SIZE - 28) / 16 : 0) * 32 + 16)
#endif

/* The diagnostics the callback was given (the models' bursts move it as
 * deliver()'s lemma allows: proofs/lib/burst_model.h). */
unsigned proof_received;

/* The info byte at which the models check the fast path's tables as
 * sfv_validate zeroed them (proofs/lib/table_frame.h): any, picked
 * first. */
TABLE_FRAME_J;

/* The callback: a well-formed diagnostic, and a nondet request to stop. */
static int cb(void *ctx, const sfv_diag *d) {
  __CPROVER_assert(ctx == &proof_received, "callback: the caller's context");
  __CPROVER_assert((unsigned)d->rule < (unsigned)SFV_RULE_COUNT,
                   "callback: a known rule");
  proof_received++;
  return nondet_int();
}

int main(void) {
  size_t len, slen;
  uint8_t *buf = PROOF_SECTION_BUFFER(PROOF_MAX_SIZE, &len);
  table_frame_pick();
#ifdef PROOF_VERSION
  /* A run per version and byte order of the sections that open (magic
   * and version fixed, a header's length), and PROOF_VERSION 0 for every
   * section the preamble refuses: together every buffer. */
  if (PROOF_VERSION == 0) {
    __CPROVER_assume(len < SFV_HEADER_SIZE || !(buf[0] == 0xde && buf[1] == 0xe2) &&
                     !(buf[0] == 0xe2 && buf[1] == 0xde) || buf[2] < 1 ||
                     buf[2] > 3);
  } else {
    __CPROVER_assume(len >= SFV_HEADER_SIZE);
    buf[0] = PROOF_BE ? 0xde : 0xe2;
    buf[1] = PROOF_BE ? 0xe2 : 0xde;
    buf[2] = PROOF_VERSION;
  }
#endif
#ifdef PROOF_ABI
  /* A run per ABI byte (header offset 3): 1..4, or 0 for every other
   * value (the fast path off, the classifiers' "unknown ABI"). */
  if (len > 3) {
    if (PROOF_ABI != 0)
      buf[3] = PROOF_ABI;
    else
      __CPROVER_assume(buf[3] == 0 || buf[3] > 4);
  }
#endif
  sfv_options opt;
  sfv_result res;
  sfv_status st;
  uint8_t *scratch = PROOF_SCRATCH_BUFFER(PROOF_MAX_SCRATCH, &slen);
  unsigned skew = nondet_unsigned();
  int use_res = nondet_u8() != 0, use_opt;
  __CPROVER_assume(skew < 8 && skew <= slen);
  opt.flags = nondet_unsigned();
  opt.vma = nondet_u64();
  opt.max_diags = nondet_u32();
  opt.scratch = nondet_u8() ? scratch + skew : NULL;
  opt.scratch_size = slen - skew;
  use_opt = nondet_u8() != 0;
  st = sfv_validate(buf, len, use_opt ? &opt : NULL, nondet_u8() ? cb : NULL,
                    &proof_received, use_res ? &res : NULL);
  __CPROVER_assert(st == SFV_OK, "a buffer is always validated");
  /* The cap and the counts (the .cap runs: proof.mk; PROOF_UB_ONLY runs
   * leave them out): deliver() its lemma, each model's findings a burst
   * of it (burst_model.h); the sum in 64 bits, as deliver_inv's. */
#ifndef PROOF_UB_ONLY
  __CPROVER_assert(proof_received <= (use_opt && opt.max_diags != 0
                                          ? opt.max_diags
                                          : SFV_DEFAULT_MAX_DIAGS),
                   "no more than max_diags delivered");
  if (use_res)
    __CPROVER_assert((uint64_t)res.errors + res.warnings + res.notes >=
                         proof_received,
                     "every delivered diagnostic counted");
#endif
  return 0;
}

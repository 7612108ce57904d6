/* SPDX-License-Identifier: MIT */
/* One FDE's FRE walk (validate_walk.c: sfv_v_walk_fres, and
 * sfv_v_walk_fres_quiet from an iterator the fast path or sfv_fre_next
 * left) on every opened section of up to PROOF_MAX_SIZE bytes
 * (proof_section_opened), any FDE, any validator state walk_pre allows
 * (any options, counters, emitter, back-off, budget or none), findings to
 * a sink that may stop the run: no undefined behaviour, and
 * proofs/lib/walk_contract.h's postcondition, which the whole-validator
 * proof assumes in the walk's place.  The fast path is its proved
 * contract (proofs/sfv_validate/fast_model.c, proofs/sfv_v_fast_fres). */
/* Every read is at an unsigned offset from the buffer (cursor, or
 * data[pos + asz] after a cursor read there): proof.h, the tail buffer. */
#define PROOF_SECTION_BUFFER proof_buffer_tail
#include "section_proof.h"
#include "sframe/validate.h"
#include "walk_contract.h"

static vctx v;
static unsigned sent;

/* v->out: each finding of a known rule; a delivery may stop the run. */
static void sink(void *ctx, const sfv_finding *g) {
  __CPROVER_assert(ctx == &v, "finding: the validator's context");
  __CPROVER_assert((unsigned)g->rule < (unsigned)SFV_RULE_COUNT &&
                       (g->severity == SFV_SEV_ERROR ||
                        g->severity == SFV_SEV_WARNING ||
                        g->severity == SFV_SEV_NOTE),
                   "finding: a known rule and severity");
  sent++;
  if (nondet_u8() != 0)
    v.em.stop = 1;
}

int main(void) {
  sfv_fde f;
  sfv_work bw, *b = nondet_u8() ? &bw : NULL;
  sfv_result res;
  sfv_options opt;
  sfv_out out0;
  walk_state s;
  uint64_t e;
  int quiet = nondet_u8() != 0;
  vfast *ft = malloc(sizeof *ft);
  __CPROVER_assume(ft != NULL);
  proof_section_opened(&v.sec);
  if (!proof_fde(&v.sec, &f))
    return 0;
  /* Split runs (proof.mk): the FRE type (3: every undefined one), the
   * ABI byte (0: every value but the four known). */
#ifdef PROOF_FRE_TYPE
  if (PROOF_FRE_TYPE <= SFV_FRE_ADDR4)
    __CPROVER_assume(f.fre_type == PROOF_FRE_TYPE);
  else
    __CPROVER_assume(f.fre_type > SFV_FRE_ADDR4);
#endif
#ifdef PROOF_ABI
  if (PROOF_ABI != 0)
    v.sec.hdr.abi_arch = PROOF_ABI;
  else
    __CPROVER_assume(v.sec.hdr.abi_arch == 0 || v.sec.hdr.abi_arch > 4);
#endif
  v.opt = &opt;
  v.res = &res;
  v.ft = ft;
  v.out = (sfv_out){sink, &v};
  out0 = v.out;
  v.abi_ok = sfv_abi_known(v.sec.hdr.version, v.sec.hdr.abi_arch);
  v.fast = v.abi_ok && nondet_u8() != 0;
  v.memo = v.sec.hdr.abi_arch == SFV_ABI_S390X_BE;
  /* Counters far from wrapping (a section of N bytes draws fewer). */
  __CPROVER_assume(res.errors < (1u << 31) && res.warnings < (1u << 31) &&
                   res.notes < (1u << 31) && res.suppressed < (1u << 31));
  if (!quiet) {
    __CPROVER_assume(walk_pre(&v, &f, f.fres_offset));
    walk_save(&s, &v, f.fres_offset, b);
    e = sfv_v_walk_fres(&v, &f, b);
  } else {
    sfv_fre_iter it, any;
    uint64_t end;
    it = any;
    it.sec = &v.sec;
    it.fre_type = f.fre_type;
    __CPROVER_assume(it.fre_type <= SFV_FRE_ADDR4 &&
                     it.limit <= sfv_fre_end(&v.sec));
    __CPROVER_assume(walk_pre(&v, &f, it.pos));
    walk_save(&s, &v, it.pos, b);
    (void)sfv_v_walk_fres_quiet(&v, &f, &it, nondet_u32(), b, &end);
    e = end;
  }
  __CPROVER_assert(walk_post(&v, b, &s, e, quiet, sent),
                   "walk: postcondition");
  __CPROVER_assert(v.out.fn == out0.fn && v.out.ctx == out0.ctx,
                   "walk: v->out as it was");
  return 0;
}

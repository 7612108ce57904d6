/* SPDX-License-Identifier: MIT */
/* The model of decode.c's fres_ascending() in the sfv_open proof
 * (proof.mk: goto-instrument --replace-calls
 * fres_ascending:fres_ascending_model): any answer and any budget its
 * contract (proofs/lib/fres_ascending_contract.h, proved by
 * proofs/fres_ascending) allows.  Its FRE walk is not in this proof's
 * formula. */
#include "proof.h"
#include "sfv.h"
#include "fres_ascending_contract.h"

int fres_ascending_model(const sfv_section *sec, const sfv_fde *f, sfv_work *w);

int fres_ascending_model(const sfv_section *sec, const sfv_fde *f, sfv_work *w) {
  sfv_work before = *w;
  int r = nondet_int();
  (void)sec;
  (void)f;
  w->left = nondet_u64();
  w->hit = nondet_int();
  __CPROVER_assume(fres_ascending_post(&before, w, r));
  return r;
}

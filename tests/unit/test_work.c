/* SPDX-License-Identifier: MIT */
/* test_work.c - the one work budget (src/common/work.h): a charge succeeds
 * exactly when it fits, never wraps, and once one fails every later charge
 * fails; spent is what was charged; budgets for huge inputs saturate. */
#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "common/work.h"

static void charges(void) {
  sfv_work w = sfv_work_of(10);
  CHECK(sfv_work_charge(&w, 4) && sfv_work_charge(&w, 6));
  CHECK_EQU(w.left, 0, "spent to 0 exactly");
  CHECK(!w.hit);
  CHECK(sfv_work_out(&w));          /* nothing left: later work would fail */
  CHECK(!sfv_work_charge(&w, 1));
  CHECK(w.hit);
  CHECK_EQU(sfv_work_spent(&w), 10, "spent");

  w = sfv_work_of(5);
  CHECK(!sfv_work_charge(&w, 6));   /* does not fit: nothing wraps */
  CHECK(w.hit && w.left == 0);
  CHECK(!sfv_work_charge(&w, 1));
  CHECK(sfv_work_charge(&w, 0));    /* a charge of nothing always fits */

  w = sfv_work_of(UINT64_MAX);
  CHECK(sfv_work_charge(&w, UINT64_MAX) && w.left == 0);
  CHECK(!sfv_work_charge(&w, 1) && w.left == 0);
}

static void take(void) {
  uint64_t left = 2;                /* the CFI interpreter's bare count */
  CHECK(sfv_work_take(&left, 1) && sfv_work_take(&left, 1));
  CHECK(!sfv_work_take(&left, 1) && left == 0);
  left = 3;
  CHECK(!sfv_work_take(&left, 4) && left == 0);
}

static void sizes(void) {
  sfv_work w = sfv_work_for(100);
  CHECK_EQU(w.total, 100u * SFV_WORK_PER_BYTE + SFV_WORK_SLACK, "16 per byte + slack");
  CHECK_EQU(w.left, w.total, "untouched");
  w = sfv_work_for(UINT64_MAX / 4);
  CHECK_EQU(w.total, UINT64_MAX, "saturates");
  w = sfv_work_of(UINT64_MAX - 3);
  sfv_work_grant(&w, 10);
  CHECK_EQU(w.left, UINT64_MAX, "grant saturates");
  w = sfv_work_of(7);
  sfv_work_grant(&w, 3);
  CHECK(w.left == 10 && w.total == 10);
}

int main(void) {
  charges();
  take();
  sizes();
  return t_exit("test_work");
}

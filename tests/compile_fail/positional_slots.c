/* SPDX-License-Identifier: MIT */
/* Must NOT compile: values without slot names (see src/common/report.h). */
#include "common/report.h"
int misuse(const sfv_out *o);
int misuse(const sfv_out *o) {
  return SFV_FIND(o, NUM_FRES_MISMATCH, 12, SFV_NONE, SFV_NONE, 5, 6);
}

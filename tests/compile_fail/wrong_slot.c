/* SPDX-License-Identifier: MIT */
/* Must NOT compile: a slot the rule does not have (see src/common/report.h). */
#include "common/report.h"
int misuse(const sfv_out *o);
int misuse(const sfv_out *o) {
  return SFV_FIND(o, NUM_FRES_MISMATCH, 12, SFV_NONE, SFV_NONE,
                  .sfh_num_fres = 5, .fdes_size = 6);
}

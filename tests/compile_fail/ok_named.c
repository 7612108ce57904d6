/* Must compile: the control for the two misuses next to it. */
#include "report.h"
int use(const sfv_out *o);
int use(const sfv_out *o) {
  return SFV_FIND(o, NUM_FRES_MISMATCH, 12, SFV_NONE, SFV_NONE,
                  .sfh_num_fres = 5, .fres_in_fdes = 6);
}

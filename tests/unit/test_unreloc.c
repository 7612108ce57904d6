/* SPDX-License-Identifier: MIT */
/* test_unreloc.c - sections whose function starts await relocation: all
 * stored starts 0 (GNU as .o output) skip address checks with a note
 * (reason 4) instead of reporting every FDE as overlapping; one nonzero
 * start keeps the checks on. */
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "diagsink.h"
#include "sfv.h"

static sink s;

static unsigned reason_count(int64_t reason) {
  unsigned i, n = 0;
  for (i = 0; i < s.n; i++)
    if (s.d[i].rule == SFV_R_CHECKS_SKIPPED && s.d[i].aux == reason)
      n++;
  return n;
}

static void zero_starts(uint8_t version) {
  static base b;
  sfv_result res;
  char ctx[32];
  unsigned i;
  snprintf(ctx, sizeof ctx, "v%u", version);
  base_init(&b, version, SFV_ABI_AMD64_LE, 0);
  for (i = 0; i < b.d.nfdes; i++)
    b.fdes[i].start = 0;
  base_build(&b);
  memset(&s, 0, sizeof s);
  sink_validate(&s, b.buf, b.size, 0, 0, 1, &res);
  CHECK_EQ(res.errors, 0, ctx);
  CHECK_EQ(reason_count(4), 1, ctx);
  CHECK_EQ(sink_count(&s, SFV_R_FDE_FUNC_OVERLAP), 0, ctx);

  /* One FDE with a real start: the section is not unrelocated output, and
   * the zeros overlap. */
  b.fdes[0].start = 0x40;
  base_build(&b);
  memset(&s, 0, sizeof s);
  sink_validate(&s, b.buf, b.size, 0, 0, 1, &res);
  CHECK_EQ(reason_count(4), 0, ctx);
  CHECK(sink_count(&s, SFV_R_FDE_FUNC_OVERLAP) + sink_count(&s, SFV_R_FDE_SORTED) > 0);
}

int main(void) {
  zero_starts(1);
  zero_starts(2);
  return t_exit("test_unreloc");
}

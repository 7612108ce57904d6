/* SPDX-License-Identifier: MIT */
/* test_vma.c - function-range checks with a section address (SFV_OPT_VMA):
 * high (kernel) addresses are valid, only ranges leaving [0, 2^64) are
 * errors, and order/overlap messages print target addresses. */
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "check.h"
#include "diagsink.h"
#include "sfv.h"

static sink s;

static void kernel_vma_is_valid(void) {
  static const uint8_t abis[] = {SFV_ABI_AARCH64_BE, SFV_ABI_AARCH64_LE,
                                 SFV_ABI_AMD64_LE, SFV_ABI_S390X_BE};
  static base b;
  unsigned v, a;
  for (v = 1; v <= 3; v++)
    for (a = 0; a < sizeof abis; a++) {
      sfv_result res;
      char ctx[64];
      if (v == 1 && abis[a] == SFV_ABI_S390X_BE)
        continue;
      base_init(&b, (uint8_t)v, abis[a], 0);
      base_build(&b);
      snprintf(ctx, sizeof ctx, "v%u abi %u", v, abis[a]);
      memset(&s, 0, sizeof s);
      sink_validate(&s, b.buf, b.size, SFV_OPT_VMA, 0xffffffff81000000u, 1,
                    &res);
      CHECK_EQ(res.errors, 0, ctx);
      CHECK_EQ(res.warnings, 0, ctx);
    }
}

static void range_past_top_is_an_error(void) {
  static base b;
  sfv_result res;
  base_init(&b, 3, SFV_ABI_AMD64_LE, 0);
  base_build(&b);
  memset(&s, 0, sizeof s);
  /* FDE 1 spans [0x120, 0x420): with this vma it ends past 2^64. */
  sink_validate(&s, b.buf, b.size, SFV_OPT_VMA, UINT64_MAX - 0x200, 1, &res);
  CHECK(sink_count(&s, SFV_R_FDE_FUNC_RANGE_OVERFLOW) >= 1);
  CHECK_EQ(s.per_rule[SFV_R_FDE_FUNC_RANGE_OVERFLOW], res.errors, "only range errors");
}

static void overlap_message_prints_addresses(void) {
  static base b;
  sfv_result res;
  char msg[256];
  unsigned i, found = 0;
  base_init(&b, 3, SFV_ABI_AMD64_LE, 0);
  b.fdes[1].start = 0x110; /* into FDE 0 [0x100, 0x120) */
  base_build(&b);
  memset(&s, 0, sizeof s);
  sink_validate(&s, b.buf, b.size, SFV_OPT_VMA, 0xffffffff81000000u, 1, &res);
  for (i = 0; i < s.n; i++) {
    if (s.d[i].rule != SFV_R_FDE_FUNC_OVERLAP)
      continue;
    found++;
    sfv_diag_message(&s.d[i], msg, sizeof msg);
    CHECKF(strstr(msg, "0xffffffff81000110") != NULL &&
               strstr(msg, "0xffffffff81000120") != NULL,
           "message: %s", msg);
  }
  CHECK_EQ(found, 1, "one overlap");
}

int main(void) {
  kernel_vma_is_valid();
  range_past_top_is_an_error();
  overlap_message_prints_addresses();
  return t_exit("test_vma");
}

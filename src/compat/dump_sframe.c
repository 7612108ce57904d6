/* SPDX-License-Identifier: MIT */
/* dump_sframe.c - dump_sframe: the decoder's section printed on stdout as the
 * ABI's objdump --sframe prints it, by src/fmt's dump (one printer). */
#include <stdio.h>

#include "compat/compat.h"
#include "fmt/fmt.h"

#if SFV_COMPAT_ABI == 3
#define SFC_DUMP_LAYOUT 247
#else
#define SFC_DUMP_LAYOUT 244
#endif

void dump_sframe(SFC_DCONST sframe_decoder_ctx *dctx, uint64_t addr) {
  fmt_dump_opts opt = {SFC_DUMP_LAYOUT, addr, 0};
  if (dctx == NULL)
    return;
  (void)fmt_dump_section(stdout, dctx->buf, dctx->size, &opt, NULL);
}

/* SPDX-License-Identifier: MIT */
/* dump_sframe.c - dump_sframe: the decoder's section printed on stdout as the
 * ABI's objdump --sframe prints it, by src/fmt's dump (one printer).  The
 * caller has printed the section's title without its line end; the
 * library's text starts with it. */
#include <stdio.h>

#include "compat/compat.h"
#include "fmt/fmt.h"

void dump_sframe(SFC_DCONST sframe_decoder_ctx *dctx, uint64_t addr) {
  fmt_dump_opts opt = {SFC_LAYOUT, addr, 0, "libsframe-safe: dump_sframe"};
  if (dctx == NULL)
    return;
  fputc('\n', stdout);
  (void)fmt_dump_section(stdout, dctx->buf, dctx->size, &opt, NULL);
}

/* SPDX-License-Identifier: MIT */
/* swap_agree.c - the two users of the one byte-swap model
 * (src/fmt/dump_swap.c) agree: on each foreign-endian section named, when
 * --dump's check says objdump of the ABI's layout dumps it as it stands
 * (fmt_dump_section, which asks fmt_dump_swap without swapping), the
 * drop-in's in-place swap of a copy (sfc_swap, src/compat/swap.c) must
 * succeed, and dumping the swapped copy must print the same text.  Built
 * once per ABI (-DSFV_COMPAT_ABI=3/1/0) against that ABI's compat objects
 * (mk/libsframe-safe.mk); test_swap_model.py runs it.
 *
 *   swap_agree FILE...   one line per disagreement, then the counts;
 *                        exit 1 on any disagreement, 2 on I/O errors */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "fmt/fmt.h"
#include "../peers/peer_read.h"

/* fmt_dump_section of data into a string (*text, *len); its status. */
static int dump(const uint8_t *data, size_t size, char **text, size_t *len) {
  fmt_dump_opts o = {SFC_LAYOUT, 0, 0, "swap_agree"};
  FILE *m = open_memstream(text, len);
  int rc;
  if (m == NULL)
    exit(2);
  rc = fmt_dump_section(m, data, size, &o, NULL);
  fclose(m);
  return rc;
}

int main(int argc, char **argv) {
  unsigned long foreign = 0, dumped = 0, swapped = 0, bad = 0;
  int i;
  for (i = 1; i < argc; i++) {
    size_t n, la = 0, lb = 0;
    uint8_t *data = (uint8_t *)peer_read(argv[i], &n), *copy;
    char *a = NULL, *b = NULL;
    int ra, rs, rb = -1;
    if (n < 2 || data[0] != (sfc_host_big_endian() ? 0xe2 : 0xde) ||
        data[1] != (sfc_host_big_endian() ? 0xde : 0xe2)) {
      free(data);
      continue;               /* not foreign-endian */
    }
    foreign++;
    ra = dump(data, n, &a, &la);
    copy = malloc(n);
    if (copy == NULL)
      return 2;
    memcpy(copy, data, n);
    rs = sfc_swap(copy, n);
    if (rs == 0) {
      swapped++;
      rb = dump(copy, n, &b, &lb);
    }
    if (ra == 0) {
      dumped++;
      if (rs != 0 || rb != 0 || la != lb || memcmp(a, b, la) != 0) {
        printf("disagree %s: --dump's check dumps it, the drop-in's swap %s\n", argv[i],
               rs != 0 ? "fails" : rb != 0 ? "leaves a copy it cannot dump"
                                           : "leaves a copy that dumps otherwise");
        bad++;
      }
    }
    free(a);
    free(b);
    free(copy);
    free(data);
  }
  printf("swap_agree (layout %d): %lu foreign-endian, %lu dumped by --dump's check, "
         "%lu swapped by the drop-in, %lu disagreements\n",
         SFC_LAYOUT, foreign, dumped, swapped, bad);
  return bad != 0;
}

/* SPDX-License-Identifier: MIT */
/* lookup_memo.c - batch lookup lines with their FDE and rules parts kept
 * (fmt.h: fmt_lookup_memo).  A found line is the PC, the FDE's part, the
 * FRE's index and start, and the rules part; the two parts repeat across
 * PCs (a section has far fewer FDEs and rule entries than a profile has
 * samples), so each is formatted once per slot fill. */
#include <string.h>

#include "fmt.h"

_Static_assert(sizeof(fmt_memo_fde) == 64, "an FDE part is one cache line");

void fmt_lookup_memo_init(fmt_lookup_memo *m, const sfv_section *sec,
                          const sfv_index *ix, int format, fmt_memo_fde *fdes,
                          uint32_t fde_slots, fmt_memo_rules *rules,
                          uint32_t rule_slots) {
  m->sec = sec;
  m->ix = ix;
  m->format = format;
  m->fdes = fdes;
  m->rules = rules;
  m->fde_mask = fde_slots - 1u;
  m->rule_mask = rule_slots - 1u;
}

size_t fmt_lookup_memo_line(fmt_lookup_memo *m, char *dst, uint64_t pc,
                            const sfv_index_hit *h, const char *json_tail,
                            size_t json_tail_len) {
  fmt_memo_fde *fe = &m->fdes[h->fde & m->fde_mask];
  /* Rule entries lie in one array: consecutive entries, consecutive slots. */
  fmt_memo_rules *re =
      &m->rules[(uint32_t)((uintptr_t)h->recovery / sizeof *h->recovery) & m->rule_mask];
  char wide[FMT_LOOKUP_FDE_MAX];
  const char *fde_part = fe->s;
  size_t fde_len = fe->len;
  if (fe->key != h->fde + 1u) {
    sfv_fde f;
    (void)sfv_fde_get(m->sec, h->fde, &f); /* as sfv_index_lookup() */
    fde_len = fmt_lookup_fde_part(wide, h->fde, h->func_start, f.size, m->format);
    fde_part = wide;
    if (fde_len <= sizeof fe->s) {
      memcpy(fe->s, wide, fde_len);
      fe->len = (uint8_t)fde_len;
      fe->key = h->fde + 1u;
    }
  }
  if (re->key != h->recovery) {
    sfv_lookup lk;
    (void)sfv_index_lookup(m->ix, pc, &lk); /* the FRE's base register */
    re->len = fmt_lookup_rules_part(re->s, m->sec, lk.fre.base_reg, h->recovery,
                                    h->recovery_status, m->format);
    re->key = h->recovery;
  }
  return fmt_lookup_found_line(dst, pc, fde_part, fde_len, h->fre, h->fre_start, re->s,
                               re->len, m->format, json_tail, json_tail_len);
}

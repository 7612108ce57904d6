/* lookup.c - PC -> FDE -> FRE, per the spec's lookup rules.
 *
 * Answer definition (shared by the binary and linear paths, and by the
 * fuzzers' reference): the FDE is, among FDEs of nonzero size whose
 * [start, start + size) contains pc, the one with the greatest start, ties
 * to the highest index.  The FRE is the last one in block order that
 * applies (INC: start <= pc - func_start; MASK v2/v3 on the offset modulo
 * rep_size; MASK v1: (offset & start) == start).
 */
#include "sfv.h"
#include "internal.h"

static int fde_contains(const sfv_section *sec, const sfv_fde *f, uint64_t pc,
                        uint64_t *start) {
  if (f->size == 0 || sfv_fde_func_start(sec, f, start) != SFV_OK)
    return 0;
  return pc >= *start && pc - *start < f->size;
}

/* Sorted FDEs: last index with start <= pc, then back over zero-size
 * FDEs (the only ones a valid section may interleave). */
static int find_fde_sorted(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                           uint64_t *start) {
  uint32_t lo = 0, hi = sec->fde_avail; /* answer in [lo, hi) */
  int64_t i;
  if (sec->fde_avail == 0)
    return 0;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    sfv_fde f;
    uint64_t a;
    (void)sfv_fde_get(sec, mid, &f);
    /* A start below address 0 (vma + start < 0) is below every pc. */
    if (sfv_fde_func_start(sec, &f, &a) == SFV_OK ? a <= pc
                                                  : f.start_ok && f.start < 0)
      lo = mid;
    else
      hi = mid;
  }
  for (i = lo; i >= 0; i--) {
    (void)sfv_fde_get(sec, (uint32_t)i, out);
    if (fde_contains(sec, out, pc, start))
      return 1;
    if (out->size != 0)
      return 0;
  }
  return 0;
}

static int find_fde_linear(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                           uint64_t *start) {
  uint32_t i;
  int found = 0;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t a;
    (void)sfv_fde_get(sec, i, &f);
    if (fde_contains(sec, &f, pc, &a) && (!found || a >= *start)) {
      *out = f;
      *start = a;
      found = 1;
    }
  }
  return found;
}

sfv_status sfv_find_fde(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                        uint64_t *func_start) {
  if (sec == NULL || out == NULL || func_start == NULL || sec->data == NULL ||
      sec->priv.fde_size == 0)
    return SFV_E_ARG;
  if (!(sec->priv.fdes_sorted ? find_fde_sorted(sec, pc, out, func_start)
                         : find_fde_linear(sec, pc, out, func_start)))
    return SFV_E_NOT_FOUND;
  return SFV_OK;
}

sfv_status sfv_find_fre(const sfv_section *sec, uint64_t pc, sfv_lookup *out) {
  sfv_fre_iter it;
  sfv_fre fre;
  uint64_t off;
  int found = 0, mask_v1 = 0;
  sfv_status st;

  if (sec == NULL || out == NULL)
    return SFV_E_ARG;
  *out = (sfv_lookup){0};
  st = sfv_find_fde(sec, pc, &out->fde, &out->func_start);
  if (st != SFV_OK)
    return st;

  off = pc - out->func_start;
  if (out->fde.pc_type == SFV_PC_MASK) {
    if (sec->hdr.version == 1)
      mask_v1 = 1;
    else if (out->fde.rep_size == 0)
      return SFV_E_NOT_FOUND;
    else
      off %= out->fde.rep_size;
  }
  st = sfv_fre_iter_init(&it, sec, &out->fde, 0);
  if (st != SFV_OK)
    return st;
  for (;;) {
    sfv_status s = sfv_fre_next(&it, &fre);
    int match;
    if (s == SFV_END)
      break;
    if (s != SFV_OK)
      return s;
    match = mask_v1 ? (off & fre.start) == fre.start : fre.start <= off;
    if (match) {
      out->fre = fre;
      found = 1;
    }
  }
  if (!found)
    return SFV_E_NOT_FOUND;
  if (out->fde.pc_type == SFV_PC_MASK)
    out->fre_start = out->fre.start;
  else if (!sfv_addr_add(out->func_start, out->fre.start, &out->fre_start))
    return SFV_E_OVERFLOW;
  out->recovery_status = sfv_fre_recovery(sec, &out->fde, &out->fre, &out->recovery);
  return SFV_OK;
}

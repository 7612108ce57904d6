/* SPDX-License-Identifier: MIT */
/* index_diff.h - sfv_index_find()/sfv_index_lookup() against
 * sfv_find_fre(), PC by PC: the same status and every returned field.
 * Shared by fuzz/fuzz_lookup.c and the unit tests (tests/unit/
 * support_index.c), which add their own reporting.  Header only.
 */
#ifndef SFV_INDEX_DIFF_H
#define SFV_INDEX_DIFF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sfv.h"

static inline int idiff_rule_eq(const sfv_recovery *a, const sfv_recovery *b) {
  return a->kind == b->kind && a->source == b->source && a->reg_p == b->reg_p &&
         a->deref_p == b->deref_p && a->regnum == b->regnum && a->offset == b->offset;
}

static inline int idiff_rec_eq(const sfv_recovery_set *a, const sfv_recovery_set *b) {
  return idiff_rule_eq(&a->cfa, &b->cfa) && idiff_rule_eq(&a->ra, &b->ra) &&
         idiff_rule_eq(&a->fp, &b->fp) && a->ra_mangled == b->ra_mangled &&
         a->pauth_key == b->pauth_key && a->signal == b->signal &&
         a->fde_type == b->fde_type;
}

static inline int idiff_fde_eq(const sfv_fde *a, const sfv_fde *b) {
  return a->index == b->index && a->offset == b->offset && a->start_raw == b->start_raw &&
         a->start == b->start && a->start_ok == b->start_ok && a->size == b->size &&
         a->fre_off == b->fre_off && a->num_fres == b->num_fres && a->info == b->info &&
         a->info2 == b->info2 && a->rep_size == b->rep_size && a->padding == b->padding &&
         a->fre_type == b->fre_type && a->pc_type == b->pc_type &&
         a->pauth_key == b->pauth_key && a->signal == b->signal &&
         a->fde_type == b->fde_type && a->attr_offset == b->attr_offset &&
         a->fres_offset == b->fres_offset;
}

static inline int idiff_fre_eq(const sfv_fre *a, const sfv_fre *b) {
  unsigned k;
  if (!(a->index == b->index && a->offset == b->offset && a->length == b->length &&
        a->start == b->start && a->info == b->info && a->base_reg == b->base_reg &&
        a->dw_count == b->dw_count && a->dw_size_code == b->dw_size_code &&
        a->dw_size == b->dw_size && a->mangled_ra == b->mangled_ra))
    return 0;
  for (k = 0; k < SFV_MAX_DATAWORDS; k++)
    if (a->dw_raw[k] != b->dw_raw[k] || a->dw[k] != b->dw[k])
      return 0;
  return 1;
}

/* NULL when the index answers at pc exactly as sfv_find_fre(ix->sec) does
 * (status, sfv_lookup field by field, and the compact hit), else what
 * differs. */
static inline const char *index_diff_pc(const sfv_index *ix, uint64_t pc) {
  sfv_lookup want, got;
  sfv_index_hit h;
  sfv_fde f;
  uint64_t fs = 0;
  sfv_status sw, sg, sh;
  int have_fde;
  memset(&want, 0, sizeof want);
  memset(&got, 0xa5, sizeof got); /* sfv_index_lookup() fills all of it */
  sw = sfv_find_fre(ix->sec, pc, &want);
  sg = sfv_index_lookup(ix, pc, &got);
  sh = sfv_index_find(ix, pc, &h);
  have_fde = sfv_find_fde(ix->sec, pc, &f, &fs) == SFV_OK;
  if (sg != sw)
    return "sfv_index_lookup status";
  if (sh != sw)
    return "sfv_index_find status";
  if (!idiff_fde_eq(&got.fde, &want.fde) || got.func_start != want.func_start)
    return "sfv_index_lookup FDE";
  if (!idiff_fre_eq(&got.fre, &want.fre) || got.fre_start != want.fre_start)
    return "sfv_index_lookup FRE";
  if (!idiff_rec_eq(&got.recovery, &want.recovery) ||
      got.recovery_status != want.recovery_status)
    return "sfv_index_lookup rules";
  if (h.fde_found != have_fde)
    return "sfv_index_find fde_found";
  if (have_fde && (h.fde != want.fde.index || h.func_start != want.func_start))
    return "sfv_index_find FDE";
  if (!have_fde && (h.fde != 0 || h.func_start != 0))
    return "sfv_index_find: FDE fields without an FDE";
  if (sw != SFV_OK)
    return h.recovery == NULL && h.fre == 0 && h.fre_start == 0 && h.fre_offset == 0
               ? NULL
               : "sfv_index_find: FRE fields on a failure";
  if (h.fre != want.fre.index || h.fre_start != want.fre_start ||
      h.fre_offset != want.fre.offset)
    return "sfv_index_find FRE";
  if (h.recovery == NULL || !idiff_rec_eq(h.recovery, &want.recovery) ||
      h.recovery_status != want.recovery_status)
    return "sfv_index_find rules";
  return NULL;
}

static inline void idiff_add(uint64_t *pcs, size_t *n, size_t max, uint64_t pc) {
  if (*n < max)
    pcs[(*n)++] = pc;
}

/* a + d and a - d modulo 2^64, spelled without wrapping arithmetic (the
 * unit tests run under -fsanitize=integer). */
static inline uint64_t idiff_wadd(uint64_t a, uint64_t d) {
  return d <= UINT64_MAX - a ? a + d : d - (UINT64_MAX - a) - 1u;
}
static inline uint64_t idiff_wsub(uint64_t a, uint64_t d) {
  return a >= d ? a - d : UINT64_MAX - (d - a) + 1u;
}

/* PCs of interest of sec (addresses wrap: a wrapped one is just another
 * PC): 0, 2^64 - 1, vma; per FDE (about max_fdes of them, evenly
 * sampled) start - 1, start,
 * middle, end - 1, end; per FRE (the first max_fres of each) its start,
 * the byte before, and for MASK FDEs the same in the second and a late
 * repetition block; below the lowest start, past the highest end. */
static inline size_t index_diff_pcs(const sfv_section *sec, uint64_t *pcs, size_t max,
                                    uint32_t max_fdes, uint32_t max_fres) {
  size_t n = 0;
  uint32_t i, k;
  uint64_t lo = UINT64_MAX, hi = 0;
  idiff_add(pcs, &n, max, 0);
  idiff_add(pcs, &n, max, UINT64_MAX);
  idiff_add(pcs, &n, max, sec->vma);
  uint32_t step = max_fdes == 0 ? 1u : sec->fde_avail / max_fdes + 1u;
  for (i = 0; i < sec->fde_avail; i += step) {
    sfv_fde f;
    uint64_t s;
    sfv_fre_iter it;
    sfv_fre r;
    (void)sfv_fde_get(sec, i, &f);
    if (sfv_fde_func_start(sec, &f, &s) != SFV_OK)
      continue;
    if (s < lo)
      lo = s;
    if (idiff_wadd(s, f.size) > hi)
      hi = idiff_wadd(s, f.size);
    idiff_add(pcs, &n, max, idiff_wsub(s, 1));
    idiff_add(pcs, &n, max, s);
    idiff_add(pcs, &n, max, idiff_wadd(s, f.size / 2u));
    idiff_add(pcs, &n, max, idiff_wsub(idiff_wadd(s, f.size), 1));
    idiff_add(pcs, &n, max, idiff_wadd(s, f.size));
    if (sfv_fre_iter_init(&it, sec, &f, 0) != SFV_OK)
      continue;
    for (k = 0; k < max_fres && sfv_fre_next(&it, &r) == SFV_OK; k++) {
      idiff_add(pcs, &n, max, idiff_wadd(s, r.start));
      idiff_add(pcs, &n, max, idiff_wsub(idiff_wadd(s, r.start), 1));
      idiff_add(pcs, &n, max, idiff_wadd(s, (uint64_t)r.start + 1u));
      if (f.rep_size != 0) {
        idiff_add(pcs, &n, max, idiff_wadd(s, (uint64_t)f.rep_size + r.start));
        idiff_add(pcs, &n, max, idiff_wadd(s, (uint64_t)f.rep_size * 7u + r.start - 1u));
      }
    }
  }
  idiff_add(pcs, &n, max, idiff_wsub(lo, 1));
  idiff_add(pcs, &n, max, hi);
  idiff_add(pcs, &n, max, idiff_wadd(hi, 1));
  return n;
}

#endif

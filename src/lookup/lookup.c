/* SPDX-License-Identifier: MIT */
/* lookup.c - PC -> FDE -> FRE, per the spec's lookup rules.
 *
 * Answer definition (shared by the binary and linear paths, and by the
 * fuzzers' reference): the FDE is, among FDEs of nonzero size whose
 * [start, start + size) contains pc, the one with the greatest start, ties
 * to the highest index.  The FRE is the last one in block order that
 * applies (INC: start <= pc - func_start; MASK v2/v3 on the offset modulo
 * rep_size; MASK v1: (offset & start) == start).
 */
#include <string.h>

#include "sfv.h"
#include "common/cursor.h"
#include "sframe/decode.h"
#include "sframe/fde_buckets.h"
#include "sframe/spec.h"

static int fde_contains(const sfv_section *sec, const sfv_fde *f, uint64_t pc,
                        uint64_t *start) {
  if (f->size == 0 || sfv_fde_func_start(sec, f, start) != SFV_OK)
    return 0;
  return pc >= *start && pc - *start < f->size;
}

/* Branch-free binary search: the greatest index in [base, base + len)
 * whose start (probe_start) is <= rel, found in log2(len) probes whatever
 * the answer; -1 when there is none or a probe fails.  Inlined per version
 * and PC-relativity, so every probe is a bounds check, a load and a
 * compare. */
__attribute__((always_inline)) static inline int64_t
search_starts(const sfv_section *sec, const sfv_cursor *c, uint32_t base,
              uint32_t len, int64_t rel, uint8_t v, int pcrel, int prefetch) {
  int64_t s;
  const uint8_t *idx = c->base + sec->priv.fde_base;
  const unsigned stride = sfv_struct_size(SFV_ST_FDE, v);
  if (len == 0)
    return -1;
  while (len > 1) {
    uint32_t half = len / 2, l1 = len - half, h1 = l1 / 2;
    uint32_t h2 = (l1 - h1) / 2;
    /* The probes of the next two steps (6 candidates), fetched while this
     * one is compared: the branch-free search cannot speculate, so on
     * sections larger than the caches this overlaps the misses (hints
     * only: nothing is read; every candidate is below fde_avail). */
    if (prefetch) {
      __builtin_prefetch(idx + (uint64_t)(base + h1) * stride);
      __builtin_prefetch(idx + (uint64_t)(base + half + h1) * stride);
      __builtin_prefetch(idx + (uint64_t)(base + h2) * stride);
      __builtin_prefetch(idx + (uint64_t)(base + h1 + h2) * stride);
      __builtin_prefetch(idx + (uint64_t)(base + half + h2) * stride);
      __builtin_prefetch(idx + (uint64_t)(base + half + h1 + h2) * stride);
    }
    if (!probe_start(sec, c, base + half, v, pcrel, &s))
      return -1;
    base = s <= rel ? base + half : base;
    len -= half;
  }
  if (!probe_start(sec, c, base, v, pcrel, &s) || s > rel)
    return -1;
  return base;
}

/* FDE index size (bytes) from which the search prefetches its next
 * probes: a smaller index stays in the L1/L2 caches across lookups. */
#define SEARCH_PREFETCH_BYTES (256u * 1024u)

/* search_starts() for the section's version and PC-relativity. */
static int64_t search_any(const sfv_section *sec, const sfv_cursor *c,
                          uint32_t base, uint32_t len, int64_t rel, int pcrel) {
  if ((uint64_t)sec->fde_avail * sec->priv.fde_size > SEARCH_PREFETCH_BYTES) {
    switch (sec->hdr.version) {
    case 3: return search_starts(sec, c, base, len, rel, 3, pcrel, 1);
    case 2: return search_starts(sec, c, base, len, rel, 2, pcrel, 1);
    default: return search_starts(sec, c, base, len, rel, 1, 0, 1);
    }
  }
  switch (sec->hdr.version) {
  case 3: return pcrel ? search_starts(sec, c, base, len, rel, 3, 1, 0)
                       : search_starts(sec, c, base, len, rel, 3, 0, 0);
  case 2: return pcrel ? search_starts(sec, c, base, len, rel, 2, 1, 0)
                       : search_starts(sec, c, base, len, rel, 2, 0, 0);
  default: return search_starts(sec, c, base, len, rel, 1, 0, 0);
  }
}

/* Sorted FDEs: last index whose target start vma + start <= pc, then back
 * over zero-size FDEs (the only ones a valid section may interleave).  The
 * comparison is made section-relative, start <= pc - vma, with pc - vma
 * clamped into int64 (exact: every start is an int64).  The search covers
 * the FDEs of pc's slice (lk_bucket) and the last one before it. */
static int find_fde_sorted(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                           uint64_t *start) {
  int64_t rel, i;
  uint64_t slice;
  uint32_t lo, hi;
  sfv_cursor c;
  if (sec->fde_avail == 0)
    return 0;
  if (pc >= sec->vma)
    rel = pc - sec->vma > (uint64_t)INT64_MAX ? INT64_MAX
                                              : (int64_t)(pc - sec->vma);
  else if (sec->vma - pc - 1u > (uint64_t)INT64_MAX)
    return 0; /* below every representable start */
  else
    rel = -(int64_t)(sec->vma - pc - 1u) - 1;
  if (rel < sec->priv.lk_first)
    return 0; /* below the first function */
  slice = span_of(sec->priv.lk_first, rel) >> sec->priv.lk_shift;
  if (slice >= SFV_LOOKUP_BUCKETS)
    slice = SFV_LOOKUP_BUCKETS - 1; /* past the last start */
  /* The answer is in [lo - 1, hi - 1]: FDEs of lower slices start at or
   * below rel, those of higher ones above it. */
  lo = sec->priv.lk_bucket[slice];
  hi = sec->priv.lk_bucket[slice + 1];
  if (hi > sec->fde_avail)
    hi = sec->fde_avail;
  if (lo > 0)
    lo--;
  if (lo >= hi)
    return 0;
  cur_init(&c, sec->data, sec->priv.fde_base, sec->size, sec->big_endian);
  i = search_any(sec, &c, lo, hi - lo, rel, sfv_section_pcrel(sec));
  for (; i >= 0; i--) {
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

/* One FRE of walk_sorted: when the FRE at c->pos starts at or below off,
 * the answer becomes it (*pos, *idx = k, *found) and c moves past it;
 * 0 ends the walk.  c->pos only grows, and *pos is a position c had. */
__attribute__((always_inline)) static inline int
sorted_turn(sfv_cursor *c, uint64_t off, unsigned asz, uint32_t k,
            uint64_t *pos, uint32_t *idx, int *found) {
  uint64_t here = c->pos;
  /* One check for start and info: their asz + 1 bytes as one window. */
  const uint8_t *p = cur_window(c, here, asz + 1u);
  uint8_t info;
  if (p == NULL || sfv_ld(p, asz, c->big_endian) > off)
    return 0;
  info = p[asz];
  c->pos = here + asz + 1u;
  *pos = here;
  *idx = k;
  *found = 1;
  /* data words: count << size code, as decode.c sizes them */
  return cur_skip(c, (uint64_t)sfv_fre_info_count(info)
                         << sfv_fre_info_size_code(info));
}

/* fres_sorted sections: sfv_open() walked every FRE (all decode, starts
 * ascending), so the walk reads start addresses and info bytes only, still
 * through the cursor, and stops at the first FRE past off.  asz is a
 * constant per inlined copy.  *pos and *idx: the answer; 0 when none. */
__attribute__((always_inline)) static inline int
walk_sorted(const sfv_section *sec, const sfv_fde *f, uint64_t off,
            unsigned asz, uint64_t *pos, uint32_t *idx) {
  sfv_cursor c;
  uint32_t k;
  int found = 0;
  cur_init(&c, sec->data, f->fres_offset, sfv_fre_end(sec), sec->big_endian);
  for (k = 0; k < f->num_fres && sorted_turn(&c, off, asz, k, pos, idx, &found);
       k++)
    ;
  return found;
}

/* One FRE of walk_all: the FRE at it->pos skipped (sfv_fre_skip's
 * status); when it applies at off, the answer becomes it (*pos, *idx,
 * *found). */
__attribute__((always_inline)) static inline sfv_status
all_turn(sfv_fre_iter *it, uint64_t off, int mask_v1, uint64_t *pos,
         uint32_t *idx, int *found) {
  uint64_t here = it->pos;
  uint32_t next = it->next, start, len;
  uint8_t info;
  sfv_status st = sfv_fre_skip(it, &start, &info, &len);
  if (st == SFV_OK && (mask_v1 ? (off & start) == start : start <= off)) {
    *pos = here;
    *idx = next;
    *found = 1;
  }
  return st;
}

/* Every FRE of *it (unsorted FREs, or MASK v1): the last one that applies
 * at off.  SFV_OK at the end of the FREs, else the failing FRE's status. */
__attribute__((always_inline)) static inline sfv_status
walk_all(sfv_fre_iter *it, uint64_t off, int mask_v1, uint64_t *pos,
         uint32_t *idx, int *found) {
  sfv_status st;
  while ((st = all_turn(it, off, mask_v1, pos, idx, found)) == SFV_OK)
    ;
  return st == SFV_END ? SFV_OK : st;
}

/* The FRE of f that applies at offset off (see the answer definition):
 * FRE headers only (start, info, length); with sec->priv.fres_sorted the walk
 * stops at the first FRE past off.  *at is an iterator positioned on the
 * answer.  Statuses as a full walk with sfv_fre_next() would give. */
static sfv_status find_fre_in(const sfv_section *sec, const sfv_fde *f,
                              uint64_t off, int mask_v1, sfv_fre_iter *at) {
  sfv_fre_iter it;
  uint32_t idx = 0;
  uint64_t pos = 0;
  int found = 0;
  sfv_status st = sfv_fre_iter_init(&it, sec, f, 0);
  if (st != SFV_OK)
    return st;
  if (sec->priv.fres_sorted && !mask_v1) {
    unsigned asz = sfv_fre_addr_size(f->fre_type);
    found = asz == 1   ? walk_sorted(sec, f, off, 1, &pos, &idx)
            : asz == 2 ? walk_sorted(sec, f, off, 2, &pos, &idx)
                       : walk_sorted(sec, f, off, 4, &pos, &idx);
  } else if ((st = walk_all(&it, off, mask_v1, &pos, &idx, &found)) != SFV_OK)
    return st;
  if (!found)
    return SFV_E_NOT_FOUND;
  *at = it;
  at->pos = pos;
  at->next = idx;
  return SFV_OK;
}

/* Zeroes what sfv_find_fre() has not filled when it fails after the FDE
 * (the contract: *out zero but for what was found). */
static sfv_status fail_after_fde(sfv_lookup *out, sfv_status st) {
  memset(&out->fre, 0, sizeof out->fre);
  memset(&out->recovery, 0, sizeof out->recovery);
  out->fre_start = 0;
  out->recovery_status = SFV_OK;
  return st;
}

sfv_status sfv_find_fre(const sfv_section *sec, uint64_t pc, sfv_lookup *out) {
  sfv_fre_iter at;
  uint64_t off;
  int mask_v1 = 0;
  sfv_status st;

  if (sec == NULL || out == NULL)
    return SFV_E_ARG;
  /* *out is filled part by part (each part zeroed or set in full by its
   * decoder); zeroing all of it up front costs more than the search. */
  out->fde = (sfv_fde){0};
  out->func_start = 0;
  st = sfv_find_fde(sec, pc, &out->fde, &out->func_start);
  if (st != SFV_OK) {
    /* The sorted search leaves its last candidate there: no FDE, zero. */
    out->fde = (sfv_fde){0};
    out->func_start = 0;
    return fail_after_fde(out, st);
  }

  off = pc - out->func_start;
  if (out->fde.pc_type == SFV_PC_MASK) {
    if (sec->hdr.version == 1)
      mask_v1 = 1;
    else if (out->fde.rep_size == 0)
      return fail_after_fde(out, SFV_E_NOT_FOUND);
    else
      off %= out->fde.rep_size;
  }
  st = find_fre_in(sec, &out->fde, off, mask_v1, &at);
  if (st != SFV_OK)
    return fail_after_fde(out, st);
  /* The one FRE returned is decoded in full, and interpreted once. */
  if ((st = sfv_fre_next(&at, &out->fre)) != SFV_OK)
    return fail_after_fde(out, st);
  if (out->fde.pc_type == SFV_PC_MASK)
    out->fre_start = out->fre.start;
  else if (!sfv_addr_add(out->func_start, out->fre.start, &out->fre_start)) {
    sfv_fre keep = out->fre;
    (void)fail_after_fde(out, SFV_OK);
    out->fre = keep; /* as before: the FRE stays, the rest is zero */
    return SFV_E_OVERFLOW;
  }
  out->recovery_status =
      sfv_fre_recovery(sec, &out->fde, &out->fre, &out->recovery);
  return SFV_OK;
}

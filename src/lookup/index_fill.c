/* SPDX-License-Identifier: MIT */
/* index_fill.c - one function's FREs into the index's slots: the walk
 * (turns of ix_fre_turn), the key table that shares rule entries (ix_rule,
 * its probe turns of ix_probe_turn), and the packing of the slots that can
 * answer (turns of ix_pack_turn).  The plan sizes with it (nothing
 * written), the build fills with it (index.h). */
#include <string.h>

#include "sfv.h"
#include "common/cursor.h"
#include "sframe/decode.h"
#include "sframe/spec.h"
#include "lookup/index.h"

/* The code of status byte st (3 for any byte not among the first three:
 * compared as bytes, so any byte is defined). */
static uint32_t ix_code(uint8_t st) {
  uint32_t c = 0;
  while (c < 3u && (IX_CODES >> (8u * c) & 0xffu) != st)
    c++;
  return c;
}

/* The key's home slot, any bits of it: FNV-1a (mod 2^32) of ctx and the
 * len bytes at p, folded. */
__attribute__((always_inline)) static inline uint32_t ix_hash(const uint8_t *p, uint64_t len,
                                                              uint8_t ctx) {
  uint32_t h = 0x811c9dc5u ^ ctx;
  uint64_t i;
  for (i = 0; i < len; i++)
    h = (uint32_t)(((uint64_t)(h ^ p[i]) * 0x01000193u) & 0xffffffffu);
  return h ^ h >> 15;
}

/* One turn of the probe (ix_probe's whole loop body) at held slot *s: 1
 * when its key is the len bytes at p under ctx, else 0 and *s the next
 * slot (contract proofs/lib/index_probe_contract.h ix_probe_turn_post). */
__attribute__((always_inline)) static inline int
ix_probe_turn(const ix_keys *k, const sfv_cursor *c, const uint8_t *p, uint64_t len,
              uint8_t ctx, uint32_t *s) {
  const uint8_t *q = cur_window(c, k->at[*s], len);
  if (k->ctx[*s] == ctx && q != NULL && q[0] == p[0] && memcmp(q, p, (size_t)len) == 0)
    return 1;
  *s = (*s + 1u) & (IX_KEY_SLOTS - 1u);
  return 0;
}

/* The probe from slot *s (below IX_KEY_SLOTS): 1 when a held slot holds
 * the key (*s that slot), else 0 and *s a slot, empty or the last probed
 * (contract ix_probe_post). */
__attribute__((always_inline)) static inline int
ix_probe(const ix_keys *k, const sfv_cursor *c, const uint8_t *p, uint64_t len, uint8_t ctx,
         uint32_t *s) {
  uint32_t probe;
  for (probe = 0; probe < IX_KEY_SLOTS && k->rule[*s] != 0; probe++)
    if (ix_probe_turn(k, c, p, len, ctx, s))
      return 1;
  return 0;
}

/* The rule number of FRE r of FDE f; *fresh when it is a new entry (the
 * caller then fills it).  Equal keys decode to equal rules and verdicts:
 * sfv_fre_recovery() reads nothing of the FRE but its info byte and data
 * words, nothing of the FDE but the three bits in ctx. */
static uint32_t ix_rule(ix_keys *k, const sfv_section *sec, const sfv_fde *f,
                        const sfv_fre *r, int *fresh) {
  uint64_t at = sfv_fre_info_at(f, r), len = 1u + (uint64_t)r->dw_count * r->dw_size;
  uint8_t ctx = (uint8_t)(f->fde_type | (f->pauth_key & 1u) << 5 | (f->signal & 1u) << 6);
  uint32_t s, rule;
  const uint8_t *p;
  sfv_cursor c;
  cur_init(&c, sec->data, 0, sec->size, sec->big_endian);
  *fresh = 1;
  rule = (uint32_t)k->nrules++; /* nrules <= FRE slots < 2^32 (sfv_ix_plan) */
  if ((p = cur_window(&c, at, len)) == NULL)
    return rule; /* cannot happen: the FRE decoded */
  s = ix_hash(p, len, ctx) & (IX_KEY_SLOTS - 1u);
  if (ix_probe(k, &c, p, len, ctx, &s)) {
    k->nrules--;
    *fresh = 0;
    return k->rule[s] - 1u;
  }
  if (k->rule[s] == 0 && k->used < IX_KEY_MAX) {
    k->rule[s] = rule + 1u;
    k->at[s] = at;
    k->ctx[s] = ctx;
    k->used++;
  }
  return rule;
}

/* One function's FRE walk so far: n FREs in the slots from `first`, at
 * most `room` of them; the last one's start. */
typedef struct ix_walk {
  uint64_t first, n, room, fre_base;
  uint32_t prev;
} ix_walk;

/* One turn of sfv_ix_fill_fres()'s walk (its whole loop body): the next FRE,
 * its slot and its rule.  SFV_OK to go on, else the walk's end: SFV_END,
 * sfv_fre_next()'s error, or SFV_E_UNINDEXABLE. */
__attribute__((always_inline)) static inline sfv_status
ix_fre_turn(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn, ix_keys *keys,
            const ix_out *o, sfv_fre_iter *it, ix_walk *w) {
  sfv_fre r;
  int fresh;
  uint32_t rule;
  sfv_status st = sfv_fre_next(it, &r);
  if (st != SFV_OK)
    return st;
  if (w->n >= w->room || r.offset - w->fre_base > UINT32_MAX)
    return SFV_E_UNINDEXABLE; /* cannot happen: 2 bytes per FRE, and FREs
                                 lie in the FRE sub-section, whose length
                                 is a 32-bit header field */
  if (w->n > 0 && r.start <= w->prev && !fn->mask_v1)
    fn->dense = 0;
  w->prev = r.start;
  rule = ix_rule(keys, sec, f, &r, &fresh);
  if (o->fres != NULL) {
    struct sfv_index_fre *e = &o->fres[w->first + w->n];
    if (rule >= o->rcap)
      return SFV_E_UNINDEXABLE; /* cannot happen: the plan's walk made it */
    if (fresh)
      o->rstat[rule] = (uint8_t)sfv_fre_recovery(sec, f, &r, &o->recs[rule]);
    o->fre_starts[w->first + w->n] = r.start;
    e->off = (uint32_t)(r.offset - w->fre_base);
    e->rule = rule << 2 | ix_code(o->rstat[rule]); /* rule < rcap < 2^30 (sfv_ix_plan) */
  }
  w->n++;
  return SFV_OK;
}

__attribute__((always_inline)) static inline sfv_status
ix_walk_fres(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn, ix_keys *keys,
             const ix_out *o, sfv_fre_iter *it, ix_walk *w) {
  sfv_status st = SFV_OK;
  while (st == SFV_OK)
    st = ix_fre_turn(sec, f, fn, keys, o, it, w);
  return st;
}

/* One turn of the packing (see sfv_ix_fill_fres), slot k - 1 of n: kept when
 * it starts below every later one, then stored as the w-th from the end
 * of the slots with its index. */
__attribute__((always_inline)) static inline void
ix_pack_turn(const ix_out *o, uint64_t first, uint64_t n, uint64_t xfirst, uint64_t k,
             uint64_t *w, uint32_t *min_later) {
  uint32_t s = o->fre_starts[first + k - 1u];
  if (s < *min_later) {
    *min_later = s;
    ++*w;
    o->fre_starts[first + n - *w] = s;
    o->fres[first + n - *w] = o->fres[first + k - 1u];
    o->fre_index[xfirst + n - *w] = (uint32_t)(k - 1u);
  }
}

/* The FREs starting below every later one, packed toward the end of the
 * n slots from `first`, their indexes likewise from xfirst: how many. */
__attribute__((always_inline)) static inline uint64_t
ix_pack(const ix_out *o, uint64_t first, uint64_t n, uint64_t xfirst) {
  uint64_t k, w = 0;
  uint32_t min_later = UINT32_MAX;
  for (k = n; k > 0; k--)
    ix_pack_turn(o, first, n, xfirst, k, &w, &min_later);
  return w;
}

/* The FREs of function fn (its FDE f) into the slots from p->slot (and,
 * when it is not dense, their indexes from p->idx), at most `room` of
 * them: fn's status, first, count, dense and xfirst set, *p advanced.  The
 * walk and its statuses are sfv_find_fre()'s (lookup.c find_fre_in).
 * With o->fres NULL (sizing) only the keys, *p and fn change.  Dense:
 * every FRE is kept, i.e. MASK v1, or starts strictly ascending. */
void sfv_ix_fill_fres(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                      ix_keys *keys, const ix_out *o, ix_pos *p, uint64_t room) {
  sfv_fre_iter it;
  sfv_status st;
  uint64_t n, w;
  ix_walk wk;
  wk.first = p->slot;
  wk.n = 0;
  wk.room = room;
  wk.fre_base = sfv_fre_subsection_offset(sec);
  wk.prev = 0;
  fn->mask = f->pc_type == SFV_PC_MASK;
  fn->mask_v1 = fn->mask && sec->hdr.version == 1;
  fn->rep_size = fn->mask && !fn->mask_v1 ? f->rep_size : 0;
  fn->first = (uint32_t)wk.first;
  fn->xfirst = 0;
  fn->count = 0;
  fn->dense = 1;
  fn->status = SFV_OK;
  if (ix_mask0(sec, f)) {
    fn->status = SFV_E_NOT_FOUND;
    return;
  }
  st = sfv_fre_iter_init(&it, sec, f, 0);
  if (st == SFV_OK)
    st = ix_walk_fres(sec, f, fn, keys, o, &it, &wk);
  n = wk.n;
  if (st == SFV_END && !fn->dense && n > o->icap - p->idx)
    st = SFV_E_UNINDEXABLE; /* cannot happen: the plan's walk counted them */
  if (st != SFV_END) {
    fn->status = (uint8_t)st;
    fn->dense = 1;
    return; /* every PC of the function: this status; slots reused */
  }
  p->slot = wk.first + n;
  fn->count = (uint32_t)n;
  if (fn->dense)
    return;
  fn->xfirst = (uint32_t)p->idx;
  p->idx += n;
  if (o->fres == NULL)
    return;
  /* Keep the FREs starting below every later one (see the top), packed
   * toward the end of the function's slots, with their indexes. */
  w = ix_pack(o, wk.first, n, fn->xfirst);
  fn->first = (uint32_t)(wk.first + n - w);
  fn->xfirst = (uint32_t)(fn->xfirst + n - w);
  fn->count = (uint32_t)w;
}

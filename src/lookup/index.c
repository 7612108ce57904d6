/* SPDX-License-Identifier: MIT */
/* index.c - sfv_find_fre()'s answers precomputed into caller memory.
 *
 * The answer definition is lookup.c's: among FDEs of nonzero size whose
 * [start, start + size) contains pc, the greatest start wins (ties: the
 * highest index); then the last FRE in block order that applies.  The
 * index keeps it exact with flat arrays:
 *  - the functions (FDEs of nonzero size with a resolvable start), ascending
 *    by (start, FDE index) and verified disjoint: the greatest start <= pc
 *    is then the only candidate that can contain pc;
 *  - per function the FRE slots that can be an answer.  For INC (and MASK
 *    v2/v3 after the modulo) FRE k answers at off iff start_k <= off and
 *    every later FRE starts above off, so only the FREs starting below
 *    every later one are kept; their starts ascend strictly, and the answer
 *    is the last kept one with start <= off (a binary search).  MASK v1
 *    keeps every FRE (the bit rule is scanned in block order);
 *  - per function the status sfv_find_fre() gives for every PC it contains
 *    when its FREs do not decode (the walk's error), or when a MASK rep_size
 *    is 0 (not found);
 *  - per FRE slot its index, its offset (from the FRE sub-section's) and
 *    a rule number: the rules and their verdict (sfv_fre_recovery())
 *    are stored once per distinct key, the key being the bytes they are a
 *    function of (the FRE's info byte and data words, and the FDE's type,
 *    pauth key and signal bit; the header is the section's).
 * Everything is decoded with the spec layer (sfv_fde_get, sfv_fre_next,
 * sfv_fre_recovery); the keys' bytes are compared through the cursor.
 *
 * Sizing and building walk the FREs in the same order (FDE index order)
 * through the same key table, so both count the same rule entries: the
 * size is exact, not a bound.  The build still checks every slot, rule
 * and index it writes against the plan's counts (ix_out), so no store
 * rests on that agreement (docs/PROOFS.md).
 */
#include <string.h>

#include "sfv.h"
#include "common/cursor.h"
#include "sframe/decode.h"
#include "sframe/spec.h"

/* Per indexed function; `first`/`count` delimit its FRE slots. */
struct sfv_index_fn {
  uint32_t size;
  uint32_t fde;
  uint32_t first;
  uint32_t count;
  uint32_t xfirst;           /* !dense: its slots' FRE indexes in ix->fre_index */
  uint8_t dense;             /* slot k is FRE k (every FRE kept) */
  uint8_t rep_size;          /* MASK v2/v3: the modulo; else 0 */
  uint8_t mask_v1;           /* scan with the v1 bit rule */
  uint8_t mask;              /* fre_start is the FRE's own start */
  uint8_t status;            /* SFV_OK, or every PC's status (sfv_status) */
};

/* Per FRE slot (its start apart, in ix->fre_starts; its index, when its
 * function is not dense, in ix->fre_index). */
struct sfv_index_fre {
  uint32_t off;              /* section offset - the FRE sub-section's */
  uint32_t rule;             /* rule entry << 2 | ix_codes[] index of its status */
};

/* sfv_fre_recovery()'s statuses, as the 2 low bits c of a slot's rule:
 * byte c of IX_CODES (a shift, not a load, on the lookup path). */
#define IX_CODES                                                            \
  ((uint32_t)SFV_OK | (uint32_t)SFV_E_ENCODING << 8 |                      \
   (uint32_t)SFV_E_FDE_TYPE << 16 | (uint32_t)SFV_E_ARG << 24)

static sfv_status ix_status(uint32_t c) { return (sfv_status)(IX_CODES >> (8u * c) & 0xffu); }

/* The code of status byte st (3 for any byte not among the first three:
 * compared as bytes, so any byte is defined). */
static uint32_t ix_code(uint8_t st) {
  uint32_t c = 0;
  while (c < 3u && (IX_CODES >> (8u * c) & 0xffu) != st)
    c++;
  return c;
}

#define IX_ALIGN 8u
#define IX_MAX_BUCKETS (1u << 22)
#define IX_MAX_SLOTS ((1u << 30) - 1u)

/* The key table: open addressing over IX_KEY_SLOTS slots, taking at most
 * IX_KEY_MAX keys; once full, every key it does not hold gets a rule
 * entry of its own (the index grows toward one entry per FRE, as before
 * the table, and stays exact).  On the stack: 13 bytes a slot. */
#if defined(__CPROVER__) && defined(PROOF_IX_KEY_SLOTS)
#define IX_KEY_SLOTS PROOF_IX_KEY_SLOTS /* CBMC proofs only (PROOFS.md) */
#define IX_KEY_MAX (PROOF_IX_KEY_SLOTS * 3u / 4u)
#else
#define IX_KEY_SLOTS 1024u
#define IX_KEY_MAX 768u
#endif
typedef struct ix_keys {
  uint64_t at[IX_KEY_SLOTS];     /* section offset of the key's info byte */
  uint32_t rule[IX_KEY_SLOTS];   /* rule number + 1; 0: empty slot */
  uint8_t ctx[IX_KEY_SLOTS];     /* fde_type | pauth_key << 5 | signal << 6 */
  uint32_t used;
  uint64_t nrules;               /* rule entries made */
} ix_keys;

/* Section layout of the index memory; every part starts 8-aligned. */
typedef struct ix_layout {
  uint32_t nfns, nbuckets;
  uint64_t nslots, nidx, nrules;
  uint64_t o_fns, o_buckets, o_fre_starts, o_fres, o_idx, o_recs, o_rstat, total;
} ix_layout;

/* Where ix_fill_fres() writes; NULL arrays when sizing.  rcap and icap:
 * the rule entries and fre_index entries the arrays hold (the plan's
 * counts; UINT64_MAX when sizing).  The build checks every rule and index
 * against them, as it checks slots against its room, so its writes stay
 * inside the memory whether or not the plan's walk counted the same. */
typedef struct ix_out {
  uint32_t *fre_starts;
  struct sfv_index_fre *fres;
  uint32_t *fre_index;
  sfv_recovery_set *recs;
  uint8_t *rstat;
  uint64_t rcap, icap;
} ix_out;

/* Next free slot and next free fre_index entry. */
typedef struct ix_pos {
  uint64_t slot, idx;
} ix_pos;

static uint64_t round8(uint64_t x) { return (x + (IX_ALIGN - 1)) & ~(uint64_t)(IX_ALIGN - 1); }

/* FDE i as sfv_find_fre() reads it, and whether it is a function the
 * index holds (nonzero size, start resolvable). */
static int ix_fde(const sfv_section *sec, uint32_t i, sfv_fde *f, uint64_t *start) {
  (void)sfv_fde_get(sec, i, f); /* as lookup.c: the index fields stand */
  return f->size != 0 && sfv_fde_func_start(sec, f, start) == SFV_OK;
}

static int ix_mask0(const sfv_section *sec, const sfv_fde *f) {
  return f->pc_type == SFV_PC_MASK && sec->hdr.version >= 2 && f->rep_size == 0;
}

/* FRE slots function f may need: its FRE count, capped by the FREs that
 * fit between its first FRE and the end of the FRE sub-section (each FRE
 * takes 2 bytes at least). */
static uint64_t ix_slots(const sfv_section *sec, const sfv_fde *f) {
  uint64_t end = sfv_fre_end(sec), fit;
  if (ix_mask0(sec, f))
    return 0;
  fit = f->fres_offset < end ? (end - f->fres_offset) / 2u : 0;
  return f->num_fres < fit ? f->num_fres : fit;
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

/* The rule number of FRE r of FDE f; *fresh when it is a new entry (the
 * caller then fills it).  Equal keys decode to equal rules and verdicts:
 * sfv_fre_recovery() reads nothing of the FRE but its info byte and data
 * words, nothing of the FDE but the three bits in ctx. */
static uint32_t ix_rule(ix_keys *k, const sfv_section *sec, const sfv_fde *f,
                        const sfv_fre *r, int *fresh) {
  uint64_t at = sfv_fre_info_at(f, r), len = 1u + (uint64_t)r->dw_count * r->dw_size;
  uint8_t ctx = (uint8_t)(f->fde_type | (f->pauth_key & 1u) << 5 | (f->signal & 1u) << 6);
  uint32_t s, probe, rule;
  const uint8_t *p;
  sfv_cursor c;
  cur_init(&c, sec->data, 0, sec->size, sec->big_endian);
  *fresh = 1;
  rule = (uint32_t)k->nrules++; /* nrules <= FRE slots < 2^32 (ix_plan) */
  if ((p = cur_window(&c, at, len)) == NULL)
    return rule; /* cannot happen: the FRE decoded */
  s = ix_hash(p, len, ctx) & (IX_KEY_SLOTS - 1u);
  for (probe = 0; probe < IX_KEY_SLOTS && k->rule[s] != 0; probe++) {
    const uint8_t *q = cur_window(&c, k->at[s], len);
    if (k->ctx[s] == ctx && q != NULL && q[0] == p[0] && memcmp(q, p, (size_t)len) == 0) {
      k->nrules--;
      *fresh = 0;
      return k->rule[s] - 1u;
    }
    s = (s + 1u) & (IX_KEY_SLOTS - 1u);
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

/* One turn of ix_fill_fres()'s walk (its whole loop body): the next FRE,
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
    e->rule = rule << 2 | ix_code(o->rstat[rule]); /* rule < rcap < 2^30 (ix_plan) */
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

/* One turn of the packing (see ix_fill_fres), slot k - 1 of n: kept when
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
static void ix_fill_fres(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
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

static void ix_keys_clear(ix_keys *k) {
  memset(k->rule, 0, sizeof k->rule);
  k->used = 0;
  k->nrules = 0;
}

/* Counts functions and slots (one read of every FDE), then the rule
 * entries (a walk of every function's FREs, as the build walks them), and
 * lays out the memory.  SFV_E_UNINDEXABLE when slots exceed section bytes
 * / 2 (FRE blocks counted more than once) or 2^30 - 1 (a slot's rule
 * keeps 30 bits), or the total exceeds size_t. */
static sfv_status ix_plan(const sfv_section *sec, ix_layout *l, ix_keys *keys) {
  static const ix_out none = {NULL, NULL, NULL, NULL, NULL, UINT64_MAX, UINT64_MAX};
  ix_pos pos = {0, 0};
  uint32_t i;
  memset(l, 0, sizeof *l);
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t s;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    l->nfns++;
    l->nslots += ix_slots(sec, &f);
    if (l->nslots > sec->size / 2u || l->nslots > IX_MAX_SLOTS)
      return SFV_E_UNINDEXABLE;
  }
  ix_keys_clear(keys);
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t s;
    struct sfv_index_fn fn;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    pos.slot = 0; /* sizing writes no slot */
    ix_fill_fres(sec, &f, &fn, keys, &none, &pos, ix_slots(sec, &f));
    if (fn.status == SFV_E_UNINDEXABLE)
      return SFV_E_UNINDEXABLE;
  }
  l->nrules = keys->nrules;
  l->nidx = pos.idx;
  l->nbuckets = 2;
  while (l->nbuckets < l->nfns && l->nbuckets < IX_MAX_BUCKETS)
    l->nbuckets *= 2u;
  /* Every product below is at most 56 * 2^32: no uint64 overflow
   * (nfns < 2^32; nidx, nrules <= nslots < 2^30). */
  l->o_fns = round8((uint64_t)l->nfns * sizeof(uint64_t));
  l->o_buckets = l->o_fns + round8((uint64_t)l->nfns * sizeof(struct sfv_index_fn));
  l->o_fre_starts = l->o_buckets + round8(((uint64_t)l->nbuckets + 1u) * sizeof(uint32_t));
  l->o_fres = l->o_fre_starts + round8(l->nslots * sizeof(uint32_t));
  l->o_idx = l->o_fres + round8(l->nslots * sizeof(struct sfv_index_fre));
  l->o_recs = l->o_idx + round8(l->nidx * sizeof(uint32_t));
  l->o_rstat = l->o_recs + l->nrules * sizeof(sfv_recovery_set);
  l->total = l->o_rstat + l->nrules;
  if (l->total > (uint64_t)SIZE_MAX)
    return SFV_E_UNINDEXABLE;
  return SFV_OK;
}

static int section_ok(const sfv_section *sec) {
  return sec != NULL && sec->data != NULL && sec->priv.fde_size != 0;
}

sfv_status sfv_index_size(const sfv_section *sec, size_t *bytes) {
  ix_layout l;
  ix_keys keys;
  sfv_status st;
  if (!section_ok(sec) || bytes == NULL)
    return SFV_E_ARG;
  st = ix_plan(sec, &l, &keys);
  *bytes = st == SFV_OK ? (size_t)l.total : 0;
  return st;
}

/* (start, fde) order of function slots a < b. */
static int ix_less(const uint64_t *starts, const struct sfv_index_fn *fns,
                   uint32_t a, uint32_t b) {
  return starts[a] < starts[b] || (starts[a] == starts[b] && fns[a].fde < fns[b].fde);
}

static void ix_swap(uint64_t *starts, struct sfv_index_fn *fns, uint32_t a, uint32_t b) {
  uint64_t s = starts[a];
  struct sfv_index_fn f = fns[a];
  starts[a] = starts[b];
  fns[a] = fns[b];
  starts[b] = s;
  fns[b] = f;
}

/* Sift slot r down the heap [0, n) (loop, no recursion). */
static void ix_sift(uint64_t *starts, struct sfv_index_fn *fns, uint32_t r, uint32_t n) {
  for (;;) {
    uint64_t c = 2u * (uint64_t)r + 1u;
    if (c >= n)
      return;
    if (c + 1u < n && ix_less(starts, fns, (uint32_t)c, (uint32_t)c + 1u))
      c++;
    if (!ix_less(starts, fns, r, (uint32_t)c))
      return;
    ix_swap(starts, fns, r, (uint32_t)c);
    r = (uint32_t)c;
  }
}

/* Heap sort of the functions by (start, fde): in place, O(n log n)
 * whatever the order. */
static void ix_sort(uint64_t *starts, struct sfv_index_fn *fns, uint32_t n) {
  uint32_t i;
  for (i = n / 2; i > 0; i--)
    ix_sift(starts, fns, i - 1u, n);
  for (i = n; i > 1; i--) {
    ix_swap(starts, fns, 0, i - 1u);
    ix_sift(starts, fns, 0, i - 1u);
  }
}

static void ix_clear(sfv_index *ix) { memset(ix, 0, sizeof *ix); }

sfv_status sfv_index_build(sfv_index *ix, const sfv_section *sec, void *mem, size_t cap) {
  ix_layout l;
  ix_keys keys;
  ix_out o;
  sfv_status st;
  uint8_t *base = mem;
  uint64_t *starts;
  struct sfv_index_fn *fns;
  uint32_t *buckets;
  uint32_t i, m = 0, b = 0;
  ix_pos pos = {0, 0};
  uint64_t span;
  unsigned shift = 0;
  int sorted = 1;

  if (ix == NULL)
    return SFV_E_ARG;
  ix_clear(ix);
  if (!section_ok(sec) || mem == NULL || ((uintptr_t)mem & (IX_ALIGN - 1u)) != 0)
    return SFV_E_ARG;
  if ((st = ix_plan(sec, &l, &keys)) != SFV_OK)
    return st;
  if (cap < l.total)
    return SFV_E_ARG;
  starts = (uint64_t *)(void *)base;
  fns = (struct sfv_index_fn *)(void *)(base + l.o_fns);
  buckets = (uint32_t *)(void *)(base + l.o_buckets);
  o.fre_starts = (uint32_t *)(void *)(base + l.o_fre_starts);
  o.fres = (struct sfv_index_fre *)(void *)(base + l.o_fres);
  o.fre_index = (uint32_t *)(void *)(base + l.o_idx);
  o.recs = (sfv_recovery_set *)(void *)(base + l.o_recs);
  o.rstat = base + l.o_rstat;
  o.rcap = l.nrules;
  o.icap = l.nidx;

  /* The functions and their FREs, in FDE order (as ix_plan() walked
   * them, so the key table makes the same rule entries). */
  ix_keys_clear(&keys);
  for (i = 0; i < sec->fde_avail && m < l.nfns; i++) {
    sfv_fde f;
    uint64_t s;
    if (!ix_fde(sec, i, &f, &s))
      continue;
    memset(&fns[m], 0, sizeof fns[m]);
    starts[m] = s;
    fns[m].size = f.size;
    fns[m].fde = i;
    ix_fill_fres(sec, &f, &fns[m], &keys, &o, &pos, l.nslots - pos.slot);
    if (fns[m].status == SFV_E_UNINDEXABLE)
      return SFV_E_UNINDEXABLE;
    if (m > 0 && s < starts[m - 1])
      sorted = 0;
    m++;
  }
  if (!sorted)
    ix_sort(starts, fns, m);
  /* Disjoint: each function ends (2^64 at most) at or below the next
   * start; equal starts of nonzero size overlap. */
  for (i = 0; i + 1u < m; i++)
    if (fns[i].size > UINT64_MAX - starts[i] ||
        starts[i] + fns[i].size > starts[i + 1u])
      return SFV_E_UNINDEXABLE;

  /* Buckets (as lookup.c's): slice b covers starts first + [b, b + 1) <<
   * shift; buckets[b] = functions in slices below b.  nbuckets >= 2, so
   * span >> 63 < nbuckets and shift stays below 64. */
  span = m > 0 ? starts[m - 1] - starts[0] : 0;
  while ((span >> shift) >= l.nbuckets)
    shift++;
  for (i = 0; i < m; i++) {
    uint64_t slice = (starts[i] - starts[0]) >> shift;
    while (b <= slice)
      buckets[b++] = i;
  }
  while (b <= l.nbuckets)
    buckets[b++] = m;

  ix->sec = sec;
  ix->first = m > 0 ? starts[0] : 0;
  ix->nfns = m;
  ix->nfres = (uint32_t)pos.slot;
  ix->nbuckets = l.nbuckets;
  ix->shift = (uint8_t)shift;
  ix->starts = starts;
  ix->fns = fns;
  ix->buckets = buckets;
  ix->nrules = (uint32_t)l.nrules;
  ix->fre_base = sfv_fre_subsection_offset(sec);
  ix->fre_starts = o.fre_starts;
  ix->fres = o.fres;
  ix->recs = o.recs;
  ix->fre_index = o.fre_index;
  return SFV_OK;
}

sfv_status sfv_index_find(const sfv_index *ix, uint64_t pc, sfv_index_hit *hit) {
  const struct sfv_index_fn *fn;
  const struct sfv_index_fre *e;
  const uint32_t *fs;
  uint64_t b, off, start;
  uint32_t lo, len, k, n;

  if (hit == NULL)
    return SFV_E_ARG;
  memset(hit, 0, sizeof *hit);
  if (ix == NULL || ix->sec == NULL)
    return SFV_E_ARG;
  if (ix->nfns == 0 || pc < ix->first)
    return SFV_E_NOT_FOUND;
  b = (pc - ix->first) >> ix->shift;
  if (b >= ix->nbuckets)
    b = ix->nbuckets - 1u;
  /* The answer is in [buckets[b] - 1, buckets[b + 1] - 1]: functions of
   * lower slices start at or below pc, those of higher ones above it; the
   * function at lo starts at or below pc (lo - 1, or 0 = first). */
  lo = ix->buckets[b];
  len = ix->buckets[b + 1u] - lo;
  if (lo > 0) {
    lo--;
    len++;
  }
  while (len > 1) { /* branch-free: greatest i with starts[i] <= pc */
    uint32_t half = len / 2u;
    lo = ix->starts[lo + half] <= pc ? lo + half : lo;
    len -= half;
  }
  start = ix->starts[lo];
  fn = &ix->fns[lo];
  off = pc - start;
  if (off >= fn->size)
    return SFV_E_NOT_FOUND;
  hit->fde_found = 1;
  hit->fde = fn->fde;
  hit->func_start = start;
  if (fn->status != SFV_OK)
    return (sfv_status)fn->status;
  fs = ix->fre_starts + fn->first;
  n = fn->count;
  if (fn->mask_v1) {
    uint32_t i, found = 0;
    for (i = 0; i < n; i++)
      if ((off & fs[i]) == fs[i]) {
        k = i;
        found = 1;
      }
    if (!found)
      return SFV_E_NOT_FOUND;
  } else {
    if (fn->rep_size != 0)
      off %= fn->rep_size;
    if (n == 0 || fs[0] > off)
      return SFV_E_NOT_FOUND;
    for (k = 0; n > 1;) { /* greatest k with fs[k] <= off */
      uint32_t half = n / 2u;
      k = fs[k + half] <= off ? k + half : k;
      n -= half;
    }
  }
  e = &ix->fres[fn->first + k];
  hit->fre = fn->dense ? k : ix->fre_index[fn->xfirst + k];
  /* INC: start + FRE start <= pc, no overflow. */
  hit->fre_start = fn->mask ? fs[k] : start + fs[k];
  hit->fre_offset = ix->fre_base + e->off;
  hit->recovery_status = ix_status(e->rule & 3u);
  hit->recovery = &ix->recs[e->rule >> 2];
  return SFV_OK;
}

sfv_status sfv_index_lookup(const sfv_index *ix, uint64_t pc, sfv_lookup *out) {
  sfv_index_hit h;
  sfv_fre_iter it;
  sfv_status st;
  if (out == NULL)
    return SFV_E_ARG;
  memset(out, 0, sizeof *out);
  st = sfv_index_find(ix, pc, &h);
  if (!h.fde_found)
    return st;
  (void)sfv_fde_get(ix->sec, h.fde, &out->fde); /* as sfv_find_fre() */
  out->func_start = h.func_start;
  if (st != SFV_OK)
    return st;
  if (sfv_fre_iter_init(&it, ix->sec, &out->fde, 0) != SFV_OK)
    return SFV_E_ARG; /* cannot happen: the build walked these FREs */
  it.pos = h.fre_offset;
  it.next = h.fre;
  if ((st = sfv_fre_next(&it, &out->fre)) != SFV_OK)
    return st; /* cannot happen: the build decoded this FRE */
  out->fre_start = h.fre_start;
  out->recovery = *h.recovery;
  out->recovery_status = h.recovery_status;
  return SFV_OK;
}

/* SPDX-License-Identifier: MIT */
/* index.h - the lookup index's layout in caller memory, shared by its
 * files (src/lookup/index_*.c).  Not API.
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
 * The jobs: index_plan.c counts and lays out the memory (sfv_index_size),
 * index_fill.c walks one function's FREs into its slots (for the plan and
 * the build alike), index_build.c fills, sorts and buckets the functions
 * (sfv_index_build), index_find.c answers (sfv_index_find,
 * sfv_index_lookup).
 *
 * Sizing and building walk the FREs in the same order (FDE index order)
 * through the same key table, so both count the same rule entries: the
 * size is exact, not a bound.  The build still checks every slot, rule
 * and index it writes against the plan's counts (ix_out), so no store
 * rests on that agreement (docs/PROOFS.md). */
#ifndef SFV_LOOKUP_INDEX_H
#define SFV_LOOKUP_INDEX_H

#include <stdint.h>
#include <string.h>

#include "sfv.h"

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
  uint32_t rule;             /* rule entry << 2 | IX_CODES index of its status */
};

/* sfv_fre_recovery()'s statuses, as the 2 low bits c of a slot's rule:
 * byte c of IX_CODES (a shift, not a load, on the lookup path). */
#define IX_CODES                                                            \
  ((uint32_t)SFV_OK | (uint32_t)SFV_E_ENCODING << 8 |                      \
   (uint32_t)SFV_E_FDE_TYPE << 16 | (uint32_t)SFV_E_ARG << 24)

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

/* Where sfv_ix_fill_fres() writes; NULL arrays when sizing.  rcap and
 * icap: the rule entries and fre_index entries the arrays hold (the plan's
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

static inline int ix_section_ok(const sfv_section *sec) {
  return sec != NULL && sec->data != NULL && sec->priv.fde_size != 0;
}

/* FDE i as sfv_find_fre() reads it, and whether it is a function the
 * index holds (nonzero size, start resolvable). */
static inline int ix_fde(const sfv_section *sec, uint32_t i, sfv_fde *f, uint64_t *start) {
  (void)sfv_fde_get(sec, i, f); /* as lookup.c: the index fields stand */
  return f->size != 0 && sfv_fde_func_start(sec, f, start) == SFV_OK;
}

/* MASK v2/v3 with rep_size 0: every PC of the function not found. */
static inline int ix_mask0(const sfv_section *sec, const sfv_fde *f) {
  return f->pc_type == SFV_PC_MASK && sec->hdr.version >= 2 && f->rep_size == 0;
}

/* The key table emptied. */
static inline void ix_keys_clear(ix_keys *k) {
  memset(k->rule, 0, sizeof k->rule);
  k->used = 0;
  k->nrules = 0;
}

/* Counts functions and slots, then the rule entries, and lays out the
 * memory (index_plan.c); the key table as the walk left it. */
sfv_status sfv_ix_plan(const sfv_section *sec, ix_layout *l, ix_keys *keys);

/* The FREs of function fn (its FDE f) into the slots from p->slot
 * (index_fill.c, contract proofs/lib/index_contract.h ix_fill_post). */
void sfv_ix_fill_fres(const sfv_section *sec, const sfv_fde *f, struct sfv_index_fn *fn,
                      ix_keys *keys, const ix_out *o, ix_pos *p, uint64_t room);

#endif

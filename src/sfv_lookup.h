/* SPDX-License-Identifier: MIT */
/* sfv_lookup.h - libsfv's lookup face.
 * PC -> FDE -> FRE: sfv_find_fre(), sfv_find_fde(), and the lookup index
 * (sfv_index_*), which precomputes sfv_find_fre()'s answers in caller
 * memory. */
#ifndef SFV_LOOKUP_H
#define SFV_LOOKUP_H

#include "sfv_decode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Lookup.                                                            */

typedef struct sfv_lookup {
  sfv_fde fde;
  sfv_fre fre;
  sfv_recovery_set recovery;
  uint64_t func_start;       /* target address */
  uint64_t fre_start;        /* target address (INC), or masked offset (MASK) */
  sfv_status recovery_status;   /* what sfv_fre_recovery() said of the FRE */
} sfv_lookup;

/* Finds the FRE that applies at target address `pc`.  Binary search over the
 * FDE index when sfv_open() verified the FDEs sorted and disjoint, a linear
 * scan otherwise (the same answer either way).  Among FDEs containing pc the
 * one with the greatest start wins (ties: the highest index); FDEs of size
 * 0 contain no PC.  PC types:
 * INC matches the last FRE with start <= pc - func_start; MASK in v2/v3
 * uses (pc - func_start) % rep_size; MASK in v1 uses the v1 rule
 * ((pc - func_start) & start) == start, last match wins.
 * SFV_E_NOT_FOUND when no FDE covers pc or no FRE applies. */
SFV_API sfv_status sfv_find_fre(const sfv_section *sec, uint64_t pc, sfv_lookup *out);

/* The FDE sfv_find_fre() picks for pc (same rule), and its function start
 * address.  SFV_E_NOT_FOUND when no FDE covers pc. */
SFV_API sfv_status sfv_find_fde(const sfv_section *sec, uint64_t pc, sfv_fde *out,
                        uint64_t *func_start);

/* ---- Lookup index (src/lookup/index.c): sfv_find_fre()'s answers, precomputed
 * into flat arrays in caller memory, for callers that look up many PCs in
 * one section (profilers, unwinders).  Built once in O(F log F + R) for F
 * FDEs and R FREs (the log only for unsorted FDE tables); a lookup is a
 * bucket step, a binary search over the starts of one slice of functions
 * and one over the function's FRE starts: O(log F + log R), no FRE
 * decoding and no rule interpretation.
 *
 * Exactness: at every pc, sfv_index_find() returns the status sfv_find_fre()
 * returns, and sfv_index_lookup() also fills *out exactly as sfv_find_fre()
 * does.  Sections where a flat index cannot guarantee that are refused
 * with SFV_E_UNINDEXABLE and stay with sfv_find_fre():
 *  - two FDEs of nonzero size whose ranges overlap or nest (at such a PC
 *    the winner is not the greatest start <= pc);
 *  - FRE blocks counted more than once (blocks shared or overlapping:
 *    more FRE slots than section bytes / 2), which would make the index
 *    larger than the section by any factor; or more than 2^30 - 1 slots.
 * Everything else indexes: unsorted FDE tables (sorted at build), zero-size
 * FDEs (they contain no PC), unresolvable starts, FREs out of order (only
 * the FREs that can be the answer are kept), MASK FDEs (v2/v3 rep_size
 * modulo; v1 bit rule, scanned in block order), FDEs whose FREs do not
 * decode or whose rep_size is 0 (their status is kept per FDE). */
struct sfv_index_fn;
struct sfv_index_fre;

/* NOT API but its size: filled by sfv_index_build(), read by the find
 * functions; points into the caller's memory, which must stay in place
 * (and the section unchanged, vma included) while the index is used. */
typedef struct sfv_index {
  const sfv_section *sec;
  uint64_t first;            /* lowest indexed function start */
  uint64_t fre_base;         /* section offset of the FRE sub-section */
  uint32_t nfns;             /* functions indexed (size > 0, start known) */
  uint32_t nfres;            /* FRE slots */
  uint32_t nrules;           /* distinct rule entries */
  uint32_t nbuckets;         /* power of two */
  uint8_t shift;             /* bucket b holds starts first + [b, b+1) << shift */
  const uint64_t *starts;    /* [nfns] ascending target addresses */
  const struct sfv_index_fn *fns;   /* [nfns] */
  const uint32_t *buckets;   /* [nbuckets + 1] first function of slice b */
  const uint32_t *fre_starts;       /* [nfres] start offsets */
  const struct sfv_index_fre *fres; /* [nfres] FRE offset, rule and status */
  const uint32_t *fre_index;        /* FRE indexes of the slots of functions
                                       whose FREs are not all kept */
  const sfv_recovery_set *recs;     /* [nrules] rules, once per distinct key */
} sfv_index;

/* One answer of sfv_index_find(). */
typedef struct sfv_index_hit {
  uint8_t fde_found;         /* an FDE covers pc: fde, func_start valid */
  uint32_t fde;              /* FDE index (0 when no FDE covers pc) */
  uint32_t fre;              /* FRE index within the FDE (SFV_OK) */
  uint64_t func_start;       /* as sfv_lookup.func_start */
  uint64_t fre_start;        /* as sfv_lookup.fre_start (SFV_OK) */
  uint64_t fre_offset;       /* section offset of the FRE (SFV_OK) */
  sfv_status recovery_status;  /* as sfv_lookup.recovery_status */
  const sfv_recovery_set *recovery; /* in the index memory (SFV_OK), else NULL */
} sfv_index_hit;

/* Bytes of caller memory sfv_index_build() needs for sec (opened, vma
 * set): SFV_OK and *bytes, SFV_E_ARG on a NULL or unopened section,
 * SFV_E_UNINDEXABLE when the section is refused for its FRE slot count
 * (see above; also more than 2^30 - 1 slots) or the size does not fit in
 * size_t.  Reads every FDE and every FRE once, as the build does.  The
 * size is exact: 36 bytes per function, 4 per bucket (one per function,
 * rounded up to a power of two), 12 per FRE slot (16 in functions whose
 * FRE starts do not ascend strictly), and 57 per rule entry.  Rule
 * entries are shared: FREs whose info byte and data words are the same
 * bytes, in FDEs of the same type, pauth key and signal bit, share one
 * (the first 768 distinct ones are shared; past them each FRE of an
 * unseen kind gets its own).  Real sections have few: SQLite 3.40 linked
 * by GNU ld has 207 for 19395 FREs, and its index is 2.5-2.7x the
 * section (2.4-3.5x on the real corpus's sections of 4 KB and more, up
 * to 6.4x on a few hundred bytes, where most FREs are distinct).  The
 * bound, every FRE 2 bytes long and distinct, is 16 + 57 bytes per 2
 * section bytes. */
SFV_API sfv_status sfv_index_size(const sfv_section *sec, size_t *bytes);

/* Builds the index of sec into mem[0, cap): mem aligned to 8 bytes, cap at
 * least sfv_index_size()'s bytes, else SFV_E_ARG (nothing written past
 * cap in any case).  SFV_OK: *ix answers for every pc as sfv_find_fre(sec)
 * does; SFV_E_UNINDEXABLE: see above (ix then answers nothing: every find
 * returns SFV_E_ARG).  No allocation, no recursion; O(F log F + R). */
SFV_API sfv_status sfv_index_build(sfv_index *ix, const sfv_section *sec,
                                   void *mem, size_t cap);

/* sfv_find_fre()'s answer at pc, compactly: the same status; with SFV_OK
 * every field of *hit; with another status after the FDE was found
 * (SFV_E_NOT_FOUND: no FRE applies, or a MASK rep_size of 0; the error of
 * a walk of the FDE's FREs) hit->fde_found, fde and func_start, the rest
 * 0/NULL; when no FDE covers pc everything 0/NULL.  SFV_E_ARG on NULL or an index that
 * was not built.  Reads the index only. */
SFV_API sfv_status sfv_index_find(const sfv_index *ix, uint64_t pc,
                                  sfv_index_hit *hit);

/* The full sfv_lookup, exactly as sfv_find_fre(ix->sec, pc, out) fills it:
 * sfv_index_find() plus one FDE read and one FRE decode. */
SFV_API sfv_status sfv_index_lookup(const sfv_index *ix, uint64_t pc,
                                    sfv_lookup *out);

#ifdef __cplusplus
}
#endif

#endif /* SFV_LOOKUP_H */

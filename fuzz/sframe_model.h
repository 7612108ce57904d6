/* SPDX-License-Identifier: MIT */
/* sframe_model.h - an editable in-memory model of one SFrame section, for
 * the structure-aware mutator and the seed generator (fuzzing only).
 *
 * parse:     bytes -> model (through libsfv's decoder; only what it can read)
 * serialize: model -> bytes, in the model's version and byte order, with
 *            every count and offset re-laid (fdeoff 0, FDEs then FREs), so
 *            mutants pass the header and layout checks unless a mutation
 *            deliberately breaks them.
 * mutate:    one structure-aware edit (header, FDE, FRE, insert/delete/
 *            duplicate/swap), then serialize.
 */
#ifndef SFV_FUZZ_MODEL_H
#define SFV_FUZZ_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "sfv.h"

#define MODEL_MAX_FDES 48u
#define MODEL_MAX_FRES 24u

typedef struct model_fre {
  uint32_t start;
  uint8_t info;                      /* raw FRE info byte */
  uint32_t dw[SFV_MAX_DATAWORDS];    /* raw data words (low bytes used) */
} model_fre;

typedef struct model_fde {
  int64_t start;                     /* raw start field */
  uint32_t size;
  uint8_t info, info2, rep_size;
  uint16_t padding;                  /* v2 only */
  uint32_t nfres;
  model_fre fres[MODEL_MAX_FRES];
} model_fde;

typedef struct model {
  uint8_t version, flags, abi;
  int8_t fixed_fp, fixed_ra;
  uint8_t big_endian;
  uint8_t auxhdr_len;                /* aux header bytes (filled with 0xaa) */
  uint32_t nfdes;
  model_fde fdes[MODEL_MAX_FDES];
  /* Deliberate layout breakage applied after re-laying (0 = none). */
  int32_t num_fres_delta, fre_len_delta;
  uint32_t trailing_zeros;
} model;

/* Small PRNG (xorshift64*), so the mutator is deterministic per seed. */
typedef struct model_rng {
  uint64_t s;
} model_rng;

uint64_t model_rand(model_rng *r);
uint32_t model_below(model_rng *r, uint32_t n); /* uniform in [0, n), n > 0 */

/* Returns 1 when data is an openable section (the model then holds every
 * FDE/FRE that could be read, up to the MODEL_MAX_* caps). */
int model_parse(model *m, const uint8_t *data, size_t size);

/* Bytes needed by model_serialize. */
size_t model_size(const model *m);

/* Writes the section into out (cap bytes); returns its size, or 0 when it
 * does not fit. */
size_t model_serialize(const model *m, uint8_t *out, size_t cap);

/* A fresh, valid section for (version, abi), with nfdes functions. */
void model_default(model *m, uint8_t version, uint8_t abi, uint32_t nfdes,
                   model_rng *r);

/* Replaces FDE i's FREs with sensible ones for its type and the ABI. */
void model_refill_fres(model *m, uint32_t i, model_rng *r);

/* One structure-aware edit of m. */
void model_mutate(model *m, model_rng *r);

/* The whole mutator: parse data (or start from a default model), apply 1-4
 * edits, serialize into data (max_size).  Returns the new size, or 0 when
 * the caller should fall back to a byte-level mutation. */
size_t sframe_structured_mutate(uint8_t *data, size_t size, size_t max_size,
                                uint64_t seed);

#endif

/* SPDX-License-Identifier: MIT */
/* section_proof.h - an SFrame section of up to PROOF_MAX_SIZE bytes of
 * any contents (any version, either byte order, every count and offset),
 * opened as the library opens it, for the per-function harnesses; and the
 * models of decoded FDEs and FREs (docs/PROOFS.md, "Assumptions").
 *
 * Split runs: with PROOF_VERSION (1..3) and PROOF_BE (0 or 1) defined, the
 * section's first three bytes are the magic in that byte order and that
 * version, and it is at least a header long.  sfv_open_header refuses
 * every other section, so the six runs together cover every section that
 * opens; fixing the bytes lets CBMC fold every field location and load
 * width to a constant (one symbolic version multiplies the formula). */
#ifndef SFV_SECTION_PROOF_H
#define SFV_SECTION_PROOF_H

/* A run value (PROOF_VARS) of a section harness is its size bound. */
#if defined(PROOF_N) && !defined(PROOF_MAX_SIZE)
#define PROOF_MAX_SIZE PROOF_N
#endif

#include <string.h>

#include "sfv.h"
#include "sframe/decode.h"
#include "sframe/spec.h"
#include "proof.h"

/* The buffer of proof_section_bytes and proof_section_opened:
 * proof_buffer, or a harness whose reads all go through a cursor (or at
 * constant offsets from the start, as sfv_preamble's) defines it as
 * proof_buffer_tail before including this header (proof.h says why that
 * is faster and what it leaves to the cursor proofs). */
#ifndef PROOF_SECTION_BUFFER
#define PROOF_SECTION_BUFFER proof_buffer
#endif

/* The bytes of a section: *len <= PROOF_MAX_SIZE, any contents but, in a
 * split run, the magic and version above. */
static inline uint8_t *proof_section_bytes(size_t *len) {
  uint8_t *buf = PROOF_SECTION_BUFFER(PROOF_MAX_SIZE, len);
#ifdef PROOF_VERSION
  __CPROVER_assume(*len >= SFV_HEADER_SIZE);
  buf[0] = PROOF_BE ? 0xde : 0xe2;
  buf[1] = PROOF_BE ? 0xe2 : 0xde;
  buf[2] = PROOF_VERSION;
#endif
  return buf;
}

/* The header read (sfv_open_header: every field, no order scans): the
 * section the decoding functions take.  Returns 0 when it does not open. */
static inline int proof_section_header(sfv_section *sec) {
  size_t len;
  uint8_t *buf = proof_section_bytes(&len);
  return sfv_open_header(sec, buf, len) == SFV_OK;
}

/* Any section sfv_open_header returns for some buffer, as far as the
 * functions that read no header byte see it (docs/PROOFS.md, "Assumptions"):
 * every header field, vma and the size any value, version 1..3 (PROOF_VERSION
 * in a split run), byte order 0 or 1 (PROOF_BE), the fields sfv_open_header
 * derives from them as it derives them, and fde_avail any count satisfying
 * its postcondition (at most num_fdes, every counted index entry inside the
 * buffer, proved by the sfv_open harness); the order flags and the lookup
 * buckets 0 as sfv_open_header leaves them.  data is the caller's buffer (NULL: the
 * data pointer is never read, as in the classifiers). */
static inline void proof_section_model(sfv_section *sec, const uint8_t *data,
                                       size_t len) {
  sfv_section any;
  uint32_t avail = nondet_u32();
  *sec = any;
#ifdef PROOF_VERSION
  sec->hdr.version = PROOF_VERSION;
  sec->big_endian = PROOF_BE;
#else
  __CPROVER_assume(sec->hdr.version >= 1 && sec->hdr.version <= 3);
  __CPROVER_assume(sec->big_endian <= 1);
#endif
  if (data != NULL) {
    sec->data = data;
    sec->size = len;
  }
  sec->priv.fde_size = (uint8_t)sfv_struct_size(SFV_ST_FDE, sec->hdr.version);
  sec->priv.hdr_end = SFV_HEADER_SIZE + (uint32_t)sec->hdr.auxhdr_len;
  sec->priv.fde_base = (uint64_t)sec->priv.hdr_end + sec->hdr.fdeoff;
  sec->priv.fre_base = (uint64_t)sec->priv.hdr_end + sec->hdr.freoff;
  sec->priv.fdes_sorted = sec->priv.fres_sorted = 0;
  sec->priv.lk_shift = 0;
  sec->priv.lk_first = 0;
  memset(sec->priv.lk_bucket, 0, sizeof sec->priv.lk_bucket);
  __CPROVER_assume(avail <= sec->hdr.num_fdes);
  __CPROVER_assume(avail == 0 ||
                   (sec->priv.fde_base <= sec->size &&
                    (uint64_t)avail * sec->priv.fde_size <=
                        sec->size - sec->priv.fde_base));
  sec->fde_avail = avail;
}

/* proof_section_model of a buffer of up to PROOF_MAX_SIZE bytes of any
 * contents, for the functions that read the section's FDEs and FREs. */
static inline void proof_section_opened(sfv_section *sec) {
  size_t len;
  uint8_t *buf = PROOF_SECTION_BUFFER(PROOF_MAX_SIZE, &len);
  proof_section_model(sec, buf, len);
}

/* Any FDE whose fields agree with its own info bytes as sfv_fde_get
 * derives them for sec's version (offsets, counts, starts, sizes, info
 * bytes: any values): the precondition of every function taking an FDE. */
static inline void proof_fde_model(const sfv_section *sec, sfv_fde *f) {
  sfv_fde any;
  uint8_t v = sec->hdr.version;
  *f = any;
  f->fre_type = sfv_info_fre_type(f->info);
  f->pc_type = sfv_info_pc_type(f->info);
  f->pauth_key = sfv_info_pauth_key(f->info);
  f->signal = v == 3 ? sfv_info_signal(f->info) : 0;
  f->fde_type = v == 3 ? sfv_info2_fde_type(f->info2) : 0;
}

/* An FDE as sfv_fde_get leaves it for some index of sec, or, when the
 * solver picks it, proof_fde_model's.  0 when sfv_fde_get fails. */
static inline int proof_fde(const sfv_section *sec, sfv_fde *f) {
  if (nondet_u8() == 0) {
    proof_fde_model(sec, f);
    return 1;
  }
  return sfv_fde_get(sec, nondet_u32(), f) == SFV_OK;
}

/* FDE i's resolved start as sfv_fde_get resolves it (the index entry
 * alone: sfv_fde_get_index); 0 when i is out of range or it has none. */
static inline int proof_fde_start(const sfv_section *sec, uint32_t i,
                                  int64_t *s) {
  sfv_fde f;
  if (sfv_fde_get_index(sec, i, &f) != SFV_OK || !f.start_ok)
    return 0;
  *s = f.start;
  return 1;
}

/* Any FRE sfv_fre_next can return: the fields derived from its info byte
 * as it derives them (data-word size code 0..2), count data words, each
 * the zero- and sign-extension of dw_size bytes, the others 0; index,
 * offset, length and start any values. */
static inline void proof_fre_model(sfv_fre *r) {
  sfv_fre any;
  unsigned k;
  *r = any;
  r->base_reg = sfv_fre_info_base_reg(r->info);
  r->dw_count = sfv_fre_info_count(r->info);
  r->dw_size_code = sfv_fre_info_size_code(r->info);
  r->mangled_ra = sfv_fre_info_mangled(r->info);
  __CPROVER_assume(r->dw_size_code <= SFV_DW_SIZE_CODE_MAX);
  r->dw_size = (uint8_t)(1u << r->dw_size_code);
  for (k = 0; k < SFV_MAX_DATAWORDS; k++) {
    if (k < r->dw_count) {
      if (r->dw_size < 4)
        r->dw_raw[k] &= (1u << (8u * r->dw_size)) - 1u;
      r->dw[k] = (int32_t)sfv_sext(r->dw_raw[k], r->dw_size);
    } else {
      r->dw_raw[k] = 0;
      r->dw[k] = 0;
    }
  }
}

#endif

/* SPDX-License-Identifier: MIT */
/* decode.c - header, FDE and FRE decoding, in place, in either byte order.
 *
 * Nothing here trusts a count or offset from the section: every structure
 * is read through a cursor bounded by the buffer (and, for FREs, by the
 * FRE sub-section), and every address computation is checked.
 */
#include <string.h>

#include "sfv.h"
#include "common/cursor.h"
#include "sframe/decode.h"
#include "sframe/fde_buckets.h"
#include "sframe/spec.h"
#include "common/work.h"

const char *sfv_status_name(sfv_status st) {
  switch (st) {
  case SFV_OK: return "ok";
  case SFV_END: return "end";
  case SFV_E_ARG: return "invalid argument";
  case SFV_E_TRUNCATED: return "truncated header";
  case SFV_E_MAGIC: return "bad magic";
  case SFV_E_VERSION: return "unknown version";
  case SFV_E_RANGE: return "index out of range";
  case SFV_E_BOUNDS: return "out of bounds";
  case SFV_E_FRE_TYPE: return "undefined FRE type";
  case SFV_E_DATAWORD_SIZE: return "undefined data-word size";
  case SFV_E_FDE_TYPE: return "undefined FDE type";
  case SFV_E_NOT_FOUND: return "not found";
  case SFV_E_LAYOUT: return "inconsistent layout";
  case SFV_E_OVERFLOW: return "address overflow";
  case SFV_E_ENCODING: return "invalid data-word encoding";
  case SFV_E_IO: return "read error";
  case SFV_E_UNINDEXABLE: return "cannot be indexed";
  case SFV_E_BUDGET: return "work budget exhausted";
  }
  return "unknown status";
}

const char *sfv_abi_name(uint8_t abi) {
  switch (abi) {
  case SFV_ABI_AARCH64_BE: return "aarch64-be";
  case SFV_ABI_AARCH64_LE: return "aarch64-le";
  case SFV_ABI_AMD64_LE: return "amd64";
  case SFV_ABI_S390X_BE: return "s390x";
  default: return NULL;
  }
}

/* The public faces of spec.h's register facts. */
int sfv_abi_sp_regnum(uint8_t abi) { return sfv_spec_sp_regnum(abi); }
int sfv_abi_fp_regnum(uint8_t abi) { return sfv_spec_fp_regnum(abi); }

int sfv_preamble(const uint8_t *p, size_t size, uint8_t *big_endian,
                 uint16_t *magic_as_le) {
  if (size < 2)
    return SFV_E_TRUNCATED;
  *magic_as_le = (uint16_t)(p[0] | (p[1] << 8));
  if (p[0] == 0xe2 && p[1] == 0xde)
    *big_endian = 0;
  else if (p[0] == 0xde && p[1] == 0xe2)
    *big_endian = 1;
  else
    return SFV_E_MAGIC;
  return SFV_OK;
}

sfv_status sfv_open_header(sfv_section *sec, const void *data, size_t size) {
  uint16_t magic_le;
  uint8_t be = 0;
  int st;

  if (sec == NULL || (data == NULL && size != 0))
    return SFV_E_ARG;
  *sec = (sfv_section){0};
  sec->data = data;
  sec->size = size;
  st = sfv_preamble(sec->data, size, &be, &magic_le);
  if (st != SFV_OK)
    return (sfv_status)st;
  if (size < 3)
    return SFV_E_TRUNCATED;
  if (sec->data[2] < 1 || sec->data[2] > 3)
    return SFV_E_VERSION;
  if (size < SFV_HEADER_SIZE)
    return SFV_E_TRUNCATED;

  sec->big_endian = be;
  sec->hdr.version = sec->data[2];
  {
    /* Every header field through the layout table (same in all versions). */
    int64_t x[SFV_FLD_H_FREOFF + 1];
    unsigned f;
    for (f = SFV_FLD_H_MAGIC; f <= SFV_FLD_H_FREOFF; f++)
      (void)sfv_field_read(sec, 0, (sfv_field)f, &x[f]);
    sec->hdr.magic = (uint16_t)x[SFV_FLD_H_MAGIC];
    sec->hdr.flags = (uint8_t)x[SFV_FLD_H_FLAGS];
    sec->hdr.abi_arch = (uint8_t)x[SFV_FLD_H_ABI];
    sec->hdr.cfa_fixed_fp_offset = (int8_t)x[SFV_FLD_H_FIXED_FP];
    sec->hdr.cfa_fixed_ra_offset = (int8_t)x[SFV_FLD_H_FIXED_RA];
    sec->hdr.auxhdr_len = (uint8_t)x[SFV_FLD_H_AUXLEN];
    sec->hdr.num_fdes = (uint32_t)x[SFV_FLD_H_NUM_FDES];
    sec->hdr.num_fres = (uint32_t)x[SFV_FLD_H_NUM_FRES];
    sec->hdr.fre_len = (uint32_t)x[SFV_FLD_H_FRE_LEN];
    sec->hdr.fdeoff = (uint32_t)x[SFV_FLD_H_FDEOFF];
    sec->hdr.freoff = (uint32_t)x[SFV_FLD_H_FREOFF];
  }

  sec->priv.fde_size = (uint8_t)sfv_struct_size(SFV_ST_FDE, sec->hdr.version);
  sec->priv.hdr_end = SFV_HEADER_SIZE + (uint32_t)sec->hdr.auxhdr_len;
  sec->priv.fde_base = (uint64_t)sec->priv.hdr_end + sec->hdr.fdeoff;
  sec->priv.fre_base = (uint64_t)sec->priv.hdr_end + sec->hdr.freoff;
  if (sec->priv.fde_base < size) {
    uint64_t fit = (size - sec->priv.fde_base) / sec->priv.fde_size;
    sec->fde_avail = fit < sec->hdr.num_fdes ? (uint32_t)fit : sec->hdr.num_fdes;
  }

  return SFV_OK;
}

/* 1 when every FRE of f decodes (sfv_fre_next would never fail on it) and
 * the FRE starts are non-decreasing; *w (FRE bytes) pays for the
 * reads, 0 when it runs out. */
static int fres_ascending(const sfv_section *sec, const sfv_fde *f,
                          sfv_work *w) {
  sfv_fre_iter it;
  uint32_t start, prev = 0, len;
  uint8_t info;
  sfv_status st;
  if (sfv_fre_iter_init(&it, sec, f, 0) != SFV_OK)
    return f->num_fres == 0;
  while ((st = sfv_fre_skip(&it, &start, &info, &len)) == SFV_OK) {
    if ((it.next > 1 && start < prev) || !sfv_work_charge(w, len))
      return 0;
    prev = start;
  }
  return st == SFV_END;
}

sfv_status sfv_open(sfv_section *sec, const void *data, size_t size) {
  sfv_status st = sfv_open_header(sec, data, size);
  uint32_t i;
  int64_t prev = 0, max_end = INT64_MIN;
  uint64_t end;
  sfv_work w;

  if (st != SFV_OK)
    return st;
  /* Verified once, so lookups may binary-search and give the same answer
   * as a linear scan: starts non-decreasing, functions of nonzero size
   * disjoint (a start below the furthest end seen means nesting or
   * overlap, where the binary search could miss the covering FDE).
   * fres_sorted: every FRE decodes and each FDE's FRE starts are
   * non-decreasing, so a lookup may stop at the first FRE past the PC and
   * still give the answer (and status) of a full walk.  Work: one pass over
   * the FDEs, FRE reads capped at the FRE sub-section's length (shared or
   * overlapping blocks exhaust it: fres_sorted 0). */
  sec->priv.fdes_sorted = 1;
  sec->priv.fres_sorted = 1;
  end = sfv_fre_end(sec);
  w = sfv_work_of(end > sec->priv.fre_base ? end - sec->priv.fre_base : 0);
  for (i = 0; i < sec->fde_avail &&
              (sec->priv.fdes_sorted || sec->priv.fres_sorted);
       i++) {
    sfv_fde f;
    int64_t fend = 0;
    sfv_status fst = sfv_fde_get(sec, i, &f);
    if (sec->priv.fdes_sorted &&
        (fst == SFV_E_RANGE || !f.start_ok ||
         __builtin_add_overflow(f.start, (int64_t)f.size, &fend) ||
         (i > 0 && (f.start < prev || (f.size != 0 && f.start < max_end))))) {
      sec->priv.fdes_sorted = 0;
    } else if (sec->priv.fdes_sorted) {
      prev = f.start;
      if (f.size != 0 && fend > max_end)
        max_end = fend;
    }
    if (sec->priv.fres_sorted && fst == SFV_OK &&
        !fres_ascending(sec, &f, &w))
      sec->priv.fres_sorted = 0;
  }
  if (sec->priv.fdes_sorted)
    sfv_fde_buckets_fill(sec);
  return SFV_OK;
}

void sfv_set_vma(sfv_section *sec, uint64_t vma) {
  if (sec != NULL)
    sec->vma = vma;
}

/* sfv_fde_get for version v, a constant in each inlined copy: every
 * table lookup then folds to a fixed offset and width.  Two bounds checks
 * per FDE, one per structure (cur_window): the index entry and, v3 with
 * with_attr, the attribute at the start of the FRE block. */
__attribute__((always_inline)) static inline sfv_status
fde_get_v(const sfv_section *sec, uint32_t i, sfv_fde *out, uint8_t v,
          int with_attr) {
  uint8_t be = sec->big_endian;
  unsigned attr_size = sfv_struct_size(SFV_ST_ATTR, v);
  const uint8_t *e, *a;
  uint8_t info;
  sfv_cursor c;
  cur_init(&c, sec->data, 0, sec->size, be);
  *out = (sfv_fde){0};
  out->index = i;
  out->offset = sec->priv.fde_base + (uint64_t)i * sec->priv.fde_size;
  /* The index entry lies inside the buffer (i < fde_avail). */
  e = cur_window(&c, out->offset, sfv_struct_size(SFV_ST_FDE, v));
  if (e == NULL)
    return SFV_E_RANGE;
  out->start_raw = sfv_field_ld(e, SFV_FLD_F_START, v, be);
  out->size = (uint32_t)sfv_field_ld(e, SFV_FLD_F_SIZE, v, be);
  out->fre_off = (uint32_t)sfv_field_ld(e, SFV_FLD_F_FRE_OFF, v, be);

  /* Resolved, section-relative start.  PCREL (v2 erratum 1, v3): relative
   * to the start field itself, which is at offset 0 of the FDE entry. */
  out->start_ok = 1;
  out->start = out->start_raw;
  if (sfv_pcrel_in(v, sec->hdr.flags)) {
    int64_t r;
    if (__builtin_add_overflow(out->start_raw, (int64_t)out->offset, &r))
      out->start_ok = 0;
    else
      out->start = r;
  }

  /* v3: the FRE block starts with the FDE attribute. */
  out->fres_offset = sec->priv.fre_base + out->fre_off;
  if (attr_size != 0) {
    out->attr_offset = out->fres_offset;
    out->fres_offset += attr_size;
    /* Index-only: the fields an attribute holds stay 0. */
    if (!with_attr)
      return SFV_OK;
    a = cur_window(&c, out->attr_offset, attr_size);
    if (a == NULL)
      return SFV_E_BOUNDS; /* index fields above are valid, the rest 0 */
  } else {
    a = e; /* v1/v2: the attribute's fields are in the index entry */
  }
  /* Each field from the structure layout.def puts it in (the attribute
   * fields of v1/v2 are FDE-entry fields there). */
#define LATE(fld)                                                           \
  sfv_field_ld(sfv_field_in(fld, v).where == SFV_IN_ATTR ? a : e, fld, v, be)
  out->num_fres = (uint32_t)LATE(SFV_FLD_F_NUM_FRES);
  info = (uint8_t)LATE(SFV_FLD_F_INFO);
  out->info = info;
  out->info2 = (uint8_t)LATE(SFV_FLD_F_INFO2);
  out->rep_size = (uint8_t)LATE(SFV_FLD_F_REP_SIZE);
  out->padding = (uint16_t)LATE(SFV_FLD_F_PADDING);
#undef LATE
  if (v == 3) {
    out->fde_type = sfv_info2_fde_type(out->info2);
    out->signal = sfv_info_signal(info);
  }
  out->fre_type = sfv_info_fre_type(info);
  out->pc_type = sfv_info_pc_type(info);
  out->pauth_key = sfv_info_pauth_key(info);
  return SFV_OK;
}

/* FDE i of any version; with_attr 0: sfv_fde_get_index(). */
static sfv_status fde_get_any(const sfv_section *sec, uint32_t i, sfv_fde *out,
                              int with_attr) {
  if (i >= sec->fde_avail)
    return SFV_E_RANGE;
  switch (sec->hdr.version) {
  case 1: return fde_get_v(sec, i, out, 1, 1);
  case 2: return fde_get_v(sec, i, out, 2, 1);
  default: return with_attr ? fde_get_v(sec, i, out, 3, 1)
                            : fde_get_v(sec, i, out, 3, 0);
  }
}

sfv_status sfv_fde_get(const sfv_section *sec, uint32_t i, sfv_fde *out) {
  if (sec == NULL || out == NULL)
    return SFV_E_ARG;
  return fde_get_any(sec, i, out, 1);
}

sfv_status sfv_fde_get_i(const sfv_section *sec, uint32_t i, sfv_fde *out) {
  return fde_get_any(sec, i, out, 1);
}

sfv_status sfv_fde_get_index(const sfv_section *sec, uint32_t i, sfv_fde *out) {
  return fde_get_any(sec, i, out, 0);
}

int sfv_addr_add(uint64_t base, int64_t delta, uint64_t *out) {
  if (delta >= 0) {
    uint64_t d = (uint64_t)delta;
    if (d > UINT64_MAX - base)
      return 0;
    *out = base + d;
  } else {
    uint64_t d = (uint64_t)(-(delta + 1)) + 1u; /* |delta| without overflow */
    if (d > base)
      return 0;
    *out = base - d;
  }
  return 1;
}

sfv_status sfv_fde_func_start(const sfv_section *sec, const sfv_fde *fde,
                              uint64_t *addr) {
  if (sec == NULL || fde == NULL || addr == NULL)
    return SFV_E_ARG;
  if (!fde->start_ok || !sfv_addr_add(sec->vma, fde->start, addr))
    return SFV_E_OVERFLOW;
  return SFV_OK;
}

sfv_status sfv_fre_iter_init(sfv_fre_iter *it, const sfv_section *sec,
                             const sfv_fde *fde, uint64_t limit) {
  if (it == NULL || sec == NULL || fde == NULL)
    return SFV_E_ARG;
  return sfv_fre_iter_init_i(it, sec, fde, limit);
}

sfv_status sfv_fre_next(sfv_fre_iter *it, sfv_fre *out) {
  if (it == NULL || out == NULL || it->sec == NULL)
    return SFV_E_ARG;
  return sfv_fre_next_i(it, out);
}

uint64_t sfv_fde_subsection_offset(const sfv_section *sec) {
  return sec != NULL ? sec->priv.fde_base : 0;
}

uint64_t sfv_fre_subsection_offset(const sfv_section *sec) {
  return sec != NULL ? sec->priv.fre_base : 0;
}

unsigned sfv_fde_entry_size(const sfv_section *sec) {
  return sec != NULL ? sec->priv.fde_size : 0;
}

int sfv_fdes_verified_sorted(const sfv_section *sec) {
  return sec != NULL && sec->priv.fdes_sorted;
}

/* decode.c - header, FDE and FRE decoding, in place, in either byte order.
 *
 * Nothing here trusts a count or offset from the section: every structure
 * is read through a cursor bounded by the buffer (and, for FREs, by the
 * FRE sub-section), and every address computation is checked.
 */
#include "sfv.h"
#include "cursor.h"
#include "internal.h"
#include "spec.h"

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

/* DWARF numbering: AMD64 rsp 7 / rbp 6; AArch64 sp 31 / x29 29;
 * s390x r15 / r11. */
int sfv_abi_sp_regnum(uint8_t abi) {
  switch (abi) {
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: return 31;
  case SFV_ABI_AMD64_LE: return 7;
  case SFV_ABI_S390X_BE: return 15;
  default: return -1;
  }
}

int sfv_abi_fp_regnum(uint8_t abi) {
  switch (abi) {
  case SFV_ABI_AARCH64_BE:
  case SFV_ABI_AARCH64_LE: return 29;
  case SFV_ABI_AMD64_LE: return 6;
  case SFV_ABI_S390X_BE: return 11;
  default: return -1;
  }
}

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

sfv_status sfv_open(sfv_section *sec, const void *data, size_t size) {
  uint16_t magic_le;
  uint8_t be = 0;
  int st;
  uint32_t i;
  int64_t prev = 0, max_end = INT64_MIN;

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

  /* Verified once, so lookups may binary-search and give the same answer
   * as a linear scan: starts non-decreasing, functions of nonzero size
   * disjoint (a start below the furthest end seen means nesting or
   * overlap, where the binary search could miss the covering FDE). */
  sec->priv.fdes_sorted = 1;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    int64_t end;
    if (sfv_fde_get(sec, i, &f) == SFV_E_RANGE || !f.start_ok ||
        __builtin_add_overflow(f.start, (int64_t)f.size, &end) ||
        (i > 0 && (f.start < prev || (f.size != 0 && f.start < max_end)))) {
      sec->priv.fdes_sorted = 0;
      break;
    }
    prev = f.start;
    if (f.size != 0 && end > max_end)
      max_end = end;
  }
  return SFV_OK;
}

void sfv_set_vma(sfv_section *sec, uint64_t vma) {
  if (sec != NULL)
    sec->vma = vma;
}

uint64_t sfv_fre_end(const sfv_section *sec) {
  uint64_t end = sec->priv.fre_base + sec->hdr.fre_len;
  return end < sec->size ? end : sec->size;
}

/* Reads field f of FDE out from where the layout table puts it: the index
 * entry or (v3) the attribute.  0 when the version has no such field or it
 * lies outside the buffer. */
static int fde_field(const sfv_section *sec, const sfv_fde *out, sfv_field f,
                     int64_t *x) {
  sfv_field_loc l = sfv_field_in(f, sec->hdr.version);
  uint64_t base = l.where == SFV_IN_ATTR ? out->attr_offset : out->offset;
  return sfv_field_read(sec, base, f, x);
}

sfv_status sfv_fde_get(const sfv_section *sec, uint32_t i, sfv_fde *out) {
  static const sfv_field late[] = {SFV_FLD_F_NUM_FRES, SFV_FLD_F_INFO,
                                   SFV_FLD_F_INFO2, SFV_FLD_F_REP_SIZE,
                                   SFV_FLD_F_PADDING};
  int64_t x[5] = {0};
  unsigned k, attr_size;
  int attr_ok = 1;
  uint8_t v;
  if (sec == NULL || out == NULL)
    return SFV_E_ARG;
  if (i >= sec->fde_avail)
    return SFV_E_RANGE;
  *out = (sfv_fde){0};
  v = sec->hdr.version;
  out->index = i;
  out->offset = sec->priv.fde_base + (uint64_t)i * sec->priv.fde_size;
  /* The index entry lies inside the buffer (i < fde_avail). */
  (void)fde_field(sec, out, SFV_FLD_F_START, &out->start_raw);
  (void)fde_field(sec, out, SFV_FLD_F_SIZE, &x[0]);
  out->size = (uint32_t)x[0];
  (void)fde_field(sec, out, SFV_FLD_F_FRE_OFF, &x[0]);
  out->fre_off = (uint32_t)x[0];

  /* Resolved, section-relative start.  PCREL (v2 erratum 1, v3): relative
   * to the start field itself, which is at offset 0 of the FDE entry. */
  out->start_ok = 1;
  out->start = out->start_raw;
  if (v >= 2 && (sec->hdr.flags & SFV_F_FDE_FUNC_START_PCREL)) {
    int64_t r;
    if (__builtin_add_overflow(out->start_raw, (int64_t)out->offset, &r))
      out->start_ok = 0;
    else
      out->start = r;
  }

  /* v3: the FRE block starts with the FDE attribute. */
  out->fres_offset = sec->priv.fre_base + out->fre_off;
  attr_size = sfv_struct_size(SFV_ST_ATTR, v);
  if (attr_size != 0) {
    out->attr_offset = out->fres_offset;
    out->fres_offset += attr_size;
  }
  for (k = 0; k < 5; k++) {
    sfv_field_loc l = sfv_field_in(late[k], v);
    if (!fde_field(sec, out, late[k], &x[k]) && l.where == SFV_IN_ATTR)
      attr_ok = 0;
  }
  if (!attr_ok)
    return SFV_E_BOUNDS; /* index fields above are valid, the rest 0 */
  out->num_fres = (uint32_t)x[0];
  out->info = (uint8_t)x[1];
  out->info2 = (uint8_t)x[2];
  out->rep_size = (uint8_t)x[3];
  out->padding = (uint16_t)x[4];
  if (v == 3) {
    out->fde_type = sfv_info2_fde_type(out->info2);
    out->signal = sfv_info_signal(out->info);
  }
  out->fre_type = sfv_info_fre_type(out->info);
  out->pc_type = sfv_info_pc_type(out->info);
  out->pauth_key = sfv_info_pauth_key(out->info);
  return SFV_OK;
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
  uint64_t end;
  if (it == NULL || sec == NULL || fde == NULL)
    return SFV_E_ARG;
  end = sfv_fre_end(sec);
  if (limit == 0 || limit > end)
    limit = end;
  *it = (sfv_fre_iter){0};
  it->sec = sec;
  it->pos = fde->fres_offset;
  it->limit = limit;
  it->count = fde->num_fres;
  it->fre_type = fde->fre_type;
  if (fde->fre_type > SFV_FRE_ADDR4)
    return SFV_E_FRE_TYPE;
  return SFV_OK;
}

unsigned sfv_fre_addr_size(uint8_t fre_type) {
  return fre_type == SFV_FRE_ADDR1 ? 1u
         : fre_type == SFV_FRE_ADDR2 ? 2u
         : fre_type == SFV_FRE_ADDR4 ? 4u
                                     : 0u;
}

sfv_status sfv_fre_next(sfv_fre_iter *it, sfv_fre *out) {
  sfv_cursor c;
  uint64_t v = 0;
  unsigned asz, k;
  if (it == NULL || out == NULL || it->sec == NULL)
    return SFV_E_ARG;
  if (it->next >= it->count)
    return SFV_END;
  asz = sfv_fre_addr_size(it->fre_type);
  if (asz == 0)
    return SFV_E_FRE_TYPE;
  *out = (sfv_fre){0};
  out->index = it->next;
  out->offset = it->pos;
  cur_init(&c, it->sec->data, it->pos, it->limit, it->sec->big_endian);
  if (it->pos > it->limit || !cur_un(&c, asz, &v) || !cur_u8(&c, &out->info))
    return SFV_E_BOUNDS;
  out->start = (uint32_t)v;
  out->base_reg = sfv_fre_info_base_reg(out->info);
  out->dw_count = sfv_fre_info_count(out->info);
  out->dw_size_code = sfv_fre_info_size_code(out->info);
  out->mangled_ra = sfv_fre_info_mangled(out->info);
  if (out->dw_size_code > SFV_DW_SIZE_CODE_MAX)
    return SFV_E_DATAWORD_SIZE;
  out->dw_size = (uint8_t)(1u << out->dw_size_code);
  if (!cur_has(&c, (uint64_t)out->dw_count * out->dw_size))
    return SFV_E_BOUNDS;
  for (k = 0; k < out->dw_count; k++) {
    (void)cur_un(&c, out->dw_size, &v);
    out->dw_raw[k] = (uint32_t)v;
    out->dw[k] = (int32_t)sfv_sext(v, out->dw_size);
  }
  out->length = (uint32_t)(c.pos - it->pos);
  it->pos = c.pos;
  it->next++;
  return SFV_OK;
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

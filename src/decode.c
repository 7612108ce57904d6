/* decode.c - header, FDE and FRE decoding, in place, in either byte order.
 *
 * Nothing here trusts a count or offset from the section: every structure
 * is read through a cursor bounded by the buffer (and, for FREs, by the
 * FRE sub-section), and every address computation is checked.
 */
#include "sfv.h"
#include "cursor.h"
#include "internal.h"

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

unsigned sfv_fde_size_for(uint8_t version) {
  switch (version) {
  case 1: return SFV_FDE_SIZE_V1;
  case 2: return SFV_FDE_SIZE_V2;
  case 3: return SFV_FDE_SIZE_V3;
  default: return 0;
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
  sfv_cursor c;
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

  cur_init(&c, sec->data, 0, size, be);
  sec->big_endian = be;
  (void)(cur_u16(&c, &sec->hdr.magic) && cur_u8(&c, &sec->hdr.version) &&
         cur_u8(&c, &sec->hdr.flags) && cur_u8(&c, &sec->hdr.abi_arch));
  sec->hdr.cfa_fixed_fp_offset = (int8_t)sfv_sext(sec->data[5], 1);
  sec->hdr.cfa_fixed_ra_offset = (int8_t)sfv_sext(sec->data[6], 1);
  sec->hdr.auxhdr_len = sec->data[7];
  c.pos = 8;
  (void)(cur_u32(&c, &sec->hdr.num_fdes) && cur_u32(&c, &sec->hdr.num_fres) &&
         cur_u32(&c, &sec->hdr.fre_len) && cur_u32(&c, &sec->hdr.fdeoff) &&
         cur_u32(&c, &sec->hdr.freoff));

  sec->fde_size = (uint8_t)sfv_fde_size_for(sec->hdr.version);
  sec->hdr_end = SFV_HEADER_SIZE + (uint32_t)sec->hdr.auxhdr_len;
  sec->fde_base = (uint64_t)sec->hdr_end + sec->hdr.fdeoff;
  sec->fre_base = (uint64_t)sec->hdr_end + sec->hdr.freoff;
  if (sec->fde_base < size) {
    uint64_t fit = (size - sec->fde_base) / sec->fde_size;
    sec->fde_avail = fit < sec->hdr.num_fdes ? (uint32_t)fit : sec->hdr.num_fdes;
  }

  /* Verified once, so lookups may binary-search and give the same answer
   * as a linear scan: starts non-decreasing, functions of nonzero size
   * disjoint (a start below the furthest end seen means nesting or
   * overlap, where the binary search could miss the covering FDE). */
  sec->fdes_sorted = 1;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    int64_t end;
    if (sfv_fde_get(sec, i, &f) == SFV_E_RANGE || !f.start_ok ||
        __builtin_add_overflow(f.start, (int64_t)f.size, &end) ||
        (i > 0 && (f.start < prev || (f.size != 0 && f.start < max_end)))) {
      sec->fdes_sorted = 0;
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
  uint64_t end = sec->fre_base + sec->hdr.fre_len;
  return end < sec->size ? end : sec->size;
}

sfv_status sfv_fde_get(const sfv_section *sec, uint32_t i, sfv_fde *out) {
  sfv_cursor c;
  uint8_t v;
  if (sec == NULL || out == NULL)
    return SFV_E_ARG;
  if (i >= sec->fde_avail)
    return SFV_E_RANGE;
  *out = (sfv_fde){0};
  v = sec->hdr.version;
  out->index = i;
  out->offset = sec->fde_base + (uint64_t)i * sec->fde_size;
  cur_init(&c, sec->data, out->offset, sec->size, sec->big_endian);
  if (v == 3) {
    (void)(cur_i64(&c, &out->start_raw) && cur_u32(&c, &out->size) &&
           cur_u32(&c, &out->fre_off));
  } else {
    int32_t s32 = 0;
    (void)(cur_i32(&c, &s32) && cur_u32(&c, &out->size) &&
           cur_u32(&c, &out->fre_off) && cur_u32(&c, &out->num_fres) &&
           cur_u8(&c, &out->info));
    out->start_raw = s32;
    if (v == 2)
      (void)(cur_u8(&c, &out->rep_size) && cur_u16(&c, &out->padding));
  }

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

  out->fres_offset = sec->fre_base + out->fre_off;
  if (v == 3) {
    sfv_cursor a;
    out->attr_offset = out->fres_offset;
    out->fres_offset += SFV_FDE_ATTR_SIZE_V3;
    cur_init(&a, sec->data, out->attr_offset, sec->size, sec->big_endian);
    uint16_t n = 0;
    if (!(cur_u16(&a, &n) && cur_u8(&a, &out->info) && cur_u8(&a, &out->info2) &&
          cur_u8(&a, &out->rep_size))) {
      out->num_fres = 0;
      out->info = out->info2 = out->rep_size = 0;
      return SFV_E_BOUNDS;
    }
    out->num_fres = n;
    out->fde_type = out->info2 & 0x1fu;
    out->signal = (out->info >> 7) & 1u;
  }
  out->fre_type = out->info & 0xfu;
  out->pc_type = (out->info >> 4) & 1u;
  out->pauth_key = (out->info >> 5) & 1u;
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
  out->base_reg = out->info & 1u;
  out->dw_count = (out->info >> 1) & 0xfu;
  out->dw_size_code = (out->info >> 5) & 3u;
  out->mangled_ra = (out->info >> 7) & 1u;
  if (out->dw_size_code > 2)
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

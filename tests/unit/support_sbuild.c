/* SPDX-License-Identifier: MIT */
/* support_sbuild.c - SFrame section builder (see sbuild.h).
 *
 * Invariant: every multi-byte field goes through sb_put() in the
 * description's byte order; nothing is derived from libsfv.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbuild.h"

static void die(const char *what) {
  fprintf(stderr, "sbuild: %s\n", what);
  abort();
}

uint32_t sb_fde_size(uint8_t version) {
  return version == 1 ? 17u : version == 2 ? 20u : version == 3 ? 16u : 0u;
}

uint32_t sb_addr_size(uint8_t fre_type) {
  return fre_type == 0 ? 1u : fre_type == 1 ? 2u : fre_type == 2 ? 4u : 0u;
}

uint32_t sb_dw_bytes(uint8_t code) {
  return code == 0 ? 1u : code == 1 ? 2u : code == 2 ? 4u : 0u;
}

int sb_abi_big_endian(uint8_t abi) {
  return abi == SB_ABI_AARCH64_BE || abi == SB_ABI_S390X;
}

void sb_put(uint8_t *buf, uint64_t off, unsigned n, uint64_t v,
            int big_endian) {
  unsigned i;
  for (i = 0; i < n; i++) {
    unsigned shift = big_endian ? 8u * (n - 1u - i) : 8u * i;
    buf[off + i] = (uint8_t)((v >> shift) & 0xffu);
  }
}

uint64_t sb_get(const uint8_t *buf, uint64_t off, unsigned n, int big_endian) {
  uint64_t v = 0;
  unsigned i;
  for (i = 0; i < n; i++) {
    unsigned shift = big_endian ? 8u * (n - 1u - i) : 8u * i;
    v |= (uint64_t)buf[off + i] << shift;
  }
  return v;
}

uint8_t sb_fre_info(const sb_fre *f) {
  return (uint8_t)((f->base_reg & 1u) | ((f->dw_count & 0xfu) << 1) |
                   ((f->dw_size & 3u) << 5) | ((f->mangled_ra & 1u) << 7));
}

uint8_t sb_fde_info(uint8_t version, const sb_fde *f) {
  unsigned v = (f->fre_type & 0xfu) | ((f->pc_type & 1u) << 4) |
               ((f->pauth_key & 1u) << 5) | f->info_or;
  if (version == 3)
    v |= (f->signal & 1u) << 7;
  return (uint8_t)v;
}

static uint64_t block_len(uint8_t version, const sb_fde *f) {
  uint64_t n = f->block_gap + (version == 3 ? SB_ATTR_SIZE : 0u);
  uint32_t j;
  for (j = 0; j < f->nfres; j++) {
    const sb_fre *r = &f->fres[j];
    n += sb_addr_size(f->fre_type) + 1u +
         (uint64_t)r->dw_count * sb_dw_bytes(r->dw_size);
  }
  return n;
}

static uint64_t fre_sub_len(const sb_section *d) {
  uint64_t n = d->fre_tail;
  uint32_t i;
  for (i = 0; i < d->nfdes; i++)
    n += block_len(d->version, &d->fdes[i]);
  return n;
}

size_t sb_size(const sb_section *d) {
  uint64_t n = SB_HDR_SIZE + (uint64_t)d->auxhdr_len + d->fdeoff_gap +
               (uint64_t)d->nfdes * sb_fde_size(d->version) + d->fre_gap +
               fre_sub_len(d) + d->ntrailing;
  return (size_t)n;
}

static void check_desc(const sb_section *d) {
  uint32_t i, j;
  if (sb_fde_size(d->version) == 0)
    die("undefined version");
  for (i = 0; i < d->nfdes; i++) {
    const sb_fde *f = &d->fdes[i];
    if (sb_addr_size(f->fre_type) == 0 && f->nfres != 0)
      die("FREs under an undefined FRE type (patch the info byte instead)");
    if (d->version == 3 && f->nfres > 0xffffu)
      die("v3 holds at most 65535 FREs per FDE");
    for (j = 0; j < f->nfres; j++) {
      const sb_fre *r = &f->fres[j];
      if (sb_dw_bytes(r->dw_size) == 0 || r->dw_count > SB_MAX_DW)
        die("FRE not encodable (patch the info byte instead)");
    }
  }
  if (d->block_order != NULL) {
    /* Must be a permutation of 0..nfdes-1. */
    for (i = 0; i < d->nfdes; i++) {
      uint32_t seen = 0;
      for (j = 0; j < d->nfdes; j++)
        seen += d->block_order[j] == i;
      if (seen != 1)
        die("block_order is not a permutation");
    }
  }
}

size_t sb_build(const sb_section *d, uint8_t *out, size_t cap,
                sb_layout *lay) {
  sb_layout L;
  uint32_t fde_size, i, j, k;
  uint64_t pos, fre_len, num_fres = 0, fre_rel;
  int be = d->big_endian;
  size_t total;

  check_desc(d);
  total = sb_size(d);
  if (total > cap)
    die("output buffer too small");
  memset(&L, 0, sizeof L);
  memset(out, 0, total);
  fde_size = sb_fde_size(d->version);
  fre_len = fre_sub_len(d);
  if (fre_len > UINT32_MAX)
    die("FRE sub-section too long for sfh_fre_len");
  for (i = 0; i < d->nfdes; i++)
    num_fres += d->fdes[i].nfres;

  L.big_endian = d->big_endian;
  L.fde_size = fde_size;
  L.fde_base = SB_HDR_SIZE + (uint64_t)d->auxhdr_len + d->fdeoff_gap;
  L.fre_base = L.fde_base + (uint64_t)d->nfdes * fde_size + d->fre_gap;
  L.fre_len = (uint32_t)fre_len;
  L.num_fres = (uint32_t)num_fres;
  L.fre_end = L.fre_base + fre_len;
  L.size = total;

  /* Header (spec 2.1, 2.2). */
  sb_put(out, SB_H_MAGIC, 2, 0xdee2u, be);
  out[SB_H_VERSION] = d->version;
  out[SB_H_FLAGS] = d->flags;
  out[SB_H_ABI] = d->abi;
  out[SB_H_FIXED_FP] = (uint8_t)d->fixed_fp;
  out[SB_H_FIXED_RA] = (uint8_t)d->fixed_ra;
  out[SB_H_AUXLEN] = d->auxhdr_len;
  sb_put(out, SB_H_NUM_FDES, 4, d->nfdes, be);
  sb_put(out, SB_H_NUM_FRES, 4, num_fres, be);
  sb_put(out, SB_H_FRE_LEN, 4, fre_len, be);
  sb_put(out, SB_H_FDEOFF, 4, d->fdeoff_gap, be);
  sb_put(out, SB_H_FREOFF, 4,
         (uint64_t)d->fdeoff_gap + (uint64_t)d->nfdes * fde_size + d->fre_gap,
         be);

  /* FRE blocks in block order; FDE entries need their offsets. */
  pos = L.fre_base;
  for (k = 0; k < d->nfdes; k++) {
    uint32_t fi = d->block_order != NULL ? d->block_order[k] : k;
    const sb_fde *f = &d->fdes[fi];
    uint64_t fde_off = L.fde_base + (uint64_t)fi * fde_size;
    uint64_t blk;
    uint32_t asz = sb_addr_size(f->fre_type);
    int64_t raw;

    pos += f->block_gap;
    blk = pos;
    fre_rel = blk - L.fre_base;
    if (d->version == 3) {
      sb_put(out, pos + SB_ATTR_NUMFRES, 2, f->nfres, be);
      out[pos + SB_ATTR_INFO] = sb_fde_info(3, f);
      out[pos + SB_ATTR_INFO2] = (uint8_t)((f->fde_type & 0x1fu) | f->info2_or);
      out[pos + SB_ATTR_REP] = f->rep_size;
      pos += SB_ATTR_SIZE;
    }
    if (fi < SB_MAX_FDES) {
      L.fde_off[fi] = fde_off;
      L.block_off[fi] = blk;
      L.fres_off[fi] = pos;
    }
    for (j = 0; j < f->nfres; j++) {
      const sb_fre *r = &f->fres[j];
      uint32_t w = sb_dw_bytes(r->dw_size), m;
      uint32_t gk = 0;
      int record = fi < SB_MAX_FDES;
      /* Global FRE index in FDE index order. */
      for (m = 0; m < fi && record; m++)
        gk += d->fdes[m].nfres;
      gk += j;
      if (record && gk < SB_MAX_FRES) {
        L.fre_off[gk] = pos;
        L.fre_info[gk] = pos + asz;
      }
      sb_put(out, pos, asz, r->start, be);
      out[pos + asz] = sb_fre_info(r);
      pos += asz + 1u;
      for (m = 0; m < r->dw_count; m++) {
        sb_put(out, pos, w, (uint64_t)(int64_t)r->dw[m], be);
        pos += w;
      }
    }

    /* The FDE entry (spec 2.3.1; v1/v2 sframe_func_desc_entry). */
    raw = f->start;
    if (d->version >= 2 && (d->flags & SB_F_PCREL))
      raw = f->start - (int64_t)fde_off;
    if (fi < SB_MAX_FDES)
      L.start_raw[fi] = raw;
    if (d->version == 3) {
      sb_put(out, fde_off + SB_FDE_START, 8, (uint64_t)raw, be);
      sb_put(out, fde_off + SB_FDE3_SIZE, 4, f->size, be);
      sb_put(out, fde_off + SB_FDE3_FREOFF, 4, fre_rel, be);
    } else {
      if (raw < INT32_MIN || raw > INT32_MAX)
        die("v1/v2 function start does not fit sfde_func_start_address");
      sb_put(out, fde_off + SB_FDE_START, 4, (uint64_t)raw, be);
      sb_put(out, fde_off + SB_FDE12_SIZE, 4, f->size, be);
      sb_put(out, fde_off + SB_FDE12_FREOFF, 4, fre_rel, be);
      sb_put(out, fde_off + SB_FDE12_NUMFRES, 4, f->nfres, be);
      out[fde_off + SB_FDE12_INFO] = sb_fde_info(d->version, f);
      if (d->version == 2) {
        out[fde_off + SB_FDE2_REP] = f->rep_size;
        sb_put(out, fde_off + SB_FDE2_PAD, 2, f->padding, be);
      }
    }
  }
  pos += d->fre_tail;
  if (pos != L.fre_end)
    die("internal: FRE sub-section length mismatch");
  if (d->ntrailing)
    memcpy(out + pos, d->trailing, d->ntrailing);
  if (pos + d->ntrailing != total)
    die("internal: size mismatch");

  /* fre_first: FDE index order. */
  k = 0;
  for (i = 0; i < d->nfdes && i < SB_MAX_FDES; i++) {
    L.fre_first[i] = k;
    k += d->fdes[i].nfres;
  }
  if (lay != NULL)
    *lay = L;
  return total;
}

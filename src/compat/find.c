/* SPDX-License-Identifier: MIT */
/* find.c - sframe_find_fre: the ABI's lookup, answer for answer (its
 * binary search over FDE starts and its FRE scan), over libsfv's FDE and
 * FRE readers, and (2.40) sframe_get_funcdesc_with_addr, its FDE search.
 * Where the ABI's libsframe would read outside its copy or divide by a
 * zero repetition size, SFRAME_ERR. */
#include "compat/compat.h"

#if SFV_COMPAT_ABI == 3
/* 2.47: FDE starts are section-relative: the stored start plus the offset
 * sframe_decoder_get_offsetof_fde_start_addr gives for the FDE's index
 * (header size + index x entry size, whatever sfh_fdeoff says), an int64_t
 * sum that wraps in the library's build (two's complement, as here). */
static int64_t secrel_start(const sframe_decoder_ctx *d, const sfv_fde *fde) {
  uint64_t x = (uint64_t)fde->start_raw, y, v;
  y = (uint64_t)sfc_i32(sfc_u32((int64_t)sframe_decoder_get_offsetof_fde_start_addr(
          d, fde->index, NULL)));
  v = x <= UINT64_MAX - y ? x + y : y - (UINT64_MAX - x) - 1u;
  return v <= INT64_MAX ? (int64_t)v : (int64_t)(v - 9223372036854775808u) + INT64_MIN;
}

static int find_fde(const sframe_decoder_ctx *d, int64_t pc, sfv_fde *out) {
  int64_t low = 0, high = (int64_t)d->sec.hdr.num_fdes - 1;
  if (d->sec.hdr.num_fdes == 0 || !(d->sec.hdr.flags & SFV_F_FDE_SORTED))
    return -1;
  while (low <= high) {
    int64_t mid = low + (high - low) / 2;
    int64_t s;
    if (sfc_fde(d, (uint32_t)mid, out) != 0)
      return -1;
    s = secrel_start(d, out);
    if (s <= pc && sfc_sub32(pc, s) < out->size)
      return 0;
    if (s < pc)
      low = mid + 1;
    else
      high = mid - 1;
  }
  return -1;
}

int sframe_find_fre(const sframe_decoder_ctx *dctx, int64_t pc,
                    sframe_frame_row_entry *frep) {
  sfv_fde fde;
  sfc_fre_it it;
  sfc_fre cur;
  uint32_t i;
  int64_t fstart;
  if (dctx == NULL || frep == NULL || find_fde(dctx, pc, &fde) != 0)
    return SFRAME_ERR;
  fstart = secrel_start(dctx, &fde);
  sfc_fre_begin(dctx, &fde, &it);
  for (i = 0; i < fde.num_fres; i++) {
    uint32_t end, off, next = 0;
    if (sfc_fre_step(&it, &cur) != 0 || !sfc_fre_fits(&cur) ||
        (i + 1 < fde.num_fres && sfc_fre_peek_start(&it, &next) != 0))
      return SFRAME_ERR;
    end = sfc_add32(i + 1 < fde.num_fres ? next : fde.size, -1);
    off = sfc_sub32(pc, fstart);
    if (cur.start > off)
      return SFRAME_ERR;
    if (fde.pc_type == SFV_PC_MASK) {
      if (fde.rep_size == 0)
        return SFRAME_ERR;
      off %= fde.rep_size;
    }
    if (fstart <= pc && cur.start <= off && end >= off) {
      sfc_fre_export(&cur, frep);
      return 0;
    }
  }
  return SFRAME_ERR;
}
#else
/* 2.44 and 2.40: FDE starts as stored; the search returns the FDE with the largest
 * start not above pc (an exact start first), without checking its size. */
static int find_fde(const sframe_decoder_ctx *d, int32_t pc, sfv_fde *out) {
  int64_t low = 0, high = d->sec.hdr.num_fdes, cnt = high;
  if (d->sec.hdr.num_fdes == 0 || !(d->sec.hdr.flags & SFV_F_FDE_SORTED))
    return -1;
  while (low <= high) {
    int64_t mid = low + (high - low) / 2;
    sfv_fde nx;
    if (sfc_fde(d, (uint32_t)mid, out) != 0)
      return -1;
    if (out->start_raw == pc)
      return 0;
    if (out->start_raw < pc) {
      if (mid == cnt - 1)
        return 0;
      if (sfc_fde(d, (uint32_t)(mid + 1), &nx) != 0)
        return -1;
      if (nx.start_raw > pc)
        return 0;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return -1;
}

#if SFC_FUNCDESC_WITH_ADDR
/* 2.40: the FDE find_fde finds, as a pointer to its index entry in the
 * library's copy (host order: a foreign-endian section's entries are not
 * kept swapped here, so NULL with SFRAME_ERR_DCTX_INVAL for one). */
void *sframe_get_funcdesc_with_addr(sframe_decoder_ctx *dctx, int32_t addr,
                                    int *errp) {
  sfv_fde fde;
  int err = SFRAME_ERR_FDE_NOTFOUND;
  if (dctx == NULL)
    err = SFRAME_ERR_INVAL;
  else if (dctx->sec.hdr.num_fdes == 0 || dctx->sec.big_endian != sfc_host_big_endian())
    err = SFRAME_ERR_DCTX_INVAL;
  else if (!(dctx->sec.hdr.flags & SFV_F_FDE_SORTED))
    err = SFRAME_ERR_FDE_NOTSORTED;
  else if (find_fde(dctx, addr, &fde) == 0)
    return dctx->buf + sfv_fde_subsection_offset(&dctx->sec) +
           (size_t)fde.index * sfv_fde_entry_size(&dctx->sec);
  sfc_fail(errp, err);
  return NULL;
}
#endif

#if SFC_FIND_MASKED
/* 2.40: the FDE's FREs in order, each compared with pc as uint32_t sums
 * (function start + FRE start), masked to their low byte in a PC-mask
 * FDE.  An FRE starting above pc fails the lookup; the first one whose
 * successor (decoded whole, and sane) starts above pc, or the last one
 * when the function's end lies above pc, is the answer. */
int sframe_find_fre(sframe_decoder_ctx *dctx, int32_t pc,
                    sframe_frame_row_entry *frep) {
  sfv_fde fde;
  sfc_fre_it it;
  sfc_fre cur;
  uint32_t i, mask, at;
  if (dctx == NULL || frep == NULL || find_fde(dctx, pc, &fde) != 0)
    return SFRAME_ERR;
  mask = fde.pc_type == SFV_PC_MASK ? 0xffu : 0xffffffffu;
  at = sfc_u32(pc) & mask;
  sfc_fre_begin(dctx, &fde, &it);
  for (i = 0; i < fde.num_fres; i++) {
    uint32_t end = fde.size;
    if (sfc_fre_step(&it, &cur) != 0 || !sfc_fre_fits(&cur) ||
        (sfc_add32(fde.start_raw, cur.start) & mask) > at)
      return SFRAME_ERR;
    if (i + 1 < fde.num_fres) {
      sfc_fre_it ahead = it;
      sfc_fre next;
      if (sfc_fre_step(&ahead, &next) != 0 || !sfc_fre_fits(&next) || !sfc_fre_sane(&next))
        return SFRAME_ERR;
      end = next.start;
    }
    if ((sfc_add32(fde.start_raw, end) & mask) > at) {
      sfc_fre_export(&cur, frep);
      return 0;
    }
  }
  return SFRAME_ERR;
}
#else
/* a + b modulo 2^32, as int32_t arithmetic that wraps. */
static int32_t add32(int64_t a, int64_t b) { return sfc_i32(sfc_add32(a, b)); }

int sframe_find_fre(sframe_decoder_ctx *dctx, int32_t pc,
                    sframe_frame_row_entry *frep) {
  sfv_fde fde;
  sfc_fre_it it;
  sfc_fre cur;
  uint32_t i;
  int32_t fstart;
  if (dctx == NULL || frep == NULL || find_fde(dctx, pc, &fde) != 0)
    return SFRAME_ERR;
  fstart = (int32_t)fde.start_raw;
  sfc_fre_begin(dctx, &fde, &it);
  for (i = 0; i < fde.num_fres; i++) {
    uint32_t next = 0;
    int32_t start, end;
    int hit;
    if (sfc_fre_step(&it, &cur) != 0 || !sfc_fre_fits(&cur) ||
        (i + 1 < fde.num_fres && sfc_fre_peek_start(&it, &next) != 0))
      return SFRAME_ERR;
    start = sfc_i32(cur.start);
    end = i + 1 < fde.num_fres ? add32(next, -1) : add32(fde.size, -1);
    if (i == 0 && fde.pc_type != SFV_PC_MASK && add32(start, fstart) > pc)
      return SFRAME_ERR;
    if (fde.pc_type != SFV_PC_MASK) {
      hit = add32(start, fstart) <= pc && add32(end, fstart) >= pc;
    } else {
      int32_t m;
      if (fde.rep_size == 0)
        return SFRAME_ERR;
      m = pc % (int32_t)fde.rep_size;
      hit = start <= m && end >= m;
    }
    if (hit) {
      sfc_fre_export(&cur, frep);
      return 0;
    }
  }
  return SFRAME_ERR;
}
#endif /* SFC_FIND_MASKED */
#endif

/* SPDX-License-Identifier: MIT */
/* libsframe_child.c - the GNU libsframe (2.47, sid: v2/v3) side of
 * fuzz_diff_libsframe.  Runs only in a forked child: libsframe aborts and
 * over-reads on bad input (its allocations and the input copy end at guard
 * pages, see peer_alloc.c).
 *
 * Values compared on sections libsfv accepts:
 *   FDE: num_fres, size, start field as stored, info, (v3) info2, rep size;
 *   FRE: start, info byte, every data word (sframe_get_fre_udata), and the
 *        CFA offset (sframe_fre_get_cfa_offset, s390x-decoded);
 *   sframe_find_fre (only with SFRAME_F_FDE_SORTED, which it requires, and
 *   SFRAME_F_FDE_FUNC_START_PCREL, which it assumes) at function edges:
 *   found/not found, FRE start and info.
 */
#include <stdio.h>
#include <string.h>

#include <sframe-api.h>

#include "diff_libsframe.h"
#include "peer_alloc.h"
#include "sfv.h"

#define MAX_FRE_READS 20000u

/* 1 while control is inside libsframe: a sanitizer report then is a
 * libsframe crash (exit LS_EXIT_PEER_CRASH), otherwise ours. */
volatile int ls_in_peer;
#define PEER(call) (ls_in_peer = 1, peer_ret = (call), ls_in_peer = 0, peer_ret)
static long long peer_ret;
#define LS_VMA ((uint64_t)1 << 62) /* libsfv lookups: section at 2^62 */

static int mismatch(ls_record *rec, const char *fmt, long long a, long long b,
                    uint32_t i, uint32_t j) {
  rec->mismatch = 1;
  snprintf(rec->msg, sizeof rec->msg, "%s: libsframe %lld, libsfv %lld (FDE %u FRE %u)",
           fmt, a, b, i, j);
  return 0;
}

/* Compares one FDE; returns 0 on mismatch. */
static int cmp_fde(const sframe_decoder_ctx *d, uint8_t ver, const sfv_fde *f,
                   uint32_t i, uint32_t *num_fres, ls_record *rec) {
  uint32_t size = 0;
  unsigned char info = 0, info2 = 0;
  uint8_t rep = 0;
  int64_t start = 0;
  if (ver == 3) {
    if (PEER(sframe_decoder_get_funcdesc_v3(d, i, num_fres, &size, &start, &info, &info2,
                                       &rep)) != 0)
      return -1;
  } else {
    int32_t s32 = 0;
    if (PEER(sframe_decoder_get_funcdesc_v2(d, i, num_fres, &size, &s32, &info, &rep)) != 0)
      return -1;
    start = s32;
  }
  if (f == NULL)
    return 1;
  if (*num_fres != f->num_fres)
    return mismatch(rec, "FDE num_fres", *num_fres, f->num_fres, i, 0);
  if (size != f->size)
    return mismatch(rec, "FDE size", size, f->size, i, 0);
  if (start != f->start_raw)
    return mismatch(rec, "FDE start", start, f->start_raw, i, 0);
  if (info != f->info)
    return mismatch(rec, "FDE info", info, f->info, i, 0);
  if (ver == 3 && info2 != f->info2)
    return mismatch(rec, "FDE info2", info2, f->info2, i, 0);
  if (rep != f->rep_size)
    return mismatch(rec, "FDE rep_size", rep, f->rep_size, i, 0);
  return 1;
}

static int cmp_fre(const sframe_decoder_ctx *d, const sframe_frame_row_entry *x,
                   const sfv_section *sec, const sfv_fde *f, const sfv_fre *r,
                   uint32_t i, uint32_t j, ls_record *rec) {
  unsigned k;
  int err = 0;
  if (x->fre_start_addr != r->start)
    return mismatch(rec, "FRE start", x->fre_start_addr, r->start, i, j);
  if (x->fre_info != r->info)
    return mismatch(rec, "FRE info", x->fre_info, r->info, i, j);
  for (k = 0; k < r->dw_count; k++) {
    uint32_t u = (uint32_t)PEER(sframe_get_fre_udata(x, (int)k, &err));
    if (err != 0)
      return mismatch(rec, "FRE data word unreadable", err, k, i, j);
    if (u != r->dw_raw[k])
      return mismatch(rec, "FRE data word", u, r->dw_raw[k], i, j);
  }
  if (r->dw_count > 0) {
    sfv_recovery_set recov;
    int32_t cfa = (int32_t)PEER(sframe_fre_get_cfa_offset(d, x, f->fde_type, &err));
    (void)sfv_fre_recovery(sec, f, r, &recov);
    /* libsframe applies the s390x CFA scaling (spec 3.1.3, a default-FDE
     * rule) to flex FDEs as well: not compared (docs/FINDINGS.md). */
    if (sec->hdr.abi_arch == SFV_ABI_S390X_BE && f->fde_type == SFV_FDE_FLEX)
      rec->s390x_flex_cfa_skipped = 1;
    else if (err == 0 && recov.cfa.kind == SFV_REC_EXPR && cfa != recov.cfa.offset)
      return mismatch(rec, "CFA offset", cfa, recov.cfa.offset, i, j);
  }
  return 1;
}

static int64_t wrap(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a + (uint64_t)b);
}

/* libsframe's FDE search tests (uint32_t)(pc - start) < size: a function
 * starting 4 GiB or more below pc can wrongly "contain" it.  1 when that
 * explains a lookup mismatch at pc (docs/FINDINGS.md). */
static int truncation_explains(const sfv_section *sec, int64_t pc) {
  uint32_t i;
  for (i = 0; i < sec->fde_avail; i++) {
    sfv_fde f;
    uint64_t dist;
    if (sfv_fde_get(sec, i, &f) != SFV_OK || f.start > pc)
      continue;
    dist = (uint64_t)pc - (uint64_t)f.start;
    if (dist >= ((uint64_t)1 << 32) && (uint32_t)dist < f.size)
      return 1;
  }
  return 0;
}

static void cmp_find(const sframe_decoder_ctx *d, const sfv_section *sec_in,
                     ls_record *rec) {
  sfv_section sec = *sec_in;
  uint32_t i;
  sfv_set_vma(&sec, LS_VMA);
  for (i = 0; i < sec.fde_avail && i < 64 && !rec->mismatch; i++) {
    sfv_fde f;
    uint64_t s;
    int64_t rel[5];
    unsigned p;
    if (sfv_fde_get(&sec, i, &f) != SFV_OK || sfv_fde_func_start(&sec, &f, &s) != SFV_OK)
      continue;
    rel[0] = wrap(f.start, -1);
    rel[1] = f.start;
    rel[2] = wrap(f.start, f.size / 2);
    rel[3] = wrap(f.start, (int64_t)f.size - 1);
    rel[4] = wrap(f.start, (int64_t)f.size);
    for (p = 0; p < 5; p++) {
      sframe_frame_row_entry x;
      sfv_lookup got;
      int ls = (int)PEER(sframe_find_fre(d, rel[p], &x));
      sfv_status st = sfv_find_fre(&sec, LS_VMA + (uint64_t)rel[p], &got);
      rec->finds++;
      if (((ls == 0) != (st == SFV_OK) ||
           (ls == 0 && (x.fre_start_addr != got.fre.start || x.fre_info != got.fre.info))) &&
          truncation_explains(&sec, rel[p])) {
        rec->find_truncation = 1;
        continue;
      }
      if ((ls == 0) != (st == SFV_OK)) {
        mismatch(rec, "sframe_find_fre found (1) / libsfv status", ls == 0, st, i, p);
        snprintf(rec->msg + strlen(rec->msg), sizeof rec->msg - strlen(rec->msg),
                 " at section offset %lld", (long long)rel[p]);
        return;
      }
      if (ls == 0 && (x.fre_start_addr != got.fre.start || x.fre_info != got.fre.info)) {
        mismatch(rec, "sframe_find_fre FRE start", x.fre_start_addr, got.fre.start, i, p);
        return;
      }
    }
  }
}

void ls_child_run(const uint8_t *data, size_t size, int compare, ls_record *rec) {
  const uint8_t *copy = peer_input_copy(data, size);
  sframe_decoder_ctx *d;
  sfv_section sec;
  uint32_t n, i, reads = 0;
  uint8_t ver;
  int err = 0;

  memset(rec, 0, sizeof *rec);
  ls_in_peer = 1;
  d = sframe_decode((const char *)copy, size, &err);
  ls_in_peer = 0;
  if (d == NULL) {
    rec->stage = LS_REJ_DECODE;
    rec->err = err;
    return;
  }
  int lookups = (compare & LS_CMP_LOOKUPS) != 0;
  compare &= LS_CMP_VALUES;
  if (compare && sfv_open(&sec, data, size) != SFV_OK)
    compare = 0;
  n = (uint32_t)PEER(sframe_decoder_get_num_fidx(d));
  ver = (uint8_t)PEER(sframe_decoder_get_version(d));
  for (i = 0; i < n; i++) {
    sfv_fde f;
    sfv_fre_iter it;
    uint32_t nf = 0, j;
    int c;
    if (compare && (sfv_fde_get(&sec, i, &f) != SFV_OK ||
                    sfv_fre_iter_init(&it, &sec, &f, 0) != SFV_OK))
      compare = 0;
    c = cmp_fde(d, ver, compare ? &f : NULL, i, &nf, rec);
    if (c < 0) {
      rec->stage = LS_REJ_FDE;
      rec->fde = i;
      return;
    }
    if (c == 0)
      return;
    for (j = 0; j < nf; j++) {
      sframe_frame_row_entry x;
      sfv_fre r;
      if (++reads > MAX_FRE_READS) {
        rec->stage = LS_BUDGET;
        return;
      }
      if (PEER(sframe_decoder_get_fre(d, i, j, &x)) != 0) {
        rec->stage = LS_REJ_FRE;
        rec->fde = i;
        rec->fre = j;
        return;
      }
      if (compare) {
        if (sfv_fre_next(&it, &r) != SFV_OK)
          compare = 0;
        else if (!cmp_fre(d, &x, &sec, &f, &r, i, j, rec))
          return;
      }
    }
  }
  rec->stage = LS_ACCEPTS;
  /* sframe_find_fre needs SORTED, and always resolves starts PC-relative
   * (sframe_decoder_get_secrel_func_start_addr), whatever the flag says:
   * compare lookups only where the flag agrees (docs/FINDINGS.md). */
  if (compare && lookups && (PEER(sframe_decoder_get_flags(d)) & SFRAME_F_FDE_SORTED)) {
    if (PEER(sframe_decoder_get_flags(d)) & SFRAME_F_FDE_FUNC_START_PCREL)
      cmp_find(d, &sec, rec);
    else
      rec->find_skipped = 1;
  }
}

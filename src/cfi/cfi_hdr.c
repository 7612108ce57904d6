/* SPDX-License-Identifier: MIT */
/* cfi_hdr.c - .eh_frame_hdr against the .eh_frame it indexes (LSB Core,
 * "Exception Frames"): version 1, pointer encodings that can be read,
 * eh_frame_ptr at .eh_frame, fde_count equal to the FDEs .eh_frame holds,
 * the binary-search table sorted by initial location, and every entry
 * pointing at an FDE (entry start) whose initial location it repeats.
 *
 * Invariants: no allocation; the header and table are read from the
 * caller's bytes through the cursor (sfv_cfi_read_ptr, the header section
 * described as an sfv_cfi whose pcrel and datarel bases are its own
 * address); each table entry costs one FDE read (O(1) per entry, the CIE
 * included), the count one pass over .eh_frame: linear in both sections,
 * charged to *work (src/common/work.h).  Diagnostics are warnings (rules
 * cfi-hdr-*), offsets are file offsets into .eh_frame_hdr.
 */
#include "cfi/cfi.h"
#include "sframe/decode.h"
#include "common/report.h"

enum { HDR_FIXED = 4 };

typedef struct hdr_ctx {
  sfv_diag_fn fn;
  void *ctx;
  uint64_t file_offset;      /* of .eh_frame_hdr */
  int stop;
  sfv_out out;               /* typed findings (report.h) -> on_finding */
} hdr_ctx;

static void on_finding(void *ctx, const sfv_finding *f) {
  hdr_ctx *h = ctx;
  sfv_finding g = *f;
  sfv_diag d;
  g.offset += h->file_offset;
  if (h->stop || !sfv_diag_from(&d, &g))
    return;
  if (h->fn != NULL && h->fn(h->ctx, &d))
    h->stop = 1;
}

/* A finding about .eh_frame_hdr at section offset off. */
#define HDR_FIND(h, R, off, ...) SFV_FIND(&(h)->out, R, (off), SFV_NONE, SFV_NONE, __VA_ARGS__)

static int64_t as_i64(uint64_t v) { return (int64_t)sfv_sext(v, 8); }

/* FDEs of .eh_frame with a readable entry (what a linker indexes). */
static uint64_t count_fdes(const sfv_cfi *eh, sfv_work *w) {
  sfv_cfi_iter it;
  sfv_cfi_fde f;
  sfv_status st;
  uint64_t n = 0;
  sfv_cfi_iter_init(&it, eh);
  while ((st = sfv_cfi_next_fde(&it, &f)) != SFV_END) {
    if (!sfv_work_charge(w, 1))
      return UINT64_MAX;
    if (st == SFV_OK)
      n++;
  }
  return n;
}

/* The FDE whose entry starts at .eh_frame offset `off`, or 0. */
static int fde_at(const sfv_cfi *eh, uint64_t off, sfv_cfi_fde *f) {
  sfv_cfi_iter it;
  sfv_cfi_iter_init(&it, eh);
  it.pos = off;
  return sfv_cfi_next_fde(&it, f) == SFV_OK && f->offset == off;
}

void sfv_cfi_check_hdr(const sfv_cfi *eh, const uint8_t *hdr, size_t size,
                       uint64_t hdr_addr, uint64_t hdr_file_offset, sfv_work *work,
                       sfv_diag_fn fn, void *ctx) {
  sfv_cfi hc = {0};
  sfv_cursor c;
  hdr_ctx h = {fn, ctx, hdr_file_offset, 0, {NULL, NULL}};
  sfv_cfi_err err = SFV_CFI_ERR_NONE;
  uint8_t version, ptr_enc, count_enc, table_enc, res;
  uint64_t ptr, count, count_at, have, i, prev = 0, entry_size, fdes;
  unsigned w;

  h.out.fn = on_finding;
  h.out.ctx = &h;
  hc.data = hdr;
  hc.size = size;
  hc.addr = hdr_addr;
  hc.data_addr = hdr_addr;
  hc.data_known = 1;
  hc.machine = eh->machine;
  hc.big_endian = eh->big_endian;
  hc.addr_size = eh->addr_size;
  cur_init(&c, hdr, 0, size, eh->big_endian);
  if (!cur_u8(&c, &version) || !cur_u8(&c, &ptr_enc) || !cur_u8(&c, &count_enc) ||
      !cur_u8(&c, &table_enc)) {
    HDR_FIND(&h, CFI_HDR_HEADER, 0, .value = as_i64(size), .expected_value = HDR_FIXED, .field = SFV_HDRF_TRUNCATED);
    return;
  }
  if (version != 1) {
    HDR_FIND(&h, CFI_HDR_HEADER, 0, .value = version, .expected_value = 1,
             .field = SFV_HDRF_VERSION);
    return;
  }
  if (!sfv_cfi_read_ptr(&hc, &c, ptr_enc, eh->addr_size, 0, &ptr, &res, &err)) {
    HDR_FIND(&h, CFI_HDR_HEADER, 1, .value = ptr_enc, .expected_value = 0x1b,
             .field = err == SFV_CFI_ERR_ENCODING ? SFV_HDRF_EH_FRAME_PTR_ENC
                                                 : SFV_HDRF_TRUNCATED);
    return;
  }
  if (ptr_enc != SFV_PE_OMIT && res && ptr != eh->addr)
    HDR_FIND(&h, CFI_HDR_EH_FRAME_PTR, 4, .eh_frame_ptr = as_i64(ptr),
             .eh_frame_addr = as_i64(eh->addr));
  if (count_enc == SFV_PE_OMIT || table_enc == SFV_PE_OMIT)
    return; /* no search table (allowed: unwinders fall back to a scan) */
  count_at = c.pos;
  if (!sfv_cfi_read_ptr(&hc, &c, count_enc, eh->addr_size, 0, &count, &res, &err) || !res) {
    HDR_FIND(&h, CFI_HDR_HEADER, 2, .value = count_enc, .expected_value = 3,
             .field = err == SFV_CFI_ERR_TRUNCATED ? SFV_HDRF_TRUNCATED
                                                  : SFV_HDRF_FDE_COUNT_ENC);
    return;
  }
  /* The table is binary-searched: fixed-size entries only. */
  switch (table_enc & 0x0fu) {
  case 0x2: case 0xa: w = 2; break;
  case 0x3: case 0xb: w = 4; break;
  case 0x4: case 0xc: w = 8; break;
  case 0x0: case 0x8: w = eh->addr_size; break;
  default: w = 0; break;
  }
  if (w == 0 || (table_enc & SFV_PE_INDIRECT) || (table_enc & 0x70u) == 0x50u) {
    HDR_FIND(&h, CFI_HDR_HEADER, 3, .value = table_enc, .expected_value = 0x3b,
             .field = SFV_HDRF_TABLE_ENC);
    return;
  }
  entry_size = 2u * w;
  have = (size - c.pos) / entry_size;
  fdes = count_fdes(eh, work);
  if (count != fdes && fdes != UINT64_MAX)
    HDR_FIND(&h, CFI_HDR_COUNT, count_at, .fde_count = as_i64(count),
             .eh_frame_fdes = as_i64(fdes), .table_capacity = as_i64(have));
  if (count > have) {
    HDR_FIND(&h, CFI_HDR_HEADER, count_at, .value = as_i64(count), .expected_value = as_i64(have),
             .field = SFV_HDRF_TABLE_SHORT);
    count = have;
  }
  for (i = 0; i < count && !h.stop; i++) {
    uint64_t at = c.pos, loc, fde_addr;
    sfv_cfi_fde f;
    if (!sfv_work_charge(work, 1))
      return;
    if (!sfv_cfi_read_ptr(&hc, &c, table_enc, eh->addr_size, 0, &loc, &res, &err) ||
        !sfv_cfi_read_ptr(&hc, &c, table_enc, eh->addr_size, 0, &fde_addr, &res, &err))
      return; /* bounded by `have` above: not reached */
    if (i > 0 && loc < prev)
      HDR_FIND(&h, CFI_HDR_UNSORTED, at, .initial_location = as_i64(loc),
               .previous_location = as_i64(prev), .entry = as_i64(i));
    prev = loc;
    if (fde_addr < eh->addr || fde_addr - eh->addr >= eh->size ||
        !fde_at(eh, fde_addr - eh->addr, &f))
      HDR_FIND(&h, CFI_HDR_ENTRY_FDE, at, .fde_address = as_i64(fde_addr),
               .initial_location = as_i64(loc), .entry = as_i64(i));
    else if (!f.pc_ok || f.pc_begin != loc)
      HDR_FIND(&h, CFI_HDR_ENTRY_PC, at, .initial_location = as_i64(loc),
               .fde_pc_begin = as_i64(f.pc_begin), .entry = as_i64(i));
  }
}

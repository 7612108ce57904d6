/* SPDX-License-Identifier: MIT */
/* dump_swap.c - the byte swap of a foreign-endian section as the layout's
 * libsframe does it in sframe_decode (240, 244, 247): in place, the
 * header, then FDE by FDE its entry (v3: index entry and attribute) and
 * its FREs, each FDE's FREs from its own FRE offset, so that an FRE block
 * FDEs share is swapped once per FDE.  The one model of that swap: the
 * drop-in swaps its copy with it (src/compat/swap.c hands it the field
 * reversal, which needs the field table), and --dump's check asks it
 * whether objdump's swap succeeds (dump_check.c).
 *
 * What the library reads of a field after reversing it is the field read
 * in the section's own order before: so every value comes from libsfv
 * (the section opened in its own order over the buffer being swapped),
 * read just before its structure is reversed.  An FRE's length needs only
 * its info byte (one byte, never reversed) and its FDE's FRE type.
 *
 * Refused (-1) where the library's swap fails (sframe_decode then says
 * SFRAME_ERR_BUF_INVAL), where it would read or write outside the buffer
 * (2.47 checks each FDE attribute and FRE against the buffer's end; 2.44
 * and 2.40 do not), where it asserts (an FRE type above 2) or where the
 * walk outgrows the work budget (FDEs sharing large FRE blocks); and for a
 * section opened in another FDE layout than the library's (fmt_fde_layout:
 * 2.44 swaps v1 FDEs as v2 ones, the caller opens a v1 section so with
 * fmt_open_in_layout).  Every store stays inside the buffer. */
#include <stdlib.h>
#include <string.h>

#include "common/intree.h" /* the work budget */
#include "dump.h"

void fmt_swap_bytes(uint8_t *p, unsigned n) {
  unsigned i;
  for (i = 0; i < n / 2u; i++) {
    uint8_t t = p[i];
    p[i] = p[n - 1u - i];
    p[n - 1u - i] = t;
  }
}

typedef struct swap_walk {
  const sfv_section *sec;
  uint8_t *b;                /* NULL: the verdict only, nothing written */
  int layout;
  uint32_t j;                /* FREs swapped (the library's unsigned int) */
  uint64_t fre_bytes;        /* FRE (and v3 attribute) bytes swapped */
  uint64_t bytes;            /* 2.44/2.40: FDE and FRE bytes swapped */
  uint64_t body;             /* 2.44/2.40: the bytes after the header, all
                                of which it must swap */
  sfv_work work;
} swap_walk;

/* The FREs of FDE f: the library's loop runs j from its count so far to
 * that plus the FDE's count, modulo 2^32, stepping each FRE by its own
 * rule (fmt_dump_fre_words: size code 3 one byte a word).  A walk past the
 * header's FRE count, its fre_len (2.47) or the buffer cannot end in
 * success any more: stopped there. */
static int swap_fres(swap_walk *w, const sfv_fde *f) {
  const sfv_section *sec = w->sec;
  uint32_t end = (uint32_t)(((uint64_t)w->j + f->num_fres) & 0xffffffffu);
  sfv_fde run = *f;
  sfv_fre_iter it;
  sfv_fre fre;
  sfv_status st;
  unsigned asz = fmt_dump_addr_bytes(f->fre_type), bytes, k;
  uint64_t len;
  if (w->j >= end)
    return 0;                 /* no FRE (or j's sum wraps: none) */
  run.num_fres = end - w->j;
  if (sfv_fre_iter_init(&it, sec, &run, 0) != SFV_OK)
    return -1;                /* an FRE type above 2: it asserts */
  it.limit = sec->size;       /* it swaps what the buffer holds, whatever
                                 fre_len says */
  for (; w->j < end; w->j++) {
    uint64_t p = it.pos;
    uint32_t next = it.next;
    if (w->j >= sec->hdr.num_fres || !sfv_work_charge(&w->work, 1) || p > sec->size ||
        sec->size - p <= asz)
      return -1;              /* its start address and info byte past the end */
    st = sfv_fre_next(&it, &fre);
    if (st != SFV_OK && st != SFV_E_DATAWORD_SIZE && st != SFV_E_BOUNDS)
      return -1;
    (void)fmt_dump_fre_words(fre.dw_size_code, fre.dw_count, w->layout, &bytes);
    if (bytes > sec->size - p - asz - 1u)
      return -1;
    if (w->b != NULL) {
      fmt_swap_bytes(w->b + p, asz);
      if (fre.dw_size_code == 1 || fre.dw_size_code == 2)
        for (k = 0; k < fre.dw_count; k++)
          fmt_swap_bytes(w->b + p + asz + 1u + ((uint64_t)k << fre.dw_size_code),
              1u << fre.dw_size_code);
    }
    len = asz + 1u + bytes;
    it.pos = p + len;         /* the library's step, past a refused FRE too */
    it.next = next + 1u;
    w->fre_bytes += len;
    w->bytes += len;
    if (w->layout == 247 ? w->fre_bytes > sec->hdr.fre_len : w->bytes > w->body)
      return -1;
  }
  return 0;
}

/* FDE i: its fields as the library reads them after reversing them, then
 * reversed (fields) and its FREs walked. */
static int swap_fde(swap_walk *w, uint32_t i, fmt_swap_fields_fn fields) {
  const sfv_section *sec = w->sec;
  uint8_t v = sec->hdr.version;
  sfv_fde f;
  if (sfv_fde_get(sec, i, &f) != SFV_OK || !sfv_work_charge(&w->work, 1))
    return -1;                /* its entry, or (v3) attribute, past the end */
  if (w->b != NULL) {
    fields(w->b, f.offset, v, FMT_SWAP_FDE);
    if (v == 3)
      fields(w->b, f.attr_offset, v, FMT_SWAP_ATTR);
  }
  w->bytes += sfv_fde_entry_size(sec);
  if (v == 3)
    w->fre_bytes += SFV_FDE_ATTR_SIZE_V3;
  return swap_fres(w, &f);
}

int fmt_dump_swap(const sfv_section *sec, uint8_t *buf, int layout,
                  fmt_swap_fields_fn fields) {
  const sfv_header *h = &sec->hdr;
  swap_walk w;
  uint64_t hdrsz = SFV_HEADER_SIZE + (uint64_t)h->auxhdr_len, k;
  uint32_t i;
  if (sec->size < SFV_HEADER_SIZE ||
      (h->num_fdes != 0 && fmt_fde_layout(layout, h->version) != h->version))
    return -1;                /* (without FDEs it swaps the header only) */
  w.sec = sec;
  w.b = fields != NULL ? buf : NULL;
  w.layout = layout;
  w.j = 0;
  w.fre_bytes = w.bytes = 0;
  w.body = sec->size - (hdrsz < sec->size ? hdrsz : sec->size);
  w.work = sfv_work_for(sec->size);
  if (w.b != NULL)
    fields(w.b, 0, h->version, FMT_SWAP_HDR);
  if (layout == 247 && h->auxhdr_len != 0)
    return -1;                /* 2.47 cannot swap an auxiliary header */
  for (i = 0; i < h->num_fdes; i++)
    if (swap_fde(&w, i, fields) != 0)
      return -1;
  if (w.j != h->num_fres)
    return -1;
  if (layout == 247) {
    if ((uint64_t)h->num_fdes * sfv_fde_entry_size(sec) > (uint64_t)h->freoff - h->fdeoff ||
        w.fre_bytes > h->fre_len)
      return -1;
    for (k = hdrsz + h->freoff + w.fre_bytes; k < sec->size; k++)
      if (sec->data[k] != 0)
        return -1;            /* only zero padding may follow the FREs */
  } else if (hdrsz > sec->size || w.bytes != w.body) {
    return -1;
  }
  return 0;
}

int fmt_dump_decodes(const sfv_section *sec, int layout) {
  const sfv_section *lib = sec;
  sfv_section in_layout;
  uint8_t *copy = NULL;
  int ok = 0;
  if (fmt_fde_layout(layout, sec->hdr.version) != sec->hdr.version) {
    copy = malloc(sec->size);
    if (copy == NULL)
      return 0;
    memcpy(copy, sec->data, sec->size);
    if (fmt_open_in_layout(&in_layout, copy, sec->size, layout) != SFV_OK)
      goto out;
    lib = &in_layout;
  }
  ok = !(sec->big_endian && fmt_dump_swap(lib, NULL, layout, NULL) != 0) &&
       !fmt_fde_copy_fails(lib, layout);
out:
  free(copy);
  return ok;
}
